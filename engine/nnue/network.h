// The evaluation network (NNUE): a position's active features (feature_set.h) summed into one
// accumulator per perspective, which a position can keep up to date as pieces move; then
// clipped, the mover's half first, into one output neuron.
//
//   accumulator[q] = bias1 + sum over active features f of q: weights1[f]      (kHidden int16)
//   score          = (bias2 + sum_i w2[i] * clip(acc[mover][i]) + w2[kHidden + i] *
//   clip(acc[other][i]))
//                    * kOutputScale / (kQuantA * kQuantB)   centipawns for the player to move
//
// with clip(x) = min(max(x, 0), kQuantA). The file format (docs/training.md) is versioned and
// carries a header naming the variant fingerprint, the feature set, the data and the trainer that
// made it; a file that is not whole, not this format or not for the variant is refused with the
// reason, and the engine then keeps the hand-written evaluation.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/types.h"
#include "nnue/feature_set.h"
#include "rules/variant.h"

namespace seireigi::nnue {

inline constexpr int kHidden = 256;
inline constexpr int kQuantA = 255;       // the accumulator's unit: 1.0 of the float net
inline constexpr int kQuantB = 64;        // the output weights' unit
inline constexpr int kOutputScale = 400;  // the float net's output 1.0, in centipawns
inline constexpr std::uint32_t kFormatVersion = 1;

// One accumulator per perspective (player 0 and 1), aligned for the vector instructions.
struct alignas(64) Accumulator {
    std::array<std::array<std::int16_t, kHidden>, 2> values;
};

// Which instructions the network's loops use: the best the processor has, or one chosen (tests
// run every path the processor can).
enum class Simd { Auto, Portable, Avx2, Avx512 };
void set_simd(Simd s);
Simd active_simd();
bool simd_available(Simd s);
const char* simd_name(Simd s);

// What a net file says about itself.
struct NetInfo {
    std::string variant;            // the variant's name
    std::uint64_t fingerprint = 0;  // the variant's rules fingerprint (variant_fingerprint.h)
    std::string features = FeatureSet::kName;
    int inputs = 0;
    int hidden = kHidden;
    std::string data;     // which data trained it (free text)
    std::string trainer;  // the trainer's settings (free text)
    std::string commit;   // the program's commit that trained it
};

class Network {
  public:
    // The network in `bytes` (a net file named `source`) for `variant`, or why it cannot be used.
    static std::variant<std::shared_ptr<const Network>, Diagnostic> load(std::string_view bytes,
                                                                         const Variant& variant,
                                                                         std::string source = "");
    // A net file's bytes from quantised weights (the trainer's export).
    static std::string write(const NetInfo& info, const std::vector<std::int16_t>& bias1,
                             const std::vector<std::int16_t>& weights1,
                             const std::vector<std::int16_t>& weights2, std::int32_t bias2);

    const NetInfo& info() const { return info_; }
    const FeatureSet& features() const { return features_; }
    std::size_t file_size() const { return file_size_; }
    const std::string& source() const { return source_; }
    // "NNUE variants/seireigi.nnue (1.2 MB)": what a search says it evaluates with.
    std::string describe() const;

    // The accumulator of perspective q computed from the active features.
    void refresh(Accumulator& acc, Player q, const std::vector<int>& active) const;
    void add_feature(Accumulator& acc, Player q, int feature) const;
    void remove_feature(Accumulator& acc, Player q, int feature) const;
    // The score in centipawns for `mover`.
    int evaluate(const Accumulator& acc, Player mover) const;
    // The same from scratch, for positions that keep no accumulator.
    int evaluate(const PositionState& st) const;

  private:
    Network(NetInfo info, const Variant& v) : info_(std::move(info)), features_(v) {}
    NetInfo info_;
    FeatureSet features_;
    std::size_t file_size_ = 0;
    std::string source_;
    std::vector<std::int16_t> bias1_;     // kHidden
    std::vector<std::int16_t> weights1_;  // inputs x kHidden, by feature
    std::vector<std::int16_t> weights2_;  // 2 x kHidden: the mover's half, then the other's
    std::int32_t bias2_ = 0;
};

}  // namespace seireigi::nnue
