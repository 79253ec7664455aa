#include "web/http_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "web/game_json.h"

namespace seireigi::web {

namespace {

using clock = std::chrono::steady_clock;

// How long a closing connection's input is read and dropped after its answer.
constexpr std::chrono::seconds kDrainTime{2};

// Enough for every connection the limits allow, where the system lets the process have it.
std::size_t raise_descriptor_limit(std::size_t wanted) {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
    if (limit.rlim_cur < wanted && limit.rlim_cur != RLIM_INFINITY) {
        limit.rlim_cur = std::min<rlim_t>(wanted, limit.rlim_max);
        ::setrlimit(RLIMIT_NOFILE, &limit);
        ::getrlimit(RLIMIT_NOFILE, &limit);
    }
    return limit.rlim_cur == RLIM_INFINITY ? wanted : static_cast<std::size_t>(limit.rlim_cur);
}

std::size_t line_count(const std::string& text) {
    std::size_t lines = 0;
    for (std::size_t at = text.find("\r\n"); at != std::string::npos;
         at = text.find("\r\n", at + 2))
        ++lines;
    return lines;
}

// A peer's address as text ("127.0.0.1", "::1"): what one client is counted by.
std::string peer_address(const sockaddr_storage& peer) {
    char text[INET6_ADDRSTRLEN] = {};
    const void* address = nullptr;
    if (peer.ss_family == AF_INET)
        address = &reinterpret_cast<const sockaddr_in*>(&peer)->sin_addr;
    else if (peer.ss_family == AF_INET6)
        address = &reinterpret_cast<const sockaddr_in6*>(&peer)->sin6_addr;
    if (!address || !inet_ntop(peer.ss_family, address, text, sizeof text)) return "";
    return text;
}

HttpResponse error_response(int status, const std::string& message) {
    HttpResponse r;
    r.status = status;
    r.body = error_json(message);
    r.set_header("Cache-Control", "no-store");
    return r;
}

}  // namespace

struct HttpServer::Connection {
    // Draining: the answer is sent and the connection is closing; what the client still sends
    // (the rest of a refused body) is read and dropped, so that the close does not reset the
    // connection before the client has read the answer.
    enum class Phase { Head, Body, Busy, Parked, Writing, Draining };
    int fd = -1;         // -1 once closed
    std::string client;  // the peer's address
    Phase phase = Phase::Head;
    std::string in;   // bytes read and not yet used
    std::string out;  // the answer being sent
    std::size_t sent = 0;
    RequestHead head;    // the request whose body is being read
    std::string chunks;  // a chunked body as far as it has come
    bool head_started = false;
    bool keep_alive = true;
    bool head_only = false;
    bool close_after = false;
    clock::time_point deadline;
    std::atomic<bool> gone{false};  // the client left while its request was being answered
    Park park;                      // Phase::Parked
};

HttpServer::HttpServer(ServerLimits limits) : limits_(std::move(limits)) {
    const std::size_t descriptors = raise_descriptor_limit(limits_.connections + 64);
    if (descriptors < limits_.connections + 64)
        limits_.connections = descriptors > 128 ? descriptors - 64 : 64;
    wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

HttpServer::~HttpServer() {
    stop();
    {
        std::lock_guard lock(jobs_mutex_);
        jobs_.clear();
    }
    jobs_ready_.notify_all();
    for (auto& t : workers_)
        if (t.joinable()) t.join();
    for (auto& [fd, c] : connections_) ::close(fd);
    if (listen_fd_ >= 0) ::close(listen_fd_);
    if (wake_fd_ >= 0) ::close(wake_fd_);
}

std::variant<int, std::string> HttpServer::bind(const std::string& host, int port) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(port);
    if (int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &found); rc != 0)
        return std::string("cannot listen on ") + host + ": " + ::gai_strerror(rc);
    std::string why = "no address";
    for (addrinfo* a = found; a; a = a->ai_next) {
        const int fd =
            ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) continue;
        const int on = 1;
        ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        // A backlog that holds a burst of new connections (browsers open several at once;
        // with 5, some waited 1-3 s for a retransmitted handshake).
        if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, SOMAXCONN) == 0) {
            listen_fd_ = fd;
            break;
        }
        why = std::strerror(errno);
        ::close(fd);
    }
    ::freeaddrinfo(found);
    if (listen_fd_ < 0) return why;
    sockaddr_storage bound{};
    socklen_t length = sizeof bound;
    ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&bound), &length);
    if (bound.ss_family == AF_INET6)
        return static_cast<int>(ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port));
    return static_cast<int>(ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port));
}

void HttpServer::stop() {
    stopping_ = true;
    signal_loop();
    jobs_ready_.notify_all();
}

void HttpServer::wake() {
    woken_ = true;
    signal_loop();
}

void HttpServer::signal_loop() {
    const std::uint64_t one = 1;
    if (wake_fd_ < 0) return;
    [[maybe_unused]] const auto n = ::write(wake_fd_, &one, sizeof one);
}

void HttpServer::run() {
    for (int i = 0; i < limits_.workers; ++i) workers_.emplace_back([this] { worker(); });
    std::vector<pollfd> fds;
    std::vector<std::shared_ptr<Connection>> polled;
    while (!stopping_) {
        const auto now = clock::now();
        fds.clear();
        polled.clear();
        fds.push_back({wake_fd_, POLLIN, 0});
        fds.push_back({listen_fd_, POLLIN, 0});
        auto next = now + std::chrono::seconds(1);
        for (auto& [fd, c] : connections_) {
            // A parked request watches for its client leaving (a long poll of a closed tab);
            // one being answered only for a reset (a client may close its sending side and
            // still read the answer).
            short events = 0;
            switch (c->phase) {
                case Connection::Phase::Head:
                case Connection::Phase::Body:
                case Connection::Phase::Draining:
                    events = POLLIN;
                    break;
                case Connection::Phase::Writing:
                    events = POLLOUT;
                    break;
                case Connection::Phase::Parked:
                    events = POLLRDHUP;
                    break;
                case Connection::Phase::Busy:
                    break;
            }
            fds.push_back({fd, events, 0});
            polled.push_back(c);
            if (c->phase != Connection::Phase::Busy) next = std::min(next, c->deadline);
        }
        const auto wait =
            std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count() + 1;
        const int ready = ::poll(fds.data(), fds.size(), static_cast<int>(std::max<long>(0, wait)));
        if (ready < 0 && errno != EINTR) break;

        if (fds[0].revents & POLLIN) {
            std::uint64_t count = 0;
            [[maybe_unused]] auto n = ::read(wake_fd_, &count, sizeof count);
        }
        // Answers and waits the workers made.
        std::vector<std::pair<std::shared_ptr<Connection>, HttpResponse>> done;
        std::vector<std::pair<std::shared_ptr<Connection>, Park>> to_park;
        {
            std::lock_guard lock(done_mutex_);
            done.swap(done_);
            to_park.swap(parked_);
        }
        for (auto& [c, response] : done)
            if (c->fd >= 0) answer(c, std::move(response));
        for (auto& [c, park] : to_park) {
            if (c->fd < 0) {
                --parked_count_;  // its client left meanwhile
                continue;
            }
            c->phase = Connection::Phase::Parked;
            c->deadline = park.until;
            c->park = std::move(park);
            woken_ = true;  // the change may have come before it was parked
        }
        if (fds[1].revents & POLLIN) accept_all();
        for (std::size_t i = 0; i < polled.size(); ++i) {
            const auto& c = polled[i];
            const short revents = fds[i + 2].revents;
            if (c->fd < 0 || revents == 0) continue;
            if (revents & (POLLERR | POLLHUP | POLLNVAL | POLLRDHUP))
                close_connection(c);
            else if (c->phase == Connection::Phase::Writing && (revents & POLLOUT))
                write_to(c);
            else if (revents & POLLIN)
                read_from(c);
        }
        const auto after = clock::now();
        check_parked(after, woken_.exchange(false));
        std::vector<std::shared_ptr<Connection>> late;
        for (auto& [fd, c] : connections_)
            if (c->phase != Connection::Phase::Busy && c->phase != Connection::Phase::Parked &&
                after >= c->deadline)
                late.push_back(c);
        for (const auto& c : late) {
            if (c->phase == Connection::Phase::Head && !c->head_started)
                close_connection(c);  // an idle connection: nothing to say
            else if (c->phase == Connection::Phase::Writing ||
                     c->phase == Connection::Phase::Draining)
                close_connection(c);  // a client that does not read its answer
            else
                refuse(c, 408, "the request took too long to arrive");
        }
    }
    stopping_ = true;
    jobs_ready_.notify_all();
}

void HttpServer::accept_all() {
    for (;;) {
        sockaddr_storage peer{};
        socklen_t peer_size = sizeof peer;
        const int fd = ::accept4(listen_fd_, reinterpret_cast<sockaddr*>(&peer), &peer_size,
                                 SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) return;  // EAGAIN: all taken; EMFILE and the like: the next round
        const std::string client = peer_address(peer);
        const int on = 1;
        // Answers go out at once; Nagle's algorithm held each one back on a kept-alive
        // connection until the client's delayed acknowledgement (about 40 ms).
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
        const bool full = connections_.size() >= limits_.connections;
        if (full || per_client_[client] >= limits_.per_client) {
            const std::string busy = write_response(
                error_response(503, full ? "the server has too many connections open; try again"
                                         : "this computer has too many connections open to the "
                                           "server; close some and try again"),
                false, false);
            [[maybe_unused]] auto n = ::send(fd, busy.data(), busy.size(), MSG_NOSIGNAL);
            ::close(fd);
            if (per_client_[client] == 0) per_client_.erase(client);
            continue;
        }
        auto c = std::make_shared<Connection>();
        c->fd = fd;
        c->client = client;
        ++per_client_[client];
        c->deadline = clock::now() + limits_.head_time;
        connections_.emplace(fd, c);
    }
}

void HttpServer::read_from(const std::shared_ptr<Connection>& c) {
    char buffer[16384];
    const ssize_t n = ::recv(c->fd, buffer, sizeof buffer, 0);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) return close_connection(c);
    if (n < 0 || c->phase == Connection::Phase::Draining) return;
    c->in.append(buffer, static_cast<std::size_t>(n));
    take_request(c);
}

void HttpServer::take_request(const std::shared_ptr<Connection>& c) {
    const auto now = clock::now();
    if (c->phase == Connection::Phase::Head) {
        // Empty lines before a request are allowed (RFC 9112, 2.2).
        std::size_t skip = 0;
        while (c->in.compare(skip, 2, "\r\n") == 0) skip += 2;
        if (skip) c->in.erase(0, skip);
        if (c->in.empty()) return;
        if (!c->head_started) {
            c->head_started = true;
            c->deadline = now + limits_.head_time;
        }
        const std::size_t end = c->in.find("\r\n\r\n");
        if (end == std::string::npos) {
            // A head that is not yet whole is held to the limits already.
            if (c->in.size() > limits_.request.head_bytes)
                refuse(c, 431,
                       "the request's head is over " +
                           std::to_string(limits_.request.head_bytes / 1024) + " KB");
            else if (line_count(c->in) > limits_.request.headers + 1)
                refuse(c, 431,
                       "more than " + std::to_string(limits_.request.headers) + " header lines");
            return;
        }
        auto parsed = parse_request_head(std::string_view(c->in).substr(0, end), limits_.request);
        if (auto* refusal = std::get_if<RequestRefusal>(&parsed))
            return refuse(c, refusal->status, refusal->message);
        c->head = std::move(std::get<RequestHead>(parsed));
        c->in.erase(0, end + 4);
        c->phase = Connection::Phase::Body;
        c->deadline = now + limits_.body_time;
    }
    if (c->phase != Connection::Phase::Body) return;
    std::string body;
    if (c->head.chunked) {
        auto done = take_chunks(c->in, c->chunks, c->head.request, limits_.request);
        if (auto* refusal = std::get_if<RequestRefusal>(&done))
            return refuse(c, refusal->status, refusal->message);
        if (!std::get<bool>(done)) return;
        body = std::move(c->chunks);
        c->chunks.clear();
    } else {
        if (c->in.size() < c->head.content_length) return;
        body = c->in.substr(0, c->head.content_length);
        c->in.erase(0, c->head.content_length);
    }
    HttpRequest request = std::move(c->head.request);
    if (auto refusal = attach_body(request, std::move(body), limits_.request))
        return refuse(c, refusal->status, refusal->message);
    c->keep_alive = request.keep_alive;
    c->head_only = request.method == "HEAD";
    c->phase = Connection::Phase::Busy;
    queue_job(Job{c, std::move(request), nullptr});
}

void HttpServer::refuse(const std::shared_ptr<Connection>& c, int status,
                        const std::string& message, bool close) {
    c->close_after = close;
    answer(c, error_response(status, message));
}

void HttpServer::answer(const std::shared_ptr<Connection>& c, HttpResponse response) {
    const bool keep = c->keep_alive && !c->close_after;
    c->close_after = !keep;
    c->out = write_response(response, keep, c->head_only);
    c->sent = 0;
    c->phase = Connection::Phase::Writing;
    c->deadline = clock::now() + limits_.write_time;
    write_to(c);
}

void HttpServer::write_to(const std::shared_ptr<Connection>& c) {
    while (c->sent < c->out.size()) {
        const ssize_t n =
            ::send(c->fd, c->out.data() + c->sent, c->out.size() - c->sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) return;  // the rest when the client reads
        if (n <= 0) return close_connection(c);
        c->sent += static_cast<std::size_t>(n);
    }
    if (c->close_after) {
        ::shutdown(c->fd, SHUT_WR);
        c->out.clear();
        c->in.clear();
        c->phase = Connection::Phase::Draining;
        c->deadline = clock::now() + kDrainTime;
        return;
    }
    c->out.clear();
    c->sent = 0;
    c->phase = Connection::Phase::Head;
    c->head_started = false;
    c->head_only = false;
    c->deadline = clock::now() + limits_.idle_time;
    take_request(c);  // a request the client sent before this answer
}

void HttpServer::close_connection(const std::shared_ptr<Connection>& c) {
    if (c->fd < 0) return;
    if (c->phase == Connection::Phase::Parked) --parked_count_;
    c->gone = true;
    ::close(c->fd);
    connections_.erase(c->fd);
    if (auto it = per_client_.find(c->client); it != per_client_.end() && --it->second == 0)
        per_client_.erase(it);
    c->fd = -1;
}

void HttpServer::check_parked(clock::time_point now, bool woken) {
    for (auto& [fd, c] : connections_) {
        if (c->phase != Connection::Phase::Parked) continue;
        if (now < c->park.until && !(woken && c->park.ready())) continue;
        c->phase = Connection::Phase::Busy;
        --parked_count_;
        queue_job(Job{c, {}, std::move(c->park.then)});
    }
}

void HttpServer::queue_job(Job job) {
    {
        std::lock_guard lock(jobs_mutex_);
        jobs_.push_back(std::move(job));
    }
    jobs_ready_.notify_one();
}

void HttpServer::worker() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(jobs_mutex_);
            jobs_ready_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
            if (stopping_) return;
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        // A question from a client that has left is not worth answering; a change it asked
        // for is still made.
        const bool question = job.request.method == "GET" || job.request.method == "HEAD";
        if (job.connection->gone && (question || job.parked_then)) continue;
        HandlerResult result;
        try {
            if (job.parked_then)
                result = job.parked_then();
            else
                result = handler_(job.request);
        } catch (const std::exception& e) {
            result = error_response(500, std::string("internal error: ") + e.what());
        }
        if (auto* park = std::get_if<Park>(&result)) {
            if (++parked_count_ > limits_.parked) {
                --parked_count_;
                HttpResponse busy =
                    error_response(503, "too many requests are waiting for a change of the game (" +
                                            std::to_string(limits_.parked) +
                                            "): close some of the pages showing it");
                busy.set_header("Retry-After", "10");
                result = std::move(busy);
            } else {
                // The I/O thread parks it (it owns the connection's phase).
                auto c = job.connection;
                {
                    std::lock_guard lock(done_mutex_);
                    parked_.emplace_back(c, std::move(*park));
                }
                signal_loop();
                continue;
            }
        }
        {
            std::lock_guard lock(done_mutex_);
            done_.emplace_back(job.connection, std::move(std::get<HttpResponse>(result)));
        }
        signal_loop();
    }
}

}  // namespace seireigi::web
