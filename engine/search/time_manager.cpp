#include "search/time_manager.h"

#include <algorithm>

namespace seireigi::search {

namespace {
// Time kept back from a clock for the answer to reach the GUI (a pipe, a loaded machine).
constexpr int kOverheadMs = 50;
// Kept back from a fixed time a move, which tools measure without a pipe in between.
constexpr int kMovetimeOverheadMs = 10;
// Sudden death (no moves to go): the clock is spread as if this many moves were left.
constexpr int kSuddenDeathMoves = 40;
}  // namespace

void TimeManager::start(const Limits& limits) {
    start_ = Clock::now();
    soft_ms_ = hard_ms_ = 0;
    if (limits.infinite) return;
    if (limits.movetime_ms > 0) {
        soft_ms_ = hard_ms_ = std::max(1, limits.movetime_ms - kMovetimeOverheadMs);
        return;
    }
    if (limits.time_ms < 0) return;
    const int moves_left = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, kSuddenDeathMoves)
                                                  : kSuddenDeathMoves;
    const int bank = std::max(0, limits.time_ms - kOverheadMs);
    // Byoyomi is lost if unused, so all of it is this move's, less the margin (at most half).
    const int byoyomi = limits.byoyomi_ms > 0
                            ? std::max(limits.byoyomi_ms / 2, limits.byoyomi_ms - kOverheadMs)
                            : 0;
    // This move's share: its part of the clock, the increment it gets back, its byoyomi.
    const long long share =
        static_cast<long long>(bank / moves_left) + std::max(0, limits.increment_ms) + byoyomi;
    // Never more than twice the share, nor most of the clock: the last move of a session may
    // use three quarters of it, any other half (the increment is only paid after the move).
    const long long most_of_bank = moves_left == 1 ? bank * 3LL / 4 : bank / 2;
    const long long hard = std::min(2 * share, most_of_bank + byoyomi);
    // An iteration takes about as long as all before it: one started after 60% of the share
    // would likely end past it.
    const long long soft = std::min(share * 6 / 10, hard);
    hard_ms_ = static_cast<int>(std::clamp<long long>(hard, 1, 1'000'000'000));
    soft_ms_ = static_cast<int>(std::clamp<long long>(soft, 1, hard_ms_));
}

}  // namespace seireigi::search
