// The tsume convention that the defender holds every piece not on the board and not in the
// attacker's hand: the pieces there are are those of the variant's start position.
#pragma once

#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::mate {

// `state` with the hand of the player not to move set to those pieces (royal pieces excluded).
PositionState with_defender_holding_rest(const Variant& v, const PositionState& state);

}  // namespace seireigi::mate
