#include "search/engine.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>

#include "fast/fast_position.h"
#include "mate/mate_solver.h"
#include "position/generic_position.h"
#include "search/evaluation.h"
#include "search/multi_player_engine.h"
#include "search/searcher.h"
#include "search/searching_engine.h"

namespace seireigi::search {

namespace {

template <SearchPosition P>
class EngineOver final : public SearchingEngine<P, Searcher<P>> {
    using Base = SearchingEngine<P, Searcher<P>>;

  public:
    EngineOver(std::shared_ptr<const Variant> v, Options o, std::string name)
        : Base(std::move(v), o), name_(std::move(name)) {
        configure(o);
    }

    std::string implementation_name() const override { return name_; }

    Result search(const Limits& limits, const std::function<void(const Info&)>& on_info) override {
        P work = this->root_copy();  // the search owns its copy
        Limits rest = limits.for_player(work.side_to_move());
        if (auto mate = proven_mate(rest)) return *mate;
        return this->searcher_.run(work, this->skill_limits(rest), on_info);
    }

    void stop() override {
        mate_stop_ = true;
        Base::stop();
    }

  private:
    // Options::mate_share_percent of the time limit on the mate solver at the root: a proven
    // mate's first move and line, or nothing (and the time used is taken off `limits`).
    std::optional<Result> proven_mate(Limits& limits) {
        const int share = this->options_.mate_share_percent;
        const int time_ms = limits.movetime_ms > 0 ? limits.movetime_ms : limits.byoyomi_ms;
        if (share <= 0 || time_ms <= 0 || !this->game_ || limits.multipv > 1 ||
            !limits.root_moves.empty())
            return std::nullopt;
        mate::MateOptions o;
        o.movetime_ms = std::max(1, time_ms * share / 100);
        o.finish_proven_mate = false;  // on a clock: the share is a limit
        o.shorten_effort = 0;          // any proven mate wins; its line is the one played
        o.hash_mb = 16;
        o.stop = &mate_stop_;
        mate_stop_ = false;
        const auto start = std::chrono::steady_clock::now();
        const mate::MateResult m =
            mate::solve_mate(this->variant_, this->game_->start, this->game_->moves, o);
        const int spent = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                               std::chrono::steady_clock::now() - start)
                                               .count());
        // The time the solver took is the search's no longer (a byoyomi's too: the clock runs).
        int& left = limits.movetime_ms > 0 ? limits.movetime_ms : limits.byoyomi_ms;
        left = std::max(1, left - spent);
        if (m.outcome != mate::Outcome::Mate) return std::nullopt;
        Result r;
        r.best = m.line.front();
        if (m.line.size() > 1) r.ponder = m.line[1];
        r.score.mate = true;
        r.score.mate_in = m.plies;  // plies, as every Score counts them
        r.nodes = m.nodes;
        r.time_ms = m.time_ms;
        r.pv = m.line;
        return r;
    }

    void configure(const Options& o) override {
        this->searcher_.set_skill(o.skill, o.seed);
        this->searcher_.set_network(o.network);
    }

    std::string name_;
    std::atomic<bool> mate_stop_{false};
};

}  // namespace

std::unique_ptr<Engine> Engine::create(std::shared_ptr<const Variant> variant, Options options,
                                       std::string* why_not) {
    auto refuse = [&](std::string why) -> std::unique_ptr<Engine> {
        if (why_not) *why_not = std::move(why);
        return nullptr;
    };
    if (variant->num_players() > 2) {
        if (options.implementation == Implementation::Fast)
            return refuse("the fast position plays only standard Seireigi; " + variant->name +
                          " has " + std::to_string(variant->num_players()) + " players");
        return make_multi_player_engine(std::move(variant), options);
    }
    try {
        (void)EvalWeights::from_environment();  // a tuning run's weights, read before any search
    } catch (const std::invalid_argument& e) {
        return refuse(std::string("SEIREIGI_EVAL_WEIGHTS: ") + e.what());
    }
    std::string fast_refusal;
    const bool fast_fits = FastPosition::supports(*variant, &fast_refusal);
    if (options.implementation == Implementation::Fast && !fast_fits)
        return refuse("the fast position plays only standard Seireigi: " + fast_refusal);
    if (fast_fits && options.implementation != Implementation::Generic)
        return std::make_unique<EngineOver<FastPosition>>(std::move(variant), options, "fast");
    return std::make_unique<EngineOver<GenericPosition>>(std::move(variant), options, "generic");
}

std::string describe_score(const Score& s) {
    if (s.mate) {
        const int plies = std::abs(s.mate_in);
        return (s.mate_in > 0 ? "mate in " : "mated in ") + std::to_string(plies) +
               (plies == 1 ? " ply" : " plies");
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f", s.cp / 100.0);
    return buf;
}

}  // namespace seireigi::search
