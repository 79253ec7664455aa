// A table of the web board: one game (WebGame) and who sits at it (Seating). A server holds
// several tables, each with a name of its own ("" for the first), its own autosave and its own
// host; a page shows one table, named by its address (/?table=NAME, docs/web.md "Several
// tables").
#pragma once

#include <cctype>
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "web/seating.h"
#include "web/web_game.h"

namespace seireigi::web {

struct Table {
    Table(std::string table_name, const std::filesystem::path& autosave,
          std::chrono::milliseconds watch_pause, std::chrono::milliseconds away)
        : name(std::move(table_name)), seating(away), game(autosave, watch_pause) {
        // Clocks wait for a person whose device is away (a closed laptop, a phone asleep).
        game.hold_clocks_while([this] { return seating.someone_away(); });
    }

    const std::string name;
    // Before the game: its match asks the seating whether to hold the clocks until the game's
    // thread ends.
    Seating seating;
    WebGame game;
};

// The most tables a server holds (each game runs a thread; an engine seat takes memory).
inline constexpr std::size_t kMaxTables = 16;

// Why `name` cannot name a table, or nothing: letters, digits, '-' and '_', at most 24.
inline std::optional<std::string> table_name_problem(const std::string& name) {
    if (name.size() > 24) return "a table's name has at most 24 characters";
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_')
            return "a table's name is made of letters, digits, '-' and '_'";
    return std::nullopt;
}

}  // namespace seireigi::web
