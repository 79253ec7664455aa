// MoveBudget: how long a seat may think about one move, the one budget every caller gives (the
// live Match of play and serve, the referee of match and study, the long tests). Any mix of a
// node count, a depth, a fixed time and the player's clock (main time left, increment, byoyomi,
// moves until the next time control); zero (-1 for a clock) means none of that kind. A budget
// with nothing in it means "think for search::kDefaultMoveMs".
#pragma once

#include <cstdint>

namespace seireigi {

struct MoveBudget {
    std::uint64_t nodes = 0;
    int depth = 0;
    int movetime_ms = 0;
    int time_ms = -1;           // the player's main time left; -1: no clock
    int opponent_time_ms = -1;  // the next player's, for engines that plan with both clocks
    int increment_ms = 0;
    int byoyomi_ms = 0;
    int moves_to_go = 0;  // moves until the next time control; 0: sudden death

    bool has_clock() const { return time_ms >= 0; }
    // Whether anything limits the move; if not, the seat thinks for the default time.
    bool limited() const { return nodes || depth || movetime_ms || has_clock() || byoyomi_ms; }
};

// A budget of `ms` milliseconds a move.
inline MoveBudget budget_of_ms(int ms) {
    MoveBudget b;
    b.movetime_ms = ms;
    return b;
}

}  // namespace seireigi
