// The mate solver as the front ends see it: one call that proves a mate (the shortest it can
// prove, with its line and proof tree), proves there is none, or says the budget ran out. It
// runs df-pn (df_pn.h) on the fast 9x9 position where that applies and on the generic position
// for every other two-player variant.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "mate/mate_types.h"
#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::mate {

// Solves the position after `moves` from `start` for its player to move; repetitions of the
// game's positions count as the game counts them. Throws std::invalid_argument on a variant
// that is not for two players, an illegal move, or options that do not go together.
MateResult solve_mate(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                      const std::vector<Move>& moves, const MateOptions& options);

// "mate", "no mate", "unknown".
const char* outcome_name(Outcome o);

}  // namespace seireigi::mate
