#include "seats/random_seat.h"

#include "core/splitmix64.h"

namespace seireigi {

SeatAction RandomSeat::choose(const Game& game) const {
    const MoveList& legal = game.legal_moves();
    if (legal.empty()) return SeatAction::of(SeatAction::Kind::Resign);
    const std::uint64_t r = splitmix64(splitmix64(seed_) ^ static_cast<std::uint64_t>(game.ply()));
    return SeatAction::play(legal[r % legal.size()]);
}

void RandomSeat::start_thinking(std::shared_ptr<const Game> game, MoveBudget, Reply reply) {
    reply(choose(*game));
}

void RandomSeat::consider_impasse(std::shared_ptr<const Game> game, Player self, Player,
                                  Reply reply) {
    const bool safe = game->impasse_scores()[self] >= game->variant().impasse_threshold;
    reply(
        SeatAction::of(safe ? SeatAction::Kind::AcceptImpasse : SeatAction::Kind::DeclineImpasse));
}

}  // namespace seireigi
