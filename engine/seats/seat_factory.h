// Builds the seat a command line or a record names. It sits above the engines so that every
// kind of seat can be built: a person, the random mover, and the engines.
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <variant>

#include "core/types.h"
#include "match/seat.h"
#include "rules/variant.h"
#include "seats/engine_seat.h"

namespace seireigi {

// Reads a seat spec: "human" (a person, whose front end submits the moves), "random" (seed 1) or
// "random:SEED".
std::variant<std::unique_ptr<Seat>, Diagnostic> make_seat(std::string_view spec);

// The same, and also "engine", "engine:LEVEL" (skill 1-20, docs/engine.md), "engine:ALGORITHM"
// and "engine:ALGORITHM:LEVEL" (brs or paranoid: the search for three or four players), which
// need the variant the engine will play, and "usi:COMMAND", an external USI engine
// (docs/protocols.md).
std::variant<std::unique_ptr<Seat>, Diagnostic> make_seat(
    std::string_view spec, const std::shared_ptr<const Variant>& variant);

// Reads "engine", "engine:LEVEL", "engine:ALGORITHM" or "engine:ALGORITHM:LEVEL" into `settings`;
// what is wrong, if anything.
std::optional<Diagnostic> read_engine_spec(std::string_view spec, EngineSeatSettings& settings);

// Whether the engine can play `variant`; if not, why (for choosing a default opponent).
bool engine_plays(const Variant& variant, std::string* why = nullptr);

}  // namespace seireigi
