// Piece values in centipawns (Pawn = 100), for evaluation, exchange tests and move ordering.
//
// A piece catalogue may give a piece's `value`. Otherwise it is derived from the piece's compiled
// moves, as engines for fairy variants estimate new pieces: the mean number of squares the piece
// reaches from the squares of an empty board of the variant's size (squares from which it has no
// move left out), a move-only or capture-only destination counting half, then
//     value = 100 * mobility^0.75
// which gives a one-step forward piece 100, and on 9x9 roughly Lance 310, Silver 300, Gold 350,
// Bishop 510, Rook 800, Dragon King 930. The exponent makes range matter less than count, as in
// play (a long slide is often blocked). Jumps over a piece (hop legs) need a screen and add
// nothing on an empty board, so jumping capturers are valued by their other moves only.
// A base type in hand is worth 15% more than on the board: it can be dropped where it is needed.
#pragma once

namespace seireigi {

struct Variant;

// What a base type of board value `value` is worth in hand.
int hand_value_of(int value);

// Fills PieceTypeInfo::value (where the catalogue gave none) and hand_value for every type;
// royal types get 0 (they are never material).
void assign_piece_values(Variant& v);

// The derived value of a type's moves on `v`'s board (used when no value is given).
int derived_piece_value(const Variant& v, int type);

// The most squares the multi-leg moves of one type may step onto while its value is derived,
// about: a type whose moves from every square would cost more (many legs on a large board,
// e.g. mamaQ3 on 26x26 steps onto 5.6 million) is valued from a regular sample of start
// squares, chosen from what nine probe squares cost. Every built-in piece stays far below it.
constexpr long kMaxValueWalk = 1000000;

struct DerivedValue {
    int value = 1;
    int start_squares = 0;    // the squares whose moves were counted
    long squares_walked = 0;  // by multi-leg moves, probes included (tests bound it)
};
DerivedValue derive_piece_value(const Variant& v, int type);

}  // namespace seireigi
