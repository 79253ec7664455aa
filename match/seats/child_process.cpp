#include "seats/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>

namespace seireigi {

bool ChildProcess::start(const std::string& command, std::string& error) {
    kill();
    int in_pipe[2], out_pipe[2];
    if (pipe(in_pipe) != 0) {
        error = std::string("cannot create a pipe: ") + std::strerror(errno);
        return false;
    }
    if (pipe(out_pipe) != 0) {
        error = std::string("cannot create a pipe: ") + std::strerror(errno);
        close(in_pipe[0]);
        close(in_pipe[1]);
        return false;
    }
    const pid_t pid = fork();
    if (pid < 0) {
        error = std::string("cannot start a process: ") + std::strerror(errno);
        for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) close(fd);
        return false;
    }
    if (pid == 0) {
        dup2(in_pipe[0], STDIN_FILENO);
        dup2(out_pipe[1], STDOUT_FILENO);
        for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) close(fd);
        // An ignored signal stays ignored across exec: the engine gets the defaults a shell
        // would give it, whatever this program ignores.
        signal(SIGPIPE, SIG_DFL);
        signal(SIGXFSZ, SIG_DFL);
        // A process group of its own, so that kill() ends the shell and whatever it started (a
        // command may be `cd DIR && ./engine`).
        setpgid(0, 0);
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    setpgid(pid, pid);  // also here: kill() may come before the child has run
    close(in_pipe[0]);
    close(out_pipe[1]);
    // Our ends must not leak into later children (a restarted engine would keep them open).
    fcntl(in_pipe[1], F_SETFD, FD_CLOEXEC);
    fcntl(out_pipe[0], F_SETFD, FD_CLOEXEC);
    pid_ = pid;
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];
    buffer_.clear();
    return true;
}

bool ChildProcess::write_line(const std::string& line) {
    if (to_child_ < 0) return false;
    const std::string data = line + "\n";
    std::size_t done = 0;
    while (done < data.size()) {
        // MSG_NOSIGNAL is for sockets; ignore SIGPIPE around the write instead.
        struct sigaction ignore {
        }, old{};
        ignore.sa_handler = SIG_IGN;
        sigaction(SIGPIPE, &ignore, &old);
        const ssize_t n = write(to_child_, data.data() + done, data.size() - done);
        sigaction(SIGPIPE, &old, nullptr);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

ChildProcess::ReadStatus ChildProcess::read_line(std::string& line, int timeout_ms) {
    using clock = std::chrono::steady_clock;
    const auto deadline = clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
        const std::size_t newline = buffer_.find('\n');
        if (newline != std::string::npos) {
            line = buffer_.substr(0, newline);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            buffer_.erase(0, newline + 1);
            return ReadStatus::Line;
        }
        if (from_child_ < 0) return ReadStatus::Closed;
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()).count();
        if (left <= 0) return ReadStatus::Timeout;
        pollfd p{from_child_, POLLIN, 0};
        const int ready = poll(&p, 1, static_cast<int>(left));
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) return ReadStatus::Timeout;
        char chunk[4096];
        const ssize_t n = read(from_child_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            close(from_child_);
            from_child_ = -1;
            if (!buffer_.empty()) {  // a last line without a newline
                line = buffer_;
                buffer_.clear();
                return ReadStatus::Line;
            }
            return ReadStatus::Closed;
        }
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }
}

void ChildProcess::finish(int timeout_ms) {
    if (pid_ <= 0) return;
    if (to_child_ >= 0) {
        close(to_child_);
        to_child_ = -1;
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (std::chrono::steady_clock::now() < deadline) {
        if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
            pid_ = -1;
            kill();
            return;
        }
        usleep(10'000);
    }
    kill();
}

void ChildProcess::kill() {
    if (pid_ > 0) {
        ::kill(-pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }
    if (to_child_ >= 0) close(to_child_);
    if (from_child_ >= 0) close(from_child_);
    to_child_ = from_child_ = -1;
    buffer_.clear();
}

}  // namespace seireigi
