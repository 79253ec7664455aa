// The random mover: plays a uniformly random legal move.
#pragma once

#include <cstdint>

#include "seats/seat.h"

namespace seireigi {

// The choice depends only on the seed and the position in the game (the ply), not on what the
// seat did before, so a resumed or undone game continues exactly as it would have. It answers at
// once, never resigns or declares an impasse, and accepts an impasse exactly when it would not
// lose by it.
class RandomSeat : public Seat {
  public:
    explicit RandomSeat(std::uint64_t seed) : base_(seed), seed_(seed) {}
    std::string spec() const override { return "random:" + std::to_string(seed_); }
    // Game `number`'s seed, from the seed given, the game and the seat: no two games alike.
    void new_game(int number, Player seat) override {
        seed_ = base_ * 1000003 + static_cast<std::uint64_t>(number) * 16 +
                static_cast<std::uint64_t>(seat);
    }
    void start_thinking(std::shared_ptr<const Game> game, MoveBudget budget, Reply reply) override;
    SeatAction choose_now(const Game& game, const MoveBudget&) override { return choose(game); }
    void consider_impasse(std::shared_ptr<const Game> game, Player self, Player declarer,
                          Reply reply) override;
    std::uint64_t seed() const { return seed_; }

    // The move chosen in `game` (not over).
    SeatAction choose(const Game& game) const;

  private:
    std::uint64_t base_;
    std::uint64_t seed_;
};

}  // namespace seireigi
