// Builds the seat a command line or a record names. It sits above the engines so that every
// kind of seat can be built: a person, the random mover, and the engines.
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <variant>

#include "core/types.h"
#include "rules/variant.h"
#include "seats/engine_seat.h"
#include "seats/seat.h"

namespace seireigi {

// Reads a seat spec: "human" (a person, whose front end submits the moves), "random" (seed 1) or
// "random:SEED".
std::variant<std::unique_ptr<Seat>, Diagnostic> make_seat(std::string_view spec);

// The same, and also "engine", "engine:LEVEL" (skill 1-20, docs/engine.md), "engine:ALGORITHM"
// and "engine:ALGORITHM:LEVEL" (brs or paranoid: the search for three or four players), which
// need the variant the engine will play. These are the seat kinds that anyone may name (a web
// request, a record): none of them starts a program.
std::variant<std::unique_ptr<Seat>, Diagnostic> make_seat(
    std::string_view spec, const std::shared_ptr<const Variant>& variant);

// The same, and also "usi:COMMAND", an external USI engine (docs/protocols.md), which runs
// COMMAND. Only for the command line of the person who runs seireigi (`play --seat`); never for
// a spec that came from a file or over the network.
std::variant<std::unique_ptr<Seat>, Diagnostic> make_command_line_seat(
    std::string_view spec, const std::shared_ptr<const Variant>& variant);

// A record's seat line read as a description, never as an instruction: the seat it names when
// that is one of make_seat's kinds; otherwise (an external engine, anything unknown) our engine,
// or the random mover where the engine cannot play, and `replaced` says so for the player. An
// empty spec gives `fallback`'s seat.
std::unique_ptr<Seat> make_record_seat(std::string_view spec,
                                       const std::shared_ptr<const Variant>& variant,
                                       std::string_view fallback, std::string* replaced);

// Reads "engine", "engine:LEVEL", "engine:ALGORITHM" or "engine:ALGORITHM:LEVEL" into `settings`;
// what is wrong, if anything.
std::optional<Diagnostic> read_engine_spec(std::string_view spec, EngineSeatSettings& settings);

// Whether the engine can play `variant`; if not, why (for choosing a default opponent).
bool engine_plays(const Variant& variant, std::string* why = nullptr);

}  // namespace seireigi
