// Plays one game of three or four players to its end on the caller's thread, between engines
// (either multi-player search, any level) and random movers: the games of `seireigi match` with
// more than two players and of the long runs (tests/long). A game that reaches the ply limit is
// ended there: the players still in it draw, as at an agreed end of play.
//
// With check_reference, every engine move is first checked against the naive reference
// generator (position/reference_position.h) in the position as it stands: a move the reference
// does not list ends the run with a failure naming it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game/game.h"
#include "search/engine.h"

namespace seireigi {

struct MultiPlayerContestant {
    bool engine = true;  // else the random mover
    search::MultiPlayerAlgorithm algorithm = search::MultiPlayerAlgorithm::BestReplyPlus;
    int level = 20;
    std::uint64_t seed = 1;  // the random mover's seed; the engine's noise at low levels
};

struct MultiPlayerGameSettings {
    std::uint64_t nodes = 0;  // per engine move; 0: movetime_ms
    int movetime_ms = 100;
    int max_plies = 600;
    int hash_mb = 16;
    bool check_reference = false;
    // The first plies are played by a random mover seeded with opening_seed: deterministic
    // engines (a node limit, full strength) then play a different game each time.
    int opening_plies = 0;
    std::uint64_t opening_seed = 0;
};

struct MultiPlayerGameResult {
    std::vector<Standing> standings;  // per player
    int plies = 0;
    bool ply_limit = false;  // ended by the ply limit
    int engine_moves = 0;
    std::uint64_t engine_nodes = 0;
    std::string failure;  // an engine move the reference generator refused (empty: none)
    std::string description;
    std::shared_ptr<const Game> game;  // as it ended
};

// `seats[p]` plays player p (one per player of `variant`).
MultiPlayerGameResult play_multi_player_game(const std::shared_ptr<const Variant>& variant,
                                             const PositionState& start,
                                             const std::vector<MultiPlayerContestant>& seats,
                                             const MultiPlayerGameSettings& settings);

}  // namespace seireigi
