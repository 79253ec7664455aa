#include "nnue/float_network.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/splitmix64.h"

namespace seireigi::nnue {

namespace {

// The second layer's bound: its quantised weight fits an int16 (511 x 64 = 32704), and one
// half's dot product, at most kHidden x kQuantA x 32704, fits the int32 the engine sums it in.
constexpr float kW2Limit = 511;
static_assert(kW2Limit * kQuantB <= std::numeric_limits<std::int16_t>::max());
static_assert(static_cast<double>(kHidden) * kQuantA * (kW2Limit * kQuantB) <
              std::numeric_limits<std::int32_t>::max());
// The output bias: 64 is 25,600 centipawns, beyond any score; quantised it is ~1e6, far within
// the int32 of the file.
constexpr float kB2Limit = 64;
// The first layer's bound when a variant has few pieces: a weight of 1.5 already moves a
// neuron across its whole range (0 to 1) and a half again.
constexpr float kW1Cap = 1.5F;

// A uniform number in [-1, 1) from a seed and a counter: the same on every machine.
float uniform(std::uint64_t seed, std::uint64_t i) {
    const std::uint64_t r = splitmix64(seed ^ splitmix64(i));
    return static_cast<float>(static_cast<double>(r >> 11) * 0x1.0p-52 - 1.0);
}

}  // namespace

FloatNetwork::FloatNetwork(int inputs, int most_active)
    : w1(static_cast<std::size_t>(inputs) * kHidden),
      b1(kHidden),
      w2(2 * kHidden),
      inputs_(inputs) {
    // The engine's int16 accumulator holds the bias and up to most_active features, one more
    // while a move adds a piece's new feature before it removes the old: each at most
    // limit x kQuantA + 0.5 after rounding, all of them within 32767.
    const double room = 32767.0 / (most_active + 2) - 0.5;
    w1_limit_ = std::min(kW1Cap, static_cast<float>(room / kQuantA));
}

void FloatNetwork::initialise(std::uint64_t seed, double mean_active) {
    // A sum of n weights uniform in [-a, a] spreads by a sqrt(n / 3): 0.3 around a bias of 0.5
    // leaves nearly every neuron between 0 and 1, where it learns.
    const double a = 0.3 * std::sqrt(3.0 / std::max(mean_active, 1.0));
    std::uint64_t i = 0;
    for (float& w : w1) w = static_cast<float>(a) * uniform(seed, i++);
    std::fill(b1.begin(), b1.end(), 0.5F);
    for (float& w : w2) w = 0.01F * uniform(seed, i++);
    b2 = 0;
    clip();
}

void FloatNetwork::clip() {
    for (float& w : w1) w = std::clamp(w, -w1_limit_, w1_limit_);
    for (float& w : b1) w = std::clamp(w, -w1_limit_, w1_limit_);
    for (float& w : w2) w = std::clamp(w, -kW2Limit, kW2Limit);
    b2 = std::clamp(b2, -kB2Limit, kB2Limit);
}

double FloatNetwork::output(const std::int32_t* mover, int mover_count, const std::int32_t* other,
                            int other_count, float* acc) const {
    float local[2 * kHidden];
    float* a = acc ? acc : local;
    double out = b2;
    for (int half = 0; half < 2; ++half) {
        float* h = a + half * kHidden;
        std::copy(b1.begin(), b1.end(), h);
        const std::int32_t* f = half == 0 ? mover : other;
        const int n = half == 0 ? mover_count : other_count;
        for (int k = 0; k < n; ++k) {
            const float* row = w1.data() + static_cast<std::size_t>(f[k]) * kHidden;
            for (int i = 0; i < kHidden; ++i) h[i] += row[i];
        }
        const float* w = w2.data() + half * kHidden;
        float sum = 0;
        for (int i = 0; i < kHidden; ++i) sum += std::clamp(h[i], 0.0F, 1.0F) * w[i];
        out += sum;
    }
    return out;
}

double FloatNetwork::evaluate(const PositionState& st, const FeatureSet& features) const {
    const auto mine = features.active(st, st.to_move);
    const auto theirs = features.active(st, static_cast<Player>(1 - st.to_move));
    const std::vector<std::int32_t> m(mine.begin(), mine.end()), o(theirs.begin(), theirs.end());
    return output(m.data(), static_cast<int>(m.size()), o.data(), static_cast<int>(o.size())) *
           kOutputScale;
}

std::int16_t FloatNetwork::quantise_first(float w) {
    return static_cast<std::int16_t>(std::lround(w * kQuantA));
}
std::int16_t FloatNetwork::quantise_second(float w) {
    return static_cast<std::int16_t>(std::lround(w * kQuantB));
}
std::int32_t FloatNetwork::quantise_bias2(float w) {
    return static_cast<std::int32_t>(std::lround(static_cast<double>(w) * kQuantA * kQuantB));
}

std::string FloatNetwork::write(const NetInfo& info) const {
    std::vector<std::int16_t> qb1(b1.size()), qw1(w1.size()), qw2(w2.size());
    std::transform(b1.begin(), b1.end(), qb1.begin(), quantise_first);
    std::transform(w1.begin(), w1.end(), qw1.begin(), quantise_first);
    std::transform(w2.begin(), w2.end(), qw2.begin(), quantise_second);
    NetInfo with_size = info;
    with_size.inputs = inputs_;
    with_size.hidden = kHidden;
    return Network::write(with_size, qb1, qw1, qw2, quantise_bias2(b2));
}

}  // namespace seireigi::nnue
