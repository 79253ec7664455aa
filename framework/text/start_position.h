// The starting position of a variant: its setup squares, or its setup given as position text.
#pragma once

#include <variant>

#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi {

// Reads the variant's setup text; an error is located in the variant file (file:line:column).
std::variant<PositionState, Diagnostic> read_start_position(const Variant& v);

// Throws std::runtime_error, with the message of read_start_position, if the variant's setup
// text is not a valid position (`seireigi validate` reports it).
PositionState start_state(const Variant& v);

}  // namespace seireigi
