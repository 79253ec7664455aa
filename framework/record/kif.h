// KIF export (the Kakinoki text format that most shogi software reads) for 9x9 two-player
// games. Piece names come from the piece catalogues' kanji; where a promoted piece has no name
// in standard KIF (Seireigi's Great Elephant 象, Running Wolf 狼, Heavenly Horse 天 and Free Tiger
// 虎) its catalogue kanji is written as is. The spellings are listed in docs/records.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "game/game.h"
#include "rules/variant.h"

namespace seireigi {

// Why a variant's games cannot be written as KIF (KIF knows only 9x9 boards and two players);
// nothing if they can.
std::optional<std::string> kif_unsupported(const Variant& v);

// The game's moves in Japanese notation, one text per move: the mover's mark (☗ Sente, ☖ Gote),
// the square (同 for the square of the move before), the piece, then 成 (promotes), 不成 (could
// promote and does not) or 打 (a drop), and the square it came from when another piece of the
// same kind could go there too, e.g. "☗７六歩", "☖同　角成", "☗５五金(46)". Only for the games
// that KIF can write (kif_unsupported).
std::vector<std::string> japanese_moves(const Game& game);

// Whether `text` looks like KIF (a move table header or a KIF header line).
bool looks_like_kif(std::string_view text);

// The game as KIF text (UTF-8). `seats` names the players for the 先手/後手 header lines.
std::string write_kif(const Game& game, const std::vector<std::string>& seats);

}  // namespace seireigi
