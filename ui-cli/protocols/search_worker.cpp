#include "protocols/search_worker.h"

#include <chrono>

namespace seireigi::cli {

void SearchWorker::start(Job job) {
    join();
    {
        std::lock_guard<std::mutex> lock(mutex_);
        started_ = true;
        finished_ = false;
        released_ = false;
        stop_first_ = false;
        stop_all_ = false;
        in_search_ = false;
        searches_ = 0;
    }
    thread_ = std::thread([this, job = std::move(job)] {
        job(*this);
        std::lock_guard<std::mutex> lock(mutex_);
        finished_ = true;
    });
}

bool SearchWorker::busy() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return started_ && !finished_;
}

void SearchWorker::join() {
    if (thread_.joinable()) thread_.join();
    std::lock_guard<std::mutex> lock(mutex_);
    started_ = false;
}

search::Result SearchWorker::run_search(search::Engine& engine, search::Limits limits,
                                        const std::function<void(const search::Info&)>& on_info) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (stop_all_ || (stop_first_ && searches_ == 0)) {
            limits.infinite = false;
            limits.depth = 1;
        }
        in_search_ = true;
        ++searches_;
    }
    search::Result result = engine.search(limits, on_info);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        in_search_ = false;
    }
    changed_.notify_all();
    return result;
}

void SearchWorker::wait_for_release() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return released_; });
}

void SearchWorker::finish() {
    std::lock_guard<std::mutex> lock(mutex_);
    finished_ = true;
}

void SearchWorker::release() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        released_ = true;
    }
    changed_.notify_all();
}

void SearchWorker::interrupt(search::Engine& engine, bool first_only) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!started_) return;
    if (first_only) {
        if (searches_ > 1 || (searches_ == 1 && !in_search_)) return;
        stop_first_ = true;
    } else {
        stop_all_ = true;
    }
    if (!in_search_) return;  // the next search is cut when it starts
    const int current = searches_;
    // The engine may clear its stop flag as its search begins: repeat until the search ended.
    while (in_search_ && searches_ == current) {
        engine.stop();
        changed_.wait_for(lock, std::chrono::milliseconds(5));
    }
}

}  // namespace seireigi::cli
