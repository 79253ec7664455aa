// Why a move is refused, in words for the player: every front end (terminal, protocols, web
// board) reads moves through read_legal_move so that a refusal names its reason — whose piece it
// is, where the piece can go instead, nifu, a drop where the piece could never move, a piece not
// in hand, a King left in check (and by which piece), a drop that mates against the rules.
#pragma once

#include <string_view>
#include <variant>

#include "core/types.h"
#include "position/generic_position.h"
#include "text/notation.h"

namespace seireigi {

// The legal move that `text` names in `pos` (whose legal moves are `legal`), or why not:
// "illegal move 5g5e: your Pawn on 5g cannot reach 5e (Pawn: fW); from 5g it can go to 5f".
std::variant<Move, Diagnostic> read_legal_move(const GenericPosition& pos, const MoveList& legal,
                                               std::string_view text);

// The reason the move written as `mt` is not legal for the player to move in `pos` (the caller
// knows it is not legal). The message starts "illegal move X: ".
Diagnostic explain_refusal(const GenericPosition& pos, const MoveText& mt);

}  // namespace seireigi
