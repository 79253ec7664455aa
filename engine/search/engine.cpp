#include "search/engine.h"

#include <cstdio>
#include <stdexcept>

#include "fast/fast_position.h"
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
        return this->searcher_.run(work, this->skill_limits(limits), on_info);
    }

  private:
    void configure(const Options& o) override {
        this->searcher_.set_skill(o.skill, o.seed);
        this->searcher_.set_network(o.network);
    }

    std::string name_;
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
    if (s.mate)
        return s.mate_in > 0 ? "mate in " + std::to_string(s.mate_in)
                             : "mated in " + std::to_string(-s.mate_in);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f", s.cp / 100.0);
    return buf;
}

}  // namespace seireigi::search
