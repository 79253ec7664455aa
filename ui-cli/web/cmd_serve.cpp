// seireigi serve: the web board. A local HTTP server (cpp-httplib) that shows the one current
// game to every browser tab and takes moves, undo, resignation, impasse, new games and records
// from the page (web/page/, built into the binary).
//
// Safety (any web page the user visits may send requests to a local server):
//  * a request whose Host header is not the address the server is bound to gets 403, so that a
//    foreign name resolving to 127.0.0.1 (DNS rebinding) cannot read the game;
//  * requests that change anything carry the token embedded in the page (header
//    X-Seireigi-Token), which other sites cannot read;
//  * files are read and written only in the data folder, by plain file names; a path with ".."
//    gets 400; a body over 1 MB gets 413; a malformed request gets 400 with a message and leaves
//    the game unchanged.
#include <arpa/inet.h>
#include <httplib.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <unistd.h>

#include <cctype>
#include <ctime>
#include <iostream>
#include <random>

#include "base/context.h"
#include "commands.h"
#include "game/position_soundness.h"
#include "record/kif.h"
#include "search/engine.h"
#include "search/think_time.h"
#include "text/notation.h"
#include "text/start_position.h"
#include "text/words.h"
#include "view/score_words.h"
#include "web/data_folder.h"
#include "web/game_json.h"
#include "web/json_text.h"
#include "web/web_assets.h"
#include "web/web_game.h"

namespace seireigi::cli {

namespace {

using web::error_json;

constexpr std::size_t kMaxBody = 1 << 20;
constexpr std::size_t kMaxSeatsText = 200;  // four seats of the longest kind fit easily
constexpr std::chrono::seconds kLongPoll{10};
constexpr const char* kTokenHeader = "X-Seireigi-Token";
constexpr const char* kTokenPlaceholder = "{{SEIREIGI_TOKEN}}";

struct ServeOptions {
    int port = 8080;
    std::string host = "127.0.0.1";
    std::string data_dir = "seireigi-data";
};

std::string make_token() {
    std::random_device rd;
    std::string token;
    const char* hex = "0123456789abcdef";
    for (int i = 0; i < 32; ++i) token += hex[rd() % 16];
    return token;
}

bool is_loopback(const std::string& host) {
    return host == "127.0.0.1" || host == "localhost" || host == "::1";
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// A host as it appears in a Host header: an IPv6 address in brackets.
std::string host_in_header(const std::string& host) {
    return host.find(':') != std::string::npos ? "[" + host + "]" : host;
}

// The names and addresses a Host header may carry: the one the server was started with and this
// computer's own (its loopback names, its host name, the addresses of its network interfaces),
// whatever address it listens on. Any other name (a web site's, resolved to this computer by DNS
// rebinding) is refused.
std::vector<std::string> allowed_host_names(const std::string& bound) {
    std::vector<std::string> names = {lower(host_in_header(bound)), "127.0.0.1", "localhost",
                                      "[::1]"};
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) == 0 && name[0]) {
        names.push_back(lower(name));
        names.push_back(lower(name) + ".local");
    }
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) == 0) {
        for (ifaddrs* a = list; a; a = a->ifa_next) {
            if (!a->ifa_addr) continue;
            char text[INET6_ADDRSTRLEN] = {};
            const int family = a->ifa_addr->sa_family;
            const void* address = nullptr;
            if (family == AF_INET)
                address = &reinterpret_cast<const sockaddr_in*>(a->ifa_addr)->sin_addr;
            else if (family == AF_INET6)
                address = &reinterpret_cast<const sockaddr_in6*>(a->ifa_addr)->sin6_addr;
            if (address && inet_ntop(family, address, text, sizeof text))
                names.push_back(lower(host_in_header(text)));
        }
        freeifaddrs(list);
    }
    return names;
}

void send_json(httplib::Response& res, const std::string& json, int status = 200) {
    res.status = status;
    res.set_header("Cache-Control", "no-store");
    res.set_content(json, "application/json; charset=utf-8");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
    send_json(res, error_json(message), status);
}

// The answer to a request that changes the game: the new state, or 400 with the reason.
void answer_change(web::WebGame& game, httplib::Response& res,
                   const std::optional<std::string>& refusal) {
    if (refusal) return send_error(res, 400, *refusal);
    std::string json;
    game.read([&](const web::GameView& v) { json = web::game_json(v); });
    send_json(res, json);
}

// A required parameter, or 400 with a message naming it.
std::optional<std::string> param(const httplib::Request& req, httplib::Response& res,
                                 const std::string& name) {
    if (!req.has_param(name)) {
        send_error(res, 400, "the request lacks the parameter '" + name + "'");
        return std::nullopt;
    }
    return req.get_param_value(name);
}

std::optional<int> int_param(const httplib::Request& req, const std::string& name) {
    if (!req.has_param(name)) return std::nullopt;
    const std::string s = req.get_param_value(name);
    if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::stoi(s);
}

class WebServer {
  public:
    WebServer(const ServeOptions& opt, web::DataFolder folder)
        : opt_(opt), folder_(std::move(folder)), game_(folder_.autosave()), token_(make_token()) {}

    int run() {
        restore_or_start();
        setup();
        int port = opt_.port;
        if (port == 0) {
            port = server_.bind_to_any_port(opt_.host);
            if (port <= 0) return fail("cannot listen on " + opt_.host);
        } else if (!server_.bind_to_port(opt_.host, port)) {
            return fail("cannot listen on " + opt_.host + ":" + std::to_string(port) +
                        " (in use? try --port 0 for any free port)");
        }
        const std::string shown_host = host_in_header(opt_.host);
        address_ =
            (opt_.host == "0.0.0.0" || opt_.host == "::" ? std::string("127.0.0.1") : shown_host) +
            ":" + std::to_string(port);
        allowed_hosts_.clear();
        for (const std::string& name : allowed_host_names(opt_.host)) {
            allowed_hosts_.push_back(name + ":" + std::to_string(port));
            if (port == 80) allowed_hosts_.push_back(name);  // a browser leaves out port 80
        }
        if (!is_loopback(opt_.host))
            std::cout << "warning: listening on " << opt_.host
                      << ", not only this computer: others on the network can see the game "
                         "(changes need the page's token)\n";
        std::cout << "Seireigi web board: http://" << shown_host << ":" << port << "/\n"
                  << "Games are saved in " << folder_.games().string()
                  << "; stop the server with Ctrl-C.\n"
                  << std::flush;
        server_.listen_after_bind();
        return 0;
    }

  private:
    int fail(const std::string& message) {
        std::cerr << "error: " << message << "\n";
        return 2;
    }

    // The autosaved game, else a new Seireigi game: a person against the engine.
    void restore_or_start() {
        if (std::filesystem::exists(folder_.autosave())) {
            const std::string why = load_record(folder_.autosave());
            if (why.empty()) {
                game_.read([](const web::GameView& v) {
                    for (const auto& n : v.notices) std::cerr << "note: " << n << "\n";
                });
                return;
            }
            std::cerr << "warning: cannot resume the autosaved game (" << why
                      << "); starting a new one\n";
        }
        new_game("seireigi", "", {"human", "engine"});
    }

    // A message, or "" when the record at `path` is now the game.
    std::string load_record(const std::filesystem::path& path) {
        auto text = read_text_file(path);
        if (auto* d = std::get_if<Diagnostic>(&text)) return d->text();
        auto record = read_record(std::get<std::string>(text));
        if (auto* d = std::get_if<Diagnostic>(&record))
            return path.filename().string() + ": " + d->text();
        const GameRecord& r = std::get<GameRecord>(record);
        auto loaded = folder_.load(r.variant);
        if (auto* d = std::get_if<Diagnostic>(&loaded)) return d->text();
        if (auto why = game_.resume(r, std::get<web::LoadedVariant>(loaded).variant)) return *why;
        return "";
    }

    std::optional<std::string> new_game(const std::string& variant_id, const std::string& position,
                                        const std::vector<std::string>& seats,
                                        int engine_ms = search::kDefaultMoveMs) {
        auto loaded = folder_.load(variant_id);
        if (auto* d = std::get_if<Diagnostic>(&loaded)) return d->text();
        const auto& lv = std::get<web::LoadedVariant>(loaded);
        // A USI position line is welcome too: "[position] [sfen] TEXT [moves M1 M2 ...]",
        // "startpos [moves ...]"; and a KIF record (9x9, from the even start).
        std::vector<std::string> words = split_words(position);
        std::vector<std::string> moves;
        if (looks_like_kif(position)) {
            auto read = read_kif_moves(*lv.variant, position);
            if (auto* d = std::get_if<Diagnostic>(&read)) return d->text();
            words = {"startpos", "moves"};
            for (const auto& m : std::get<std::vector<std::string>>(read)) words.push_back(m);
        }
        if (auto at = std::find(words.begin(), words.end(), "moves"); at != words.end()) {
            moves.assign(at + 1, words.end());
            words.erase(at, words.end());
        }
        if (!words.empty() && words.front() == "position") words.erase(words.begin());
        if (!words.empty() && words.front() == "sfen") words.erase(words.begin());
        std::string text;
        for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
        PositionState start;
        if (text.empty() || text == "start" || text == "startpos") {
            try {
                start = start_state(*lv.variant);
            } catch (const std::exception& e) {
                return std::string(e.what());
            }
        } else {
            auto read = read_position(*lv.variant, text);
            if (auto* d = std::get_if<Diagnostic>(&read)) return "position: " + d->text();
            start = std::get<PositionState>(read);
            if (const auto problems = impossible_position_problems(*lv.variant, start);
                !problems.empty())
                return "position: this position cannot arise in a game: " +
                       problems.front().message;
        }
        return game_.start(lv.name_in_record, lv.variant, start, seats, engine_ms, moves);
    }

    void serve_asset(const std::string& path, httplib::Response& res) {
        const auto& assets = web::web_assets();
        auto it = assets.find(path == "/" ? "/index.html" : path);
        if (it == assets.end()) return send_error(res, 404, "no such page: " + path);
        std::string body = it->second;
        std::string type = "text/plain";
        if (it->first.ends_with(".html")) {
            type = "text/html; charset=utf-8";
            const std::size_t at = body.find(kTokenPlaceholder);
            if (at != std::string::npos)
                body.replace(at, std::string(kTokenPlaceholder).size(), token_);
        } else if (it->first.ends_with(".js")) {
            type = "text/javascript; charset=utf-8";
        } else if (it->first.ends_with(".css")) {
            type = "text/css; charset=utf-8";
        } else if (it->first.ends_with(".svg")) {
            type = "image/svg+xml";
        }
        res.set_header("Cache-Control", "no-store");
        res.set_header("X-Frame-Options", "DENY");
        res.set_content(body, type);
    }

    // Host, "..", and the token of state-changing requests, before any handler runs.
    httplib::Server::HandlerResponse guard(const httplib::Request& req, httplib::Response& res) {
        const std::string host = lower(req.get_header_value("Host"));
        if (std::find(allowed_hosts_.begin(), allowed_hosts_.end(), host) == allowed_hosts_.end()) {
            send_error(res, 403,
                       "this server answers only requests addressed to this computer's own names "
                       "and addresses, such as " +
                           address_);
            return httplib::Server::HandlerResponse::Handled;
        }
        if (req.path.find("..") != std::string::npos) {
            send_error(res, 400, "paths with '..' are refused");
            return httplib::Server::HandlerResponse::Handled;
        }
        if (req.method != "GET" && req.method != "HEAD" &&
            req.get_header_value(kTokenHeader) != token_) {
            send_error(res, 403,
                       "this request changes the game and needs the page's token: reload the "
                       "page");
            return httplib::Server::HandlerResponse::Handled;
        }
        return httplib::Server::HandlerResponse::Unhandled;
    }

    void setup() {
        server_.set_payload_max_length(kMaxBody);
        server_.set_pre_routing_handler([this](const httplib::Request& req,
                                               httplib::Response& res) { return guard(req, res); });
        server_.set_exception_handler(
            [](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
                std::string what = "unknown error";
                try {
                    std::rethrow_exception(ep);
                } catch (const std::exception& e) {
                    what = e.what();
                } catch (...) {
                }
                send_error(res, 500, "internal error: " + what);
            });
        server_.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
            // cpp-httplib refuses a form (url-encoded) body over 8 KB apart from the 1 MB limit
            // of every body. A form under 1 MB (by its Content-Length, which browsers send) is
            // a bad request: no field of this API needs that much.
            std::size_t length = 0;
            try {
                length = std::stoul(req.get_header_value("Content-Length"));
            } catch (const std::exception&) {
                length = kMaxBody + 1;  // chunked: its length is not known
            }
            if (res.status == 413 && length <= kMaxBody)
                send_error(res, 400, "the form is larger than 8 KB; no request needs that much");
            else if (res.status == 413)
                send_error(res, 413,
                           "the request is too large: a form may hold 8 KB, any body 1 MB");
            else if (res.body.empty())
                send_error(res, res.status, "cannot answer " + req.method + " " + req.path);
        });

        for (const auto& [path, body] : web::web_assets()) {
            (void)body;
            server_.Get(path, [this, p = path](const httplib::Request&, httplib::Response& res) {
                serve_asset(p, res);
            });
        }
        server_.Get("/", [this](const httplib::Request&, httplib::Response& res) {
            serve_asset("/", res);
        });

        server_.Get("/api/state", [this](const httplib::Request& req, httplib::Response& res) {
            // ?after=V waits (up to kLongPoll) until the game is no longer at version V.
            if (auto after = int_param(req, "after"))
                game_.wait_for_change(static_cast<std::uint64_t>(*after), kLongPoll);
            answer_change(game_, res, std::nullopt);
        });
        server_.Get("/api/variants", [this](const httplib::Request&, httplib::Response& res) {
            web::JsonWriter j;
            j.begin_array();
            for (const auto& c : folder_.variant_choices())
                j.begin_object()
                    .field("id", c.id)
                    .field("name", c.name)
                    .field("players", c.players)
                    .end_object();
            j.end_array();
            send_json(res, j.text());
        });
        server_.Get("/api/records", [this](const httplib::Request&, httplib::Response& res) {
            web::JsonWriter j;
            j.begin_array();
            for (const auto& name : folder_.saved_games()) j.value(name);
            j.end_array();
            send_json(res, j.text());
        });
        server_.Get("/api/piece", [this](const httplib::Request& req, httplib::Response& res) {
            piece_legend(req, res);
        });
        server_.Get("/api/review", [this](const httplib::Request& req, httplib::Response& res) {
            const auto ply = int_param(req, "ply");
            std::string json;
            std::string refusal = "no game is in progress";
            game_.read([&](const web::GameView& v) {
                refusal.clear();
                if (!ply || *ply > v.game.ply())
                    refusal = "ply: a number of moves from 0 to " + std::to_string(v.game.ply());
                else
                    json = web::review_json(v, *ply);
            });
            if (!refusal.empty()) return send_error(res, 400, refusal);
            send_json(res, json);
        });
        server_.Get("/api/analyse", [this](const httplib::Request& req, httplib::Response& res) {
            analyse(req, res);
        });
        server_.Get("/api/record", [this](const httplib::Request&, httplib::Response& res) {
            res.set_header("Content-Disposition",
                           "attachment; filename=\"" + download_name("game") + "\"");
            res.set_content(write_record(game_.record()), "text/plain; charset=utf-8");
        });
        server_.Get("/api/kif", [this](const httplib::Request&, httplib::Response& res) {
            std::string kif, refusal;
            game_.read([&](const web::GameView& v) {
                if (auto why = kif_unsupported(v.game.variant()))
                    refusal = *why;
                else
                    kif = write_kif(v.game, v.seats);
            });
            if (!refusal.empty()) return send_error(res, 400, "no KIF: " + refusal);
            res.set_header("Content-Disposition",
                           "attachment; filename=\"" + download_name("kif") + "\"");
            res.set_content(kif, "text/plain; charset=utf-8");
        });

        server_.Post("/api/move", [this](const httplib::Request& req, httplib::Response& res) {
            if (auto m = param(req, res, "move")) answer_change(game_, res, game_.play(*m));
        });
        server_.Post("/api/undo", [this](const httplib::Request&, httplib::Response& res) {
            answer_change(game_, res, game_.undo());
        });
        server_.Post("/api/resign", [this](const httplib::Request&, httplib::Response& res) {
            answer_change(game_, res, game_.resign());
        });
        server_.Post("/api/impasse", [this](const httplib::Request&, httplib::Response& res) {
            answer_change(game_, res, game_.declare_impasse());
        });
        server_.Post("/api/new", [this](const httplib::Request& req, httplib::Response& res) {
            auto variant = param(req, res, "variant");
            if (!variant) return;
            auto seats = param(req, res, "seats");
            if (!seats) return;
            if (seats->size() > kMaxSeatsText)
                return send_error(res, 400,
                                  "seats: at most " + std::to_string(kMaxSeatsText) +
                                      " characters; each seat is human, random[:SEED] or "
                                      "engine[:LEVEL]");
            const std::string position =
                req.has_param("position") ? req.get_param_value("position") : "";
            int engine_ms = search::kDefaultMoveMs;
            if (req.has_param("engine_ms")) {
                const auto ms = int_param(req, "engine_ms");
                if (!ms) return send_error(res, 400, "engine_ms: a whole number of milliseconds");
                engine_ms = *ms;
            }
            answer_change(game_, res, new_game(*variant, position, split(*seats, ','), engine_ms));
        });
        server_.Post("/api/save", [this](const httplib::Request& req, httplib::Response& res) {
            auto name = param(req, res, "name");
            if (!name) return;
            auto file = folder_.game_file(*name);
            if (auto* d = std::get_if<Diagnostic>(&file)) return send_error(res, 400, d->text());
            const auto& path = std::get<std::filesystem::path>(file);
            if (auto error = write_file_atomically(path, write_record(game_.record())))
                return send_error(res, 500, *error);
            web::JsonWriter j;
            j.begin_object().field("saved", path.filename().string()).end_object();
            send_json(res, j.text());
        });
        server_.Post("/api/load", [this](const httplib::Request& req, httplib::Response& res) {
            auto name = param(req, res, "name");
            if (!name) return;
            auto file = folder_.game_file(*name);
            if (auto* d = std::get_if<Diagnostic>(&file)) return send_error(res, 400, d->text());
            const std::string why = load_record(std::get<std::filesystem::path>(file));
            answer_change(game_, res, why.empty() ? std::nullopt : std::optional<std::string>(why));
        });
    }

    // The engine's view of a position of the game: ?ms=TIME (default 1000, 10 to 60000) and
    // ?ply=N (the position after N moves, for a review; default: the position now). One analysis
    // at a time; the game goes on meanwhile. The answer says whose score it is ("+1.20 for
    // Sente"), gives each player's score (two players: the one score from each side; three or
    // four: each player's standing, docs/engine.md), the best move and the best line.
    void analyse(const httplib::Request& req, httplib::Response& res) {
        int ms = search::kDefaultMoveMs;
        if (req.has_param("ms")) {
            const auto given = int_param(req, "ms");
            if (!given || *given < 10 || *given > 60000)
                return send_error(res, 400, "ms: the thinking time, 10 to 60000 milliseconds");
            ms = *given;
        }
        const auto asked_ply = int_param(req, "ply");
        if (req.has_param("ply") && !asked_ply)
            return send_error(res, 400, "ply: a number of moves played");
        std::unique_lock busy(analysis_, std::try_to_lock);
        if (!busy.owns_lock()) return send_error(res, 409, "an analysis is already running");
        std::shared_ptr<const Variant> variant;
        PositionState at;
        KeyHistory history;
        int ply = 0;
        std::string refusal = "no game is in progress";
        game_.read([&](const web::GameView& view) {
            const Game& g = view.game;
            ply = asked_ply.value_or(g.ply());
            if (ply > g.ply()) {
                refusal = "ply: the game has " + std::to_string(g.ply()) + " moves";
                return;
            }
            refusal = ply == g.ply() && g.over() ? "the game is over: nothing to analyse" : "";
            variant = g.variant_ptr();
            at = g.state_after(ply);
            history = g.key_history();
            while (history.ply() > ply) history.pop();
        });
        if (!refusal.empty()) return send_error(res, 400, refusal);
        std::string why;
        auto engine = search::Engine::create(variant, search::Options{}, &why);
        if (!engine) return send_error(res, 400, "no engine for this variant: " + why);
        try {
            engine->set_position_with_history(at, history);
        } catch (const std::exception& e) {
            return send_error(res, 400, std::string("cannot analyse this position: ") + e.what());
        }
        search::Limits limits;
        limits.movetime_ms = ms;
        std::vector<int> standings;  // three or four players: each one's score
        const search::Result r = engine->search(
            limits, [&](const search::Info& info) { standings = info.player_scores; });
        const Player mover = at.to_move;
        if (r.best.is_null())
            return send_error(res, 400, variant->players[mover].name + " has no legal move");
        web::JsonWriter j;
        j.begin_object();
        j.field("ply", ply).field("player", mover);
        j.field("score", search::describe_score(r.score));
        j.field("summary", cli::score_words(*variant, mover, r.score));
        j.field("mate", r.score.mate ? r.score.mate_in : 0);
        j.field("depth", r.depth);
        j.field("nodes", static_cast<long long>(r.nodes)).field("time_ms", r.time_ms);
        // Each player's score in centipawns from that player's view (a mate counts as 100
        // pawns), or null for a player out of the game.
        constexpr int kMateShown = 10000;
        const int own =
            r.score.mate ? (r.score.mate_in > 0 ? kMateShown : -kMateShown) : r.score.cp;
        j.key("scores").begin_array();
        for (Player p = 0; p < variant->num_players(); ++p) {
            if (variant->num_players() == 2)
                j.value(p == mover ? own : -own);
            else if (p < static_cast<Player>(standings.size()) &&
                     standings[static_cast<std::size_t>(p)] != search::kPlayerOut)
                j.value(p == mover ? own : standings[static_cast<std::size_t>(p)]);
            else
                j.null();
        }
        j.end_array();
        j.key("best").begin_object();
        j.field("from", r.best.is_drop() ? -1 : r.best.from()).field("to", r.best.to());
        j.field("drop", r.best.is_drop() ? r.best.dropped() : -1);
        j.field("text", write_move(*variant, r.best));
        j.end_object();
        j.key("pv").begin_array();
        for (Move m : r.pv) j.value(write_move(*variant, m));
        j.end_array();
        j.end_object();
        send_json(res, j.text());
    }

    // A download's file name: the variant, the players and the date, e.g.
    // "seireigi-human-vs-engine-2026-11-28.kif" (letters, digits and '-' only).
    std::string download_name(const std::string& extension) {
        std::string name = "seireigi";
        game_.read([&](const web::GameView& v) {
            name = v.game.variant().id;
            for (std::size_t i = 0; i < v.seats.size(); ++i)
                name += (i == 0 ? "-" : "-vs-") + split(v.seats[i], ':').front();
        });
        const std::time_t now = std::time(nullptr);
        char date[16] = {};
        std::tm local{};
        if (localtime_r(&now, &local)) std::strftime(date, sizeof date, "%Y-%m-%d", &local);
        std::string out;
        for (char c : name + "-" + date)
            out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '-';
        return out + "." + extension;
    }

    // The reach of a piece for the legend: ?square=S (a piece on the board, in the position now,
    // or with &ply=N after N moves, for a review) or ?player=P&type=T (a piece in hand, drawn
    // alone in the middle of the board).
    void piece_legend(const httplib::Request& req, httplib::Response& res) {
        const auto square = int_param(req, "square");
        const auto player = int_param(req, "player");
        const auto type = int_param(req, "type");
        const auto ply = int_param(req, "ply");
        // What the reach needs is copied while the game is locked and computed after, so that
        // a slow legend never holds up a move.
        std::shared_ptr<const Variant> variant;
        PositionState st;
        Square from = kNoSquare;
        bool neutral = false;
        std::string refusal = "no game is in progress";
        game_.read([&](const web::GameView& view) {
            const Variant& v = view.game.variant();
            variant = view.game.variant_ptr();
            st = ply && *ply <= view.game.ply() ? view.game.state_after(*ply) : view.game.current();
            refusal.clear();
            if (square) {
                if (*square >= v.geo.squares() || st.board[*square] == kEmpty) {
                    refusal = "no piece on that square";
                    return;
                }
                from = *square;
                neutral = ((st.active >> owner_of(st.board[from])) & 1) == 0;
            } else if (player && type && *player < v.num_players() &&
                       *type < static_cast<int>(v.types.size()) && v.types[*type].is_base) {
                st = empty_state(v);
                from = v.geo.square(v.geo.files / 2, v.geo.ranks / 2);
                st.board[from] = make_piece(*player, *type, false);
            } else {
                refusal = "say which piece: ?square=S, or ?player=P&type=T for a piece in hand";
            }
        });
        if (!refusal.empty()) return send_error(res, 400, refusal);
        if (neutral) return send_json(res, web::reach_json({}));  // a neutral piece never moves
        const Player owner = owner_of(st.board[from]);
        send_json(res, web::reach_json(
                           piece_reach(variant, st, from, (owner + 1) % variant->num_players())));
    }

    ServeOptions opt_;
    web::DataFolder folder_;
    web::WebGame game_;
    std::string token_;
    std::vector<std::string> allowed_hosts_;  // "name:port", lower case
    std::string address_;                     // one of them, for messages
    std::mutex analysis_;
    httplib::Server server_;
};

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
    cmd->callback([opt] {
        web::DataFolder folder(opt->data_dir);
        if (auto why = folder.prepare()) {
            report({"--data-dir", *why});
            throw UserError{};
        }
        WebServer server(*opt, std::move(folder));
        const int code = server.run();
        if (code != 0) throw UserError{code};
    });
}

}  // namespace seireigi::cli
