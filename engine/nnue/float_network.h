// The trainer's network in floating point: the same computation as the quantised network
// (network.h) with real weights, so that a trained net exports by rounding alone.
//
//   acc[q] = b1 + sum over active features f of perspective q: w1[f]     (q = mover, other)
//   h[q]   = clamp(acc[q], 0, 1)                                         (1.0 = kQuantA)
//   out    = b2 + w2[0, H) . h[mover] + w2[H, 2H) . h[other]
//   cp     = out * kOutputScale
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "nnue/network.h"
#include "position/position_state.h"

namespace seireigi::nnue {

class FloatNetwork {
  public:
    // `inputs`: the feature set's size; `most_active`: the most features one perspective of a
    // position of the variant can have at once (its pieces), which bounds the first layer.
    FloatNetwork(int inputs, int most_active);

    // Small random weights from `seed`; `mean_active` (features per perspective) sizes them so
    // that the accumulators start inside the clipped ReLU's linear range.
    void initialise(std::uint64_t seed, double mean_active);
    // Keeps every weight where its quantised form cannot overflow (the bounds in the .cpp).
    void clip();

    // The output (before kOutputScale) from both perspectives' features; the accumulators in
    // `acc` (2 * kHidden: the mover's, then the other's) when given.
    double output(const std::int32_t* mover, int mover_count, const std::int32_t* other,
                  int other_count, float* acc = nullptr) const;
    // Centipawns for the player to move, from scratch.
    double evaluate(const PositionState& st, const FeatureSet& features) const;

    // The quantised weights in the net file format (Network::write).
    std::string write(const NetInfo& info) const;

    int inputs() const { return inputs_; }
    float w1_limit() const { return w1_limit_; }

    // The weights, open to the trainer's optimiser and the tests.
    std::vector<float> w1;  // inputs x kHidden, by feature
    std::vector<float> b1;  // kHidden
    std::vector<float> w2;  // 2 x kHidden: the mover's half, then the other's
    float b2 = 0;

    // How a weight of each layer is stored in the file.
    static std::int16_t quantise_first(float w);   // w1, b1: x kQuantA
    static std::int16_t quantise_second(float w);  // w2: x kQuantB
    static std::int32_t quantise_bias2(float w);   // b2: x kQuantA x kQuantB

  private:
    int inputs_;
    float w1_limit_;
};

}  // namespace seireigi::nnue
