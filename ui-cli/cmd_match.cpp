// seireigi match: the referee. Two players play a series of games, each opening once with each
// colour; every game is saved as a record, progress goes to stderr and the result table (score,
// Elo with a 95% interval, optional SPRT) to stdout. `--merge DIR...` recomputes the table from
// the records of earlier runs. docs/match.md explains the options and the statistics.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <tuple>

#include "commands.h"
#include "context.h"
#include "match/match_statistics.h"
#include "match_notes.h"
#include "match_player.h"
#include "match_table.h"
#include "multi_player_match.h"
#include "multi_player_table.h"
#include "openings.h"
#include "record/game_record.h"
#include "referee_game.h"

namespace seireigi::cli {

namespace {

namespace fs = std::filesystem;

struct MatchOptions {
    CommonOptions common;
    std::vector<std::string> players;
    std::vector<std::string> engine_options;
    int games = 2;
    std::string openings;
    int movetime = 0;
    std::string tc;
    int byoyomi = 0;
    std::uint64_t nodes = 0;
    int max_moves = 400;
    std::string out;
    std::string sprt;
    std::vector<std::string> merge;
};

[[noreturn]] void fail(const std::string& message) {
    std::cerr << "error: " << message << "\n";
    throw UserError{};
}

// "TIME+INC" in seconds (e.g. "10+0.1") to milliseconds.
std::pair<int, int> read_time_control(const std::string& text) {
    const auto plus = text.find('+');
    try {
        std::size_t used = 0;
        const std::string main = text.substr(0, plus);
        const double t = std::stod(main, &used);
        if (used != main.size() || t <= 0) throw std::invalid_argument(text);
        double inc = 0;
        if (plus != std::string::npos) {
            const std::string rest = text.substr(plus + 1);
            inc = std::stod(rest, &used);
            if (used != rest.size() || inc < 0) throw std::invalid_argument(text);
        }
        return {static_cast<int>(t * 1000), static_cast<int>(inc * 1000)};
    } catch (const std::exception&) {
        fail("--tc " + text + ": expected TIME+INCREMENT in seconds, e.g. --tc 10+0.1");
    }
}

std::string score_text(double sente_points) {
    return sente_points == 1 ? "1-0" : sente_points == 0 ? "0-1" : "1/2-1/2";
}

std::string result_text(const RefereeOutcome& o) {
    std::string why = o.adjudication.empty() ? describe_result(o.game) : o.adjudication;
    return score_text(o.points[0]) + " " + why;
}

// A line of the listing of games the referee decided (the move limit, a loss on time, an
// external engine's illegal move), printed after the table by a match and by --merge.
std::string decision_line(int game_number, const std::array<std::string, 2>& seat_names,
                          double sente_points, const std::string& adjudication, bool counted) {
    return "game " + std::to_string(game_number) + " (" + seat_names[0] + " - " + seat_names[1] +
           "): " + score_text(sente_points) + " " + adjudication +
           (counted ? "" : " [not counted: an engine failure, not a move]");
}

void print_decisions(const std::vector<std::string>& decisions) {
    if (decisions.empty()) return;
    std::cout << "decided by the referee, not by the rules (" << decisions.size() << "):\n";
    for (const std::string& d : decisions) std::cout << "  " << d << "\n";
}

// The --option values meant for player i (0 or 1): "N:NAME=VALUE" for player N, "NAME=VALUE"
// for every external engine.
std::vector<std::string> options_of_player(const MatchOptions& opt, int i) {
    if (!opt.engine_options.empty() &&
        std::none_of(opt.players.begin(), opt.players.end(),
                     [](const std::string& p) { return p.starts_with("usi:"); }))
        fail("--option is for external engines (usi:COMMAND), and neither player is one");
    std::vector<std::string> mine;
    for (const std::string& o : opt.engine_options) {
        const std::size_t colon = o.find(':'), eq = o.find('=');
        if (colon != std::string::npos && colon < eq) {
            const std::string who = o.substr(0, colon);
            if (who != "1" && who != "2")
                fail("--option " + o + ": the player number before ':' is 1 or 2");
            if (std::stoi(who) == i + 1) mine.push_back(o.substr(colon + 1));
        } else if (opt.players[static_cast<std::size_t>(i)].starts_with("usi:")) {
            mine.push_back(o);
        }
    }
    return mine;
}

void run_match(const MatchOptions& opt) {
    auto variant = load_or_report(opt.common);
    if (variant->num_players() > 2) {
        if (!opt.openings.empty() || !opt.tc.empty() || opt.byoyomi || !opt.sprt.empty() ||
            !opt.engine_options.empty())
            fail(
                "with three or four players a match takes --player, --games, --nodes, "
                "--movetime, --max-moves and --out only");
        MultiPlayerMatchSettings settings;
        settings.players = opt.players;
        settings.games = opt.games;
        settings.nodes = opt.nodes;
        settings.movetime_ms = opt.movetime;
        settings.max_moves = opt.max_moves;
        settings.out = opt.out;
        settings.variant_name = opt.common.variant;
        run_multi_player_match(variant, position_or_report(variant, opt.common), settings);
        return;
    }
    if (opt.players.size() != 2)
        fail(
            "a match needs two players: --player SPEC twice, e.g. --player engine:1 --player "
            "random");
    if (opt.players[0] == opt.players[1])
        fail("the two players have the same spec '" + opt.players[0] +
             "'; the result table tells them apart by it (write random:1 and random:2, or "
             "engine:20 and engine)");
    if (variant->num_players() != 2)
        fail(variant->name + " has " + std::to_string(variant->num_players()) +
             " players; a match is between two");
    // Every game starts here (--position, --moves), then plays its opening.
    const PositionState start = position_or_report(variant, opt.common);
    std::vector<Opening> openings{Opening{}};
    if (!opt.openings.empty()) {
        auto read = read_openings_file(opt.openings, variant, start);
        if (auto* d = std::get_if<Diagnostic>(&read)) fail(d->text());
        openings = std::get<std::vector<Opening>>(read);
    }
    std::array<std::unique_ptr<MatchPlayer>, 2> players;
    for (int i = 0; i < 2; ++i) {
        auto made = make_match_player(opt.players[i], variant, options_of_player(opt, i));
        if (auto* why = std::get_if<std::string>(&made))
            fail("--player " + opt.players[i] + ": " + *why);
        players[i] = std::move(std::get<std::unique_ptr<MatchPlayer>>(made));
    }
    std::optional<SprtSettings> sprt_settings;
    if (!opt.sprt.empty()) {
        std::string why;
        sprt_settings = read_sprt_settings(opt.sprt, &why);
        if (!sprt_settings) fail("--sprt " + opt.sprt + ": " + why);
    }
    RefereeRules rules;
    rules.max_moves = opt.max_moves;
    rules.budget.nodes = opt.nodes;
    rules.budget.movetime_ms = opt.movetime;
    rules.budget.byoyomi_ms = opt.byoyomi;
    if (!opt.tc.empty())
        std::tie(rules.budget.time_ms, rules.budget.increment_ms) = read_time_control(opt.tc);
    if (opt.byoyomi && rules.budget.time_ms < 0) rules.budget.time_ms = 0;
    rules.overrun_margin_ms = 100;
    if (!rules.budget.nodes && !rules.budget.movetime_ms && rules.budget.time_ms < 0)
        rules.budget.movetime_ms = 200;
    if (!opt.out.empty()) {
        std::error_code ec;
        fs::create_directories(opt.out, ec);
        if (ec) fail("--out " + opt.out + ": cannot create the directory: " + ec.message());
    }

    const std::array<std::string, 2> names{players[0]->name(), players[1]->name()};
    MatchTable table(names[0], names[1]);
    std::vector<std::string> decisions;  // the games the referee decided, for the listing
    const std::string sente = variant->players[0].name, gote = variant->players[1].name;
    for (int g = 0; g < opt.games; ++g) {
        const int number = g + 1;
        const int pair = g / 2;
        const bool first_is_sente = g % 2 == 0;
        std::array<MatchPlayer*, 2> seats{players[0].get(), players[1].get()};
        if (!first_is_sente) std::swap(seats[0], seats[1]);
        for (auto& p : players) p->new_game(number);
        const Opening& opening = openings[static_cast<std::size_t>(pair) % openings.size()];
        RefereeOutcome o = play_refereed_game(variant, start, opening, seats, rules);
        const double first_points = o.points[first_is_sente ? 0 : 1];
        if (!o.adjudication.empty())
            decisions.push_back(decision_line(number, {seats[0]->name(), seats[1]->name()},
                                              o.points[0], o.adjudication, o.counted));
        if (o.counted) table.add(first_is_sente, first_points, std::to_string(pair));
        if (!opt.out.empty()) {
            const GameRecord r = record_of(o.game, opt.common.variant,
                                           {seats[0]->seat_spec(), seats[1]->seat_spec()});
            const std::array<std::string, 2> seat_names{seats[0]->name(), seats[1]->name()};
            char file[32];
            std::snprintf(file, sizeof file, "game-%05d.txt", number);
            MatchNotes notes;
            notes.seat_players = {seat_names[0], seat_names[1]};
            notes.game = number;
            notes.adjudication = o.adjudication;
            notes.counted = o.counted;
            if (auto error = write_file_atomically(fs::path(opt.out) / file,
                                                   annotated_record(r, notes), false))
                fail(*error);
        }
        std::cerr << "game " << number << "/" << opt.games << ": " << seats[0]->name() << " ("
                  << sente << ") - " << seats[1]->name() << " (" << gote << "): " << result_text(o)
                  << " [" << o.game.ply() << " moves]; " << standing_line(names[0], table)
                  << std::endl;
        if (sprt_settings && g % 2 == 1 &&
            sprt(*sprt_settings, table.first_total(), table.complete_pairs()).verdict !=
                SprtState::Verdict::Continue) {
            std::cerr << "SPRT decided after " << number << " games; the match stops.\n";
            break;
        }
    }
    table.print(std::cout, {sente, gote}, sprt_settings);
    print_decisions(decisions);
}

// --merge: the table from the records the referee saved in each directory. Records of two-player
// matches make the two-player table; those of three- and four-player matches the table of
// last-survivor results (both are printed if both kinds are there).
void merge_records(const MatchOptions& opt) {
    std::optional<MatchTable> table;
    std::array<std::string, 2> names;
    std::pair<std::string, std::string> colours;
    std::optional<MultiPlayerTable> multi_table;
    std::string multi_variant;           // the three- or four-player games' variant, by name
    std::size_t multi_arrangements = 0;  // of the players of the first such game
    std::map<std::string, std::shared_ptr<const Variant>> variants;
    std::optional<SprtSettings> sprt_settings;
    if (!opt.sprt.empty()) {
        std::string why;
        sprt_settings = read_sprt_settings(opt.sprt, &why);
        if (!sprt_settings) fail("--sprt " + opt.sprt + ": " + why);
    }
    int skipped = 0;
    auto skip = [&](const fs::path& file, const std::string& why) {
        std::cerr << "warning: " << file.string() << ": " << why << "; skipped\n";
        ++skipped;
    };
    std::vector<std::string> decisions;
    for (const std::string& dir : opt.merge) {
        std::error_code ec;
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(dir, ec))
            if (entry.path().extension() == ".txt") files.push_back(entry.path());
        if (ec) fail("--merge " + dir + ": " + ec.message());
        std::sort(files.begin(), files.end());
        for (const fs::path& file : files) {
            auto text = read_text_file(file);
            if (auto* d = std::get_if<Diagnostic>(&text)) fail(d->text());
            auto read = read_record(std::get<std::string>(text));
            if (auto* d = std::get_if<Diagnostic>(&read)) fail(file.string() + ": " + d->text());
            const GameRecord& r = std::get<GameRecord>(read);
            const MatchNotes notes = read_match_notes(std::get<std::string>(text));
            if (!notes.complete()) {
                skip(file, "not saved by seireigi match");
                continue;
            }
            auto& variant = variants[r.variant];
            if (!variant) {
                CommonOptions common = opt.common;
                common.variant = r.variant;
                variant = load_or_report(common);
            }
            if (notes.seat_players.size() != static_cast<std::size_t>(variant->num_players())) {
                skip(file, "not saved by seireigi match");
                continue;
            }
            auto replayed = replay_record(r, variant);
            if (auto* d = std::get_if<Diagnostic>(&replayed))
                fail(file.string() + ": " + d->text());
            const Game& game = std::get<Game>(replayed);
            if (!game.over() && notes.adjudication.find("draw") == std::string::npos) {
                skip(file, "the game is unfinished");
                continue;
            }
            if (variant->num_players() > 2) {
                if (!multi_table) {
                    multi_table.emplace(*variant);
                    multi_variant = r.variant;
                    multi_arrangements = distinct_arrangements(notes.seat_players);
                }
                if (r.variant != multi_variant) {
                    skip(file, "a game of " + r.variant + ", not " + multi_variant);
                    continue;
                }
                // Players still in the game when the referee ended it draw, as in the match.
                multi_table->add(notes.seat_players, game.result().standings);
                continue;
            }
            const std::array<std::string, 2> seat_names{notes.seat_players[0],
                                                        notes.seat_players[1]};
            const Standing first = game.result().standings[0];
            const double sente_points = !game.over()              ? 0.5
                                        : first == Standing::Won  ? 1.0
                                        : first == Standing::Lost ? 0.0
                                                                  : 0.5;
            if (!table) {
                names = seat_names;
                colours = {variant->players[0].name, variant->players[1].name};
                table.emplace(names[0], names[1]);
            }
            const bool first_is_sente = seat_names[0] == names[0];
            if (!first_is_sente && seat_names[0] != names[1]) {
                skip(file,
                     "a game between other players (" + seat_names[0] + ", " + seat_names[1] + ")");
                continue;
            }
            if (notes.counted)
                table->add(first_is_sente, first_is_sente ? sente_points : 1 - sente_points,
                           dir + "#" + std::to_string((notes.game - 1) / 2));
            if (!notes.adjudication.empty())
                decisions.push_back(decision_line(notes.game, seat_names, sente_points,
                                                  notes.adjudication, notes.counted));
        }
    }
    if (!table && !multi_table)
        fail("no record saved by seireigi match in " + std::to_string(opt.merge.size()) +
             " directories");
    if (table) {
        table->print(std::cout, colours, sprt_settings);
        print_decisions(decisions);
    }
    if (multi_table) multi_table->print(std::cout, multi_arrangements);
    if (skipped) std::cout << skipped << " files skipped (see the warnings)\n";
}

}  // namespace

void add_match_command(CLI::App& app) {
    auto opt = std::make_shared<MatchOptions>();
    auto* cmd = app.add_subcommand(
        "match",
        "referee a series of games between two players (engines or the random mover): each "
        "opening is played with both colours, every game is saved as a record, and the result "
        "is printed with the Elo difference and its 95% interval. With three or four players "
        "the players take the seats in every arrangement in turn and the table gives "
        "last-survivor wins, draws and losses per player and per seat. See docs/match.md.");
    opt->common.add_to(*cmd, true);
    cmd->add_option("--player", opt->players,
                    "a player, given twice (the first is the one the table reports on): "
                    "engine[:LEVEL][,hash=MB][,position=fast|generic], random[:SEED] or "
                    "usi:COMMAND (an external USI engine, started with /bin/sh). Three or four "
                    "players: once per seat (or, for four, twice: two seats each), "
                    "engine[:brs|paranoid][:LEVEL] or random[:SEED]");
    cmd->add_option("--option", opt->engine_options,
                    "[N:]NAME=VALUE: a USI option for the external engine player N (1 or 2), or "
                    "for every usi: player without N, e.g. --option USI_Variant=seireigi");
    cmd->add_option("--games", opt->games,
                    "number of games (an even number plays every opening "
                    "with both colours)")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    cmd->add_option("--openings", opt->openings,
                    "openings file: one opening a line, as moves from the start (e.g. "
                    "variants/openings/seireigi.txt); used in order, each for two games");
    cmd->add_option("--nodes", opt->nodes,
                    "search nodes per move: reproducible results whatever the machine's load");
    cmd->add_option("--movetime", opt->movetime,
                    "milliseconds per move (default 200 without "
                    "another limit)")
        ->check(CLI::Range(1, 86400000));
    cmd->add_option("--tc", opt->tc, "clock: TIME+INCREMENT in seconds, e.g. 10+0.1");
    cmd->add_option("--byoyomi", opt->byoyomi,
                    "milliseconds per move once the main time (--tc, or none) is used up")
        ->check(CLI::Range(1, 86400000));
    cmd->add_option("--max-moves", opt->max_moves,
                    "a game reaching this many moves (plies, opening included) is adjudicated: by "
                    "impasse points when both Kings stand in their zones, else a draw; 0: no limit")
        ->check(CLI::Range(0, 100000))
        ->capture_default_str();
    cmd->add_option("--out", opt->out, "directory to save every game's record in");
    cmd->add_option("--sprt", opt->sprt,
                    "elo0,elo1,alpha,beta: stop once a sequential probability ratio test "
                    "decides, e.g. 0,10,0.05,0.05");
    cmd->add_option("--merge", opt->merge,
                    "recompute the table from the records saved in these directories (--out of "
                    "earlier matches) instead of playing");
    cmd->callback([opt] {
        if (!opt->merge.empty())
            merge_records(*opt);
        else
            run_match(*opt);
    });
}

}  // namespace seireigi::cli
