// Positions that cannot arise in a game, found before anyone plays or analyses them: a missing
// or extra King, the player who just moved (two players) left in check, more pieces of a kind
// than the set holds, two unpromoted pieces of a one-per-file kind (nifu) of one player on a
// file. Fewer pieces than the set is fine (handicaps, problems).
//
// Front ends that play (play, analyse, usi, xboard, serve) refuse such a position with these
// reasons; tools that only count or list moves (moves, perft, piece) accept a position without
// a King (docs/rules.md §0.4) and warn about the rest.
#pragma once

#include <string>
#include <vector>

#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi {

struct PositionProblem {
    enum class Kind { MissingKing, ExtraKing, NotToMoveInCheck, TooManyPieces, TwoOnAFile };
    Kind kind;
    std::string message;  // in words for the player, e.g. "Gote has no King"
    Player player = -1;   // whose King is missing or extra; -1 for the other kinds
};

// Every reason the position cannot arise in a game of `v`; empty when it can.
std::vector<PositionProblem> impossible_position_problems(const Variant& v,
                                                          const PositionState& st);

}  // namespace seireigi
