#include "referee/worker_pool.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace seireigi {

void run_jobs(std::size_t count, int workers,
              const std::function<bool(int worker, std::size_t index)>& job) {
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stopped{false};
    std::mutex mutex;
    std::exception_ptr first_error;
    auto work = [&](int worker) {
        while (!stopped) {
            const std::size_t i = next.fetch_add(1);
            if (i >= count) return;
            try {
                if (!job(worker, i)) stopped = true;
            } catch (...) {
                std::lock_guard lock(mutex);
                if (!first_error) first_error = std::current_exception();
                stopped = true;
            }
        }
    };
    const int n =
        std::max(1, std::min(workers, static_cast<int>(std::min<std::size_t>(count, 4096))));
    if (n == 1) {
        work(0);
    } else {
        std::vector<std::thread> threads;
        for (int w = 0; w < n; ++w) threads.emplace_back(work, w);
        for (auto& t : threads) t.join();
    }
    if (first_error) std::rethrow_exception(first_error);
}

}  // namespace seireigi
