// Helpers of the Yonin Seireigi tests: the players by name, and positions written piece by piece.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>

#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::testing {

constexpr Player P1 = 0, P2 = 1, P3 = 2, P4 = 3;

// One piece of a position: {player, piece id ("+" first for promoted), square}.
struct Placed {
    Player owner;
    const char* piece;
    const char* square;
};

// A position of exactly `pieces` (global squares, RULES.md §A.2), empty hands, `active` players.
inline PositionState build(const Variant& v, std::initializer_list<Placed> pieces, Player to_move,
                           std::uint8_t active = 0xF) {
    PositionState st = empty_state(v);
    for (const Placed& p : pieces) {
        const std::string id = p.piece;
        const bool promoted = id.front() == '+';
        const PieceType t = v.find_type(promoted ? id.substr(1) : id);
        st.board[*v.geo.parse_square(p.square)] = make_piece(p.owner, t, promoted);
    }
    st.to_move = to_move;
    st.active = active;
    return st;
}

}  // namespace seireigi::testing
