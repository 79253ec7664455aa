// Where a piece can go, told apart as `seireigi piece` draws it: destinations it may move to
// without capturing, capture on, or both; which of them it reaches by a jump (a leap over the
// squares between) and which only by a hook (a multi-leg move that turns on its way).
// `seireigi piece` and the web board's legend both read this.
#pragma once

#include <memory>
#include <set>

#include "core/types.h"
#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::cli {

struct PieceReach {
    std::set<Square> moves;     // empty squares it may move to
    std::set<Square> captures;  // squares where it may capture (an enemy piece there, or one
                                // placed there to probe an empty square)
    std::set<Square> jumps;     // destinations reached by a leap of two or more squares
    std::set<Square> hooks;     // destinations reached only by a multi-leg move
};

// The reach of the piece on `from` in `st` (the legal moves of its owner, so pins and the
// rules of the position count). Empty squares are probed with a piece of `enemy`.
PieceReach piece_reach(const std::shared_ptr<const Variant>& v, const PositionState& st,
                       Square from, Player enemy);

}  // namespace seireigi::cli
