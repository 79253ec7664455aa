// Terminal text: the columns a UTF-8 string takes (kanji take two), and text made safe to print
// (never half a character).
#pragma once

#include <string>
#include <string_view>

namespace seireigi::cli {

// Terminal columns taken by UTF-8 text: East Asian wide characters take two.
std::size_t display_width(std::string_view utf8);

// `text` with every byte that is not part of a whole UTF-8 character replaced by '?', so that a
// message never prints half a character.
std::string whole_characters(std::string_view text);

// `s` right-aligned in `width` columns.
std::string pad_left(const std::string& s, std::size_t width);

}  // namespace seireigi::cli
