// A protocol session with the built program (`seireigi usi`, `seireigi xboard`) through pipes,
// as a GUI drives it: lines sent, lines awaited with a timeout, everything read kept for the
// failure message.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "seats/child_process.h"
#include "test_support.h"

namespace seireigi::testing {

// One protocol session with the program; every line read is kept for the failure message.
class Session {
  public:
    explicit Session(const std::string& args) {
        std::string error;
        EXPECT_TRUE(process_.start(std::string(cli_path()) + " " + args, error)) << error;
    }
    void send(const std::string& line) { ASSERT_TRUE(process_.write_line(line)) << line; }
    // The first line starting with `prefix`, waiting at most `timeout_ms`; "" if none came.
    std::string expect(const std::string& prefix, int timeout_ms = 5000) {
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
        while (true) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  deadline - std::chrono::steady_clock::now())
                                  .count();
            std::string line;
            if (left <= 0 ||
                process_.read_line(line, static_cast<int>(left)) != ChildProcess::ReadStatus::Line)
                return "";
            seen_ += line + "\n";
            if (line.rfind(prefix, 0) == 0) return line;
        }
    }
    // Every line until one starting with `prefix` (included).
    std::vector<std::string> lines_until(const std::string& prefix, int timeout_ms = 5000) {
        std::vector<std::string> lines;
        const std::size_t before = seen_.size();
        expect(prefix, timeout_ms);
        std::string text = seen_.substr(before);
        for (std::size_t at = 0; at < text.size();) {
            const std::size_t nl = text.find('\n', at);
            lines.push_back(text.substr(at, nl - at));
            at = nl + 1;
        }
        return lines;
    }
    const std::string& seen() const { return seen_; }
    void finish() { process_.finish(2000); }

  private:
    ChildProcess process_;
    std::string seen_;
};

// The word after `word` in `line` ("" if `word` is not there).
inline std::string after(const std::string& line, const std::string& word) {
    const std::size_t at = line.find(word);
    if (at == std::string::npos) return "";
    const std::size_t start = at + word.size();
    return line.substr(start, line.find(' ', start) - start);
}

}  // namespace seireigi::testing
