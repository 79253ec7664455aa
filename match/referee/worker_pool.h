// Runs numbered jobs on a few threads at once (`--concurrency N`: games of a match or of
// self-play, one engine a core): each free thread takes the next job. A job that returns false,
// or throws, stops the handing out of further jobs; the jobs under way finish, and the first
// exception is thrown again once every thread has stopped.
#pragma once

#include <cstddef>
#include <functional>

namespace seireigi {

// `job(worker, index)` for index 0 .. count - 1; `worker` (0 .. workers - 1) names the thread, so
// that each thread can use its own players.
void run_jobs(std::size_t count, int workers,
              const std::function<bool(int worker, std::size_t index)>& job);

}  // namespace seireigi
