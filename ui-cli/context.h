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

    void add_to(CLI::App& app, bool with_position = true);
    DataSource source() const;
};

// A failure already reported to stderr; main() turns it into the exit code.
struct UserError {
    int exit_code = 2;
};

// Loads the variant or reports every error (throws UserError).
std::shared_ptr<const Variant> load_or_report(const CommonOptions& opt);
// The position after --position and --moves, or reports the first error (throws UserError).
PositionState position_or_report(const std::shared_ptr<const Variant>& variant,
                                 const CommonOptions& opt);

// The start position (--position) and the moves played from it (--moves), each checked.
struct GameLine {
    PositionState start;
    std::vector<Move> moves;
};
GameLine game_line_or_report(const std::shared_ptr<const Variant>& variant,
                             const CommonOptions& opt);

void report(const Diagnostic& d, const std::string& context = "");

}  // namespace seireigi::cli
