// SeatSpec: who sits in a seat, as a command line, a record or a web request writes it, read in
// one place for every command (docs/match.md lists the grammar):
//
//   human                  a person, whose front end submits the moves
//   random[:SEED]          the seeded random mover
//   engine[:brs|paranoid][:LEVEL][,hash=MB][,position=fast|generic][,eval=nnue|classical]
//         [,evalfile=FILE] our engine: the search for three or four players, skill 1-20, its
//                          hash, which position it searches on, which evaluation
//   usi:COMMAND            an external USI engine, which runs COMMAND
//
// A spec from anyone (a web request, a record) may name a person, the random mover and the
// engine at a level and evaluation; what starts a program (usi:), reads a file (evalfile=) or
// takes memory (hash=) comes only from the command line of the person who runs seireigi.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "core/types.h"
#include "search/engine.h"

namespace seireigi {

// The engine's transposition table when the spec names none.
inline constexpr int kDefaultSeatHashMb = 16;

struct SeatSpec {
    enum class Kind : std::uint8_t { Person, Random, Engine, Usi };
    Kind kind = Kind::Engine;
    std::uint64_t seed = 1;  // the random mover's
    int level = 20;
    search::MultiPlayerAlgorithm algorithm = search::MultiPlayerAlgorithm::BestReplyPlus;
    bool algorithm_named = false;  // written back only where the spec named it
    int hash_mb = kDefaultSeatHashMb;
    search::Implementation implementation = search::Implementation::Auto;
    // "" (the variant's default network or the hand-written evaluation, nnue::default_network),
    // "nnue" (the variant's network, or eval_file) or "classical".
    std::string eval;
    std::string eval_file;
    std::string command;  // usi:COMMAND

    // The spec written back, settings in the order above: "engine:paranoid:5,eval=classical".
    std::string text() const;
};

enum class SpecSource : std::uint8_t {
    Anyone,            // a web request, a record: nothing that starts a program or reads a file
    LocalCommandLine,  // the person who runs seireigi: every kind and setting
};

// Reads `text`; the Diagnostic says what is wrong and what is allowed.
std::variant<SeatSpec, Diagnostic> read_seat_spec(std::string_view text, SpecSource source);

}  // namespace seireigi
