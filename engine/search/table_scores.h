// Scores in the transposition table: mate scores count plies from the root, the table counts
// them from the node (so that an entry serves the same position reached at another ply); and
// when an entry, or a finished node, bounds the value from below or above or gives it exactly.
#pragma once

#include "search/score.h"
#include "search/transposition_table.h"

namespace seireigi::search {

constexpr int score_to_table(int score, int ply) {
    if (score >= kMateBound) return score + ply;
    if (score <= -kMateBound) return score - ply;
    return score;
}

constexpr int score_from_table(int score, int ply) {
    if (score >= kMateBound) return score - ply;
    if (score <= -kMateBound) return score + ply;
    return score;
}

// Whether an entry with `score` (from score_from_table) settles a node searched `depth` deep in
// the window (alpha, beta).
inline bool entry_settles(const TTEntry& e, int score, int depth, int alpha, int beta) {
    return e.depth >= depth &&
           (e.bound == Bound::Exact || (e.bound == Bound::Lower && score >= beta) ||
            (e.bound == Bound::Upper && score <= alpha));
}

// What `best` says of a node searched in the window (alpha, beta) it was entered with.
constexpr Bound bound_of(int best, int alpha, int beta) {
    return best >= beta ? Bound::Lower : best <= alpha ? Bound::Upper : Bound::Exact;
}

}  // namespace seireigi::search
