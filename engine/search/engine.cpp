#include "search/engine.h"

#include <cstdio>
#include <optional>
#include <stdexcept>

#include "fast/fast_position.h"
#include "position/generic_position.h"
#include "search/multi_player_engine.h"
#include "search/searcher.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace seireigi::search {

namespace {

template <SearchPosition P>
class EngineOver final : public Engine {
  public:
    EngineOver(std::shared_ptr<const Variant> v, Options o, std::string name)
        : variant_(std::move(v)),
          options_(o),
          name_(std::move(name)),
          searcher_(*variant_, o.hash_mb) {
        searcher_.set_skill(o.skill, o.seed);
    }

    const Variant& variant() const override { return *variant_; }
    std::string implementation_name() const override { return name_; }
    Options options() const override { return options_; }
    void set_options(const Options& o) override {
        if (o.hash_mb != options_.hash_mb) searcher_.resize_hash(o.hash_mb);
        options_ = o;
        searcher_.set_skill(o.skill, o.seed);
    }

    void set_position(const PositionState& start, const std::vector<Move>& moves) override {
        // Playing the moves fills the position's key history: the search sees the game.
        P pos(variant_, start);
        for (Move m : moves) {
            if (!pos.is_legal(m))
                throw std::invalid_argument("move " + write_move(*variant_, m) + " is not legal");
            pos.do_move(m);
        }
        pos_.emplace(std::move(pos));
    }

    Result search(const Limits& limits, const std::function<void(const Info&)>& on_info) override {
        if (!pos_) set_position(start_state_of(), {});
        P work = *pos_;  // the search owns its copy
        return searcher_.run(work, limits, on_info);
    }
    void stop() override { searcher_.stop(); }
    void clear() override { searcher_.clear(); }

  private:
    PositionState start_state_of() const { return start_state(*variant_); }

    std::shared_ptr<const Variant> variant_;
    Options options_;
    std::string name_;
    Searcher<P> searcher_;
    std::optional<P> pos_;
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
    std::string fast_refusal;
    const bool fast_fits = FastPosition::supports(*variant, &fast_refusal);
    if (options.implementation == Implementation::Fast && !fast_fits)
        return refuse("the fast position plays only standard Seireigi: " + fast_refusal);
    if (fast_fits && options.implementation != Implementation::Generic)
        return std::make_unique<EngineOver<FastPosition>>(std::move(variant), options, "fast");
    return std::make_unique<EngineOver<GenericPosition>>(std::move(variant), options, "generic");
}

std::string describe_score(const Score& s) {
    if (s.mate)
        return s.mate_in > 0 ? "mate in " + std::to_string(s.mate_in)
                             : "mated in " + std::to_string(-s.mate_in);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f", s.cp / 100.0);
    return buf;
}

}  // namespace seireigi::search
