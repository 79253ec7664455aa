// The engine as a seat: chooses the moves of one player with the search, at the skill level,
// evaluation and settings its spec names, within the budget it is given. It never resigns (a
// lost position is played out; with no legal move the game is already over) and accepts an
// impasse exactly when it would not lose by it. It thinks on a worker thread (ThreadedSeat);
// stop() interrupts the search.
#pragma once

#include <memory>
#include <string>

#include "search/engine.h"
#include "seats/seat_spec.h"
#include "seats/threaded_seat.h"

namespace seireigi {

// Gives `engine` the game so far: its start and moves, or (three or more players) the position as
// it stands when a player left without a move (resignation, perpetual check), which the moves
// alone do not replay, with the keys of every position before it (for repetitions).
void set_engine_position(search::Engine& engine, const Game& game);

// The search limits of `budget`; an empty budget thinks for search::kDefaultMoveMs.
search::Limits limits_of(const MoveBudget& budget);

class EngineSeat : public ThreadedSeat {
  public:
    // `spec` is an engine's. Throws std::invalid_argument when the engine cannot play the
    // variant or its network cannot be read (with the reason).
    EngineSeat(std::shared_ptr<const Variant> variant, SeatSpec spec);
    ~EngineSeat() override { finish(); }
    std::string spec() const override { return spec_.text(); }
    // A new engine (an engine keeps state across games that clear() does not reset), its noise
    // seeded with the game and the seat.
    void new_game(int number, Player seat) override;

  protected:
    SeatAction choose(const Game& game, const MoveBudget& budget) override;
    void on_stop() override { engine_->stop(); }

  private:
    void make_engine(std::uint64_t seed);

    std::shared_ptr<const Variant> variant_;
    SeatSpec spec_;
    std::shared_ptr<const nnue::Network> network_;
    std::unique_ptr<search::Engine> engine_;
};

}  // namespace seireigi
