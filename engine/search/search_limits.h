// What a search is asked and what it tells, for every search (the two-player search, the one
// for three and four players, the mate solver's use of them) and every front end: the limits of
// one search, the progress lines it reports, its result and its scores.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/types.h"

namespace seireigi::search {

// A score from the point of view of the player to move: centipawns, or a mate distance.
struct Score {
    int cp = 0;         // when !mate
    bool mate = false;  // a forced mate was found
    int mate_in = 0;    // in plies (the moves of all players, as USI and tsume count them):
                        // > 0 the player to move mates in N, < 0 it is mated in -N
    friend bool operator==(const Score&, const Score&) = default;
};

// What limits a search; every zero limit is "none". With no limit at all the search runs until
// stop() (or a depth of 127).
struct Limits {
    int depth = 0;
    std::uint64_t nodes = 0;
    int movetime_ms = 0;
    // Clocks of the player to move: remaining time, increment per move, byoyomi per move.
    int time_ms = -1;  // -1: no clock
    int increment_ms = 0;
    int byoyomi_ms = 0;
    int moves_to_go = 0;  // moves until the next time control (0: sudden death)
    bool infinite = false;
    int multipv = 1;
    // Moves to consider at the root (empty: all legal moves).
    std::vector<Move> root_moves;
    // Every player's clock, for a front end that has them all (USI's btime and wtime, by
    // player): the search takes the one of the player to move where time_ms is not set. -1: no
    // clock.
    std::array<int, kMaxPlayers> clocks_ms{-1, -1, -1, -1};
    std::array<int, kMaxPlayers> increments_ms{};

    // These limits with `mover`'s clock in time_ms and increment_ms (where time_ms is not set;
    // a player without a clock among players with one has none left: 0).
    Limits for_player(Player mover) const {
        Limits l = *this;
        if (l.time_ms >= 0) return l;
        const auto p = static_cast<std::size_t>(mover);
        if (clocks_ms[p] >= 0) {
            l.time_ms = clocks_ms[p];
            l.increment_ms = increments_ms[p];
        } else if (std::any_of(clocks_ms.begin(), clocks_ms.end(), [](int c) { return c >= 0; })) {
            l.time_ms = 0;
        }
        return l;
    }
};

// One line of progress, sent at each completed iteration (and for each multipv line).
struct Info {
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;
    Score score;
    std::uint64_t nodes = 0;
    std::uint64_t nps = 0;
    int time_ms = 0;
    int hashfull = 0;  // per mille
    std::vector<Move> pv;
    // Three or more players: a score per player (centipawns), from each player's view (its own
    // score minus the best other's) where the line ends; kPlayerOut for players out of the game.
    std::vector<int> player_scores;
};
inline constexpr int kPlayerOut = -1000000;

struct Result {
    Move best;    // null when the player to move has no legal move (it has lost)
    Move ponder;  // the expected reply, null if none
    Score score;
    int depth = 0;
    std::uint64_t nodes = 0;
    int time_ms = 0;
    std::vector<Move> pv;
};

}  // namespace seireigi::search
