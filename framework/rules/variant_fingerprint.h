// The fingerprint of a compiled variant: everything that decides which moves are legal, and
// nothing else.
//
// Why: an engine written for one variant (the hand-optimized 9x9 Seireigi position) must refuse
// any other, so that an edited seireigi.yaml is never played by the wrong engine; cross-check
// and bench print it to say what they compared.
//
// The rules text is canonical and line-based, so that two variants can be diffed line by line:
// board, players (orientations, who starts), zone depth, drops, the drop-mate reading, then one
// line per base piece in hand order (the royal last): its moves and its promoted face's moves as
// compiled for a north-facing player (sorted, so that "WfF" and "fFW" agree), the royal / nifu /
// uchifuzume flags, and the squares where each player may not drop it or may not leave it
// unpromoted. Names, kanji, abbreviations, the catalogue order of types, the setup and the
// impasse rule are left out: they change no legal move.
#pragma once

#include <cstdint>
#include <string>

#include "rules/variant.h"

namespace seireigi {

std::string variant_rules_text(const Variant& v);
// FNV-1a 64 of the rules text.
std::uint64_t variant_fingerprint(const Variant& v);
// "fingerprint 0123456789abcdef".
std::string fingerprint_hex(std::uint64_t fingerprint);
// The first line where two rules texts differ, as "expected: ...\n   found: ..."; empty if equal.
std::string first_rules_difference(const std::string& expected, const std::string& found);

}  // namespace seireigi
