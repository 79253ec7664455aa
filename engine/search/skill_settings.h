// What a skill level changes (docs/engine.md, "Skill levels"), one definition for every search:
// a cap on the depth of the iterations, a cap on the nodes of each search and noise added to
// the evaluation. Level 20 has none of them, so it plays at whatever its limits allow.
//
// The node cap grows by a factor of two every two levels. It is the step between the upper
// levels, and being a count of nodes it makes a level equally strong on a slow machine and a
// fast one, at any time control. 256 nodes are about what a search one move deep costs in a
// quiet middle game (with fewer it would pick among the few moves it tried), so no cap is lower:
// the lowest levels are held back by the depth cap and the noise instead. The noise falls with the
// square of the distance to level 20: the lowest levels misjudge positions by up to four Pawns, the
// upper ones by a fraction of one.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "search/engine.h"

namespace seireigi::search {

struct SkillSettings {
    static constexpr int kFullStrength = 20;
    static constexpr int kWeakestNoiseCp = 400;
    static constexpr double kNodesAtLevelZero = 32;  // the cap is this times 2^(level/2) ...
    static constexpr double kFewestNodes = 256;      // ... and at least this

    int max_depth = 0;            // 0: none
    std::uint64_t max_nodes = 0;  // per search; 0: none
    int noise_cp = 0;             // the evaluation is perturbed by up to this much, per position

    // The settings of `level`, which is brought into 1..20.
    static SkillSettings of(int level) {
        if (level >= kFullStrength) return {};
        level = std::max(level, 1);
        const double nodes = std::max(kFewestNodes, kNodesAtLevelZero * std::exp2(level / 2.0));
        const double distance = double(kFullStrength - level) / (kFullStrength - 1);
        return {std::max(1, level / 2), static_cast<std::uint64_t>(std::lround(nodes)),
                static_cast<int>(std::lround(kWeakestNoiseCp * distance * distance))};
    }

    // `limits` with the node cap applied (the depth cap is the searcher's: it bounds the
    // iterations, while a depth in the limits also changes when a search stops early).
    Limits capped(Limits limits) const {
        if (max_nodes > 0)
            limits.nodes = limits.nodes ? std::min(limits.nodes, max_nodes) : max_nodes;
        return limits;
    }
};

}  // namespace seireigi::search
