// seireigi serve: the web board (web/web_board.h) on a local HTTP server (web/http_server.h),
// which bounds what a client may hold: connections, requests waiting for a change, the size of
// a request and the time to send it.
#include <iostream>

#include "base/context.h"
#include "commands.h"
#include "web/data_folder.h"
#include "web/http_server.h"
#include "web/web_board.h"

namespace seireigi::cli {

namespace {

struct ServeOptions {
    int port = 8080;
    std::string host = "127.0.0.1";
    std::string data_dir = "seireigi-data";
    int watch_pause_ms = static_cast<int>(web::kDefaultWatchPause.count());
    int away_s = static_cast<int>(web::Seating::kAway.count() / 1000);
};

bool is_loopback(const std::string& host) {
    return host == "127.0.0.1" || host == "localhost" || host == "::1";
}

// Serves until the server is stopped; the exit code.
int serve(const ServeOptions& opt, web::DataFolder folder) {
    const std::string games = folder.games().string();
    WebBoard board(std::move(folder), std::chrono::milliseconds(opt.watch_pause_ms),
                   std::chrono::seconds(opt.away_s));
    web::HttpServer server;  // stopped and gone before the board
    board.on_change([&server] { server.wake(); });
    auto fail = [](const std::string& message) {
        std::cerr << "error: " << message << "\n";
        return 2;
    };
    if (auto why = board.start()) return fail(*why);
    server.set_handler([&board](const web::HttpRequest& req) { return board.handle(req); });
    auto bound = server.bind(opt.host, opt.port);
    if (auto* why = std::get_if<std::string>(&bound))
        return fail("cannot listen on " + opt.host + ":" + std::to_string(opt.port) + " (" + *why +
                    (opt.port ? "; in use? try --port 0 for any free port)" : ")"));
    const std::string address = board.listening_on(opt.host, std::get<int>(bound));
    if (!is_loopback(opt.host))
        std::cout << "warning: listening on " << opt.host
                  << ", not only this computer: others on the network can see the game "
                     "(changes need the page's token; a seat taken on a device is played from "
                     "it alone)\n";
    std::cout << "Seireigi web board: " << address << "\n";
    if (!board.join_address().empty())
        std::cout << "Players on other devices join at " << board.join_address()
                  << " (the page shows it as a QR code under Join)\n";
    std::cout << "Games are saved in " << games << "; stop the server with Ctrl-C.\n" << std::flush;
    server.run();
    return 0;
}

}  // namespace

void add_serve_command(CLI::App& app) {
    auto opt = std::make_shared<ServeOptions>();
    auto* cmd = app.add_subcommand(
        "serve",
        "play in the web browser: starts a local web server and prints the address to open");
    cmd->add_option("--port", opt->port, "port to listen on (0: any free port)")
        ->check(CLI::Range(0, 65535))
        ->capture_default_str();
    cmd->add_option("--host", opt->host,
                    "address to listen on; the default lets only this computer in")
        ->capture_default_str();
    cmd->add_option("--data-dir", opt->data_dir,
                    "folder for saved games (DIR/games/, with the autosave) and extra variant "
                    "files (DIR/variants/*.yaml)")
        ->capture_default_str();
    cmd->add_option("--watch-pause", opt->watch_pause_ms,
                    "milliseconds between two moves of a game between computer players, so that "
                    "it can be watched (0: as fast as they play)")
        ->check(CLI::Range(0, 60000))
        ->capture_default_str();
    cmd->add_option("--away-after", opt->away_s,
                    "seconds without a word from a device before its seat counts as away; the "
                    "clocks stop meanwhile")
        ->check(CLI::Range(1, 3600))
        ->capture_default_str();
    cmd->callback([opt] {
        web::DataFolder folder(opt->data_dir);
        if (auto why = folder.prepare()) {
            report({"--data-dir", *why});
            throw UserError{};
        }
        const int code = serve(*opt, std::move(folder));
        if (code != 0) throw UserError{code};
    });
}

}  // namespace seireigi::cli
