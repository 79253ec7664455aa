// Killer moves: the last two quiet moves that caused a cut-off at a ply, tried early in sibling
// nodes, where the same quiet move often refutes again.
#pragma once

#include <array>

#include "core/types.h"

namespace seireigi::search {

struct KillerMoves {
    std::array<Move, 2> moves{};

    void add(Move m) {
        if (moves[0] == m) return;
        moves[1] = moves[0];
        moves[0] = m;
    }
    void clear() { moves = {}; }
};

}  // namespace seireigi::search
