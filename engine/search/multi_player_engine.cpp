#include "search/multi_player_engine.h"

#include <optional>
#include <stdexcept>

#include "position/generic_position.h"
#include "search/multi_player_search.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace seireigi::search {

namespace {

class MultiPlayerEngine final : public Engine {
  public:
    MultiPlayerEngine(std::shared_ptr<const Variant> v, Options o)
        : variant_(std::move(v)), options_(o), searcher_(*variant_, o.hash_mb) {
        apply(o);
    }

    const Variant& variant() const override { return *variant_; }
    std::string implementation_name() const override { return "generic"; }
    Options options() const override { return options_; }
    void set_options(const Options& o) override {
        if (o.hash_mb != options_.hash_mb) searcher_.resize_hash(o.hash_mb);
        options_ = o;
        apply(o);
    }

    void set_position(const PositionState& start, const std::vector<Move>& moves) override {
        GenericPosition pos(variant_, start);
        std::vector<std::uint64_t> keys{pos.key()};
        for (Move m : moves) {
            if (!pos.is_legal(m))
                throw std::invalid_argument("move " + write_move(*variant_, m) + " is not legal");
            pos.do_move(m);
            keys.push_back(pos.key());
        }
        pos_.emplace(std::move(pos));
        keys_ = std::move(keys);
    }

    Result search(const Limits& limits, const std::function<void(const Info&)>& on_info) override {
        if (!pos_) set_position(start_state(*variant_), {});
        GenericPosition work = *pos_;  // the search owns its copy
        return searcher_.run(work, keys_, limits, on_info);
    }
    void stop() override { searcher_.stop(); }
    void clear() override { searcher_.clear(); }

  private:
    void apply(const Options& o) {
        searcher_.set_skill(o.skill, o.seed);
        searcher_.set_algorithm(o.multi_player);
    }

    std::shared_ptr<const Variant> variant_;
    Options options_;
    MultiPlayerSearcher searcher_;
    std::optional<GenericPosition> pos_;
    std::vector<std::uint64_t> keys_;
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
