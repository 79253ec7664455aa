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

// A position of exactly `pieces` (global squares, docs/rules.md §A.2), empty hands, `active`
// players.
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

// docs/rules.md §E.2 #4, P1 to move: 3f4e mates P2, whose Rook on 5g, now neutral, then checks P3
// on 5a; boxed in by its own Pawn on 6b, P3 is mated too (a cascade), else it escapes to 6b.
inline PositionState cascade_through_neutral_rook(const Variant& v, bool p3_boxed_in) {
    PositionState st = build(v,
                             {{P1, "king", "9i"},
                              {P1, "silver", "4d"},
                              {P1, "gold", "3f"},
                              {P1, "pawn", "4f"},
                              {P2, "king", "5d"},
                              {P2, "rook", "5g"},
                              {P2, "pawn", "6c"},
                              {P2, "pawn", "6d"},
                              {P2, "pawn", "6e"},
                              {P3, "king", "5a"},
                              {P3, "pawn", "4a"},
                              {P3, "pawn", "6a"},
                              {P3, "pawn", "4b"},
                              {P4, "king", "1i"}},
                             P1);
    if (p3_boxed_in)
        st.board[*v.geo.parse_square("6b")] = make_piece(P3, v.find_type("pawn"), false);
    return st;
}

// docs/rules.md §E.2 #3, P1 to move: 2c5c (the Dragon King) checks P3's King on 5a between its two
// Lances; with a Gold in hand P3 interposes, without one it is mated. `active`: who is in.
inline PositionState dragon_checks_p3(const Variant& v, std::uint8_t active = 0xF) {
    PositionState st = build(v,
                             {{P1, "king", "5i"},
                              {P1, "+rook", "2c"},
                              {P3, "king", "5a"},
                              {P3, "lance", "4a"},
                              {P3, "lance", "6a"}},
                             P1, active);
    if (active & (1 << P2))
        st.board[*v.geo.parse_square("9e")] = make_piece(P2, v.find_type("king"), false);
    if (active & (1 << P4))
        st.board[*v.geo.parse_square("1e")] = make_piece(P4, v.find_type("king"), false);
    return st;
}

}  // namespace seireigi::testing
