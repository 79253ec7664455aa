// The trainer: fits a FloatNetwork to a TrainingSet with Adam on mini-batches, each batch split
// over threads that keep their own gradients (sparse in the first layer: only the rows of the
// features the batch saw), summed in thread order, so that a run is the same for the same seed
// and thread count.
//
//   target     t = lambda * sigmoid(score / K) + (1 - lambda) * (result + 1) / 2
//   prediction p = sigmoid(cp / K),   loss = mean (p - t)^2
//
// with K the set's fitted scale (training_set.h). docs/training.md, "Trainer".
#pragma once

#include <cstdint>
#include <string>

#include "nnue/float_network.h"
#include "nnue/training_set.h"

namespace seireigi::nnue {

struct TrainerOptions {
    int epochs = 10;
    int threads = 1;
    double lambda = 0.5;    // the search score's weight in the target; the rest is the result
    double lr = 1e-3;       // Adam's step in the first epoch
    double lr_decay = 0.9;  // the step's factor from one epoch to the next
    std::uint64_t seed = 1;
    int batch = 16384;
    // The settings as text, for a net file's header.
    std::string describe() const;
};

struct EpochReport {
    int epoch = 0;                // from 1
    double train_loss = 0;        // mean over the epoch's batches, before each step
    double validation_loss = -1;  // after the epoch; -1 with no validation positions
    double seconds = 0;
    double positions_per_second = 0;
    double lr = 0;
};

class Trainer {
  public:
    // `set` must outlive the trainer. `most_active`: see FloatNetwork.
    Trainer(const TrainingSet& set, int inputs, int most_active, const TrainerOptions& options);

    EpochReport run_epoch();
    // The loss of the current net over `list` (forward only).
    double loss(const SampleList& list) const;
    // The target of a sample (the formula above).
    double target(const Sample& s) const;

    const FloatNetwork& network() const { return net_; }
    int epochs_done() const { return epoch_; }

  private:
    struct Gradients;
    const TrainingSet& set_;
    TrainerOptions options_;
    FloatNetwork net_;
    std::vector<float> m_, v_;  // Adam's moments, all weights in one run: w1, b1, w2, b2
    std::int64_t steps_ = 0;
    int epoch_ = 0;
};

// The most features one perspective of a position of `variant` can have: one per piece of the
// start position (on the board or in a hand).
int most_active_features(const Variant& variant);

}  // namespace seireigi::nnue
