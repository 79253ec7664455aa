// Piece values fitted from a study's own games, by the method of `seireigi tune --values`
// (search/eval_fit.h, Texel's method with the game results as targets): the positions of every
// game (from ply 8, every third ply, a position in check left out, captures played out) are
// scored by the evaluation, whose piece values move until the predicted scores fit the results
// best; the evaluation's other weights are held. The 95% interval comes from a bootstrap over
// games: the fit is repeated on games drawn with replacement, and the interval is the fitted
// value ± 1.96 times the standard deviation of the repeats. Two players only (the evaluation
// scores a position for one side against one other).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "study/study_records.h"

namespace seireigi {

struct FittedValue {
    std::string id;
    std::string name;
    int file_value = 0;  // the variant files' value (centipawns, Pawn = 100)
    int fitted = 0;      // fitted on every game
    double spread = 0;   // standard deviation over the bootstrap repeats
    double low = 0;      // the 95% interval (equal to `fitted` without repeats)
    double high = 0;
    int positions = 0;  // fitted positions in which the piece stood on the board or in hand
};

struct PieceValueFit {
    int games = 0;
    int positions = 0;
    int resamples = 0;                // bootstrap repeats
    double scale = 0;                 // the fitted logistic scale K (centipawns)
    std::vector<FittedValue> values;  // every non-royal face, in the variant's order
};

// Which positions of a game are fitted: from this ply, every `kFitEvery`-th.
inline constexpr int kFitFromPly = 8;
inline constexpr int kFitEvery = 3;

// Fits the values on `games` (two players), then `resamples` bootstrap repeats (seeded, so that
// the same games give the same interval); `progress(done, resamples)` after each repeat.
PieceValueFit fit_piece_values(const StudyGames& games, int resamples,
                               const std::function<void(int, int)>& progress);

}  // namespace seireigi
