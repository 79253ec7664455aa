// A brief run of the mate solver (docs/mate.md) for analyse and hint: a forced mate the search's
// score may not reach, proven exactly, with its line. Tsume mode (every attacking move checks).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mate/mate_types.h"
#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::cli {

// The mate proven for the player to move within `movetime_ms`; nothing when none was proven
// (no mate, time up) or the variant is not for two players.
std::optional<mate::MateResult> proven_mate(const std::shared_ptr<const Variant>& variant,
                                            const PositionState& start,
                                            const std::vector<Move>& moves, int movetime_ms);

// "mate proven in N plies: MOVES" (with "at most" where no shorter mate was ruled out).
std::string describe_proven_mate(const Variant& v, const mate::MateResult& r);

}  // namespace seireigi::cli
