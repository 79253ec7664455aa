// The moves a search considers at its root: the legal moves, or those of them that the limits
// name (Limits::root_moves, as `go searchmoves` asks).
#pragma once

#include <algorithm>
#include <vector>

#include "position/position_contract.h"
#include "search/engine.h"

namespace seireigi::search {

// Keeps in `moves` only those in `allowed` (all of them when `allowed` is empty).
inline void keep_root_moves(MoveList& moves, const std::vector<Move>& allowed) {
    if (allowed.empty()) return;
    std::erase_if(moves, [&](Move m) {
        return std::find(allowed.begin(), allowed.end(), m) == allowed.end();
    });
}

// The root's moves in canonical order (the first is the answer of a search stopped at once).
template <class P>
MoveList root_moves(const P& pos, const Limits& limits) {
    MoveList moves;
    pos.legal_moves(moves);
    keep_root_moves(moves, limits.root_moves);
    std::sort(moves.begin(), moves.end());
    return moves;
}

}  // namespace seireigi::search
