#include "search/time_manager.h"

#include <algorithm>

namespace seireigi::search {

namespace {
// Time kept back for the answer to travel (pipes, a GUI).
constexpr int kOverheadMs = 30;
}  // namespace

void TimeManager::start(const Limits& limits) {
    start_ = Clock::now();
    soft_ms_ = hard_ms_ = 0;
    if (limits.infinite) return;
    if (limits.movetime_ms > 0) {
        soft_ms_ = hard_ms_ = std::max(1, limits.movetime_ms - kOverheadMs / 3);
        return;
    }
    if (limits.time_ms < 0) return;
    const int moves_left = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, 40) : 35;
    const int bank = std::max(0, limits.time_ms - kOverheadMs);
    // Byoyomi is spent anyway, so it is the base of every move; the bank is spread over the
    // expected moves left, with the increment added.
    int soft = bank / moves_left + limits.increment_ms * 3 / 4 + limits.byoyomi_ms;
    int hard = std::min(bank / 3 + limits.byoyomi_ms, soft * 4);
    if (limits.byoyomi_ms > 0) hard = std::max(hard, limits.byoyomi_ms - kOverheadMs);
    hard = std::max(1, std::min(hard, bank + limits.byoyomi_ms - kOverheadMs));
    soft_ms_ = std::max(1, std::min(soft, hard));
    hard_ms_ = std::max(soft_ms_, hard);
}

}  // namespace seireigi::search
