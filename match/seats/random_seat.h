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
    explicit RandomSeat(std::uint64_t seed) : seed_(seed) {}
    std::string spec() const override { return "random:" + std::to_string(seed_); }
    void start_thinking(std::shared_ptr<const Game> game, TimeBudget budget, Reply reply) override;
    void consider_impasse(std::shared_ptr<const Game> game, Player self, Player declarer,
                          Reply reply) override;
    std::uint64_t seed() const { return seed_; }

    // The move chosen in `game` (not over).
    SeatAction choose(const Game& game) const;

  private:
    std::uint64_t seed_;
};

}  // namespace seireigi
