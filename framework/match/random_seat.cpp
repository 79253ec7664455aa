#include "match/random_seat.h"

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

SeatAction RandomSeat::choose(const Game& game) const {
    const MoveList& legal = game.legal_moves();
    if (legal.empty()) return SeatAction::of(SeatAction::Kind::Resign);
    const std::uint64_t r = mix(mix(seed_) ^ static_cast<std::uint64_t>(game.ply()));
    return SeatAction::play(legal[r % legal.size()]);
}

void RandomSeat::start_thinking(std::shared_ptr<const Game> game, TimeBudget, Reply reply) {
    reply(choose(*game));
}

void RandomSeat::consider_impasse(std::shared_ptr<const Game> game, Player self, Player,
                                  Reply reply) {
    const bool safe = game->impasse_scores()[self] >= game->variant().impasse_threshold;
    reply(
        SeatAction::of(safe ? SeatAction::Kind::AcceptImpasse : SeatAction::Kind::DeclineImpasse));
}

}  // namespace seireigi
