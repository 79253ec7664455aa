#include "record/game_record.h"

#include "core/file_text.h"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/printable.h"
#include "rules/variant_fingerprint.h"
#include "rules/variant_loader.h"
#include "text/notation.h"

namespace seireigi {

namespace {

// Version 2 closes every record with "end N" (N moves), so that a record cut short is noticed;
// version 1 records, which have no such line, are still read.
constexpr std::string_view kHeader = "seireigi-record 2";
constexpr std::string_view kHeaderWithoutEnd = "seireigi-record 1";

std::vector<std::string> split_words(std::string_view line) {
    std::vector<std::string> words;
    std::istringstream in{std::string(line)};
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

std::optional<int> player_number(const std::string& word, int players) {
    if (word.empty() || word.size() > 2 ||
        word.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const int n = std::stoi(word);
    if (n < 1 || n > players) return std::nullopt;
    return n - 1;
}

// A time in milliseconds on a record's clock line: at most 10 hours.
std::optional<int> milliseconds(const std::string& word) {
    if (word.empty() || word.size() > 8 ||
        word.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const int ms = std::stoi(word);
    if (ms > 36'000'000) return std::nullopt;
    return ms;
}

std::string hex(std::uint64_t f) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(f));
    return buf;
}

// How an event stands in a record: a pending impasse is written as the impasse declared (the
// scores decide again on replay whether it is pending); a two-player resignation names no one.
GameEvent recorded_form(GameEvent e) {
    if (e.kind == EventKind::ImpassePending) e.kind = EventKind::Impasse;
    return e;
}

// One event line: "resignation 2", "impasse 1", "checkmate 3 by 1", "skipped 4",
// "all-skipped", "impasse-reached 2".
std::string event_line(const GameEvent& e) {
    // Built by appending: GCC 12 warns falsely (-Wrestrict) on " " + std::to_string(...).
    std::string line(event_word(e.kind));
    auto append_number = [&](Player p) {
        line += ' ';
        line += std::to_string(p + 1);
    };
    if (e.kind == EventKind::Impasse || e.kind == EventKind::ImpasseReached) {
        append_number(e.by);
        return line;
    }
    if (e.player >= 0) append_number(e.player);
    if (e.by >= 0) {
        line += " by";
        append_number(e.by);
    }
    return line;
}

}  // namespace

std::string impasse_rule_text(const Variant& v) {
    if (v.impasse_threshold <= 0) return "none";
    std::string s = std::to_string(v.impasse_threshold);
    for (PieceType t : v.hand_types)
        s += " " + v.types[t].abbr + "=" + std::to_string(v.types[t].impasse_value);
    return s;
}

GameRecord record_of(const Game& game, std::string variant_name, std::vector<std::string> seats) {
    const Variant& v = game.variant();
    GameRecord r;
    r.variant = std::move(variant_name);
    r.fingerprint = variant_fingerprint(v);
    r.impasse_rule = impasse_rule_text(v);
    r.start = write_position(v, game.start());
    r.seats = std::move(seats);
    const bool many = v.num_players() > 2;
    for (int i = 0; i < game.ply(); ++i) {
        r.moves.push_back(write_move(v, game.moves()[i]));
        if (many) r.movers.push_back(game.mover_of(i));
    }
    for (const GameEvent& e : game.events())
        if (many || is_declaration(e.kind)) r.events.push_back(recorded_form(e));
    r.result = describe_result(game);
    return r;
}

std::string write_record(const GameRecord& r) {
    std::ostringstream out;
    out << kHeader << "\n";
    out << "# A game of seireigi; the format is described in docs/records.md.\n";
    out << "variant " << r.variant << "\n";
    out << "fingerprint " << hex(r.fingerprint) << "\n";
    out << "impasse-rule " << r.impasse_rule << "\n";
    out << "start " << r.start << "\n";
    for (std::size_t i = 0; i < r.seats.size(); ++i)
        if (!r.seats[i].empty())  // a seat the record left out (it reads back empty)
            out << "seat " << i + 1 << " " << r.seats[i] << "\n";
    if (r.clock_main_ms >= 0) {
        out << "clock " << r.clock_main_ms << " " << r.clock_increment_ms << " "
            << r.clock_byoyomi_ms << "\n";
        for (std::size_t i = 0; i < r.clock_left_ms.size(); ++i)
            out << "clock-left " << i + 1 << " " << r.clock_left_ms[i] << "\n";
        for (Player p : r.out_of_time) out << "time-out " << p + 1 << "\n";
    }
    if (r.move_time_ms >= 0) out << "move-time " << r.move_time_ms << "\n";
    std::size_t next_event = 0;
    auto events_at = [&](int ply) {
        for (; next_event < r.events.size() && r.events[next_event].ply <= ply; ++next_event)
            out << event_line(r.events[next_event]) << "\n";
    };
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        events_at(static_cast<int>(i));
        out << "move ";
        if (i < r.movers.size()) out << r.movers[i] + 1 << " ";
        out << r.moves[i] << "\n";
    }
    events_at(static_cast<int>(r.moves.size()));
    if (!r.result.empty()) out << "result " << r.result << "\n";
    out << "end " << r.moves.size() << "\n";
    return out.str();
}

std::variant<GameRecord, Diagnostic> read_record(std::string_view text) {
    // A byte-order mark, as some editors write at the start of a file, is no part of the text.
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    GameRecord r;
    std::istringstream in{std::string(text)};
    std::string line;
    int number = 0;
    bool header = false;
    bool needs_end = true;
    std::optional<int> end_line;  // the line of "end N", once read
    // Messages quote the record, whose bytes are not to reach the terminal raw.
    auto error = [&](const std::string& message) {
        return Diagnostic{"line " + std::to_string(number), printable(message)};
    };
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        if (!header) {
            if (line != kHeader && line != kHeaderWithoutEnd)
                return error("not a seireigi game record: expected '" + std::string(kHeader) +
                             "' on the first line");
            header = true;
            needs_end = line == kHeader;
            continue;
        }
        if (end_line)
            return error("nothing may follow the line 'end' (line " + std::to_string(*end_line) +
                         "), which closes the record");
        const std::size_t space = line.find(' ');
        const std::string key = line.substr(0, space);
        const std::string rest = space == std::string::npos ? "" : line.substr(space + 1);
        const std::vector<std::string> words = split_words(rest);
        if (key == "variant" || key == "start" || key == "impasse-rule" || key == "result") {
            if (rest.empty()) return error("'" + key + "' needs a value");
            if (key == "variant") r.variant = rest;
            if (key == "start") r.start = rest;
            if (key == "impasse-rule") r.impasse_rule = rest;
            if (key == "result") r.result = rest;
        } else if (key == "fingerprint") {
            if (words.size() != 1 || words[0].size() != 16 ||
                words[0].find_first_not_of("0123456789abcdef") != std::string::npos)
                return error("'fingerprint' needs 16 hexadecimal digits");
            r.fingerprint = std::stoull(words[0], nullptr, 16);
        } else if (key == "seat") {
            // The spec is the rest of the line: an external engine's command has spaces.
            auto p = words.size() >= 2 ? player_number(words[0], kMaxPlayers) : std::nullopt;
            if (!p) return error("expected 'seat N SPEC', e.g. 'seat 2 random:42'");
            if (r.seats.size() <= static_cast<std::size_t>(*p)) r.seats.resize(*p + 1);
            if (!r.seats[*p].empty())
                return error("seat " + std::to_string(*p + 1) + " is given twice");
            const std::size_t after_number = rest.find(words[0]) + words[0].size();
            const std::size_t spec = rest.find_first_not_of(" \t", after_number);
            r.seats[*p] = rest.substr(spec, rest.find_last_not_of(" \t") + 1 - spec);
        } else if (key == "move") {
            if (words.empty()) return error("'move' needs a move, e.g. 'move 7g7f'");
            // "move 2 8e5e": with three or more players, the mover's number first (a move text
            // never consists of digits only).
            if (words[0].find_first_not_of("0123456789") == std::string::npos) {
                auto p = words.size() == 2 ? player_number(words[0], kMaxPlayers) : std::nullopt;
                if (!p)
                    return error(
                        "expected 'move N MOVE' with the number of the player, e.g. "
                        "'move 2 8e5e'");
                if (r.movers.size() != r.moves.size())
                    return error("every move of the record names its player, or none does");
                r.movers.push_back(*p);
                r.moves.push_back(words[1]);
            } else {
                if (!r.movers.empty())
                    return error("every move of the record names its player, or none does");
                r.moves.insert(r.moves.end(), words.begin(), words.end());
            }
        } else if (key == "clock") {
            auto main = words.size() == 3 ? milliseconds(words[0]) : std::nullopt;
            auto increment = words.size() == 3 ? milliseconds(words[1]) : std::nullopt;
            auto byoyomi = words.size() == 3 ? milliseconds(words[2]) : std::nullopt;
            if (!main || !increment || !byoyomi)
                return error(
                    "expected 'clock MAIN INCREMENT BYOYOMI' in milliseconds, e.g. "
                    "'clock 300000 2000 0'");
            r.clock_main_ms = *main;
            r.clock_increment_ms = *increment;
            r.clock_byoyomi_ms = *byoyomi;
        } else if (key == "move-time") {
            auto ms = words.size() == 1 ? milliseconds(words[0]) : std::nullopt;
            if (!ms) return error("expected 'move-time MS' in milliseconds, e.g. 'move-time 4000'");
            r.move_time_ms = *ms;
        } else if (key == "clock-left") {
            auto p = words.size() == 2 ? player_number(words[0], kMaxPlayers) : std::nullopt;
            auto left = words.size() == 2 ? milliseconds(words[1]) : std::nullopt;
            if (!p || !left) return error("expected 'clock-left N MS', e.g. 'clock-left 1 287000'");
            if (r.clock_left_ms.size() <= static_cast<std::size_t>(*p))
                r.clock_left_ms.resize(*p + 1, -1);
            r.clock_left_ms[*p] = *left;
        } else if (key == "time-out") {
            auto p = words.size() == 1 ? player_number(words[0], kMaxPlayers) : std::nullopt;
            if (!p) return error("expected 'time-out N' with the number of the player");
            r.out_of_time.push_back(*p);
        } else if (key == "end") {
            if (words.size() != 1 || words[0].size() > 6 ||
                words[0].find_first_not_of("0123456789") != std::string::npos)
                return error("expected 'end N' with the number of moves of the record");
            if (std::stoul(words[0]) != r.moves.size())
                return error("the record says it has " + words[0] + " moves, but it has " +
                             std::to_string(r.moves.size()) + ": moves were lost or added");
            end_line = number;
        } else if (auto kind = event_from_word(key); kind && *kind != EventKind::ImpassePending) {
            GameEvent e{*kind, static_cast<int>(r.moves.size()), -1, -1};
            const bool no_player = *kind == EventKind::Repetition ||
                                   *kind == EventKind::MutualPerpetualCheck ||
                                   *kind == EventKind::AllSkipped;
            const bool names_by = *kind == EventKind::Impasse || *kind == EventKind::ImpasseReached;
            std::optional<Player> p;
            std::optional<Player> by;
            if (!no_player && !words.empty()) p = player_number(words[0], kMaxPlayers);
            if (words.size() == 3 && words[1] == "by") by = player_number(words[2], kMaxPlayers);
            const bool ok = no_player  ? words.empty()
                            : names_by ? words.size() == 1 && p
                                       : p && (words.size() == 1 || (words.size() == 3 && by));
            if (!ok)
                return error(no_player  ? "'" + key + "' takes nothing after it"
                             : names_by ? "expected '" + key + " N' with the number of the player"
                                        : "expected '" + key + " N' or '" + key +
                                              " N by M' with the numbers of the players");
            if (names_by)
                e.by = *p;
            else if (!no_player)
                e.player = *p;
            if (by) e.by = *by;
            r.events.push_back(e);
        } else {
            return error("unknown line '" + key +
                         "'; expected variant, fingerprint, impasse-rule, start, seat, move, "
                         "clock, clock-left, time-out, move-time, an event (resignation, impasse, "
                         "checkmate, "
                         "skipped ...) or result");
        }
    }
    if ((!r.clock_left_ms.empty() || !r.out_of_time.empty()) && r.clock_main_ms < 0)
        return Diagnostic{"",
                          "the record has 'clock-left' or 'time-out' lines but no 'clock' line"};
    if (std::find(r.clock_left_ms.begin(), r.clock_left_ms.end(), -1) != r.clock_left_ms.end())
        return Diagnostic{"", "the record gives the time left of some players but not of all"};
    if (!header) return Diagnostic{"", "the record is empty"};
    if (r.variant.empty()) return Diagnostic{"", "the record names no variant"};
    if (r.start.empty()) return Diagnostic{"", "the record has no start position"};
    if (needs_end && !end_line)
        return Diagnostic{"line " + std::to_string(number),
                          "the record is cut short: its last line 'end N' is missing (the file "
                          "was truncated or is still being written)"};
    return r;
}

namespace {

// Every player number of a record against the variant's players: read_record can only check
// them against the most players any variant has.
std::optional<Diagnostic> check_player_numbers(const GameRecord& r, const Variant& v) {
    const int players = v.num_players();
    auto unknown = [&](const std::string& what, Player p) {
        return Diagnostic{"", what + " names player " + std::to_string(p + 1) + ", but " + v.name +
                                  " has " + std::to_string(players) + " players"};
    };
    if (static_cast<int>(r.seats.size()) > players)
        return unknown("a seat of the record", static_cast<Player>(r.seats.size() - 1));
    for (std::size_t i = 0; i < r.movers.size(); ++i)
        if (r.movers[i] < 0 || r.movers[i] >= players)
            return unknown("move " + std::to_string(i + 1) + " of the record", r.movers[i]);
    for (const GameEvent& e : r.events)
        for (Player p : {e.player, e.by})
            if (p >= players) return unknown("the event '" + event_line(e) + "' of the record", p);
    if (!r.clock_left_ms.empty() && static_cast<int>(r.clock_left_ms.size()) != players)
        return Diagnostic{"", "the record gives the time left of " +
                                  std::to_string(r.clock_left_ms.size()) + " players, but " +
                                  v.name + " has " + std::to_string(players)};
    for (Player p : r.out_of_time) {
        if (p >= players) return unknown("a 'time-out' line of the record", p);
        const bool resigned = std::any_of(
            r.events.begin(), r.events.end(),
            [p](const GameEvent& e) { return e.kind == EventKind::Resignation && e.player == p; });
        if (!resigned)
            return Diagnostic{"", "the record says player " + std::to_string(p + 1) +
                                      "'s time ran out, but not that the player left the game "
                                      "('resignation " +
                                      std::to_string(p + 1) + "')"};
    }
    return std::nullopt;
}

struct BuiltInFingerprint {
    std::string id;
    std::uint64_t fingerprint;
};

// The fingerprints of the built-in variants, computed once: their files are compiled in, and
// building every one of them again for each record would cost more than replaying it.
const std::vector<BuiltInFingerprint>& built_in_fingerprints() {
    static const std::vector<BuiltInFingerprint> all = [] {
        std::vector<BuiltInFingerprint> out;
        for (const auto& listed : list_variants(DataSource{})) {
            const VariantLoadResult loaded = load_variant(listed.id);
            if (loaded.spec)
                out.push_back({listed.id, variant_fingerprint(*build_variant(*loaded.spec))});
        }
        return out;
    }();
    return all;
}

std::variant<Game, Diagnostic> replay_quoting_raw_text(const GameRecord& r,
                                                       std::shared_ptr<const Variant> variant) {
    const Variant& v = *variant;
    if (auto d = check_player_numbers(r, v)) return *d;
    // A two-player record states only the players' decisions; replaying the moves finds every
    // ending they imply, so a line stating one could only be redundant or false.
    if (v.num_players() <= 2)
        for (const GameEvent& e : r.events)
            if (!is_declaration(e.kind))
                return Diagnostic{"", "the record states '" + event_line(e) +
                                          "', but a two-player record names only resignations "
                                          "and impasses: replaying the moves finds checkmates "
                                          "and the other endings"};
    const std::uint64_t now = variant_fingerprint(v);
    if (now != r.fingerprint) {
        // A record whose built-in variant name was changed by hand: its moves belong to another
        // built-in variant. (A variant file that changed is the message below.)
        const auto& built_in = built_in_fingerprints();
        const bool names_built_in = std::any_of(built_in.begin(), built_in.end(),
                                                [&](const auto& b) { return b.id == r.variant; });
        for (const auto& other : built_in) {
            if (names_built_in && other.id != v.id && other.fingerprint == r.fingerprint)
                return Diagnostic{"", "this game was played as '" + other.id +
                                          "' (the rules recorded with it are that variant's), "
                                          "but the record names '" +
                                          r.variant +
                                          "', a different variant; resume it with "
                                          "--variant " +
                                          other.id};
        }
        return Diagnostic{"", "the rules of '" + r.variant +
                                  "' have changed since this game was saved (fingerprint " +
                                  hex(r.fingerprint) + " then, " + hex(now) +
                                  " now), so its moves cannot be replayed as they were played; "
                                  "resume it with the variant file it was played with"};
    }
    if (!r.impasse_rule.empty() && impasse_rule_text(v) != r.impasse_rule)
        return Diagnostic{"", "the impasse rule of '" + r.variant +
                                  "' has changed since this game was saved (then: " +
                                  r.impasse_rule + "; now: " + impasse_rule_text(v) + ")"};
    auto start = read_position(v, r.start);
    if (auto* d = std::get_if<Diagnostic>(&start))
        return Diagnostic{"", "the start position of the record: " + d->text()};
    if (auto why = Game::unfit_for_play(v, std::get<PositionState>(start)))
        return Diagnostic{"", "the start position of the record: " + *why};
    Game game(variant, std::get<PositionState>(start));
    std::size_t next_event = 0;
    // The players' decisions at `ply`, in the record's order; the implied events are compared
    // with the replayed game's at the end.
    auto declare = [&](int ply) -> std::optional<Diagnostic> {
        for (; next_event < r.events.size() && r.events[next_event].ply <= ply; ++next_event) {
            const GameEvent& d = r.events[next_event];
            if (!is_declaration(d.kind)) continue;
            if (game.over())
                return Diagnostic{"", "the record declares " + std::string(event_word(d.kind)) +
                                          " after the end of the game"};
            if (d.kind == EventKind::Resignation) {
                if (d.player >= v.num_players() || !game.position().is_active(d.player))
                    return Diagnostic{"", "the record has player " + std::to_string(d.player + 1) +
                                              " resign, who is not in the game"};
                game.resign(d.player);
            } else if (auto why = game.impasse_refusal()) {
                return Diagnostic{"", "the impasse in the record is not allowed: " + *why};
            } else {
                game.declare_impasse(d.by);
            }
        }
        return std::nullopt;
    };
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        if (auto d = declare(static_cast<int>(i))) return *d;
        if (i < r.movers.size() && r.movers[i] != game.to_move())
            return Diagnostic{"", "move " + std::to_string(i + 1) + " '" + r.moves[i] +
                                      "' of the record is by " + v.players[r.movers[i]].name +
                                      ", but " + v.players[game.to_move()].name + " is to move"};
        auto read = game.read_move(r.moves[i]);
        if (auto* d = std::get_if<Diagnostic>(&read))
            return Diagnostic{"", "move " + std::to_string(i + 1) + " '" + r.moves[i] +
                                      "' of the record: " + d->message};
        game.play(std::get<Move>(read));
    }
    if (auto d = declare(static_cast<int>(r.moves.size()))) return *d;
    if (v.num_players() > 2) {
        // The events the record states must be those the moves give.
        std::vector<GameEvent> replayed;
        for (const GameEvent& e : game.events()) replayed.push_back(recorded_form(e));
        for (std::size_t i = 0; i < std::max(replayed.size(), r.events.size()); ++i) {
            const std::string stated = i < r.events.size() ? event_line(r.events[i]) : "nothing";
            const std::string given = i < replayed.size() ? event_line(replayed[i]) : "nothing";
            if (i >= r.events.size() || i >= replayed.size() || !(r.events[i] == replayed[i]))
                return Diagnostic{"", "event " + std::to_string(i + 1) + " of the record is '" +
                                          stated + "', but its moves give '" + given + "'"};
        }
    }
    const std::string result = describe_result(game);
    if (result != r.result)
        return Diagnostic{"", "the record states the result '" +
                                  (r.result.empty() ? "(game not over)" : r.result) +
                                  "', but its moves give '" +
                                  (result.empty() ? "(game not over)" : result) + "'"};
    return game;
}

}  // namespace

std::variant<Game, Diagnostic> replay_record(const GameRecord& r,
                                             std::shared_ptr<const Variant> variant) {
    auto replayed = replay_quoting_raw_text(r, std::move(variant));
    // Messages quote the record (its moves, result, variant name), whose bytes are not to reach
    // the terminal raw.
    if (auto* d = std::get_if<Diagnostic>(&replayed))
        return Diagnostic{printable(d->where), printable(d->message)};
    return replayed;
}

namespace {

// Why `path` may not be replaced by a saved file, if anything stands there that is not a
// regular file: renaming over it would silently put a file in place of a device, a link or a
// pipe.
std::optional<std::string> unfit_to_replace(const std::filesystem::path& path) {
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0) {
        if (errno == ENOENT) return std::nullopt;
        return "cannot save " + path.string() + ": " + std::strerror(errno);
    }
    if (S_ISREG(st.st_mode)) return std::nullopt;
    std::string what = "a special file";
    if (S_ISLNK(st.st_mode)) {
        std::error_code ec;
        const auto target = std::filesystem::read_symlink(path, ec);
        return "cannot save " + path.string() + ": it is a symbolic link" +
               (ec ? std::string() : " to " + target.string()) + "; name the file itself";
    }
    if (S_ISDIR(st.st_mode)) {
        what = "a folder";
    } else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) {
        what = "a device";
    } else if (S_ISFIFO(st.st_mode)) {
        what = "a pipe";
    } else if (S_ISSOCK(st.st_mode)) {
        what = "a socket";
    }
    return "cannot save " + path.string() + ": it is " + what + ", not a file; choose another name";
}

std::optional<std::string> write_all(int fd, std::string_view text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return std::strerror(errno);
        }
        done += static_cast<std::size_t>(n);
    }
    return std::nullopt;
}

// Blocks the signals that end a program from the terminal (Ctrl-C, hang-up, kill's default)
// while it lives, so that they cannot strike between creating a temporary name and renaming it.
class TerminationSignalsBlocked {
  public:
    TerminationSignalsBlocked() {
        sigset_t set;
        sigemptyset(&set);
        for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&set, sig);
        ::pthread_sigmask(SIG_BLOCK, &set, &old_);
    }
    ~TerminationSignalsBlocked() { ::pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
    TerminationSignalsBlocked(const TerminationSignalsBlocked&) = delete;
    TerminationSignalsBlocked& operator=(const TerminationSignalsBlocked&) = delete;

  private:
    sigset_t old_;
};

}  // namespace

std::optional<std::string> write_file_atomically(const std::filesystem::path& path,
                                                 std::string_view text, bool sync_to_disk) {
    if (auto why = unfit_to_replace(path)) return why;
    const std::filesystem::path folder =
        path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    // Said of the folder the player named, not of the temporary file beside the record.
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec))
        return "cannot save " + path.string() + ": " +
               (std::filesystem::exists(folder, ec)
                    ? "'" + folder.string() + "' is not a folder"
                    : "there is no folder '" + folder.string() + "' (create it first)");
    // A temporary name of its own for every write, also between threads of one process: two
    // saves to one file at once must not take each other's temporary file.
    static std::atomic<unsigned> writes{0};
    const std::filesystem::path tmp = path.string() + ".tmp" +
                                      std::to_string(static_cast<long>(::getpid())) + "-" +
                                      std::to_string(writes.fetch_add(1));
    // The data goes first into a file without a name (O_TMPFILE), so that a kill, even SIGKILL,
    // while writing leaves nothing behind; where the file system cannot do that, into a named
    // temporary file with the terminal's signals blocked.
    int fd = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
    const bool unnamed = fd >= 0;
    std::optional<TerminationSignalsBlocked> blocked;
    if (!unnamed) {
        blocked.emplace();
        fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0) return "cannot save " + path.string() + ": " + std::strerror(errno);
    }
    auto fail = [&](const std::string& why) -> std::optional<std::string> {
        ::close(fd);
        if (!unnamed) ::unlink(tmp.c_str());
        return "cannot save " + path.string() + ": " + why;
    };
    if (auto why = write_all(fd, text)) return fail(*why);
    // fsync before the rename: otherwise a crash of the machine could leave the new name on a
    // file whose contents never reached the disk.
    if (sync_to_disk && ::fsync(fd) != 0) return fail(std::strerror(errno));
    if (unnamed) {
        const std::string self = "/proc/self/fd/" + std::to_string(fd);
        // Nothing at the path yet: give the file its name in one step.
        if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, path.c_str(), AT_SYMLINK_FOLLOW) == 0) {
            ::close(fd);
            return std::nullopt;
        }
        if (errno != EEXIST) return fail(std::strerror(errno));
        // Replacing a file takes a name to rename from; only the rename's instant remains.
        blocked.emplace();
        if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, tmp.c_str(), AT_SYMLINK_FOLLOW) != 0)
            return fail(std::strerror(errno));
    }
    ::close(fd);
    if (auto why = unfit_to_replace(path)) {  // something else appeared there meanwhile
        ::unlink(tmp.c_str());
        return why;
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmp.c_str());
        return "cannot save " + path.string() + ": " + why;
    }
    return std::nullopt;
}

std::variant<std::string, Diagnostic> read_text_file(const std::filesystem::path& path) {
    std::string text;
    if (auto why = read_regular_file(path, text)) {
        if (*why == "this is a folder, not a file")
            *why = "this is a folder; give a file (a saved game ends in .game)";
        return Diagnostic{path.string(), *why};
    }
    return text;
}

}  // namespace seireigi
