// SearchWorker: runs an engine search on its own thread so that a protocol session keeps
// reading commands (stop, isready, ping, quit) while the engine thinks.
//
// A job may run several searches in a row (pondering, then the real search after ponderhit) and
// may wait to be released before answering (`go infinite` must not answer before `stop`).
// A stop holds for the rest of the job: the search running now ends, and every search the job
// starts later is cut to depth 1 (it still finds a move to answer with). So a stop is never lost,
// whether it arrives before a search starts, between two searches or as one ends; a GUI that
// sends `go ponder`, `ponderhit`, `stop` at once gets its `bestmove` at once.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

#include "search/engine.h"

namespace seireigi::cli {

class SearchWorker {
  public:
    using Job = std::function<void(SearchWorker&)>;

    SearchWorker() = default;
    SearchWorker(const SearchWorker&) = delete;
    SearchWorker& operator=(const SearchWorker&) = delete;
    ~SearchWorker() { join(); }

    // Starts `job` on a new thread; a previous job must have been joined.
    void start(Job job);
    // Whether a job is running (started and not yet returned).
    bool busy() const;
    void join();

    // From the job: one search (cut to depth 1 if interrupted before it started).
    search::Result run_search(search::Engine& engine, search::Limits limits,
                              const std::function<void(const search::Info&)>& on_info);
    // From the job: waits until release() was called.
    void wait_for_release();
    // From the job, before its last answer: from now on the worker counts as idle (the job may
    // only write that answer, no more engine use), so a command sent on the answer is accepted.
    void finish();

    // From the session: lets a waiting job answer.
    void release();
    // From the session: stops the job's searches (see above); returns once the one running now
    // has ended. With `first_only`, only the job's first search is stopped (ponderhit ends the
    // pondering search, never the real one that follows).
    void interrupt(search::Engine& engine, bool first_only = false);

  private:
    std::thread thread_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    bool started_ = false;  // a job was started and not joined
    bool finished_ = false;
    bool released_ = false;
    bool stop_first_ = false;  // the job's first search is to end (ponderhit)
    bool stop_all_ = false;    // every search of the job is to end (stop)
    bool in_search_ = false;
    int searches_ = 0;
};

}  // namespace seireigi::cli
