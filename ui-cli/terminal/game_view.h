// Terminal rendering of a game: the board (board_printer) seen from a chosen player's side, the
// last move highlighted, then the last move, whose turn it is and any check.
#pragma once

#include <string>

#include "game/game.h"

namespace seireigi::cli {

struct ViewOptions {
    bool kanji = false;
    bool color = false;
    // The player whose side of the board is at the bottom, facing up the screen.
    Player bottom = 0;
};

std::string render_game(const Game& game, const ViewOptions& options);

}  // namespace seireigi::cli
