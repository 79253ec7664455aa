// XBetza: parse a piece's movement string into the move IR (intermediate representation).
//
// The exact grammar we accept, with its extensions, is written down in docs/xbetza.md. The IR is
// orientation-free: directions are relative to the owner (sideways, forward) for the first leg and
// relative to the previous leg's direction for continuation legs. compile_moves() in
// compiled_moves.h turns the IR into board vectors for one orientation.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/types.h"

namespace seireigi::betza {

// What a leg may do on the square where it ends.
enum class Modality : std::uint8_t {
    MoveOrCapture,  // default of the final leg: empty square or enemy piece
    MoveOnly,       // 'm': empty square only
    CaptureOnly,    // 'c': enemy piece only
    Hop,            // 'p': an occupied square of any owner, which is jumped over, not captured
};

// One leg of a move. A leaper leg goes exactly one atom step; a rider leg repeats the atom step
// up to `max_steps` times (0 = unlimited) over empty squares, and ends on the first square that
// satisfies its modality (a slide may stop on any empty square it passes when its modality
// allows a non-capture).
struct Leg {
    // First leg: the steps relative to the owner (side, fwd), atom length included, e.g. (1,2).
    // Continuation leg: unused (see `turns`).
    std::vector<RelVec> steps;
    // Continuation leg only: each entry turns the previous leg's step direction by a multiple
    // of 45 degrees counter-clockwise seen from above with forward up (0 = straight on, 2 = 90
    // degrees left, -2 = 90 degrees right, 4 = back). The step length stays the atom's.
    std::vector<int> turns;
    int max_steps = 1;  // 1 = leap or step; 0 = unlimited; n = at most n steps
    Modality modality = Modality::MoveOrCapture;
};

// One way of moving: a single leg (leap or slide) or several legs separated by 'a'.
struct Component {
    std::vector<Leg> legs;
    bool victim_not_royal = false;  // extension "{~K}": the final capture may not take a royal
    std::string text;               // the source text of this component, for messages
};

struct PieceMoves {
    std::vector<Component> components;
};

struct ParseError {
    int column = 0;  // 1-based character position in the string
    std::string message;
};

// The most squares move generation may visit for one piece on one square, over all its ways
// of moving, counting each leg of a multi-leg move once from every square where the previous
// leg may end (docs/xbetza.md, Limits); a string beyond it is refused. A Dai Seireigi hook
// mover visits about 5,000 on the largest board.
constexpr int kMaxSquaresVisited = 20000;

// Parses an XBetza string. On failure returns the first error, naming the character position
// (1-based) and what was expected there.
std::variant<PieceMoves, ParseError> parse(std::string_view text);

}  // namespace seireigi::betza
