// Runs `seireigi serve` as a person would (a child process on a free port with its own data
// folder) and talks to it over plain sockets, as a browser or a careless client would: whole
// requests, requests cut short, connections left open.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <regex>
#include <string>
#include <thread>

#include "test_support.h"

namespace seireigi::testing {

struct HttpReply {
    int status = 0;  // 0: no answer (the connection closed or timed out)
    std::string head;
    std::string body;
};

// A TCP connection to 127.0.0.1:port; -1 if it cannot be made.
inline int connect_local(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

inline bool send_all(int fd, const std::string& data) {
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::send(fd, data.data() + done, data.size() - done, MSG_NOSIGNAL);
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// Reads one answer (its head and a body of Content-Length bytes) or until the connection
// closes or `timeout` passes.
inline HttpReply read_reply(int fd, std::chrono::milliseconds timeout) {
    using clock = std::chrono::steady_clock;
    const auto deadline = clock::now() + timeout;
    std::string data;
    HttpReply r;
    std::size_t want = std::string::npos;
    for (;;) {
        const std::size_t end = data.find("\r\n\r\n");
        if (end != std::string::npos && want == std::string::npos) {
            r.head = data.substr(0, end);
            std::smatch m;
            if (std::regex_search(r.head, m,
                                  std::regex("Content-Length: *([0-9]+)", std::regex::icase)))
                want = end + 4 + std::stoul(m[1]);
        }
        if (want != std::string::npos && data.size() >= want) break;
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()).count();
        if (left < 0) break;  // 0: one look at what has come, without waiting
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left)) <= 0) break;
        char buffer[65536];
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) break;
        data.append(buffer, static_cast<std::size_t>(n));
    }
    const std::size_t end = data.find("\r\n\r\n");
    if (end == std::string::npos) return r;
    r.head = data.substr(0, end);
    r.body = data.substr(end + 4);
    std::smatch m;
    if (std::regex_search(r.head, m, std::regex("^HTTP/1\\.[01] ([0-9]{3})")))
        r.status = std::stoi(m[1]);
    return r;
}

// The value of "key": NUMBER or "key": "TEXT" in a JSON answer ("" if absent); enough for the
// flat fields the tests read.
inline std::string json_field(const std::string& json, const std::string& key) {
    const std::string quoted = "\"" + key + "\":";
    const std::size_t at = json.find(quoted);
    if (at == std::string::npos) return "";
    std::size_t i = at + quoted.size();
    if (i < json.size() && json[i] == '"') {
        std::string out;
        for (++i; i < json.size() && json[i] != '"'; ++i) {
            if (json[i] == '\\' && i + 1 < json.size()) ++i;
            out += json[i];
        }
        return out;
    }
    const std::size_t stop = json.find_first_of(",}]", i);
    return json.substr(i, stop - i);
}

// `text` as a value of an application/x-www-form-urlencoded body (every byte but letters and
// digits as %XX, as a browser's URLSearchParams would send newlines and kanji).
inline std::string form_value(const std::string& text) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c)) {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

// `seireigi serve --port 0 --data-dir DIR EXTRA`, run by the shell after `shell_prefix` (such as
// "ulimit -f 0; "); its standard output and error are collected.
class ServeProcess {
  public:
    ServeProcess(const std::filesystem::path& data_dir, const std::string& extra = "",
                 const std::string& shell_prefix = "") {
        int out[2];
        if (::pipe2(out, O_CLOEXEC) != 0) return;
        const std::string command = shell_prefix + "exec '" + std::string(cli_path()) +
                                    "' serve --port 0 --data-dir '" + data_dir.string() + "' " +
                                    extra;
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(out[1], STDOUT_FILENO);
            ::dup2(out[1], STDERR_FILENO);
            ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ::close(out[1]);
        reader_ = std::thread([this, fd = out[0]] {
            char buffer[4096];
            ssize_t n;
            while ((n = ::read(fd, buffer, sizeof buffer)) > 0) {
                std::lock_guard lock(mutex_);
                output_.append(buffer, static_cast<std::size_t>(n));
            }
            ::close(fd);
        });
        const std::regex address("http://(127\\.0\\.0\\.1:([0-9]+))/");
        for (int i = 0; i < 400 && port_ == 0; ++i) {
            std::smatch m;
            const std::string text = output();
            if (std::regex_search(text, m, address)) {
                host_ = m[1];
                port_ = std::stoi(m[2]);
            } else {
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
        }
    }
    ~ServeProcess() { stop(); }
    ServeProcess(const ServeProcess&) = delete;
    ServeProcess& operator=(const ServeProcess&) = delete;

    int port() const { return port_; }
    const std::string& host() const { return host_; }
    std::string output() const {
        std::lock_guard lock(mutex_);
        return output_;
    }
    // Whether the server still runs (it was not ended by a signal or an error).
    bool alive() {
        if (pid_ <= 0 || exited_) return false;
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            exited_ = true;
            status_ = status;
            return false;
        }
        return true;
    }
    // How it ended, as waitpid's status; -1 while it runs.
    int status() const { return exited_ ? status_ : -1; }
    // Ends the server at once, as a power cut or `kill -9` would: nothing is saved on the way out.
    void kill() { end_with(SIGKILL); }
    void stop() { end_with(SIGTERM); }

    // One request on a connection of its own (closed after it): `head_lines` are extra header
    // lines, each ending in "\r\n".
    HttpReply request(const std::string& method, const std::string& target,
                      const std::string& body = "", const std::string& head_lines = "",
                      std::chrono::milliseconds timeout = std::chrono::seconds(60)) const {
        const int fd = connect_local(port_);
        if (fd < 0) return {};
        std::string text = method + " " + target + " HTTP/1.1\r\nHost: " + host_ +
                           "\r\nConnection: close\r\n" + head_lines;
        if (!body.empty() || method == "POST")
            text += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " +
                    std::to_string(body.size()) + "\r\n";
        text += "\r\n" + body;
        HttpReply r;
        if (send_all(fd, text)) r = read_reply(fd, timeout);
        ::close(fd);
        return r;
    }
    HttpReply get(const std::string& target) const { return request("GET", target); }
    // The token of the page, which requests that change the game carry.
    const std::string& token() {
        if (token_.empty()) {
            std::smatch m;
            const std::string page = get("/").body;
            if (std::regex_search(page, m, std::regex("seireigi-token\" content=\"([0-9a-f]+)\"")))
                token_ = m[1];
        }
        return token_;
    }
    // A form POST with the page's token.
    HttpReply post(const std::string& target, const std::string& form) {
        return request("POST", target, form, "X-Seireigi-Token: " + token() + "\r\n");
    }

  private:
    void end_with(int signal) {
        if (pid_ > 0 && alive()) {
            ::kill(pid_, signal);
            ::waitpid(pid_, &status_, 0);
            exited_ = true;
        }
        if (reader_.joinable()) reader_.join();
    }

    pid_t pid_ = -1;
    int port_ = 0;
    std::string host_;
    std::string token_;
    bool exited_ = false;
    int status_ = -1;
    mutable std::mutex mutex_;
    std::string output_;
    std::thread reader_;
};

}  // namespace seireigi::testing
