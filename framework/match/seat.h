// Seat: whoever chooses the moves of one player. The game loop asks the seat of the player to
// move for an action and never needs to know who sits there: a person at a terminal, the seeded
// random player, and later the engines all plug in here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/types.h"
#include "game/game.h"

namespace seireigi {

struct SeatAction {
    enum class Kind : std::uint8_t {
        Play,  // play `move`
        Resign,
        DeclareImpasse,  // the loop checks the rule and asks the other seats to accept
        Undo,            // take back moves until this seat is to move again
        Quit,            // leave the game unfinished (it stays saved)
    };
    Kind kind = Kind::Play;
    Move move;
};

class Seat {
  public:
    virtual ~Seat() = default;
    // How the seat is written in records and on the command line: "human", "random:42".
    virtual std::string spec() const = 0;
    virtual bool is_human() const { return false; }
    // The action of the player to move in `game`, which is not over.
    virtual SeatAction choose(const Game& game) = 0;
    // Whether `self`, this seat's player, accepts the impasse that `declarer` declared.
    virtual bool accept_impasse(const Game& game, Player self, Player declarer) = 0;
};

// Where a person's choices come from: the terminal now, a GUI or protocol later.
class HumanInput {
  public:
    virtual ~HumanInput() = default;
    virtual SeatAction ask_action(const Game& game) = 0;
    virtual bool ask_accept_impasse(const Game& game, Player self, Player declarer) = 0;
};

class HumanSeat : public Seat {
  public:
    explicit HumanSeat(HumanInput& input) : input_(input) {}
    std::string spec() const override { return "human"; }
    bool is_human() const override { return true; }
    SeatAction choose(const Game& game) override { return input_.ask_action(game); }
    bool accept_impasse(const Game& game, Player self, Player declarer) override {
        return input_.ask_accept_impasse(game, self, declarer);
    }

  private:
    HumanInput& input_;
};

// Plays a uniformly random legal move. The choice depends only on the seed and the position in
// the game (the ply), not on what the seat did before, so a resumed or undone game continues
// exactly as it would have. It never resigns or declares an impasse, and accepts an impasse
// exactly when it would not lose by it.
class RandomSeat : public Seat {
  public:
    explicit RandomSeat(std::uint64_t seed) : seed_(seed) {}
    std::string spec() const override { return "random:" + std::to_string(seed_); }
    SeatAction choose(const Game& game) override;
    bool accept_impasse(const Game& game, Player self, Player declarer) override;
    std::uint64_t seed() const { return seed_; }

  private:
    std::uint64_t seed_;
};

}  // namespace seireigi
