// Board geometry: squares, their names, and the view of each orientation.
//
// Square names are file number then rank letter, in Sente's view: "5e", "15a". Files run W..1
// from left to right, ranks a.. from top to bottom (docs/rules.md §0.3).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"

namespace seireigi {

struct Geometry {
    int files = 9;  // W
    int ranks = 9;  // H

    int squares() const { return files * ranks; }
    bool on_board(int x, int y) const { return x >= 0 && x < files && y >= 0 && y < ranks; }
    Square square(int x, int y) const { return y * files + x; }
    int x_of(Square s) const { return s % files; }
    int y_of(Square s) const { return s / files; }
    int file_number(Square s) const { return files - x_of(s); }
    char rank_letter(Square s) const { return static_cast<char>('a' + y_of(s)); }

    // "5e", "15a".
    std::string name(Square s) const;
    // Reads a square name at text[pos] (file digits, then a rank letter), advancing pos.
    // Returns nothing (pos unchanged) when there is no square name there or it is off the board.
    std::optional<Square> read_square(std::string_view text, std::size_t& pos) const;
    std::optional<Square> parse_square(std::string_view text) const;

    // The board as seen by a player facing `o`: how many files and ranks that player sees.
    int view_files(Orientation o) const;
    int view_ranks(Orientation o) const;
    // The square a player facing `o` calls (file, rank index) in its own view, where rank index 0
    // is its farthest rank and file 1 is on its right. Nothing if off the board.
    std::optional<Square> from_view(Orientation o, int file, int rank_index) const;
    // How many ranks lie beyond `s` in the forward direction of `o` (0 = on the last rank).
    int ranks_ahead(Orientation o, Square s) const;
    // The line along the forward direction of `o` that holds `s` (the "file" for nifu).
    int line_of(Orientation o, Square s) const;
};

}  // namespace seireigi
