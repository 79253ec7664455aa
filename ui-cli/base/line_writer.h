// LineWriter: whole lines to a protocol peer from several threads (the reader answers commands
// while a search thread sends its progress and its move), flushed at once so a GUI never waits.
#pragma once

#include <mutex>
#include <ostream>
#include <string>

namespace seireigi::cli {

class LineWriter {
  public:
    explicit LineWriter(std::ostream& out) : out_(out) {}
    void send(const std::string& line) {
        std::lock_guard<std::mutex> lock(mutex_);
        out_ << line << '\n' << std::flush;
    }

  private:
    std::ostream& out_;
    std::mutex mutex_;
};

}  // namespace seireigi::cli
