// What `validate` tells a variant's designer once the file loads: the board, the players, the
// promotion zone and drops, the pieces each player starts with, how many first moves are legal,
// and every piece's value estimate (centipawns, Pawn = 100) and what it promotes to.
#pragma once

#include <memory>
#include <string>

#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::cli {

std::string variant_summary(const std::shared_ptr<const Variant>& variant,
                            const PositionState& start);

}  // namespace seireigi::cli
