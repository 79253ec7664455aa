#include "protocols/xboard_session.h"

#include "game/position_soundness.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <sstream>

#include "core/printable.h"
#include "nnue/network_source.h"
#include "protocols/protocol_variants.h"
#include "search/memory_limit.h"
#include "search/think_time.h"
#include "text/start_position.h"
#include "text/words.h"

namespace seireigi::cli {
namespace {

std::optional<double> number(const std::string& text) {
    double value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(value) ||
        value < 0 || value > 1e9)
        return std::nullopt;
    return value;
}

// "5" minutes or "0:30" minutes:seconds, in milliseconds.
std::optional<int> minutes_text(const std::string& text) {
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos) {
        auto m = number(text);
        if (!m) return std::nullopt;
        return static_cast<int>(*m * 60'000);
    }
    auto m = number(text.substr(0, colon));
    auto s = number(text.substr(colon + 1));
    if (!m || !s) return std::nullopt;
    return static_cast<int>(*m * 60'000 + *s * 1000);
}

// Commands that leave a search running; every other command stops it first.
const std::set<std::string> kWhileThinking = {
    "ping", "post",   "nopost", "time",   "otim",     "hard",     "easy",     "computer",
    "name", "rating", "ics",    "random", "accepted", "rejected", "xboard",   ".",
    "draw", "cores",  "level",  "st",     "sd",       "memory",   "protover", "option"};

}  // namespace

XboardSession::XboardSession(std::ostream& out, DataSource source,
                             std::shared_ptr<const Variant> variant)
    : out_(out), source_(std::move(source)), default_variant_(std::move(variant)) {
    for (const std::string& id : two_player_variant_ids(source_)) {
        std::string why;
        auto v = load_two_player_variant(id, source_, why);
        if (v && XboardNotation::make(*v, nullptr)) variant_ids_.push_back(id);
    }
    std::string why;
    if (!set_variant(default_variant_, &why)) throw std::invalid_argument(why);
}

XboardSession::~XboardSession() {
    stop_search(false);
}

void XboardSession::run(std::istream& in) {
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!handle(line)) return;
    }
}

void XboardSession::error(const std::string& command, const std::string& why) {
    // The command is echoed: its control bytes are shown, not passed on.
    out_.send("Error (" + printable(why) + "): " + printable(command));
}

bool XboardSession::handle(const std::string& line) {
    const std::vector<std::string> words = split_words(line);
    if (words.empty()) return true;
    if (words[0] == "?")
        stop_search(/*keep_move=*/true);
    else if (!kWhileThinking.count(words[0]))
        stop_search(/*keep_move=*/false);
    std::lock_guard<std::mutex> lock(state_);
    return handle_locked(words, line);
}

bool XboardSession::handle_locked(const std::vector<std::string>& words, const std::string& line) {
    const std::string& cmd = words[0];
    const std::string arg = words.size() > 1 ? words[1] : "";
    auto needs_arg = [&]() {
        if (words.size() > 1) return true;
        error(line, "missing argument");
        return false;
    };
    if (cmd == "xboard" || cmd == "accepted" || cmd == "rejected" || cmd == "hard" ||
        cmd == "easy" || cmd == "random" || cmd == "computer" || cmd == "name" || cmd == "rating" ||
        cmd == "ics" || cmd == "draw" || cmd == "otim" || cmd == "cores" || cmd == "." ||
        cmd == "?" || cmd == "option") {
        // Nothing to do: we neither ponder nor accept draws; `?` was handled above.
    } else if (cmd == "protover") {
        send_features();
    } else if (cmd == "ping") {
        out_.send("pong" + (words.size() > 1 ? " " + words[1] : std::string()));
    } else if (cmd == "new") {
        std::string why;
        set_variant(default_variant_, &why);
        force_ = false;
        engine_side_ = 1;
        depth_limit_ = 0;
        // The engine is made now, not at the first move, whose clock would pay for it.
        if (engine_)
            engine_->clear();
        else
            ensure_engine();
    } else if (cmd == "variant") {
        if (!needs_arg()) return true;
        std::string why;
        auto v = load_two_player_variant(arg, source_, why);
        if (!v || !set_variant(v, &why)) {
            error(line, why);
            return true;
        }
        for (const std::string& l : notation_->setup_lines(*variant_, game_->start())) out_.send(l);
        ensure_engine();
    } else if (cmd == "force") {
        force_ = true;
    } else if (cmd == "go") {
        force_ = false;
        engine_side_ = game_->to_move();
        maybe_start_thinking();
    } else if (cmd == "playother") {
        force_ = false;
        engine_side_ = 1 - game_->to_move();
    } else if (cmd == "usermove") {
        if (!needs_arg()) return true;
        user_move(arg);
    } else if (cmd == "undo" || cmd == "remove") {
        const int count = cmd == "undo" ? 1 : 2;
        for (int i = 0; i < count; ++i)
            if (!game_->undo()) {
                error(line, "no move to take back");
                break;
            }
        maybe_start_thinking();
    } else if (cmd == "setboard") {
        const std::string fen = line.substr(line.find("setboard") + 8);
        auto read = notation_->read_fen(*variant_, fen);
        if (auto* why = std::get_if<std::string>(&read)) {
            out_.send("tellusererror Illegal position: " + *why);
            return true;
        }
        const PositionState& st = std::get<PositionState>(read);
        if (const auto problems = impossible_position_problems(*variant_, st); !problems.empty()) {
            out_.send("tellusererror Illegal position: this position cannot arise in a game: " +
                      problems.front().message);
            return true;
        }
        if (auto unfit = Game::unfit_for_play(*variant_, st)) {
            out_.send("tellusererror Illegal position: " + *unfit);
            return true;
        }
        new_game(st);
        maybe_start_thinking();
    } else if (cmd == "result") {
        force_ = true;
    } else if (cmd == "post" || cmd == "nopost") {
        post_ = cmd == "post";
    } else if (cmd == "level") {
        if (words.size() < 4) {
            error(line, "expected 'level MOVES MINUTES[:SECONDS] INCREMENT'");
            return true;
        }
        auto mps = number(words[1]);
        auto base = minutes_text(words[2]);
        auto inc = number(words[3]);
        if (!mps || !base || !inc) {
            error(line, "expected 'level MOVES MINUTES[:SECONDS] INCREMENT'");
            return true;
        }
        moves_per_session_ = static_cast<int>(*mps);
        base_ms_ = *base;
        increment_ms_ = static_cast<int>(*inc * 1000);
        seconds_per_move_ = 0;
        time_control_known_ = true;
    } else if (cmd == "st" || cmd == "sd" || cmd == "time" || cmd == "memory") {
        if (!needs_arg()) return true;
        auto n = number(arg);
        if (!n) {
            error(line, "expected a number");
            return true;
        }
        if (cmd == "st") {
            seconds_per_move_ = std::max(1, static_cast<int>(*n));
            time_control_known_ = true;
        } else if (cmd == "sd") {
            depth_limit_ = static_cast<int>(*n);
        } else if (cmd == "time") {
            engine_clock_ms_ = static_cast<int>(*n * 10);
            time_control_known_ = true;
        } else {
            const int mb = static_cast<int>(std::clamp<double>(*n, 1, 1 << 20));
            if (auto why = search::table_size_refusal(static_cast<std::size_t>(mb))) {
                error(line, *why);
                return true;
            }
            hash_mb_ = mb;
            if (engine_ && !worker_.busy()) {
                search::Options o = engine_->options();
                o.hash_mb = hash_mb_;
                engine_->set_options(o);
            }
        }
    } else if (cmd == "analyze") {
        analyzing_ = true;
        maybe_start_thinking();
    } else if (cmd == "exit") {
        analyzing_ = false;
    } else if (cmd == "quit") {
        return false;
    } else {
        error(cmd, "unknown command");
    }
    return true;
}

void XboardSession::send_features() {
    std::string variants;
    for (const std::string& id : variant_ids_) variants += (variants.empty() ? "" : ",") + id;
    out_.send(
        "feature ping=1 setboard=1 usermove=1 san=0 sigint=0 sigterm=0 time=1 draw=0 "
        "reuse=1 analyze=1 colors=0 memory=1 name=0 variants=\"" +
        variants + "\" myname=\"seireigi\" done=1");
}

bool XboardSession::set_variant(const std::shared_ptr<const Variant>& v, std::string* why) {
    auto notation = XboardNotation::make(*v, why);
    if (!notation) return false;
    PositionState start;
    try {
        start = start_state(*v);
    } catch (const std::exception& e) {
        if (why) *why = e.what();
        return false;
    }
    if (variant_ != v) engine_.reset();
    variant_ = v;
    notation_ = notation;
    new_game(start);
    return true;
}

void XboardSession::new_game(const PositionState& start) {
    game_ = std::make_unique<Game>(variant_, start);
}

void XboardSession::user_move(const std::string& text) {
    if (game_->over()) {
        out_.send("Illegal move (the game is over): " + printable(text));
        return;
    }
    auto read = notation_->read_move(*variant_, text, game_->legal_moves());
    if (auto* why = std::get_if<std::string>(&read)) {
        out_.send("Illegal move (" + printable(*why) + "): " + printable(text));
        return;
    }
    game_->play(std::get<Move>(read));
    report_result_if_over();
    maybe_start_thinking();
}

void XboardSession::report_result_if_over() {
    if (!game_->over()) return;
    const GameResult& r = game_->result();
    std::string score = "1/2-1/2";
    if (r.standings[0] == Standing::Won) score = "1-0";
    if (r.standings[1] == Standing::Won) score = "0-1";
    out_.send(score + " {" + describe_result(*game_) + "}");
}

void XboardSession::maybe_start_thinking() {
    if (game_->over()) return;
    if (analyzing_)
        start_search(Search::Analysis);
    else if (!force_ && game_->to_move() == engine_side_)
        start_search(Search::Move);
}

bool XboardSession::ensure_engine() {
    if (engine_) return true;
    search::Options o;
    o.hash_mb = hash_mb_;
    auto net = nnue::default_network(*variant_);
    if (auto* d = std::get_if<Diagnostic>(&net))
        out_.send("telluser " + d->text() + "; the classical evaluation plays instead");
    else
        o.network = std::get<std::shared_ptr<const nnue::Network>>(net);
    std::string why;
    engine_ = search::Engine::create(variant_, o, &why);
    if (!engine_) out_.send("tellusererror no engine for " + variant_->id + ": " + why);
    return engine_ != nullptr;
}

search::Limits XboardSession::move_limits() const {
    search::Limits l;
    l.depth = depth_limit_;
    if (!time_control_known_) {
        l.movetime_ms = search::kDefaultMoveMs;
    } else if (seconds_per_move_ > 0) {
        l.movetime_ms = seconds_per_move_ * 1000;
    } else {
        l.time_ms = engine_clock_ms_ >= 0 ? engine_clock_ms_ : base_ms_;
        l.increment_ms = increment_ms_;
        if (moves_per_session_ > 0) {
            int played = 0;
            for (int i = 0; i < game_->ply(); ++i) played += game_->mover_of(i) == engine_side_;
            l.moves_to_go = moves_per_session_ - played % moves_per_session_;
        }
    }
    return l;
}

std::string XboardSession::thinking_line(const search::Info& info) const {
    // ply score time(centiseconds) nodes pv; mates as 100000 + moves (of the mating side).
    const int plies = info.score.mate_in;
    const int score = !info.score.mate ? info.score.cp
                      : plies > 0      ? 100000 + (plies + 1) / 2
                                       : -100000 - (-plies) / 2;
    std::ostringstream s;
    s << info.depth << ' ' << score << ' ' << info.time_ms / 10 << ' ' << info.nodes;
    for (Move m : info.pv) s << ' ' << notation_->move(*variant_, m);
    return s.str();
}

void XboardSession::start_search(Search kind) {
    if (!ensure_engine()) return;
    discard_ = false;
    searching_ = kind;
    search::Limits limits = move_limits();
    if (kind == Search::Analysis) {
        limits = search::Limits();
        limits.infinite = true;
    }
    engine_->set_position(game_->start(), game_->moves());
    search::Engine* engine = engine_.get();
    worker_.start([this, engine, kind, limits](SearchWorker& worker) {
        auto on_info = [this, kind](const search::Info& info) {
            if (kind == Search::Analysis || post_) out_.send(thinking_line(info));
        };
        const search::Result result = worker.run_search(*engine, limits, on_info);
        if (kind == Search::Analysis) {
            worker.wait_for_release();
            return;
        }
        std::lock_guard<std::mutex> lock(state_);
        searching_ = Search::None;
        if (discard_ || game_->over()) return;
        if (result.best.is_null()) {
            out_.send("resign");
            return;
        }
        out_.send("move " + notation_->move(*variant_, result.best));
        game_->play(result.best);
        report_result_if_over();
    });
}

void XboardSession::stop_search(bool keep_move) {
    if (!worker_.busy()) {
        worker_.join();
        return;
    }
    if (!keep_move) discard_ = true;
    worker_.release();
    if (engine_) worker_.interrupt(*engine_);
    worker_.join();
    searching_ = Search::None;
}

}  // namespace seireigi::cli
