// The engine as a seat: chooses the moves of one player with the search, at a skill level and
// a time per move. It never resigns (a lost position is played out) and accepts an impasse
// exactly when it would not lose by it.
#pragma once

#include <memory>
#include <string>

#include "match/seat.h"
#include "search/engine.h"

namespace seireigi {

struct EngineSeatSettings {
    int level = 20;
    int movetime_ms = 1000;
    std::uint64_t nodes = 0;  // a node limit per move instead of a time (0: none)
    int hash_mb = 32;
    search::Implementation implementation = search::Implementation::Auto;
};

class EngineSeat : public Seat {
  public:
    // Throws std::invalid_argument when the engine cannot play the variant (with the reason).
    EngineSeat(std::shared_ptr<const Variant> variant, EngineSeatSettings settings);
    std::string spec() const override;
    SeatAction choose(const Game& game) override;
    bool accept_impasse(const Game& game, Player self, Player declarer) override;
    // Makes a running choose() return soon with the best move found so far.
    void stop() { engine_->stop(); }

  private:
    EngineSeatSettings settings_;
    std::unique_ptr<search::Engine> engine_;
};

}  // namespace seireigi
