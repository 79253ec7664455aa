// A game that `seireigi match` saved, read back: the record replayed under our rules, with the
// referee's notes (who sat where, the game's number, what the referee decided). `--merge` builds
// its tables from such games, and a match that was stopped continues from them.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <variant>

#include "game/game.h"
#include "record/game_record.h"
#include "referee/match_notes.h"
#include "rules/variant.h"

namespace seireigi {

struct SavedGame {
    GameRecord record;
    MatchNotes notes;
    std::shared_ptr<const Variant> variant;
    Game game;  // as it ended

    // Two players: the points of the player who moved first (a draw the referee decided: 0.5).
    double first_seat_points() const;
};

// The variant a record names, loaded (or the caller's own error when it cannot be).
using VariantByName = std::function<std::shared_ptr<const Variant>(const std::string&)>;

// The saved game in `file`, or why it is none a match can count (not saved by `seireigi match`,
// unfinished). Throws MatchError for a file that cannot be read or replayed.
std::variant<SavedGame, std::string> read_saved_game(const std::filesystem::path& file,
                                                     const VariantByName& variant_named);

}  // namespace seireigi
