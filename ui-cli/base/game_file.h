// A saved game as `play --resume` and `analyse --record` read it: this program's record (.game,
// docs/records.md), or KIF (.kif, .kifu) and CSA (.csa) from other shogi programs (9x9, two
// players). Every error is reported to the user (throws UserError).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/context.h"
#include "game/game.h"
#include "rules/variant.h"

namespace seireigi::cli {

struct GameFile {
    std::shared_ptr<const Variant> variant;
    std::optional<Game> game;        // as far as the file goes
    std::vector<std::string> seats;  // a .game's seats (empty for KIF and CSA)
    std::string variant_name;        // as a new record of this game names the variant
    int move_time_ms = -1;           // a .game's engine time per move, -1 where it has none
};

// Reads `file`. The variant is --variant when `variant_given`, else the one the record names (a
// KIF this program wrote names it; other KIF and CSA files are shogi). `command` is how the
// person named the file ("seireigi play --resume g.game"), for the advice in a message.
GameFile game_file_or_report(const std::string& file, const CommonOptions& common,
                             bool variant_given, const std::string& command);

}  // namespace seireigi::cli
