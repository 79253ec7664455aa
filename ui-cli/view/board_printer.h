// The one board printer (`play`, `moves --board`): coordinates around the board, each hand, the
// board turned so that one chosen player sits at the bottom. Pieces in Latin letters or kanji
// (every piece has a Latin fallback: several Dai pieces have no agreed kanji). Two players: the
// second player's pieces in lower case, or marked 'v' in kanji. Three or four: every piece
// carries its owner's forward direction as seen on the screen (^ > v <), lower case once its
// owner is out of the game (neutral). Columns are aligned by display width, since kanji take two
// columns; colour goes on after alignment, and only when asked for.
#pragma once

#include <string>

#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::cli {

struct BoardStyle {
    bool kanji = false;
    bool color = false;
    Square highlight = kNoSquare;  // shown in reverse video with colour (the last move)
    // The player whose side of the board is at the bottom, facing up the screen.
    Player bottom = 0;
};

// The hands (the other players above the board, the bottom player's below) and the board.
std::string render_position(const Variant& v, const PositionState& st, const BoardStyle& style);

// `render_position` followed by "Sente to move".
std::string render_board(const Variant& v, const PositionState& st, const BoardStyle& style = {});

}  // namespace seireigi::cli
