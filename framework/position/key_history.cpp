#include "position/key_history.h"

#include <algorithm>

namespace seireigi {

Repetition KeyHistory::repetition(int since_ply) const {
    Repetition r;
    const int now = ply();
    const std::uint64_t key = entries_.back().key;
    for (int i = std::max(since_ply, 0); i <= now; ++i) {
        if (entries_[static_cast<std::size_t>(i)].key != key) continue;
        if (r.first_ply < 0) r.first_ply = i;
        ++r.occurrences;
    }
    r.checked_every_move.fill(true);
    for (int i = r.first_ply + 1; i <= now; ++i) {
        const Entry& e = entries_[static_cast<std::size_t>(i)];
        if (e.mover < 0) continue;
        r.moved[static_cast<std::size_t>(e.mover)] = true;
        if (!e.gave_check) r.checked_every_move[static_cast<std::size_t>(e.mover)] = false;
    }
    return r;
}

}  // namespace seireigi
