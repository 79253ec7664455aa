// The web board's application (docs/web.md): the games of a data folder, one per table
// (web/table.h), the page, and every route of the API (/api/state, /api/move, ...) behind the
// guards each request passes first (the Host header, the page's token, ".." in paths). No sockets:
// `seireigi serve` connects it to an HttpServer, and the fuzz target tests/fuzz/fuzz_web.cpp drives
// it with requests made in memory.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "web/data_folder.h"
#include "web/http_server.h"
#include "web/seating.h"
#include "web/web_game.h"

namespace seireigi::cli {

class WebBoard {
  public:
    // `watch_pause`: between two moves of a game without people (web/web_game.h); `away`: how
    // long a silent device counts as present (web/seating.h).
    explicit WebBoard(web::DataFolder folder,
                      std::chrono::milliseconds watch_pause = web::kDefaultWatchPause,
                      std::chrono::milliseconds away = web::Seating::kAway);
    ~WebBoard();
    WebBoard(const WebBoard&) = delete;
    WebBoard& operator=(const WebBoard&) = delete;

    // The autosaved game of each table, else (the first table) a new Seireigi game (a person
    // against the engine); an autosave that cannot be resumed is kept aside, never overwritten.
    // A message when no game can start.
    std::optional<std::string> start();
    // The server listens on `host`:`port`: the Host headers answered from now on (this
    // computer's names and addresses with that port); the address to open, "http://...:PORT/".
    std::string listening_on(const std::string& host, int port);
    // Called whenever the game changes, so that the server asks parked long polls again.
    void on_change(std::function<void()> wake);
    // Any request, from any thread.
    web::HandlerResult handle(const web::HttpRequest& req) const;
    // The address other devices on the network open ("" when the server lets only this
    // computer in); set by listening_on.
    const std::string& join_address() const;
    // The page's token, which requests that change the game carry (X-Seireigi-Token).
    const std::string& token() const;

  private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace seireigi::cli
