// The web board's application (docs/web.md): the tables with their games, the data folder, the
// page built into the binary, and every route of the API, behind the guards every request passes
// first.
//
// Safety (any web page the user visits may send requests to a local server):
//  * a request whose Host header is not the address the server is bound to gets 403, so that a
//    foreign name resolving to 127.0.0.1 (DNS rebinding) cannot read the game;
//  * requests that change anything carry the token embedded in the page (header
//    X-Seireigi-Token), which other sites cannot read;
//  * files are read and written only in the data folder, by plain file names; a path with ".."
//    gets 400; a malformed request gets 400 with a message and leaves the game unchanged.
#include "web/web_board.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <unistd.h>

#include <cctype>
#include <ctime>
#include <functional>
#include <iostream>
#include <map>
#include <random>

#include "base/context.h"
#include "base/json_text.h"
#include "game/position_soundness.h"
#include "mate/mate_solver.h"
#include "nnue/network_source.h"
#include "record/kif.h"
#include "record/kif_csa_reader.h"
#include "search/engine.h"
#include "search/think_time.h"
#include "text/notation.h"
#include "text/start_position.h"
#include "text/words.h"
#include "view/score_words.h"
#include "web/data_folder.h"
#include "web/game_json.h"
#include "web/qr_code.h"
#include "web/seating.h"
#include "web/table.h"
#include "web/web_assets.h"
#include "web/web_game.h"

namespace seireigi::cli {

namespace {

using web::error_json;
using web::HandlerResult;
using web::HttpRequest;
using web::HttpResponse;

constexpr std::size_t kMaxSeatsText = 200;  // four seats of the longest kind fit easily
constexpr std::chrono::seconds kLongPoll{10};
constexpr const char* kTokenHeader = "x-seireigi-token";  // header names are read in lower case
constexpr const char* kTokenPlaceholder = "{{SEIREIGI_TOKEN}}";

std::string make_token() {
    std::random_device rd;
    std::string token;
    const char* hex = "0123456789abcdef";
    for (int i = 0; i < 32; ++i) token += hex[rd() % 16];
    return token;
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

// This computer's first address on a network (IPv4, not loopback), or "".
std::string network_address() {
    std::string found;
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) != 0) return found;
    for (ifaddrs* a = list; a && found.empty(); a = a->ifa_next) {
        if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET) continue;
        char text[INET_ADDRSTRLEN] = {};
        const auto* in = reinterpret_cast<const sockaddr_in*>(a->ifa_addr);
        if (inet_ntop(AF_INET, &in->sin_addr, text, sizeof text) &&
            !std::string(text).starts_with("127."))
            found = text;
    }
    freeifaddrs(list);
    return found;
}

bool is_loopback(const std::string& host) {
    return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.starts_with("127.");
}

HttpResponse json_reply(const std::string& json, int status = 200) {
    HttpResponse res;
    res.status = status;
    res.set_header("Cache-Control", "no-store");
    res.body = json;
    return res;
}

HttpResponse error_reply(int status, const std::string& message) {
    return json_reply(error_json(message), status);
}

constexpr const char* kDeviceHeader = "x-seireigi-device";

// Why a required parameter is missing, naming it.
std::optional<HttpResponse> missing(const HttpRequest& req, const std::string& name) {
    if (req.has_param(name)) return std::nullopt;
    return error_reply(400, "the request lacks the parameter '" + name + "'");
}

std::optional<int> int_param(const HttpRequest& req, const std::string& name) {
    if (!req.has_param(name)) return std::nullopt;
    const std::string s = req.param(name);
    if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::stoi(s);
}

// A time in milliseconds: at most 9 digits (the time control's limits are the game's).
std::optional<int> ms_param(const HttpRequest& req, const std::string& name) {
    const std::string s = req.param(name);
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::stoi(s);
}

}  // namespace

class WebBoard::Impl {
  public:
    Impl(web::DataFolder folder, std::chrono::milliseconds watch_pause,
         std::chrono::milliseconds away)
        : folder_(std::move(folder)), watch_pause_(watch_pause), away_(away), token_(make_token()) {
        setup();
    }

    // The table called `name`, or nullptr.
    web::Table* find_table(const std::string& name) {
        std::lock_guard lock(tables_mutex_);
        auto it = tables_.find(name);
        return it == tables_.end() ? nullptr : it->second.get();
    }

    // The table called `name`, set up if it is new: a refusal when the server holds as many
    // tables as it may.
    std::variant<web::Table*, std::string> open_table(const std::string& name) {
        std::lock_guard lock(tables_mutex_);
        if (auto it = tables_.find(name); it != tables_.end()) return it->second.get();
        if (tables_.size() >= web::kMaxTables)
            return "this server holds " + std::to_string(web::kMaxTables) +
                   " tables already: play at one of them";
        auto table =
            std::make_unique<web::Table>(name, folder_.autosave(name), watch_pause_, away_);
        // Long polls wait for the game to change (before the first game starts).
        table->game.on_change([this] {
            if (wake_) wake_();
        });
        return tables_.emplace(name, std::move(table)).first->second.get();
    }

    std::vector<web::Table*> tables() {
        std::lock_guard lock(tables_mutex_);
        std::vector<web::Table*> out;
        for (auto& [name, table] : tables_) out.push_back(table.get());
        return out;
    }

    std::string listening_on(const std::string& host, int port) {
        const std::string shown_host = host_in_header(host);
        address_ = (host == "0.0.0.0" || host == "::" ? std::string("127.0.0.1") : shown_host) +
                   ":" + std::to_string(port);
        allowed_hosts_.clear();
        for (const std::string& name : allowed_host_names(host)) {
            allowed_hosts_.push_back(name + ":" + std::to_string(port));
            if (port == 80) allowed_hosts_.push_back(name);  // a browser leaves out port 80
        }
        // Where other devices on the network open the page: none when only this computer may.
        join_.clear();
        if (!is_loopback(host)) {
            const std::string reachable =
                host == "0.0.0.0" || host == "::" ? network_address() : shown_host;
            if (!reachable.empty())
                join_ = "http://" + reachable + ":" + std::to_string(port) + "/";
        }
        // Bound to every address: this computer opens its own.
        return "http://" + address_ + "/";
    }

    // The first table's game and every other table's that was autosaved; a message when the
    // first table has none (the server cannot start). Another table whose game cannot be
    // resumed begins a new one, as the first does.
    std::optional<std::string> start() {
        web::Table& first = *std::get<web::Table*>(open_table(""));
        if (auto why = restore_or_start(first)) return why;
        seat_anew(first, "");
        for (const std::string& name : folder_.saved_tables()) {
            if (web::table_name_problem(name)) continue;
            auto opened = open_table(name);
            auto* t = std::get_if<web::Table*>(&opened);
            if (!t) break;  // as many tables as a server holds
            if (auto why = restore_or_start(**t))
                std::cerr << "warning: the table '" << name << "': " << *why << "\n";
            else
                seat_anew(**t, "");
        }
        return std::nullopt;
    }

    // A table's autosaved game, else a new Seireigi game: a person against the engine. An
    // autosave that cannot be resumed (a variant file edited since, a record cut short) is
    // renamed first, never overwritten by the new game, and the page and stderr say where it
    // is. A message when the server cannot start.
    std::optional<std::string> restore_or_start(web::Table& t) {
        std::vector<std::string> notices;
        std::error_code ec;
        const std::filesystem::path autosave = folder_.autosave(t.name);
        if (std::filesystem::exists(autosave, ec) || std::filesystem::is_symlink(autosave, ec)) {
            const std::string why = load_record(t, autosave);
            if (why.empty()) {
                t.game.read([](const web::GameView& v) {
                    for (const auto& n : v.notices) std::cerr << "note: " << n << "\n";
                });
                return std::nullopt;
            }
            auto aside = folder_.keep_autosave_aside(t.name);
            if (auto* error = std::get_if<std::string>(&aside))
                return "cannot resume the autosaved game (" + why + "), nor keep it aside (" +
                       *error + "): move it away, or start with another --data-dir";
            const std::string notice =
                "the autosaved game could not be resumed (" + why + "); it is kept as " +
                std::get<std::filesystem::path>(aside).string() + " and a new game begins";
            std::cerr << "warning: " << notice << "\n";
            notices.push_back(notice);
        }
        if (auto why = new_game(t, "seireigi", "", {"human", "engine"},
                                budget_of_ms(search::kDefaultMoveMs), std::move(notices)))
            return "cannot start a game: " + *why;
        return std::nullopt;
    }

    // A message, or "" when the record at `path` is now the game.
    std::string load_record(web::Table& t, const std::filesystem::path& path) {
        auto text = read_text_file(path);
        if (auto* d = std::get_if<Diagnostic>(&text)) return d->text();
        auto record = read_record(std::get<std::string>(text));
        if (auto* d = std::get_if<Diagnostic>(&record))
            return path.filename().string() + ": " + d->text();
        const GameRecord& r = std::get<GameRecord>(record);
        auto loaded = folder_.load(r.variant);
        if (auto* d = std::get_if<Diagnostic>(&loaded)) return d->text();
        if (auto why = t.game.resume(r, std::get<web::LoadedVariant>(loaded).variant)) return *why;
        return "";
    }

    std::optional<std::string> new_game(web::Table& t, const std::string& variant_id,
                                        const std::string& position,
                                        const std::vector<std::string>& seats,
                                        MoveBudget budget = budget_of_ms(search::kDefaultMoveMs),
                                        std::vector<std::string> notices = {}) {
        auto loaded = folder_.load(variant_id);
        if (auto* d = std::get_if<Diagnostic>(&loaded)) return d->text();
        const auto& lv = std::get<web::LoadedVariant>(loaded);
        // A KIF record (9x9, from the even start or a board diagram, docs/records.md).
        if (looks_like_kif(position)) {
            auto read = read_kif(position, lv.variant);
            if (auto* d = std::get_if<Diagnostic>(&read)) return d->text();
            const Game& kif = std::get<ImportedGame>(read).game;
            std::vector<std::string> kif_moves;
            for (Move m : kif.moves()) kif_moves.push_back(write_move(*lv.variant, m));
            return t.game.start(lv.name_in_record, lv.variant, kif.start(), seats, budget,
                                kif_moves, std::move(notices));
        }
        // A USI position line is welcome too: "[position] [sfen] TEXT [moves M1 M2 ...]",
        // "startpos [moves ...]".
        std::vector<std::string> words = split_words(position);
        std::vector<std::string> moves;
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
        return t.game.start(lv.name_in_record, lv.variant, start, seats, budget, moves,
                            std::move(notices));
    }

    HttpResponse serve_asset(const std::string& path) {
        const auto& assets = web::web_assets();
        auto it = assets.find(path == "/" ? "/index.html" : path);
        if (it == assets.end()) return error_reply(404, "no such page: " + path);
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
        HttpResponse res;
        res.set_header("Cache-Control", "no-store");
        res.set_header("X-Frame-Options", "DENY");
        res.content_type = type;
        res.body = std::move(body);
        return res;
    }

    // Host, "..", and the token of state-changing requests, before any handler runs: a
    // refusal, or nothing.
    std::optional<HttpResponse> guard(const HttpRequest& req) const {
        const std::string host = lower(req.header("host"));
        if (std::find(allowed_hosts_.begin(), allowed_hosts_.end(), host) == allowed_hosts_.end())
            return error_reply(403,
                               "this server answers only requests addressed to this computer's "
                               "own names and addresses, such as " +
                                   address_);
        if (req.path.find("..") != std::string::npos)
            return error_reply(400, "paths with '..' are refused");
        if (req.method != "GET" && req.method != "HEAD" && req.header(kTokenHeader) != token_)
            return error_reply(403,
                               "this request changes the game and needs the page's token: "
                               "reload the page");
        return std::nullopt;
    }

    using Route = std::function<HandlerResult(const HttpRequest&)>;
    void get(const std::string& path, Route route) { routes_[{"GET", path}] = std::move(route); }
    void post(const std::string& path, Route route) { routes_[{"POST", path}] = std::move(route); }

    // A route about the game of the table the request names (?table=NAME; none: the first).
    using TableRoute = std::function<HandlerResult(web::Table&, const HttpRequest&)>;
    Route at_table(TableRoute route) {
        return [this, route = std::move(route)](const HttpRequest& req) -> HandlerResult {
            const std::string name = req.param("table");
            if (auto why = web::table_name_problem(name)) return error_reply(400, "table: " + *why);
            web::Table* t = find_table(name);
            if (!t || !t->game.has_game())
                return error_reply(404, "no game is played at the table '" + name +
                                            "': start one there with New game");
            return route(*t, req);
        };
    }
    void get_at(const std::string& path, TableRoute route) {
        get(path, at_table(std::move(route)));
    }
    void post_at(const std::string& path, TableRoute route) {
        post(path, at_table(std::move(route)));
    }

    HandlerResult handle(const HttpRequest& req) {
        if (auto refusal = guard(req)) return *refusal;
        if (web::Table* t = find_table(req.param("table"))) t->seating.heard_from(device_of(req));
        const std::string method = req.method == "HEAD" ? "GET" : req.method;
        auto it = routes_.find({method, req.path});
        if (it != routes_.end()) return it->second(req);
        for (const auto& [key, route] : routes_)
            if (key.second == req.path)
                return error_reply(
                    405, "cannot answer " + req.method + " " + req.path + ": use " + key.first);
        return error_reply(404, "cannot answer " + req.method + " " + req.path);
    }

    // The game now, or once it is no longer at version `after` (at most kLongPoll): the wait
    // holds no thread (web/http_server.h).
    HandlerResult state(web::Table& t, const HttpRequest& req) {
        auto after = int_param(req, "after");
        const std::string device = device_of(req);
        if (!after || t.game.version() != static_cast<std::uint64_t>(*after))
            return answer(t, device, std::nullopt);
        const auto seen = static_cast<std::uint64_t>(*after);
        // Tables live as long as the server: the wait may keep a reference.
        return web::Park{[&t, seen] { return t.game.version() != seen; },
                         std::chrono::steady_clock::now() + kLongPoll,
                         [this, &t, device] { return answer(t, device, std::nullopt); }};
    }

    // The answer to a request: the state (with the seating as `device` sees it), or 400 with
    // the reason.
    HttpResponse answer(web::Table& t, const std::string& device,
                        const std::optional<std::string>& refusal) {
        if (refusal) return error_reply(400, *refusal);
        std::string json;
        t.game.read([&](const web::GameView& v) { json = web::game_json(v); });
        JsonWriter seating;
        seating.begin_object();
        t.seating.write_json(seating, device);
        seating.end_object();
        if (json.size() > 2 && json.back() == '}')
            json = json.substr(0, json.size() - 1) + "," + seating.text().substr(1);
        if (json.size() > 2 && json.back() == '}') {  // which table it is
            JsonWriter table;
            table.begin_object().field("table", t.name).end_object();
            json = json.substr(0, json.size() - 1) + "," + table.text().substr(1);
        }
        return json_reply(json);
    }

    static std::string device_of(const HttpRequest& req) {
        return web::device_of(req.header(kDeviceHeader));
    }

    static std::vector<std::string> player_names(web::Table& t) {
        std::vector<std::string> names;
        t.game.read([&](const web::GameView& v) {
            for (const auto& p : v.game.variant().players) names.push_back(p.name);
        });
        return names;
    }

    // A new game began (started by `host`, "" for the server): every seat is free.
    void seat_anew(web::Table& t, const std::string& host) {
        std::vector<bool> people;
        t.game.read([&](const web::GameView& v) {
            for (const auto& s : v.seats) people.push_back(s == "human");
        });
        t.seating.reset(std::move(people), host);
        t.game.touch();
    }

    // Refuses acting for a player whose seat another device holds.
    static web::WebGame::Gate gate(web::Table& t, const std::string& device) {
        return [&t, device, names = player_names(t)](Player p) {
            return t.seating.may_act(p, device, names);
        };
    }

    // Starting or loading a game: the host's right once the game has one.
    HttpResponse hosted_change(web::Table& t, const std::string& device,
                               const std::function<std::optional<std::string>()>& change) {
        if (auto why = t.seating.may_host(device)) return error_reply(403, *why);
        auto refusal = change();
        if (!refusal) seat_anew(t, device);
        return answer(t, device, refusal);
    }

    // A take-back: by the device's own seat when it holds one (asking the other devices at the
    // table first), else as on one shared screen.
    HttpResponse take_back(web::Table& t, const std::string& device) {
        const std::vector<Player> mine = t.seating.seats_of(device);
        if (mine.empty()) return answer(t, device, t.game.undo(std::nullopt, gate(t, device)));
        Player person = -1;
        t.game.read([&](const web::GameView& v) {
            for (int i = v.game.ply() - 1; person < 0 && i >= 0; --i)
                if (std::find(mine.begin(), mine.end(), v.game.mover_of(i)) != mine.end())
                    person = v.game.mover_of(i);
        });
        if (person < 0) return error_reply(400, "you have no move to take back");
        if (t.seating.ask_undo(person, device)) {
            t.game.touch();
            return answer(t, device, std::nullopt);
        }
        return answer(t, device, t.game.undo(person));
    }

    // Takes (sit) or frees (leave) the seat ?player=P for the requesting device.
    using SeatChange = std::optional<std::string> (web::Seating::*)(
        Player, const std::string&, const std::vector<std::string>&);
    HttpResponse change_seat(web::Table& t, const HttpRequest& req, SeatChange change,
                             int refusal_status) {
        const std::string device = device_of(req);
        const auto player = int_param(req, "player");
        if (!player) return error_reply(400, "player: the number of the seat (0 for the first)");
        if (auto why = (t.seating.*change)(*player, device, player_names(t)))
            return error_reply(refusal_status, *why);
        t.game.touch();
        return answer(t, device, std::nullopt);
    }

    HttpResponse answer_take_back(web::Table& t, const HttpRequest& req) {
        const std::string device = device_of(req);
        const std::string allow = req.param("allow");
        if (allow != "yes" && allow != "no") return error_reply(400, "allow: yes or no");
        Player by = -1;
        const auto a = t.seating.answer_undo(device, allow == "yes", &by, player_names(t));
        if (a == web::Seating::Answer::NotAsked)
            return error_reply(400, "no take-back waits for this device's answer");
        if (a == web::Seating::Answer::Granted) return answer(t, device, t.game.undo(by));
        t.game.touch();
        return answer(t, device, std::nullopt);
    }

    void setup() {
        for (const auto& [path, body] : web::web_assets()) {
            (void)body;
            get(path, [this, p = path](const HttpRequest&) { return serve_asset(p); });
        }
        get("/", [this](const HttpRequest&) { return serve_asset("/"); });
        get_at("/api/state",
               [this](web::Table& t, const HttpRequest& req) { return state(t, req); });
        get("/api/tables", [this](const HttpRequest&) -> HandlerResult { return table_list(); });
        get("/api/variants", [this](const HttpRequest&) -> HandlerResult {
            JsonWriter j;
            j.begin_array();
            for (const auto& c : folder_.variant_choices())
                j.begin_object()
                    .field("id", c.id)
                    .field("name", c.name)
                    .field("players", c.players)
                    .end_object();
            j.end_array();
            return json_reply(j.text());
        });
        // The address other devices open for the table ?table=NAME, with its QR code.
        get("/api/join", [this](const HttpRequest& req) -> HandlerResult {
            const std::string table = req.param("table");
            if (auto why = web::table_name_problem(table))
                return error_reply(400, "table: " + *why);
            const std::string address =
                join_.empty() || table.empty() ? join_ : join_ + "?table=" + table;
            JsonWriter j;
            j.begin_object().field("address", address);
            j.field("qr_svg", address.empty() ? std::string() : web::qr_code_svg(address));
            j.end_object();
            return json_reply(j.text());
        });
        get("/api/records", [this](const HttpRequest&) -> HandlerResult {
            JsonWriter j;
            j.begin_array();
            for (const auto& name : folder_.saved_games()) j.value(name);
            j.end_array();
            return json_reply(j.text());
        });
        get_at("/api/piece", [](web::Table& t, const HttpRequest& req) -> HandlerResult {
            return piece_legend(t, req);
        });
        get_at("/api/review", [](web::Table& t, const HttpRequest& req) -> HandlerResult {
            const auto ply = int_param(req, "ply");
            std::string json;
            std::string refusal = "no game is in progress";
            t.game.read([&](const web::GameView& v) {
                refusal.clear();
                if (!ply || *ply > v.game.ply())
                    refusal = "ply: a number of moves from 0 to " + std::to_string(v.game.ply());
                else
                    json = web::review_json(v, *ply);
            });
            if (!refusal.empty()) return error_reply(400, refusal);
            return json_reply(json);
        });
        get_at("/api/analyse", [this](web::Table& t, const HttpRequest& req) -> HandlerResult {
            return analyse(t, req);
        });
        get_at("/api/mate", [this](web::Table& t, const HttpRequest& req) -> HandlerResult {
            return find_mate(t, req);
        });
        get_at("/api/record", [](web::Table& t, const HttpRequest&) -> HandlerResult {
            HttpResponse res;
            res.set_header("Content-Disposition",
                           "attachment; filename=\"" + download_name(t, "game") + "\"");
            res.content_type = "text/plain; charset=utf-8";
            res.body = write_record(t.game.record());
            return res;
        });
        get_at("/api/kif", [](web::Table& t, const HttpRequest&) -> HandlerResult {
            std::string kif, refusal;
            t.game.read([&](const web::GameView& v) {
                if (auto why = kif_unsupported(v.game.variant()))
                    refusal = *why;
                else
                    kif = write_kif(v.game, v.seats);
            });
            if (!refusal.empty()) return error_reply(400, "no KIF: " + refusal);
            HttpResponse res;
            res.set_header("Content-Disposition",
                           "attachment; filename=\"" + download_name(t, "kif") + "\"");
            res.content_type = "text/plain; charset=utf-8";
            res.body = std::move(kif);
            return res;
        });

        post_at("/api/move", [this](web::Table& t, const HttpRequest& req) -> HandlerResult {
            if (auto m = missing(req, "move")) return *m;
            const std::string device = device_of(req);
            auto refusal = t.game.play(req.param("move"), gate(t, device));
            if (!refusal) t.seating.drop_undo();
            return answer(t, device, refusal);
        });
        post_at("/api/undo", [this](web::Table& t, const HttpRequest& req) -> HandlerResult {
            return take_back(t, device_of(req));
        });
        post_at("/api/undo-answer", [this](web::Table& t, const HttpRequest& req) -> HandlerResult {
            return answer_take_back(t, req);
        });
        post_at("/api/resign", [this](web::Table& t, const HttpRequest& req) -> HandlerResult {
            const std::string device = device_of(req);
            return answer(t, device, t.game.resign(gate(t, device)));
        });
        post_at("/api/impasse", [this](web::Table& t, const HttpRequest& req) -> HandlerResult {
            const std::string device = device_of(req);
            return answer(t, device, t.game.declare_impasse(gate(t, device)));
        });
        post_at("/api/sit", [this](web::Table& t, const HttpRequest& req) -> HandlerResult {
            return change_seat(t, req, &web::Seating::sit, 409);
        });
        post_at("/api/leave", [this](web::Table& t, const HttpRequest& req) -> HandlerResult {
            return change_seat(t, req, &web::Seating::leave, 400);
        });
        // A new game at the table ?table=NAME: a new table when none has that name yet.
        post("/api/new", [this](const HttpRequest& req) -> HandlerResult {
            if (auto m = missing(req, "variant")) return *m;
            if (auto m = missing(req, "seats")) return *m;
            const std::string seats = req.param("seats");
            if (seats.size() > kMaxSeatsText)
                return error_reply(400, "seats: at most " + std::to_string(kMaxSeatsText) +
                                            " characters; each seat is human, random[:SEED] or "
                                            "engine[:LEVEL]");
            // The engine's time per move, or the clocks: time_ms (main time; absent: no
            // clocks), increment_ms and byoyomi_ms.
            MoveBudget budget = budget_of_ms(search::kDefaultMoveMs);
            const std::pair<const char*, int*> times[] = {{"engine_ms", &budget.movetime_ms},
                                                          {"time_ms", &budget.time_ms},
                                                          {"increment_ms", &budget.increment_ms},
                                                          {"byoyomi_ms", &budget.byoyomi_ms}};
            for (const auto& [name, field] : times) {
                if (!req.has_param(name)) continue;
                const auto ms = ms_param(req, name);
                if (!ms)
                    return error_reply(400, std::string(name) + ": a whole number of milliseconds");
                *field = *ms;
            }
            if ((req.has_param("increment_ms") || req.has_param("byoyomi_ms")) &&
                !req.has_param("time_ms"))
                return error_reply(400,
                                   "increment_ms and byoyomi_ms belong to a clock: give time_ms "
                                   "(the main time, 0 for byoyomi alone)");
            const std::string name = req.param("table");
            if (auto why = web::table_name_problem(name)) return error_reply(400, "table: " + *why);
            auto opened = open_table(name);
            if (auto* why = std::get_if<std::string>(&opened)) return error_reply(409, *why);
            web::Table& t = *std::get<web::Table*>(opened);
            return hosted_change(t, device_of(req), [&] {
                return new_game(t, req.param("variant"), req.param("position"), split(seats, ','),
                                budget);
            });
        });
        post_at("/api/save", [this](web::Table& t, const HttpRequest& req) -> HandlerResult {
            if (auto m = missing(req, "name")) return *m;
            auto file = folder_.game_file(req.param("name"));
            if (auto* d = std::get_if<Diagnostic>(&file)) return error_reply(400, d->text());
            const auto& path = std::get<std::filesystem::path>(file);
            if (auto error = write_file_atomically(path, write_record(t.game.record())))
                return error_reply(500, *error);
            JsonWriter j;
            j.begin_object().field("saved", path.filename().string()).end_object();
            return json_reply(j.text());
        });
        post_at("/api/load", [this](web::Table& t, const HttpRequest& req) -> HandlerResult {
            if (auto m = missing(req, "name")) return *m;
            auto file = folder_.game_file(req.param("name"));
            if (auto* d = std::get_if<Diagnostic>(&file)) return error_reply(400, d->text());
            const auto path = std::get<std::filesystem::path>(file);
            return hosted_change(t, device_of(req), [&]() -> std::optional<std::string> {
                const std::string why = load_record(t, path);
                if (why.empty()) return std::nullopt;
                return why;
            });
        });
    }

    // The tables and what is played at each: [{table, variant, players, ply, over, people,
    // seated}], the first table first.
    HttpResponse table_list() {
        JsonWriter j;
        j.begin_array();
        for (web::Table* t : tables()) {
            t->game.read([&](const web::GameView& v) {
                j.begin_object().field("table", t->name).field("variant", v.game.variant().name);
                j.field("players", v.game.variant().num_players()).field("ply", v.game.ply());
                j.field("over", v.game.over());
                j.field("people", static_cast<int>(std::count(v.seats.begin(), v.seats.end(),
                                                              std::string("human"))));
                j.field("seated", static_cast<int>(t->seating.seated()));
                j.end_object();
            });
        }
        j.end_array();
        return json_reply(j.text());
    }

    // The engine's view of a position of the game: ?ms=TIME (default 1000, 10 to 60000) and
    // ?ply=N (the position after N moves, for a review; default: the position now). One analysis
    // at a time; the game goes on meanwhile. The answer says whose score it is ("+1.20 for
    // Sente"), gives each player's score (two players: the one score from each side; three or
    // four: each player's standing, docs/engine.md), the best move and the best line.
    // What an analysis or a mate search is asked about: the position after ?ply=N moves (the
    // game now without it), how it was reached, and ?ms= the time to think.
    struct Question {
        std::shared_ptr<const Variant> variant;
        PositionState start;
        std::vector<Move> moves;  // from the start to the position asked about
        PositionState at;
        KeyHistory history;  // the keys of every position before it
        int ply = 0;
        int ms = search::kDefaultMoveMs;
    };

    // The question a request asks, or a refusal.
    static std::variant<Question, HttpResponse> question(web::Table& t, const HttpRequest& req) {
        Question q;
        if (req.has_param("ms")) {
            const auto given = int_param(req, "ms");
            if (!given || *given < 10 || *given > 60000)
                return error_reply(400, "ms: the thinking time, 10 to 60000 milliseconds");
            q.ms = *given;
        }
        const auto asked_ply = int_param(req, "ply");
        if (req.has_param("ply") && !asked_ply)
            return error_reply(400, "ply: a number of moves played");
        std::string refusal = "no game is in progress";
        t.game.read([&](const web::GameView& view) {
            const Game& g = view.game;
            q.ply = asked_ply.value_or(g.ply());
            if (q.ply > g.ply()) {
                refusal = "ply: the game has " + std::to_string(g.ply()) + " moves";
                return;
            }
            refusal = q.ply == g.ply() && g.over() ? "the game is over: nothing to analyse" : "";
            q.variant = g.variant_ptr();
            q.start = g.start();
            q.moves.assign(g.moves().begin(), g.moves().begin() + q.ply);
            q.at = g.state_after(q.ply);
            q.history = g.key_history();
            while (q.history.ply() > q.ply) q.history.pop();
        });
        if (!refusal.empty()) return error_reply(400, refusal);
        return q;
    }

    // A forced mate for the player to move, by the mate solver (docs/mate.md, tsume: every
    // attacking move checks): its line and length in plies, "no mate" (proven) or "unknown"
    // when the time ran out first.
    HttpResponse find_mate(web::Table& t, const HttpRequest& req) {
        auto asked = question(t, req);
        if (auto* refusal = std::get_if<HttpResponse>(&asked)) return *refusal;
        const Question& q = std::get<Question>(asked);
        if (q.variant->num_players() != 2)
            return error_reply(400, "the mate solver is for games of two players");
        std::unique_lock busy(analysis_, std::try_to_lock);
        if (!busy.owns_lock()) return error_reply(409, "an analysis is already running");
        mate::MateOptions o;
        o.movetime_ms = q.ms;
        mate::MateResult r;
        try {
            r = mate::solve_mate(q.variant, q.start, q.moves, o);
        } catch (const std::invalid_argument& e) {
            return error_reply(400, std::string("cannot look for a mate here: ") + e.what());
        }
        const Player mover = q.at.to_move;
        JsonWriter j;
        j.begin_object();
        j.field("ply", q.ply).field("player", mover);
        j.field("outcome", mate::outcome_name(r.outcome));
        j.field("plies", r.plies).field("shortest", r.shortest_proven);
        const std::string& name = q.variant->players[mover].name;
        std::string summary;
        if (r.outcome == mate::Outcome::Mate)
            summary = name + " mates in " + (r.shortest_proven ? "" : "at most ") +
                      std::to_string(r.plies) + " plies (proven)";
        else if (r.outcome == mate::Outcome::NoMate)
            summary = name + " has no forced mate by checks (proven)";
        else
            summary = "no mate found for " + name + " in " + std::to_string(q.ms) + " ms";
        j.field("summary", summary);
        j.field("nodes", static_cast<long long>(r.nodes)).field("time_ms", r.time_ms);
        std::vector<std::string> line;
        for (Move m : r.line) line.push_back(write_move(*q.variant, m));
        j.key("pv").values(line);
        if (!r.line.empty()) write_best_move(j, *q.variant, r.line.front());
        j.end_object();
        return json_reply(j.text());
    }

    static void write_best_move(JsonWriter& j, const Variant& v, Move best) {
        j.key("best").begin_object();
        j.field("from", best.is_drop() ? -1 : best.from()).field("to", best.to());
        j.field("drop", best.is_drop() ? best.dropped() : -1);
        j.field("text", write_move(v, best));
        j.end_object();
    }

    HttpResponse analyse(web::Table& t, const HttpRequest& req) {
        auto asked = question(t, req);
        if (auto* refusal = std::get_if<HttpResponse>(&asked)) return *refusal;
        const Question& q = std::get<Question>(asked);
        std::unique_lock busy(analysis_, std::try_to_lock);
        if (!busy.owns_lock()) return error_reply(409, "an analysis is already running");
        const auto& variant = q.variant;
        const int ply = q.ply;
        const int ms = q.ms;
        const PositionState& at = q.at;
        const KeyHistory& history = q.history;
        std::string why;
        search::Options o;
        o.network = nnue::usable_default_network(*variant);
        auto engine = search::Engine::create(variant, o, &why);
        if (!engine) return error_reply(400, "no engine for this variant: " + why);
        try {
            engine->set_position_with_history(at, history);
        } catch (const std::exception& e) {
            return error_reply(400, std::string("cannot analyse this position: ") + e.what());
        }
        search::Limits limits;
        limits.movetime_ms = ms;
        std::vector<int> standings;  // three or four players: each one's score
        const search::Result r = engine->search(
            limits, [&](const search::Info& info) { standings = info.player_scores; });
        const Player mover = at.to_move;
        if (r.best.is_null())
            return error_reply(400, variant->players[mover].name + " has no legal move");
        JsonWriter j;
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
        write_best_move(j, *variant, r.best);
        j.key("pv").begin_array();
        for (Move m : r.pv) j.value(write_move(*variant, m));
        j.end_array();
        j.end_object();
        return json_reply(j.text());
    }

    // A download's file name: the variant, the players and the date, e.g.
    // "seireigi-human-vs-engine-2026-11-28.kif" (letters, digits and '-' only).
    static std::string download_name(web::Table& t, const std::string& extension) {
        std::string name = "seireigi";
        t.game.read([&](const web::GameView& v) {
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
    static HttpResponse piece_legend(web::Table& t, const HttpRequest& req) {
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
        t.game.read([&](const web::GameView& view) {
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
        if (!refusal.empty()) return error_reply(400, refusal);
        if (neutral) return json_reply(web::reach_json({}));  // a neutral piece never moves
        const Player owner = owner_of(st.board[from]);
        return json_reply(
            web::reach_json(piece_reach(variant, st, from, (owner + 1) % variant->num_players())));
    }

    web::DataFolder folder_;
    const std::chrono::milliseconds watch_pause_;  // of every table's game
    const std::chrono::milliseconds away_;         // of every table's seating
    // The server's: parked long polls are asked again. Before the tables: a game's thread may
    // call it until the table is gone.
    std::function<void()> wake_;
    std::mutex tables_mutex_;
    std::map<std::string, std::unique_ptr<web::Table>> tables_;  // by name; never removed
    std::string token_;
    std::vector<std::string> allowed_hosts_;  // "name:port", lower case
    std::string address_;                     // one of them, for messages
    std::string join_;  // the address other devices open, "" when only this computer may
    std::mutex analysis_;
    std::map<std::pair<std::string, std::string>, Route> routes_;  // (method, path)
};

WebBoard::WebBoard(web::DataFolder folder, std::chrono::milliseconds watch_pause,
                   std::chrono::milliseconds away)
    : impl_(std::make_unique<Impl>(std::move(folder), watch_pause, away)) {}

WebBoard::~WebBoard() = default;

std::optional<std::string> WebBoard::start() {
    return impl_->start();
}

std::string WebBoard::listening_on(const std::string& host, int port) {
    return impl_->listening_on(host, port);
}

void WebBoard::on_change(std::function<void()> wake) {
    impl_->wake_ = std::move(wake);
}

web::HandlerResult WebBoard::handle(const web::HttpRequest& req) const {
    return impl_->handle(req);
}

const std::string& WebBoard::join_address() const {
    return impl_->join_;
}

const std::string& WebBoard::token() const {
    return impl_->token_;
}

}  // namespace seireigi::cli
