// The engine as a seat: chooses the moves of one player with the search, at a skill level, with
// the Match's time per move (or a fixed node count). It never resigns (a lost position is played
// out; with no legal move the game is already over) and accepts an impasse exactly when it would
// not lose by it. It thinks on a worker thread (ThreadedSeat); stop() interrupts the search.
#pragma once

#include <memory>
#include <string>

#include "search/engine.h"
#include "seats/threaded_seat.h"

namespace seireigi {

struct EngineSeatSettings {
    int level = 20;
    std::uint64_t nodes = 0;  // a node limit per move instead of the time budget (0: none)
    int hash_mb = 32;
    search::Implementation implementation = search::Implementation::Auto;
    std::uint64_t seed = 0;  // the noise of low levels
    // Three or more players: which search (docs/engine.md).
    search::MultiPlayerAlgorithm multi_player = search::MultiPlayerAlgorithm::BestReplyPlus;
    // The evaluation as the spec names it: "nnue", "classical" or "" (the variant's default,
    // nnue::default_network), and the network it comes to (null: the hand-written evaluation).
    std::string eval;
    std::shared_ptr<const nnue::Network> network;
};

// Gives `engine` the game so far: its start and moves, or (three or more players) the position as
// it stands when a player left without a move (resignation, perpetual check), which the moves
// alone do not replay, with the keys of every position before it (for repetitions).
void set_engine_position(search::Engine& engine, const Game& game);

class EngineSeat : public ThreadedSeat {
  public:
    // Throws std::invalid_argument when the engine cannot play the variant (with the reason).
    EngineSeat(std::shared_ptr<const Variant> variant, EngineSeatSettings settings);
    ~EngineSeat() override { finish(); }
    std::string spec() const override;

  protected:
    SeatAction choose(const Game& game, TimeBudget budget) override;
    void on_stop() override { engine_->stop(); }

  private:
    EngineSeatSettings settings_;
    std::unique_ptr<search::Engine> engine_;
};

}  // namespace seireigi
