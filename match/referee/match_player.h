// The players of `seireigi match`: read from a --player spec, each chooses the moves of one side
// under the time control the referee gives it. The referee owns the clocks; a player only sees
// what it may use for the move at hand.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/types.h"
#include "game/game.h"
#include "rules/variant.h"

namespace seireigi {

// What limits one move: a fixed node count, a fixed time, or the player's clock.
struct MoveBudget {
    std::uint64_t nodes = 0;    // 0: none
    int movetime_ms = 0;        // 0: none
    int time_ms = -1;           // the player's remaining main time; -1: no clock
    int opponent_time_ms = -1;  // the opponent's, for engines that plan with both clocks
    int increment_ms = 0;
    int byoyomi_ms = 0;
};

class MatchPlayer {
  public:
    virtual ~MatchPlayer() = default;
    // The spec this player was given, for the result table ("engine:1", "random:7").
    virtual std::string name() const = 0;
    // How the seat is written in the record of the current game (with its seed, if any).
    virtual std::string seat_spec() const = 0;
    // Called before each game; `game_number` (from 1) varies the seeds between games.
    virtual void new_game(int game_number) = 0;
    // The move of the player to move in `game` (not over); a null move resigns.
    virtual Move choose(const Game& game, const MoveBudget& budget) = 0;
    // Why the last choose() resigned when the player itself did not (an external engine's
    // illegal or unreadable move, crash or silence); empty otherwise.
    virtual std::string failure() const { return ""; }
    // Whether that failure says something about the player's play (a move our rules reject) or
    // only about its setting up or the machine (a crash, silence, no answer in time): a game
    // lost by the latter is listed but not counted.
    virtual bool failure_counts() const { return true; }
};

// Reads `engine[:level][,hash=MB][,position=fast|generic]`, `random[:seed]` or `usi:COMMAND`
// (an external USI engine, set up with `engine_options`, each NAME=VALUE); an error message for
// the player when it cannot.
std::variant<std::unique_ptr<MatchPlayer>, std::string> make_match_player(
    const std::string& spec, std::shared_ptr<const Variant> variant,
    const std::vector<std::string>& engine_options = {});

}  // namespace seireigi
