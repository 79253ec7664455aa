// The evaluation noise of the low skill levels: a fixed amount per position (its key) and seed,
// uniform in [-noise_cp, noise_cp], so that a position looks the same every time it is met.
#pragma once

#include <cstdint>

#include "core/splitmix64.h"

namespace seireigi::search {

inline int skill_noise(std::uint64_t key, std::uint64_t seed, int noise_cp) {
    if (noise_cp <= 0) return 0;
    const std::uint64_t h = splitmix64(key ^ splitmix64(seed + 0x5EED));
    return static_cast<int>(h % static_cast<std::uint64_t>(2 * noise_cp + 1)) - noise_cp;
}

}  // namespace seireigi::search
