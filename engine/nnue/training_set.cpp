#include "nnue/training_set.h"

#include <cmath>
#include <stdexcept>
#include <unordered_set>

#include "nnue/training_data.h"

namespace seireigi::nnue {

namespace {

// The position as bytes (board, hands, mover), to recognise one seen before exactly.
std::string position_key(const PositionState& st) {
    std::string key;
    key.reserve(st.board.size() * 2 + 32);
    for (PieceCode pc : st.board) {
        key += static_cast<char>(pc & 0xFF);
        key += static_cast<char>(pc >> 8);
    }
    for (const auto& hand : st.hands)
        for (int n : hand) key += static_cast<char>(n);
    key += static_cast<char>(st.to_move);
    return key;
}

double cross_entropy(const std::vector<Sample>& samples, double scale) {
    double sum = 0;
    for (const Sample& s : samples) {
        const double r = (s.result + 1) * 0.5;
        // log(sigmoid(x)) = -log1p(exp(-x)), kept finite for large |x|.
        const double x = s.score / scale;
        const double log_p = x > 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
        const double log_q = log_p - x;  // log(1 - sigmoid(x)) = log(sigmoid(x)) - x
        sum -= r * log_p + (1 - r) * log_q;
    }
    return samples.empty() ? 0 : sum / static_cast<double>(samples.size());
}

}  // namespace

double sigmoid(double x) {
    return 1 / (1 + std::exp(-x));
}

double fit_scale(const std::vector<Sample>& samples, double* loss) {
    // A coarse scan of log K brackets the minimum, a golden-section search refines it.
    const double lo = std::log(kMinScale), hi = std::log(kMaxScale);
    constexpr int kSteps = 48;
    int best = 0;
    double best_loss = 0;
    for (int i = 0; i <= kSteps; ++i) {
        const double l = cross_entropy(samples, std::exp(lo + (hi - lo) * i / kSteps));
        if (i == 0 || l < best_loss) best = i, best_loss = l;
    }
    double a = lo + (hi - lo) * std::max(best - 1, 0) / kSteps;
    double b = lo + (hi - lo) * std::min(best + 1, kSteps) / kSteps;
    const double g = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 40; ++i) {
        const double c = b - g * (b - a), d = a + g * (b - a);
        if (cross_entropy(samples, std::exp(c)) < cross_entropy(samples, std::exp(d)))
            b = d;
        else
            a = c;
    }
    const double scale = std::exp((a + b) / 2);
    if (loss) *loss = cross_entropy(samples, scale);
    return scale;
}

TrainingSet load_training_set(const std::vector<std::filesystem::path>& folders,
                              const Variant& variant, const TrainingSetOptions& options) {
    const FeatureSet features(variant);
    TrainingSet set;
    std::unordered_set<std::string> seen;
    std::int64_t active_sum = 0;
    for (const auto& folder : folders) {
        std::error_code ec;
        if (!std::filesystem::is_directory(folder, ec))
            throw std::runtime_error(folder.string() + ": no such folder");
        const auto files = data_files(folder);
        if (files.empty())
            throw std::runtime_error(folder.string() + ": no training data (no *.data file)");
        for (const auto& file : files) {
            std::string error;
            const auto games = read_data_file(file, variant, &error);
            if (!error.empty()) throw std::runtime_error(error);
            for (const auto& game : games) {
                const bool validates =
                    options.validation_every > 0 &&
                    set.games % options.validation_every == options.validation_every - 1;
                ++set.games;
                SampleList& list = validates ? set.validation : set.train;
                for (const auto& p : game.positions) {
                    ++set.positions_read;
                    if (std::abs(p.score) >= options.score_limit) {
                        ++set.beyond_limit;
                        continue;
                    }
                    if (!seen.insert(position_key(p.state)).second) {
                        ++set.duplicates;
                        continue;
                    }
                    Sample s;
                    s.begin = list.features.size();
                    const Player mover = p.state.to_move;
                    const auto mine = features.active(p.state, mover);
                    const auto theirs = features.active(p.state, static_cast<Player>(1 - mover));
                    list.features.insert(list.features.end(), mine.begin(), mine.end());
                    list.features.insert(list.features.end(), theirs.begin(), theirs.end());
                    s.mover_count = static_cast<std::uint16_t>(mine.size());
                    s.other_count = static_cast<std::uint16_t>(theirs.size());
                    s.score = static_cast<std::int16_t>(p.score);
                    s.result = static_cast<std::int8_t>(p.result);
                    active_sum += static_cast<std::int64_t>(mine.size() + theirs.size());
                    list.samples.push_back(s);
                }
            }
        }
    }
    if (set.train.samples.empty())
        throw std::runtime_error("no position to train on (" + std::to_string(set.positions_read) +
                                 " read, " + std::to_string(set.duplicates) + " duplicates, " +
                                 std::to_string(set.beyond_limit) + " beyond the score limit)");
    const auto kept = set.train.samples.size() + set.validation.samples.size();
    set.mean_active = static_cast<double>(active_sum) / (2.0 * static_cast<double>(kept));
    set.scale = fit_scale(set.train.samples, &set.scale_loss);
    return set;
}

}  // namespace seireigi::nnue
