// Progress of long work on stderr, so that stdout keeps its format for scripts. On a terminal
// the line is rewritten in place; otherwise (--progress into a file or pipe) a line is written
// at most every few seconds. Permanent lines (perft --divide's root moves) stay.
#pragma once

#include <chrono>
#include <string>

namespace seireigi::cli {

class Progress {
  public:
    // `enabled`: whether to report at all (off with --quiet, or when stderr is no terminal and
    // --progress was not given).
    explicit Progress(bool enabled);
    ~Progress();
    bool enabled() const { return enabled_; }
    // A passing status ("3/30 root moves, about 12 s left").
    void show(const std::string& status);
    // A line that stays.
    void print(const std::string& line);
    // Removes the passing status.
    void clear();
    double elapsed_seconds() const;

  private:
    bool enabled_;
    bool terminal_;
    bool showing_ = false;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    // When a status line was last written (not on a terminal: the first is written at once).
    std::chrono::steady_clock::time_point last_ = start_ - std::chrono::hours(1);
};

// Whether progress should be reported: --quiet wins, --progress forces it, else on a terminal.
bool progress_wanted(bool quiet, bool forced);

// "0.4 s", "12 s", "3 min 20 s", "2.5 h", "4 days", "about 10^12 years".
std::string format_duration(double seconds);

// The estimated time left after `done` of `total` equal-looking parts took `elapsed` seconds.
std::string time_left(double elapsed, std::size_t done, std::size_t total);

}  // namespace seireigi::cli
