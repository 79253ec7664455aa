// Openings files for `seireigi match`: one opening a line, as the moves (USI text) that lead to it
// from the variant's start position; `#` starts a comment. docs/match.md says how the built-in
// files in variants/openings/ were generated (`seireigi openings`).
#pragma once

#include <filesystem>
#include <memory>
#include <variant>
#include <vector>

#include "core/types.h"
#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi {

using Opening = std::vector<Move>;

// Every opening in the file, each checked move by move from `start`; errors name the file and
// line.
std::variant<std::vector<Opening>, Diagnostic> read_openings_file(
    const std::filesystem::path& path, std::shared_ptr<const Variant> variant,
    const PositionState& start);

// The opening of game `number`: `plies` random legal moves from `start` (fewer when the game
// ends), chosen by the random mover seeded with the number.
Opening random_opening(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                       int plies, int number);

}  // namespace seireigi
