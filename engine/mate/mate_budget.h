// What a solve may spend: nodes, time, and a stop flag another thread may set. Asked at every
// node; the clock and the flag are read every thousand nodes or so.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>

namespace seireigi::mate {

struct MateProgress {
    std::uint64_t nodes = 0;
    int time_ms = 0;
    int permille_used = 0;  // of the mate table
};

class MateBudget {
  public:
    using Clock = std::chrono::steady_clock;

    // Zero limits are "none".
    MateBudget(std::uint64_t max_nodes, int movetime_ms, const std::atomic<bool>* stop,
               std::function<void(const MateProgress&)> on_progress)
        : max_nodes_(max_nodes),
          movetime_ms_(movetime_ms),
          stop_(stop),
          on_progress_(std::move(on_progress)) {}

    // Counts one node; false once the budget is spent (and from then on).
    bool spend() {
        ++nodes_;
        if (max_nodes_ && nodes_ >= max_nodes_) exhausted_ = true;
        if (cap_ && nodes_ >= cap_) capped_ = true;
        if ((nodes_ & 1023) == 0) poll();
        return !exhausted();
    }
    bool exhausted() const { return exhausted_ || capped_; }
    std::uint64_t nodes() const { return nodes_; }
    int elapsed_ms() const {
        return static_cast<int>(
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count());
    }
    // Lifts the node and time limits (stop still applies): to finish a line already proven.
    void extend() {
        max_nodes_ = 0;
        movetime_ms_ = 0;
        exhausted_ = stop_ && stop_->load(std::memory_order_relaxed);
    }
    // A node count that ends one phase of the solve early (the search for a shorter mate);
    // lifted, the solve goes on within the budget's own limits.
    void cap(std::uint64_t at_nodes) {
        cap_ = at_nodes;
        capped_ = nodes_ >= cap_;
    }
    void lift_cap() {
        cap_ = 0;
        capped_ = false;
    }
    void set_table_use(int permille) { permille_ = permille; }

  private:
    void poll() {
        const int ms = elapsed_ms();
        if (movetime_ms_ && ms >= movetime_ms_) exhausted_ = true;
        if (stop_ && stop_->load(std::memory_order_relaxed)) exhausted_ = true;
        if (on_progress_ && ms - last_report_ms_ >= 250) {
            last_report_ms_ = ms;
            on_progress_({nodes_, ms, permille_});
        }
    }

    std::uint64_t max_nodes_;
    int movetime_ms_;
    const std::atomic<bool>* stop_;
    std::function<void(const MateProgress&)> on_progress_;
    Clock::time_point start_ = Clock::now();
    std::uint64_t nodes_ = 0;
    std::uint64_t cap_ = 0;  // 0: none
    bool capped_ = false;
    int last_report_ms_ = 0;
    int permille_ = 0;
    bool exhausted_ = false;
};

}  // namespace seireigi::mate
