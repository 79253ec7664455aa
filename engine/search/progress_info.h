// The progress line a search reports after an iteration (engine.h's Info): depth, score, nodes,
// time, nodes per second, hash use and the principal variation.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "search/score.h"
#include "search/search_limits.h"
#include "search/time_manager.h"
#include "search/transposition_table.h"

namespace seireigi::search {

// A search score as told: centipawns, or a mate distance in plies (Score::mate_in).
inline Score score_of(int score) {
    Score s;
    if (!is_mate_score(score)) {
        s.cp = score;
        return s;
    }
    s.mate = true;
    const int plies = score > 0 ? kMate - score : kMate + score;
    s.mate_in = score > 0 ? plies : -plies;
    return s;
}

struct SearchProgress {
    int depth = 0;
    int seldepth = 0;
    std::uint64_t nodes = 0;
};

inline Info progress_info(const SearchProgress& at, Score score, std::vector<Move> pv,
                          const TimeManager& time, const TranspositionTable& tt) {
    Info info;
    info.depth = at.depth;
    info.seldepth = at.seldepth;
    info.score = score;
    info.nodes = at.nodes;
    info.time_ms = time.elapsed_ms();
    info.nps = info.time_ms > 0 ? at.nodes * 1000 / static_cast<std::uint64_t>(info.time_ms) : 0;
    info.hashfull = tt.hashfull();
    info.pv = std::move(pv);
    return info;
}

}  // namespace seireigi::search
