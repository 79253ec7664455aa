// SplitMix64's finaliser: a fixed, well-spread function of its input, for Zobrist keys and for
// seeded choices where neighbouring inputs must give unrelated outputs.
#pragma once

#include <cstdint>

namespace seireigi {

constexpr std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

}  // namespace seireigi
