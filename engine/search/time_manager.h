// How long to think: a soft limit (do not start another iteration after it) and a hard limit
// (stop at once), from the search limits. Every clock a GUI sends is held: a fixed time a move,
// moves per session (XBoard's `level 40 5 0`, USI's movestogo), sudden death, an increment and
// byoyomi, each with a margin for the answer to travel through a pipe.
#pragma once

#include <chrono>

#include "search/engine.h"

namespace seireigi::search {

class TimeManager {
  public:
    using Clock = std::chrono::steady_clock;

    void start(const Limits& limits);
    int elapsed_ms() const {
        return static_cast<int>(
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count());
    }
    bool timed() const { return hard_ms_ > 0; }
    bool soft_expired() const { return timed() && elapsed_ms() >= soft_ms_; }
    bool hard_expired() const { return timed() && elapsed_ms() >= hard_ms_; }
    // The limits chosen by start() (0: untimed).
    int soft_ms() const { return soft_ms_; }
    int hard_ms() const { return hard_ms_; }

  private:
    Clock::time_point start_;
    int soft_ms_ = 0;  // 0: untimed
    int hard_ms_ = 0;
};

}  // namespace seireigi::search
