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

// The moves of a KIF record (UTF-8) as move text ("7g7f", "8h2b+", "B*5e"), for a game of `v`
// from its start: "手合割：平手" (when that is the variant's start) or no start given. Move lines
// are "N ７六歩(77)", "N 同　歩(76)", "N ５五角打", with 成 for a promotion; pieces are read by the
// catalogue kanji (docs/records.md); the game's last line (投了, 詰み ...) ends the moves. A board
// diagram start, a handicap or an unreadable line is refused with the line's number.
std::variant<std::vector<std::string>, Diagnostic> read_kif_moves(const Variant& v,
                                                                  std::string_view text);

// Whether `text` looks like KIF (a move table header or a KIF header line).
bool looks_like_kif(std::string_view text);

// The game as KIF text (UTF-8). `seats` names the players for the 先手/後手 header lines.
std::string write_kif(const Game& game, const std::vector<std::string>& seats);

}  // namespace seireigi
