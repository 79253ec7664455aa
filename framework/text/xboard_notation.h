// XboardNotation: how a variant looks to XBoard (CECP v2), derived from the variant's data.
//
// XBoard learns an unknown variant from the first engine: `setup (TABLE) WxH+N_shogi FEN` and one
// `piece` line per piece with its XBetza moves. TABLE gives each piece an XBoard slot, and XBoard
// lets a piece promote shogi-style only from slots 0-8 (Pawn..Marshall) and asks a person
// "Promote/Defer" only for slots 0-6 (Pawn..Alfil), so every promoting piece goes to slots 0-6
// (7-8 only when those are full), preferring the slot whose letter XBoard's shogi table gives
// it (so the familiar shogi images appear); other pieces take slots 9-10; '+' marks the promoted
// slot (slot + 11) of each promoting piece; the King is the table's last letter. Squares: files a,
// b, ... from Sente's left, ranks 1, 2, ... from Sente's side, so XBoard's "White" is Sente. Moves:
// c3c4, b2h8+ (promotes), f5e3= (declines), P@e5 (drop).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "position/position_contract.h"
#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi {

class XboardNotation {
  public:
    // The notation of `v`, or nothing with `why` set when XBoard cannot show it (more than two
    // players, multi-letter piece abbreviations, more pieces than XBoard's slots, a board with
    // hands wider than 12 files).
    static std::optional<XboardNotation> make(const Variant& v, std::string* why);

    // "setup (TABLE) 9x9+7_shogi FEN" and the piece lines, in order.
    std::vector<std::string> setup_lines(const Variant& v, const PositionState& start) const;
    std::string fen(const Variant& v, const PositionState& st) const;
    // A position from an XBoard FEN (board, [holdings], side to move); errors say what is wrong.
    // Whether the position could arise in a game is the caller's question (game/).
    std::variant<PositionState, std::string> read_fen(const Variant& v, std::string_view fen) const;

    std::string square(const Variant& v, Square s) const;
    std::string move(const Variant& v, Move m) const;
    // Finds the move among `legal`; the error says why not.
    std::variant<Move, std::string> read_move(const Variant& v, std::string_view text,
                                              const MoveList& legal) const;

  private:
    std::string table_;
};

}  // namespace seireigi
