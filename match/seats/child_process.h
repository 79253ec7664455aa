// ChildProcess: another program run through a shell command, talked to by lines on its standard
// input and output (its standard error is passed through). Reading waits at most a given time,
// so a silent or hung program never hangs us; the end of its output means it has exited.
// POSIX only.
#pragma once

#include <sys/types.h>
#include <string>

namespace seireigi {

class ChildProcess {
  public:
    enum class ReadStatus { Line, Timeout, Closed };

    ChildProcess() = default;
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;
    ~ChildProcess() { kill(); }

    // Runs `command` with /bin/sh (in a process group of its own); false with `error` set if it
    // cannot be started.
    bool start(const std::string& command, std::string& error);
    bool running() const { return pid_ > 0; }
    // Sends one line; false if the program no longer reads (it has exited).
    bool write_line(const std::string& line);
    // The next line of output (without the newline), waiting at most `timeout_ms`.
    ReadStatus read_line(std::string& line, int timeout_ms);
    // Ends the program and all it started (SIGKILL to its process group) and reaps it.
    void kill();
    // Waits up to `timeout_ms` for the program to exit by itself, then kills it.
    void finish(int timeout_ms);

  private:
    pid_t pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_;
};

}  // namespace seireigi
