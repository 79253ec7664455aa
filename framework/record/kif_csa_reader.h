// Reading games that other shogi programs wrote: KIF (the Kakinoki text format, UTF-8 or the
// Shift_JIS most Japanese programs write) and CSA (the Computer Shogi Association's format), for
// 9x9 two-player variants. Pieces are named by the variant's kanji (KIF) or by CSA's two-letter
// codes for shogi's pieces; a KIF that this program wrote reads back whatever its pieces (their
// catalogue kanji, or the abbreviation in parentheses). The main line is read; variations,
// comments and times are skipped. Every move is checked legal in turn, and a refusal names the
// line and the reason.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/types.h"
#include "game/game.h"
#include "rules/variant.h"

namespace seireigi {

// A game read from KIF or CSA: the start position and the moves, replayed.
struct ImportedGame {
    Game game;
    std::vector<std::string> players;  // the names the record gives Sente and Gote ("" if none)
};

std::variant<ImportedGame, Diagnostic> read_kif(std::string_view text,
                                                std::shared_ptr<const Variant> variant);
std::variant<ImportedGame, Diagnostic> read_csa(std::string_view text,
                                                std::shared_ptr<const Variant> variant);

// Whether a file name is a KIF (.kif, .kifu) or CSA (.csa) record, by its extension.
enum class RecordFormat { Game, Kif, Csa };
RecordFormat record_format_of(std::string_view file_name);

// The variant a KIF written by this program names ("# seireigi: Seireigi (rules ..."): its
// display name; nothing for other programs' KIF.
std::optional<std::string> variant_named_in_kif(std::string_view text);

}  // namespace seireigi
