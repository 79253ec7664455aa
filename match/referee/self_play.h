// Self-play games for training data (docs/training.md): the engine plays itself at a fixed
// number of nodes (or depth) a move from varied openings, and every position worth learning
// from is kept with the search's score and the game's result.
//
// Game number i of a run is decided by (seed, i) alone: its opening (a few random legal plies,
// then a few moves sampled among those the search scores near the best) and, with a fresh
// engine per game, every move after. So a run split into shards (`--shard I/N`: the games
// i = I, I + N, ...), or killed and continued, writes the same games as one run.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "nnue/training_data.h"
#include "rules/variant.h"
#include "search/engine.h"

namespace seireigi::training {

struct SelfPlaySettings {
    std::uint64_t nodes = 0;  // per move (0: by depth)
    int depth = 0;
    std::uint64_t seed = 1;
    int random_plies_min = 2;  // uniform random legal plies at the start ...
    int random_plies_max = 8;
    int sampled_plies = 8;      // ... then moves drawn among the near-best
    int sample_margin_cp = 60;  // "near": within this of the best score
    int sample_lines = 4;       // how many of the best moves are looked at
    int max_plies = 320;        // longer games end as draws (the impasse rule rarely ends them)
    search::Options engine;     // the engine's options (evaluation, hash, implementation)
};

// What a game kept, and how it went.
struct SelfPlayGame {
    nnue::TrainingGame data;
    int plies = 0;
    int searched = 0;  // positions searched after the opening (kept or filtered out)
    std::string end;   // how it ended, in words
};

// Plays game number `index`. Throws std::invalid_argument when the engine cannot play the
// variant.
SelfPlayGame play_self_play_game(const std::shared_ptr<const Variant>& variant,
                                 const SelfPlaySettings& settings, std::uint32_t index);

}  // namespace seireigi::training
