// Notation: position text and move text (docs/notation.md).
//
// Positions: SFEN for 9x9 shogi-like variants, generalised to any board: ranks from 'a' down,
// files from the highest number to 1, digits for runs of empty squares (any number of digits),
// a piece as its abbreviation (upper case = first player, lower case = second), multi-letter
// abbreviations in parentheses "(RH)", "+" before a promoted piece; then the player to move
// ("b" or "w"), the hands ("-" or counts and pieces, "2P(rh)") and a move number.
// With three or four players every piece carries its owner's number, so tokens are separated by
// commas: "2,3S,3G,3K,3G,3S,2/...", "+1P"; then the player to move ("1".."4"), the hands ("-" or
// "1R,2x1P,3G"), the players still in the game ("1234", "1-34" once player 2 is out) and a move
// number.
//
// Moves: USI. "7g7f", "8h2b+", "P*5e"; two-digit files on wide boards ("15a14b"); multi-letter
// drops delimited ("(RH)*5e"). Input also accepts "-", "x" or "×" between the squares and "="
// for a declined promotion.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "position/position_contract.h"
#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi {

std::string write_position(const Variant& v, const PositionState& st);
// Reads a position text; on error, the message names the character position (1-based).
std::variant<PositionState, Diagnostic> read_position(const Variant& v, std::string_view text);

std::string write_move(const Variant& v, Move m);

// Move text as written, before it is looked up among the legal moves.
struct MoveText {
    enum class Promotion { Unsaid, Yes, No };  // no mark, "+", "="
    bool drop = false;
    PieceType dropped = kNoType;  // drops
    Square from = kNoSquare;      // board moves
    Square to = kNoSquare;
    Promotion promotion = Promotion::Unsaid;
};
// Reads move text; errors say what is malformed ("there is no file 16", "unknown piece 'c'").
std::variant<MoveText, Diagnostic> parse_move_text(const Variant& v, std::string_view text);
// The legal move the text names; else "illegal move X: ..." with the reason the text alone
// shows (a forced promotion written without "+" shows the "+" form). The game layer
// (game/move_refusal.h) names the reason a position shows.
std::variant<Move, Diagnostic> find_move(const Variant& v, const MoveText& mt,
                                         const MoveList& legal);
// parse_move_text, then find_move.
std::variant<Move, Diagnostic> read_move(const Variant& v, std::string_view text,
                                         const MoveList& legal);

// How a piece is written in position text: "P", "p", "+(RH)".
std::string piece_text(const Variant& v, PieceCode pc);

}  // namespace seireigi
