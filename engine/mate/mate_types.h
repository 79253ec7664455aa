// What a mate solve is asked and what it answers (mate_solver.h runs it).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/types.h"
#include "mate/mate_budget.h"

namespace seireigi::mate {

// Tsume: every attacking move gives check (the problem convention). Any: the attacker may also
// play quiet moves, within a ply limit.
enum class Mode { Tsume, Any };

enum class Implementation { Auto, Fast, Generic };

inline constexpr int kShortestProven = -1;
inline constexpr std::uint64_t kShortenFloorNodes = 20000;
// An answer soon after the first mate (USI go mate, `seireigi mate --quick`).
inline constexpr int kQuickShortenEffort = 2;

struct MateOptions {
    Mode mode = Mode::Tsume;
    // The longest mate looked for, in plies (0: no limit; the any mode needs one).
    int max_plies = 0;
    // Tsume: the defender holds every piece that is neither on the board nor in the attacker's
    // hand (the variant's start position says which pieces there are).
    bool defender_holds_rest = false;
    // After the first proof, how long the search for a shorter mate (every shorter limit
    // disproven) may go on: until it ends (kShortestProven), not at all (0), or at most this many
    // times the nodes of the first proof (and at least kShortenFloorNodes, so that a mate found
    // at once is still proven shortest). A mate not proven shortest is reported as "at most".
    int shorten_effort = kShortestProven;
    std::size_t hash_mb = 64;
    std::uint64_t nodes = 0;  // 0: no limit
    int movetime_ms = 0;      // 0: no limit
    // A mate proven when the limit comes is finished (the line proven, however long that takes);
    // false: the limits hold (a player on a clock), and such a mate is reported unknown.
    bool finish_proven_mate = true;
    const std::atomic<bool>* stop = nullptr;
    std::function<void(const MateProgress&)> on_progress;
    Implementation implementation = Implementation::Auto;
    // Replay every mate with the independent verifier (mate_verifier.h) before claiming it.
    bool verify = true;
};

enum class Outcome {
    Mate,     // a forced mate, with its line
    NoMate,   // proven: no forced mate (within max_plies, where given)
    Unknown,  // the budget ran out first, or a disproof rested on a repetition
};

// The attacker's move at each position of a proof tree, by the position's Zobrist key (equal
// across position implementations): what the verifier replays.
using ProofMoves = std::unordered_map<std::uint64_t, Move>;

struct MateResult {
    Outcome outcome = Outcome::Unknown;
    // Mate: the mating line from the position (the defender resisting longest), the length in
    // plies (odd) the mate is proven within, and whether no shorter mate was proven to exist.
    // The line is `plies` long when the mate is proven shortest; otherwise it may end sooner.
    std::vector<Move> line;
    int plies = 0;
    bool shortest_proven = false;
    ProofMoves proof;
    // NoMate or Unknown: a disproof was found that rests on a repetition on its path.
    bool repetition_disproof = false;
    // Unknown: why the verifier refused the mate the solver found (a solver bug; empty if none).
    std::string unverified;
    std::uint64_t nodes = 0;
    int time_ms = 0;
    // When the first mate was proven (before the search for a shorter one): the answer a solver
    // that does not prove the shortest would give. Zero where none was proven.
    std::uint64_t first_mate_nodes = 0;
    int first_mate_ms = 0;
    std::string implementation;  // "fast" or "generic"
};

}  // namespace seireigi::mate
