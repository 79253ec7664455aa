// Game records: a game saved to text and resumed from it exactly (format: docs/records.md).
//
// A record names the variant and the fingerprint of its compiled rules, so that resuming under a
// changed variant file is detected and reported instead of replaying the moves under other rules;
// then the start position, the seats, every move, the endings that no move implies (resignation,
// impasse) and the result in words. Resuming replays every move through the Game, which
// recomputes the result; a record whose stated result disagrees is refused.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "game/game.h"
#include "rules/variant.h"

namespace seireigi {

struct GameRecord {
    std::string variant;             // as named when the game began: built-in name or file path
    std::uint64_t fingerprint = 0;   // variant_fingerprint() of the rules played under
    std::string impasse_rule;        // impasse_rule_text() of the variant played under
    std::string start;               // position text
    std::vector<std::string> seats;  // per player: Seat::spec(), e.g. "human", "random:42"
    std::vector<std::string> moves;  // USI
    // Three or more players: who made each move (0-based), checked when replaying.
    std::vector<Player> movers;
    // In the order they happened, each at the number of moves played before it: the players'
    // decisions (resignation: `player`; impasse: `by`, the declarer), and with three or more
    // players also what the moves implied (checkmates, skips, perpetual-check losses ...),
    // which replaying must find again.
    std::vector<GameEvent> events;
    std::string result;  // describe_result(); empty while the game goes on
    // The clocks, for a game that has them: the time control (main time, increment and byoyomi
    // per move, in milliseconds; clock_main_ms -1: no clocks), each player's main time left when
    // the record was written, and the players whose time ran out (the game holds that as their
    // resignation, which is what a flag is).
    int clock_main_ms = -1;
    int clock_increment_ms = 0;
    int clock_byoyomi_ms = 0;
    std::vector<int> clock_left_ms;
    std::vector<Player> out_of_time;
    // A game without clocks: the time the engine was given per move (-1: not recorded), so that
    // it thinks as long again when the game resumes.
    int move_time_ms = -1;
    friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

// The impasse rule as one line: "24 P=1 L=1 N=1 S=1 G=1 B=5 R=5", or "none". The fingerprint
// leaves it out (it changes no legal move), but it decides an impasse result.
std::string impasse_rule_text(const Variant& v);

GameRecord record_of(const Game& game, std::string variant_name, std::vector<std::string> seats);
std::string write_record(const GameRecord& r);
// Reads the text of a record; errors are located as "line N".
std::variant<GameRecord, Diagnostic> read_record(std::string_view text);
// Replays a record under `variant`: the rules must be those it was saved under, and every move
// must be legal; the recomputed result must be the stated one.
std::variant<Game, Diagnostic> replay_record(const GameRecord& r,
                                             std::shared_ptr<const Variant> variant);

// Writes `text` to a temporary file beside `path`, then renames it over `path`: the file holds
// the old record or the new one, never half of one, even if the process is killed meanwhile.
// With `sync_to_disk` the data also reaches the disk before the rename (an fsync, some
// milliseconds), so that it survives a crash of the machine too. Returns an error message for the
// player on failure.
std::optional<std::string> write_file_atomically(const std::filesystem::path& path,
                                                 std::string_view text, bool sync_to_disk = true);
// The whole file, or an error message.
std::variant<std::string, Diagnostic> read_text_file(const std::filesystem::path& path);

}  // namespace seireigi
