#include "protocols/usi_session.h"

#include "base/evaluation_choice.h"
#include "nnue/network_source.h"

#include <charconv>
#include <sstream>

#include "core/printable.h"
#include "game/move_refusal.h"
#include "game/position_soundness.h"
#include "mate/mate_solver.h"
#include "position/generic_position.h"
#include "protocols/protocol_variants.h"
#include "search/memory_limit.h"
#include "text/notation.h"
#include "text/start_position.h"
#include "text/words.h"
#include "view/search_output.h"

namespace seireigi::cli {
namespace {

std::string join(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
    std::string text;
    for (std::size_t i = from; i < to && i < words.size(); ++i) {
        if (!text.empty()) text += ' ';
        text += words[i];
    }
    return text;
}

bool parse_int(const std::string& text, long long& value) {
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return ec == std::errc() && ptr == end;
}

bool iequals(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

}  // namespace

UsiSession::UsiSession(std::ostream& out, DataSource source, std::shared_ptr<const Variant> variant)
    : out_(out), source_(std::move(source)), variant_ids_(two_player_variant_ids(source_)) {
    variant_ = std::move(variant);
    start_ = start_state(*variant_);
    load_network();
}

UsiSession::~UsiSession() {
    stop_search();
}

void UsiSession::run(std::istream& in) {
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!handle(line)) return;
    }
    stop_search();
}

void UsiSession::error(const std::string& why) {
    // The reason may quote what the GUI sent: its control bytes are shown, not passed on.
    out_.send("info string error: " + printable(why));
}

bool UsiSession::handle(const std::string& line) {
    const std::vector<std::string> words = split_words(line);
    if (words.empty()) return true;
    const std::string& cmd = words[0];
    if (cmd == "usi") {
        cmd_usi();
    } else if (cmd == "isready") {
        ensure_engine();
        out_.send("readyok");
    } else if (cmd == "setoption") {
        cmd_setoption(words);
    } else if (cmd == "usinewgame") {
        stop_search();
        if (ensure_engine()) engine_->clear();
    } else if (cmd == "position") {
        refused_ = "the last position command was refused";  // until it succeeds
        cmd_position(words);
    } else if (cmd == "go") {
        cmd_go(words);
    } else if (cmd == "stop") {
        stop_search();
    } else if (cmd == "ponderhit") {
        if (worker_.busy() && engine_) {
            ponderhit_ = true;
            worker_.release();
            worker_.interrupt(*engine_, /*first_only=*/true);
        }
    } else if (cmd == "gameover") {
        stop_search();
    } else if (cmd == "quit") {
        stop_search();
        return false;
    } else if (cmd == "debug" || cmd == "register") {
        // Nothing to do: accepted for GUIs that send them.
    } else {
        error("unknown command '" + cmd + "'");
    }
    return true;
}

void UsiSession::cmd_usi() {
    out_.send("id name seireigi");
    out_.send("id author the seireigi authors");
    out_.send("option name USI_Hash type spin default " + std::to_string(hash_mb_) +
              " min 1 max 65536");
    out_.send(std::string("option name USI_Ponder type check default ") +
              (ponder_ ? "true" : "false"));
    out_.send("option name USI_MultiPV type spin default " + std::to_string(multipv_) +
              " min 1 max 500");
    std::string combo = "option name USI_Variant type combo default " + variant_->id;
    bool listed = false;
    for (const std::string& id : variant_ids_) {
        combo += " var " + id;
        listed = listed || id == variant_->id;
    }
    if (!listed) combo += " var " + variant_->id;
    out_.send(combo);
    out_.send("option name VariantPath type string default " +
              (variant_path_.empty() ? std::string("<empty>") : variant_path_));
    out_.send("option name Skill_Level type spin default " + std::to_string(skill_) +
              " min 1 max 20");
    out_.send("option name Mate_Share type spin default " + std::to_string(mate_share_) +
              " min 0 max 50");
    out_.send(std::string("option name Mate_Shortest type check default ") +
              (mate_shortest_ ? "true" : "false"));
    out_.send(std::string("option name Use_NNUE type check default ") +
              (use_nnue_ ? "true" : "false"));
    out_.send("option name EvalFile type string default " +
              (eval_file_.empty() ? std::string("<empty>") : eval_file_));
    out_.send("usiok");
}

void UsiSession::cmd_setoption(const std::vector<std::string>& words) {
    // setoption name NAME [value VALUE...]; names are single words.
    if (words.size() < 3 || words[1] != "name") {
        error("setoption: expected 'setoption name NAME value VALUE'");
        return;
    }
    const std::string& name = words[2];
    std::string value;
    if (words.size() > 3) {
        if (words[3] != "value") {
            error("setoption: option names are one word; expected 'value' after '" + name + "'");
            return;
        }
        value = join(words, 4, words.size());
    }
    if (worker_.busy()) {
        error("setoption " + name + ": the engine is searching; send stop first");
        return;
    }
    auto spin = [&](int min, int max, int& target) {
        long long n = 0;
        if (!parse_int(value, n) || n < min || n > max) {
            error("setoption " + name + ": '" + value + "' is not a whole number from " +
                  std::to_string(min) + " to " + std::to_string(max));
            return false;
        }
        target = static_cast<int>(n);
        return true;
    };
    auto check = [&](bool& target) {
        if (value != "true" && value != "false") {
            error("setoption " + name + ": expected true or false, not '" + value + "'");
            return false;
        }
        target = value == "true";
        return true;
    };
    if (iequals(name, "USI_Hash") || iequals(name, "Hash")) {
        int mb = hash_mb_;
        if (!spin(1, 65536, mb)) return;
        if (auto why = search::table_size_refusal(static_cast<std::size_t>(mb)))
            return error("setoption " + name + " " + value + ": " + *why);
        hash_mb_ = mb;
        if (engine_) engine_->set_options(engine_options());
    } else if (iequals(name, "USI_Ponder") || iequals(name, "Ponder")) {
        check(ponder_);
    } else if (iequals(name, "USI_MultiPV") || iequals(name, "MultiPV")) {
        spin(1, 500, multipv_);
    } else if (iequals(name, "Skill_Level")) {
        if (spin(1, 20, skill_) && engine_) engine_->set_options(engine_options());
    } else if (iequals(name, "Mate_Share")) {
        if (spin(0, 50, mate_share_) && engine_) engine_->set_options(engine_options());
    } else if (iequals(name, "Mate_Shortest")) {
        check(mate_shortest_);
    } else if (iequals(name, "Use_NNUE")) {
        if (check(use_nnue_)) load_network();
    } else if (iequals(name, "EvalFile")) {
        eval_file_ = value == "<empty>" ? "" : value;
        load_network();
    } else if (iequals(name, "USI_Variant") || iequals(name, "UCI_Variant")) {
        std::string why;
        auto v = load_two_player_variant(value, source_, why);
        if (!v) {
            error("setoption USI_Variant: " + why);
            return;
        }
        select_variant(v);
    } else if (iequals(name, "VariantPath")) {
        if (value.empty() || value == "<empty>") {
            variant_path_.clear();
            return;
        }
        std::string why;
        auto v = load_two_player_variant(value, source_, why);
        if (!v) {
            error("setoption VariantPath: " + why);
            return;
        }
        variant_path_ = value;
        select_variant(v);
    } else {
        error("setoption: unknown option '" + name +
              "' (options: USI_Hash USI_Ponder USI_MultiPV USI_Variant VariantPath Skill_Level "
              "Mate_Share Use_NNUE EvalFile)");
    }
}

void UsiSession::select_variant(std::shared_ptr<const Variant> variant) {
    PositionState start;
    try {
        start = start_state(*variant);
    } catch (const std::exception& e) {
        error("variant '" + variant->id + "': " + e.what());
        return;
    }
    variant_ = std::move(variant);
    start_ = start;
    moves_.clear();
    mate_only_.clear();
    refused_.clear();
    engine_.reset();  // built for the new variant at isready or go
    load_network();
    out_.send("info string variant " + variant_->id + " files " +
              std::to_string(variant_->geo.files) + " ranks " +
              std::to_string(variant_->geo.ranks) + " startpos " +
              write_position(*variant_, start_));
}

search::Options UsiSession::engine_options() const {
    search::Options o;
    o.hash_mb = hash_mb_;
    o.skill = skill_;
    o.mate_share_percent = mate_share_;
    o.network = network_;
    return o;
}

void UsiSession::load_network() {
    network_.reset();
    if (use_nnue_) {
        auto net = eval_file_.empty() ? nnue::default_network(*variant_)
                                      : nnue::network_file(eval_file_, *variant_);
        if (auto* d = std::get_if<Diagnostic>(&net))
            out_.send("info string " + d->text() + "; the classical evaluation plays instead");
        else
            network_ = std::get<std::shared_ptr<const nnue::Network>>(net);
    }
    if (engine_) engine_->set_options(engine_options());
}

bool UsiSession::ensure_engine() {
    if (engine_) return true;
    std::string why;
    engine_ = search::Engine::create(variant_, engine_options(), &why);
    if (!engine_) error("no engine for variant '" + variant_->id + "': " + why);
    return engine_ != nullptr;
}

void UsiSession::cmd_position(const std::vector<std::string>& words) {
    // position startpos|sfen TEXT [moves M...]; everything is checked before anything changes.
    std::size_t moves_at = words.size();
    for (std::size_t i = 1; i < words.size(); ++i)
        if (words[i] == "moves") {
            moves_at = i;
            break;
        }
    if (words.size() < 2) {
        error("position: expected 'startpos' or 'sfen TEXT', then optionally 'moves ...'");
        return;
    }
    PositionState start;
    std::string mate_only;
    if (words[1] == "startpos") {
        if (moves_at != 2) {
            error("position: expected 'moves' after 'startpos', not '" + words[2] + "'");
            return;
        }
        start = start_state(*variant_);
    } else if (words[1] == "sfen") {
        const std::string text = join(words, 2, moves_at);
        auto read = read_position(*variant_, text);
        if (auto* d = std::get_if<Diagnostic>(&read)) {
            error("position sfen \"" + text + "\": " + d->text());
            return;
        }
        start = std::get<PositionState>(read);
        if (start.active != 0x3) {
            error("position sfen \"" + text + "\": not a two-player position");
            return;
        }
        if (const auto problems = impossible_position_problems(*variant_, start);
            !problems.empty()) {
            // A mating problem leaves out the attacker's King: go mate solves it, go does not.
            if (problems.size() == 1 &&
                problems.front().kind == PositionProblem::Kind::MissingKing &&
                problems.front().player == start.to_move) {
                mate_only = problems.front().message;
            } else {
                error("position sfen \"" + text +
                      "\": this position cannot arise in a game: " + problems.front().message);
                return;
            }
        }
    } else {
        error("position: expected 'startpos' or 'sfen', not '" + words[1] + "'");
        return;
    }
    std::vector<Move> moves;
    try {
        GenericPosition pos(variant_, start);
        for (std::size_t i = moves_at + 1; i < words.size(); ++i) {
            MoveList legal;
            pos.legal_moves(legal);
            auto read = read_legal_move(pos, legal, words[i]);
            if (auto* d = std::get_if<Diagnostic>(&read)) {
                error("position: move " + std::to_string(i - moves_at) + " \"" + words[i] +
                      "\": " + d->text());
                return;
            }
            moves.push_back(std::get<Move>(read));
            pos.do_move(moves.back());
        }
    } catch (const std::exception& e) {
        error(std::string("position: ") + e.what());
        return;
    }
    start_ = start;
    moves_ = std::move(moves);
    mate_only_ = std::move(mate_only);
    refused_.clear();
}

void UsiSession::cmd_go(const std::vector<std::string>& words) {
    if (worker_.busy()) {
        error("go: the engine is already searching; send stop first");
        return;
    }
    search::Limits limits;
    limits.multipv = multipv_;
    long long btime = -1, wtime = -1, binc = 0, winc = 0;
    bool ponder = false;
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (w == "infinite") {
            limits.infinite = true;
            continue;
        }
        if (w == "ponder") {
            ponder = true;
            continue;
        }
        if (w == "mate") {
            long long ms = 0;  // infinite
            if (i + 1 < words.size() && words[i + 1] != "infinite" &&
                (!parse_int(words[i + 1], ms) || ms < 0)) {
                error("go mate: give a time in milliseconds or 'infinite', not '" + words[i + 1] +
                      "'");
                return;
            }
            if (!refused_.empty()) {
                // Never an answer about another position than the one asked.
                error("go mate: " + refused_ + "; send a position first");
                out_.send("checkmate notimplemented");
                return;
            }
            go_mate(static_cast<int>(std::min<long long>(ms, 1'000'000'000)));
            return;
        }
        if (w == "searchmoves") {
            GenericPosition pos(variant_, start_);
            for (Move m : moves_) pos.do_move(m);
            MoveList legal;
            pos.legal_moves(legal);
            for (++i; i < words.size(); ++i) {
                auto read = read_legal_move(pos, legal, words[i]);
                if (auto* d = std::get_if<Diagnostic>(&read)) {
                    error("go searchmoves \"" + words[i] + "\": " + d->text());
                    return;
                }
                limits.root_moves.push_back(std::get<Move>(read));
            }
            break;
        }
        long long n = 0;
        if (i + 1 >= words.size() || !parse_int(words[i + 1], n) || n < 0) {
            error("go: '" + w + "' needs a whole number of at least 0" +
                  (i + 1 < words.size() ? ", not '" + words[i + 1] + "'" : std::string()));
            return;
        }
        ++i;
        const int clamped = static_cast<int>(std::min<long long>(n, 1'000'000'000));
        if (w == "btime") {
            btime = clamped;
        } else if (w == "wtime") {
            wtime = clamped;
        } else if (w == "binc") {
            binc = clamped;
        } else if (w == "winc") {
            winc = clamped;
        } else if (w == "byoyomi") {
            limits.byoyomi_ms = clamped;
        } else if (w == "movetime") {
            limits.movetime_ms = clamped;
        } else if (w == "depth") {
            limits.depth = clamped;
        } else if (w == "nodes") {
            limits.nodes = static_cast<std::uint64_t>(n);
        } else if (w == "movestogo") {
            limits.moves_to_go = clamped;
        } else {
            error("go: unknown parameter '" + w + "'");
            return;
        }
    }
    if (!mate_only_.empty()) {
        error("go: " + mate_only_ + ": a mating problem, which go mate solves; go plays games");
        out_.send("bestmove resign");
        return;
    }
    if (!ensure_engine()) return;
    out_.send("info string evaluation: " + evaluation_name(network_.get()));
    // Sente ("b") is the first player; the engine takes the clock of the player to move.
    limits.clocks_ms[0] = static_cast<int>(btime);
    limits.clocks_ms[1] = static_cast<int>(wtime);
    limits.increments_ms[0] = static_cast<int>(binc);
    limits.increments_ms[1] = static_cast<int>(winc);

    ponderhit_ = false;
    const PositionState start = start_;
    const std::vector<Move> moves = moves_;
    search::Engine* engine = engine_.get();
    const std::shared_ptr<const Variant> variant = variant_;
    worker_.start([this, engine, variant, start, moves, limits, ponder](SearchWorker& worker) {
        auto on_info = [this, &variant](const search::Info& info) {
            out_.send(info_line(*variant, info));
        };
        engine->set_position(start, moves);
        search::Result result;
        if (ponder) {
            search::Limits pondering = limits;
            pondering.infinite = true;
            pondering.depth = pondering.movetime_ms = 0;
            pondering.nodes = 0;
            pondering.time_ms = -1;
            pondering.clocks_ms.fill(-1);
            result = worker.run_search(*engine, pondering, on_info);
            worker.wait_for_release();  // by stop or ponderhit
            if (ponderhit_) result = worker.run_search(*engine, limits, on_info);
        } else {
            result = worker.run_search(*engine, limits, on_info);
            if (limits.infinite) worker.wait_for_release();
        }
        std::string line = "bestmove resign";
        if (!result.best.is_null()) {
            line = "bestmove " + write_move(*variant, result.best);
            if (!result.ponder.is_null()) line += " ponder " + write_move(*variant, result.ponder);
        }
        // Idle before the GUI reads bestmove: it may send setoption or go at once.
        worker.finish();
        out_.send(line);
    });
}

void UsiSession::go_mate(int movetime_ms) {
    if (variant_->num_players() != 2) {
        out_.send("checkmate notimplemented");
        return;
    }
    mate_stop_ = false;
    mate::MateOptions o;
    o.movetime_ms = movetime_ms;
    o.hash_mb = static_cast<std::size_t>(hash_mb_);
    o.stop = &mate_stop_;
    // A GUI asks for a mating line: a shorter one is looked for briefly unless Mate_Shortest.
    o.shorten_effort = mate_shortest_ ? mate::kShortestProven : mate::kQuickShortenEffort;
    const PositionState start = start_;
    const std::vector<Move> moves = moves_;
    const std::shared_ptr<const Variant> variant = variant_;
    worker_.start([this, variant, start, moves, o](SearchWorker& worker) {
        std::string line = "checkmate timeout";
        const mate::MateResult r = mate::solve_mate(variant, start, moves, o);
        std::string info =
            "info time " + std::to_string(r.time_ms) + " nodes " + std::to_string(r.nodes);
        if (r.first_mate_nodes > 0)
            info += " string the first mate proven after " + std::to_string(r.first_mate_nodes) +
                    " nodes, " + std::to_string(r.first_mate_ms) + " ms" +
                    (r.shortest_proven ? "; no shorter mate" : "");
        out_.send(info);
        if (r.outcome == mate::Outcome::Mate) {
            line = "checkmate";
            for (Move m : r.line) line += " " + write_move(*variant, m);
        } else if (r.outcome == mate::Outcome::NoMate) {
            line = "checkmate nomate";
        }
        worker.finish();
        out_.send(line);
    });
}

void UsiSession::stop_search() {
    mate_stop_ = true;
    worker_.release();
    if (engine_) worker_.interrupt(*engine_);
    worker_.join();
}

}  // namespace seireigi::cli
