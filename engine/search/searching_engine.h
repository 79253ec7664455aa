// What the two Engines over a searcher share (engine.cpp for two players, multi_player_engine.cpp
// for three or more): the variant, the options, the position the next search starts from with
// the game's keys before it (search_root.h), the skill level's node cap on every search
// (skill_settings.h), and stop() and clear() passed to the searcher.
#pragma once

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "search/engine.h"
#include "search/search_root.h"
#include "search/skill_settings.h"
#include "text/start_position.h"

namespace seireigi::search {

template <class P, class Searcher>
class SearchingEngine : public Engine {
  public:
    SearchingEngine(std::shared_ptr<const Variant> variant, Options options)
        : variant_(std::move(variant)), options_(options), searcher_(*variant_, options.hash_mb) {}

    const Variant& variant() const override { return *variant_; }
    Options options() const override { return options_; }
    void set_options(const Options& o) override {
        if (o.hash_mb != options_.hash_mb) searcher_.resize_hash(o.hash_mb);
        options_ = o;
        configure(o);
    }

    void set_position(const PositionState& start, const std::vector<Move>& moves) override {
        adopt(replayed_position<P>(variant_, start, moves));
        game_ = Game{start, moves};
    }
    void set_position_with_history(const PositionState& current,
                                   const KeyHistory& history) override {
        adopt(position_with_history<P>(variant_, current, history));
        game_.reset();
    }

    void stop() override { searcher_.stop(); }
    void clear() override { searcher_.clear(); }

  protected:
    // Hands the searcher what it takes of the options (call it from the constructor too).
    virtual void configure(const Options& o) = 0;
    // Takes the position the next search starts from.
    virtual void adopt(P pos) { pos_.emplace(std::move(pos)); }
    // A copy of that position for a search to own (the start when none was set).
    P root_copy() {
        if (!pos_) set_position(start_state(*variant_), {});
        return *pos_;
    }
    // The limits a search runs under: the caller's, within the skill level's node cap.
    Limits skill_limits(const Limits& limits) const {
        return SkillSettings::of(options_.skill).capped(limits);
    }

    std::shared_ptr<const Variant> variant_;
    Options options_;
    Searcher searcher_;
    std::optional<P> pos_;
    // The start and moves of the last set_position (none after set_position_with_history).
    struct Game {
        PositionState start;
        std::vector<Move> moves;
    };
    std::optional<Game> game_;
};

}  // namespace seireigi::search
