// A small HTTP/1.1 server built for clients that misbehave: one thread reads and writes every
// connection (poll), so a slow or silent client holds no worker thread, only a connection slot,
// and loses it at a deadline; complete requests go to a few worker threads; a request that waits
// for a change (a long poll) is parked without a thread until the change or its deadline, and
// past a cap of parked requests it gets 503 at once.
//
// Limits (docs/web.md, "Limits"): connections, parked requests, head size and header count,
// body size, and the time a client may take to send a request or to read an answer.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "web/http_request.h"

namespace seireigi::web {

struct ServerLimits {
    RequestLimits request;
    std::size_t connections = 1000;  // open at once; past it a new one gets 503 and is closed
    std::size_t per_client = 400;    // open at once from one address; past it 503 (a browser
                                     // opens about six; the tests, 300 long polls)
    std::size_t parked = 256;        // requests waiting for a change; past it 503
    int workers = 8;                 // threads running handlers
    std::chrono::milliseconds head_time{10000};   // to send a request's head, from its first byte
    std::chrono::milliseconds body_time{30000};   // to send its body
    std::chrono::milliseconds idle_time{60000};   // a kept-alive connection without a request
    std::chrono::milliseconds write_time{30000};  // to read an answer
};

// A handler's answer: a response now, or a wait (a long poll): `ready` is asked (cheaply, on
// the server's I/O thread) whenever the server is woken by wake(); once it is true or `until`
// passes, `then` makes the response on a worker thread.
struct Park {
    std::function<bool()> ready;
    std::chrono::steady_clock::time_point until;
    std::function<HttpResponse()> then;
};
using HandlerResult = std::variant<HttpResponse, Park>;
using Handler = std::function<HandlerResult(const HttpRequest&)>;

class HttpServer {
  public:
    explicit HttpServer(ServerLimits limits = {});
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Every complete request goes to `handler` (on a worker thread).
    void set_handler(Handler handler) { handler_ = std::move(handler); }

    // Binds and listens; port 0 takes any free port. The port, or a message.
    std::variant<int, std::string> bind(const std::string& host, int port);
    // Serves until stop(); call after bind.
    void run();
    void stop();
    // Something parked requests wait for has changed: ask them again.
    void wake();

    // For tests and figures: requests parked now.
    std::size_t parked() const { return parked_count_.load(); }

  private:
    struct Connection;
    struct Job {
        std::shared_ptr<Connection> connection;
        HttpRequest request;
        std::function<HttpResponse()> parked_then;  // set: finish a parked request
    };

    void accept_all();
    void read_from(const std::shared_ptr<Connection>& c);
    void write_to(const std::shared_ptr<Connection>& c);
    // Reads every complete request the buffer holds (one at a time: the next waits for the
    // answer to this one).
    void take_request(const std::shared_ptr<Connection>& c);
    void refuse(const std::shared_ptr<Connection>& c, int status, const std::string& message,
                bool close = true);
    void answer(const std::shared_ptr<Connection>& c, HttpResponse response);
    void queue_job(Job job);
    void worker();
    void check_parked(std::chrono::steady_clock::time_point now, bool woken);
    void close_connection(const std::shared_ptr<Connection>& c);
    void signal_loop();

    ServerLimits limits_;
    Handler handler_;
    int listen_fd_ = -1;
    int wake_fd_ = -1;  // an eventfd: workers and wake() interrupt the poll
    std::atomic<bool> stopping_{false};
    std::atomic<bool> woken_{false};
    std::atomic<std::size_t> parked_count_{0};

    // The I/O thread's own: every open connection by its descriptor, and how many each client
    // address holds.
    std::map<int, std::shared_ptr<Connection>> connections_;
    std::map<std::string, std::size_t> per_client_;

    std::mutex jobs_mutex_;
    std::condition_variable jobs_ready_;
    std::deque<Job> jobs_;
    std::vector<std::thread> workers_;

    // Answers made by workers, for the I/O thread to send.
    std::mutex done_mutex_;
    std::vector<std::pair<std::shared_ptr<Connection>, HttpResponse>> done_;
    std::vector<std::pair<std::shared_ptr<Connection>, Park>> parked_;  // to park
};

}  // namespace seireigi::web
