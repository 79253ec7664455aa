#include "search/multi_player_engine.h"

#include "position/generic_position.h"
#include "search/multi_player_search.h"
#include "search/searching_engine.h"

namespace seireigi::search {

namespace {

class MultiPlayerEngine final : public SearchingEngine<GenericPosition, MultiPlayerSearcher> {
  public:
    MultiPlayerEngine(std::shared_ptr<const Variant> v, Options o)
        : SearchingEngine(std::move(v), o) {
        configure(o);
    }

    std::string implementation_name() const override { return "generic"; }

    Result search(const Limits& limits, const std::function<void(const Info&)>& on_info) override {
        GenericPosition work = root_copy();  // the search owns its copy, with the game's keys
        return searcher_.run(work, skill_limits(limits.for_player(work.side_to_move())), on_info);
    }

  private:
    void configure(const Options& o) override {
        searcher_.set_skill(o.skill, o.seed);
        searcher_.set_algorithm(o.multi_player);
    }
};

}  // namespace

std::unique_ptr<Engine> make_multi_player_engine(std::shared_ptr<const Variant> variant,
                                                 Options options) {
    return std::make_unique<MultiPlayerEngine>(std::move(variant), options);
}

const char* algorithm_name(MultiPlayerAlgorithm a) {
    return a == MultiPlayerAlgorithm::Paranoid ? "paranoid" : "brs+";
}

}  // namespace seireigi::search
