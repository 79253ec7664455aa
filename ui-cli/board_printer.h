// Plain text rendering of a position: files across the top, rank letters down the right side,
// first player's pieces in upper case, second player's in lower case, then each hand.
#pragma once

#include <string>

#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::cli {

std::string render_board(const Variant& v, const PositionState& st);

}  // namespace seireigi::cli
