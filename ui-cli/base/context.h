// What every command shares: the common options (--variant, --position, --moves, --data-dir),
// loading the variant and setting up the position, with errors reported to the user.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"
#include "position/position_state.h"
#include "rules/variant.h"
#include "rules/variant_loader.h"

namespace seireigi::cli {

struct CommonOptions {
    std::string variant = "seireigi";
    std::string position;  // empty = the variant's start
    std::vector<std::string> moves;
    std::string data_dir;
    CLI::Option* position_option = nullptr;  // to tell `--position ""` from no --position

    // `position_default` says what a missing --position means for the command.
    void add_to(CLI::App& app, bool with_position = true,
                const std::string& position_default = "the variant's start");
    DataSource source() const;
    // --variant as a record names it: a built-in name as given, a path made absolute, so that
    // the record resumes and merges from any folder.
    std::string variant_for_records() const;
};

// A failure already reported to stderr; main() turns it into the exit code.
struct UserError {
    int exit_code = 2;
};

// Loads the variant or reports every error (throws UserError).
std::shared_ptr<const Variant> load_or_report(const CommonOptions& opt);
// What a command does with a --position that cannot arise in a game (game/position_soundness.h):
// commands that play refuse it; commands that count or list moves warn, and accept a position
// without a King (docs/rules.md §0.4).
enum class ImpossiblePosition { Warn, Refuse };

// The position after --position and --moves, or reports the first error (throws UserError).
PositionState position_or_report(const std::shared_ptr<const Variant>& variant,
                                 const CommonOptions& opt,
                                 ImpossiblePosition impossible = ImpossiblePosition::Warn);

// The start position (--position) and the moves played from it (--moves), each checked.
struct GameLine {
    PositionState start;
    std::vector<Move> moves;
};
GameLine game_line_or_report(const std::shared_ptr<const Variant>& variant,
                             const CommonOptions& opt,
                             ImpossiblePosition impossible = ImpossiblePosition::Warn);

void report(const Diagnostic& d, const std::string& context = "");

// The data source of a --data-dir value; a missing folder, or one without variants/, is
// reported (throws UserError) instead of every variant being "unknown".
DataSource data_source_or_report(const std::string& data_dir);

}  // namespace seireigi::cli
