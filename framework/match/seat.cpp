#include "match/seat.h"

namespace seireigi {

namespace {

// SplitMix64: a small, well-mixed hash, so that neighbouring plies and seeds give unrelated
// choices.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

}  // namespace

SeatAction RandomSeat::choose(const Game& game) {
    const MoveList& legal = game.legal_moves();
    if (legal.empty()) return {SeatAction::Kind::Resign, Move()};
    const std::uint64_t r = mix(mix(seed_) ^ static_cast<std::uint64_t>(game.ply()));
    return {SeatAction::Kind::Play, legal[r % legal.size()]};
}

bool RandomSeat::accept_impasse(const Game& game, Player self, Player /*declarer*/) {
    return game.impasse_scores()[self] >= game.variant().impasse_threshold;
}

}  // namespace seireigi
