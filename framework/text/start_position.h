// The starting position of a variant: its setup squares, or its setup given as position text.
#pragma once

#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi {

// Throws std::runtime_error if the variant's setup text is not a valid position (the loader
// checks it, so this means a programming error).
PositionState start_state(const Variant& v);

}  // namespace seireigi
