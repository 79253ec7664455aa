// Builds the seat a spec names (seat_spec.h: the one grammar). It sits above the engines so that
// every kind of seat can be built: a person, the random mover, our engine, an external engine.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/types.h"
#include "rules/variant.h"
#include "seats/seat.h"
#include "seats/seat_spec.h"

namespace seireigi {

// The seat `spec` names, in `variant`; an external engine gets `usi_options` (NAME=VALUE each)
// after its handshake. The Diagnostic says why not (the engine cannot play the variant, its
// network is not there, an option is malformed).
std::variant<std::unique_ptr<Seat>, Diagnostic> make_seat(
    const SeatSpec& spec, const std::shared_ptr<const Variant>& variant,
    const std::vector<std::string>& usi_options = {});

// Reads a spec from anyone (a web request, a record: SpecSource::Anyone) and builds its seat.
std::variant<std::unique_ptr<Seat>, Diagnostic> make_seat(
    std::string_view spec, const std::shared_ptr<const Variant>& variant);

// The same without a variant: a person or the random mover only.
std::variant<std::unique_ptr<Seat>, Diagnostic> make_seat(std::string_view spec);

// Reads a spec from the command line of the person who runs seireigi (every kind: usi:COMMAND
// too) and builds its seat.
std::variant<std::unique_ptr<Seat>, Diagnostic> make_command_line_seat(
    std::string_view spec, const std::shared_ptr<const Variant>& variant,
    const std::vector<std::string>& usi_options = {});

// A record's seat line read as a description, never as an instruction: the seat it names when
// anyone may name it; otherwise (an external engine, anything unknown) our engine, or the random
// mover where the engine cannot play, and `replaced` says so for the player. An empty spec gives
// `fallback`'s seat.
std::unique_ptr<Seat> make_record_seat(std::string_view spec,
                                       const std::shared_ptr<const Variant>& variant,
                                       std::string_view fallback, std::string* replaced);

// Whether the engine can play `variant`; if not, why (for choosing a default opponent).
bool engine_plays(const Variant& variant, std::string* why = nullptr);

}  // namespace seireigi
