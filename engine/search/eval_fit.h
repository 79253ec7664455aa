// Fitting the evaluation to scored positions (Texel's method): the weights of EvalWeights, and
// optionally the piece values, are moved one at a time, a step up or down, while the mean
// squared difference between sigmoid(evaluation / K) and each position's target (a win
// probability) falls. K is fitted first, to the starting weights, and then held, so that the
// weights are tuned and not the scale. Works on any variant: the positions are the generic
// engine's, the weights and values are the variant's data (docs/tuning.md).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "position/generic_position.h"
#include "rules/variant.h"
#include "search/evaluation.h"

namespace seireigi::search {

// The logistic curve of the fit: the expected score of a side whose evaluation is `score`,
// with `scale` centipawns per unit of the logistic's argument.
double win_probability(double score, double scale);

struct ScoredPosition {
    std::shared_ptr<const GenericPosition> position;
    double target = 0.5;  // the side to move's expected score, 0 (loss) to 1 (win)
};

// One tunable number: an evaluation weight, or a piece type's value (its hand value follows
// as the variant derives it, 15% more: rules/piece_values.h).
struct FitParameter {
    std::string name;
    int value = 0;
    int step = 1;
    int piece_type = -1;  // for a piece value; -1 for a weight
};

// Plays out the captures of `pos` (a small quiescence search with `eval`, captures that do
// not lose by static exchange, at most `max_plies` deep) and leaves it at the end of the best
// line: a static evaluation cannot see an exchange under way, so positions are tuned where it
// has ended. Returns false (pos unchanged) if the side to move is in check.
bool settle_captures(GenericPosition& pos, const Evaluator& eval, int max_plies = 8);

class EvalFit {
  public:
    // `tune_values`: the piece values are parameters too; `tune_weights` false holds the
    // weights (`seireigi study` fits the piece values alone).
    EvalFit(std::shared_ptr<const Variant> v, std::vector<ScoredPosition> positions,
            EvalWeights start, bool tune_values, bool tune_weights = true);

    // The K that fits the starting weights best (then held).
    double fit_scale();
    double scale() const { return k_; }
    double error() const { return error_; }

    // Passes over every parameter; after each parameter, progress(pass, index, error).
    void run(int passes, const std::function<void(int, std::size_t, double)>& progress);

    const std::vector<FitParameter>& parameters() const { return params_; }
    // The parameters as a SEIREIGI_EVAL_WEIGHTS text (the weights that are parameters).
    std::string weights_text() const;

  private:
    double error_of(const std::vector<FitParameter>& params, double k) const;
    double mean_error(const std::vector<int>& evaluations, double k) const;
    std::vector<int> evaluations(const std::vector<FitParameter>& params) const;

    std::shared_ptr<const Variant> v_;
    std::vector<ScoredPosition> positions_;
    EvalWeights start_;  // what a weight that is not a parameter stays at
    std::vector<FitParameter> params_;
    double k_ = 400;
    double error_ = 0;
};

}  // namespace seireigi::search
