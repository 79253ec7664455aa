// Builds the seat a command line or a record names. It sits above the engines so that every
// kind of seat can be built: a person, the random mover, and the engines.
#pragma once

#include <memory>
#include <string_view>
#include <variant>

#include "core/types.h"
#include "match/seat.h"

namespace seireigi {

// Reads a seat spec: "human" (a person, whose front end submits the moves), "random" (seed 1) or
// "random:SEED".
std::variant<std::unique_ptr<Seat>, Diagnostic> make_seat(std::string_view spec);

}  // namespace seireigi
