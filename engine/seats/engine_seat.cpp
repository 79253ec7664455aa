#include "seats/engine_seat.h"

#include <stdexcept>

namespace seireigi {

EngineSeat::EngineSeat(std::shared_ptr<const Variant> variant, EngineSeatSettings settings)
    : settings_(settings) {
    search::Options o;
    o.skill = settings.level;
    o.hash_mb = settings.hash_mb;
    o.implementation = settings.implementation;
    std::string why;
    engine_ = search::Engine::create(std::move(variant), o, &why);
    if (!engine_) throw std::invalid_argument(why);
}

std::string EngineSeat::spec() const {
    return settings_.level == 20 ? "engine" : "engine:" + std::to_string(settings_.level);
}

SeatAction EngineSeat::choose(const Game& game) {
    engine_->set_position(game.start(), game.moves());
    search::Limits limits;
    if (settings_.nodes)
        limits.nodes = settings_.nodes;
    else
        limits.movetime_ms = settings_.movetime_ms;
    const search::Result r = engine_->search(limits, {});
    if (r.best.is_null()) return {SeatAction::Kind::Resign, Move()};
    return {SeatAction::Kind::Play, r.best};
}

bool EngineSeat::accept_impasse(const Game& game, Player self, Player /*declarer*/) {
    return game.impasse_scores()[static_cast<std::size_t>(self)] >= game.variant().impasse_threshold;
}

}  // namespace seireigi
