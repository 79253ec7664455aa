#include "match/seat.h"

#include "core/splitmix64.h"

namespace seireigi {

SeatAction RandomSeat::choose(const Game& game) {
    const MoveList& legal = game.legal_moves();
    if (legal.empty()) return {SeatAction::Kind::Resign, Move()};
    // Well mixed, so that neighbouring plies and seeds give unrelated choices.
    const std::uint64_t r = splitmix64(splitmix64(seed_) ^ static_cast<std::uint64_t>(game.ply()));
    return {SeatAction::Kind::Play, legal[r % legal.size()]};
}

bool RandomSeat::accept_impasse(const Game& game, Player self, Player /*declarer*/) {
    return game.impasse_scores()[self] >= game.variant().impasse_threshold;
}

}  // namespace seireigi
