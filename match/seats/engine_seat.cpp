#include "seats/engine_seat.h"
#include "search/think_time.h"

#include <algorithm>
#include <stdexcept>

namespace seireigi {

EngineSeat::EngineSeat(std::shared_ptr<const Variant> variant, EngineSeatSettings settings)
    : settings_(settings) {
    search::Options o;
    o.skill = settings.level;
    o.hash_mb = settings.hash_mb;
    o.implementation = settings.implementation;
    o.seed = settings.seed;
    o.multi_player = settings.multi_player;
    o.network = settings.network;
    std::string why;
    engine_ = search::Engine::create(std::move(variant), o, &why);
    if (!engine_) throw std::invalid_argument(why);
}

std::string EngineSeat::spec() const {
    std::string s = "engine";
    if (settings_.multi_player == search::MultiPlayerAlgorithm::Paranoid) s += ":paranoid";
    if (settings_.level != 20) {
        s += ':';  // appended apart: GCC 12 warns falsely (-Wrestrict) on ":" + string
        s += std::to_string(settings_.level);
    }
    if (!settings_.eval.empty()) {
        s += ",eval=";  // appended apart: GCC 12 warns falsely (-Wrestrict) on ",eval=" + string
        s += settings_.eval;
    }
    return s;
}

void set_engine_position(search::Engine& engine, const Game& game) {
    const bool left_without_move =
        std::any_of(game.events().begin(), game.events().end(), [](const GameEvent& e) {
            return e.kind == EventKind::Resignation || e.kind == EventKind::PerpetualCheck;
        });
    if (left_without_move)
        engine.set_position_with_history(game.current(), game.key_history());
    else
        engine.set_position(game.start(), game.moves());
}

SeatAction EngineSeat::choose(const Game& game, TimeBudget budget) {
    set_engine_position(*engine_, game);
    search::Limits limits;
    if (settings_.nodes) {
        limits.nodes = settings_.nodes;
    } else if (budget.time_ms >= 0) {
        // The player's clock: the time manager shares it out over the game.
        limits.time_ms = budget.time_ms;
        limits.increment_ms = budget.increment_ms;
        limits.byoyomi_ms = budget.byoyomi_ms;
    } else {
        limits.movetime_ms = budget.movetime_ms > 0 ? budget.movetime_ms : search::kDefaultMoveMs;
    }
    if (stop_requested()) limits.depth = 1;  // asked to stop before it began: answer at once
    const search::Result r = engine_->search(limits, {});
    if (r.best.is_null()) return SeatAction::of(SeatAction::Kind::Resign);
    return SeatAction::play(r.best);
}

}  // namespace seireigi
