// The positions a net is trained on: every whole game of the data folders (training_data.h)
// turned into the active features of both perspectives, with duplicates and extreme scores left
// out, games split between training and validation, and the scale that turns a search score
// into a win probability fitted to the games' results.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "nnue/feature_set.h"
#include "rules/variant.h"

namespace seireigi::nnue {

// One position: its features (the mover's perspective first, then the other's) in the set's
// feature array, the search score (centipawns for the mover) and the game's result for the mover.
struct Sample {
    std::uint64_t begin = 0;  // first feature in SampleList::features
    std::uint16_t mover_count = 0;
    std::uint16_t other_count = 0;
    std::int16_t score = 0;
    std::int8_t result = 0;
};

struct SampleList {
    std::vector<Sample> samples;
    std::vector<std::int32_t> features;
};

struct TrainingSetOptions {
    int score_limit = 3000;     // positions with |score| >= this are left out (mates, lost games)
    int validation_every = 20;  // every Nth game (by its order in the data) validates; 0: none
};

struct TrainingSet {
    SampleList train;
    SampleList validation;
    std::int64_t games = 0;
    std::int64_t positions_read = 0;
    std::int64_t duplicates = 0;    // the same board, hands and mover seen earlier
    std::int64_t beyond_limit = 0;  // |score| >= the limit
    double mean_active = 0;         // active features per perspective, on average
    double scale = 0;               // K: win probability = sigmoid(score / K)
    double scale_loss = 0;          // the cross-entropy of sigmoid(score / K) against results
};

// Reads every *.data file of `folders` (folder by folder, files by name). Throws
// std::runtime_error with the reason for a folder that does not exist, a file of another
// variant or format, or no position left to train on.
TrainingSet load_training_set(const std::vector<std::filesystem::path>& folders,
                              const Variant& variant, const TrainingSetOptions& options);

// The K in [kMinScale, kMaxScale] minimising the mean cross-entropy of sigmoid(score / K)
// against (result + 1) / 2 over `samples`; its loss in `loss`.
inline constexpr double kMinScale = 20;
inline constexpr double kMaxScale = 20000;
double fit_scale(const std::vector<Sample>& samples, double* loss = nullptr);

double sigmoid(double x);

}  // namespace seireigi::nnue
