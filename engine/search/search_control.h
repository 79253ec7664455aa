// What a search keeps about its own run: the limits, the clock, the nodes counted, the deepest
// ply reached, and the stop flag that stop() sets from another thread. It says when to stop:
// when asked, at the node limit, or past the hard time limit (the clock is read every 1024
// nodes); once it says stop, it keeps saying so until the next start().
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "search/score.h"
#include "search/search_limits.h"
#include "search/time_manager.h"

namespace seireigi::search {

struct SearchControl {
    Limits limits;
    TimeManager time;
    std::uint64_t nodes = 0;
    int seldepth = 0;
    std::atomic<bool> stop{false};

    void start(const Limits& l) {
        limits = l;
        stop = false;
        nodes = 0;
        seldepth = 0;
        time.start(l);
    }
    // Counts a node at `ply`.
    void enter(int ply) {
        ++nodes;
        seldepth = std::max(seldepth, ply);
    }
    bool must_stop() {
        if (stop.load(std::memory_order_relaxed)) return true;
        if ((limits.nodes && nodes >= limits.nodes) ||
            ((nodes & 1023) == 0 && time.hard_expired())) {
            stop = true;
            return true;
        }
        return false;
    }
    // The deepest iteration: the limits' depth, below a skill level's cap (0: none), within the
    // plies a search can hold.
    int max_depth(int skill_cap) const {
        int d = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 8) : kMaxPly - 8;
        return skill_cap > 0 ? std::min(d, skill_cap) : d;
    }
    // The figures of a finished run.
    void finish(Result& result) const {
        result.nodes = nodes;
        result.time_ms = time.elapsed_ms();
    }
};

}  // namespace seireigi::search
