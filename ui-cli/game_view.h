// Terminal rendering of a game: the board with file numbers and rank letters, both hands, the
// last move, whose turn it is and any check. Pieces in Latin letters or kanji; every piece has a
// Latin fallback (several Dai pieces have no agreed kanji). Columns are aligned by display width,
// because kanji take two columns; colour is added only after alignment, and only when asked for.
#pragma once

#include <string>
#include <string_view>

#include "game/game.h"

namespace seireigi::cli {

struct ViewOptions {
    bool kanji = false;
    bool color = false;
    // The player whose side of the board is at the bottom, facing up the screen.
    Player bottom = 0;
};

std::string render_game(const Game& game, const ViewOptions& options);

// Terminal columns taken by UTF-8 text: East Asian wide characters take two.
std::size_t display_width(std::string_view utf8);
// `text` with every byte that is not part of a whole UTF-8 character replaced by '?', so that a
// message never prints half a character.
std::string whole_characters(std::string_view text);

}  // namespace seireigi::cli
