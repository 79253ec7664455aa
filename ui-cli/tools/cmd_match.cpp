// seireigi match: the options of a refereed series (match/referee plays it) and its printing:
// progress on stderr, the result table (score, Elo with a 95% interval, optional SPRT) on stdout.
// `--merge DIR...` recomputes the table from the records of earlier runs. docs/match.md explains
// the options and the statistics.
#include <algorithm>
#include <iostream>
#include <tuple>

#include "base/context.h"
#include "commands.h"
#include "referee/match_error.h"
#include "referee/multi_player_series.h"
#include "referee/record_merge.h"
#include "referee/series.h"
#include "referee/shard.h"
#include "search/think_time.h"
#include "seats/seat_factory.h"

namespace seireigi::cli {

namespace {

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
    int concurrency = 1;
    std::string shard = "1/1";
};

[[noreturn]] void fail(const std::string& message) {
    std::cerr << "error: " << message << "\n";
    throw UserError{};
}

// --shard I/N, or the error.
Shard shard_or_fail(const std::string& text) {
    const auto shard = read_shard(text);
    if (!shard) fail("--shard " + text + ": expected I/N with 1 <= I <= N, e.g. --shard 2/8");
    return *shard;
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
    return score_text(o.points(0)) + " " + why;
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

// Prints the games the referee decided, after the table (a match and --merge).
void print_decisions(const std::vector<RefereeDecision>& decisions) {
    if (decisions.empty()) return;
    std::cout << "decided by the referee, not by the rules (" << decisions.size() << "):\n";
    for (const RefereeDecision& d : decisions)
        std::cout << "  game " << d.game << " (" << d.seat_names[0] << " - " << d.seat_names[1]
                  << "): " << score_text(d.first_seat_points) << " " << d.adjudication
                  << (d.counted ? "" : " [not counted: an engine failure, not a move]") << "\n";
}

// The referee's rules from the command line: the move limit and one budget for every player
// (nodes, a time a move, or a clock with increment or byoyomi; search::kDefaultMatchMoveMs a
// move when nothing is given).
RefereeRules referee_rules(const MatchOptions& opt) {
    RefereeRules rules;
    rules.max_moves = opt.max_moves;
    rules.budget.nodes = opt.nodes;
    rules.budget.movetime_ms = opt.movetime;
    rules.budget.byoyomi_ms = opt.byoyomi;
    if (!opt.tc.empty())
        std::tie(rules.budget.time_ms, rules.budget.increment_ms) = read_time_control(opt.tc);
    if (opt.byoyomi && rules.budget.time_ms < 0) rules.budget.time_ms = 0;
    rules.overrun_margin_ms = 100;
    if (!rules.budget.limited()) rules.budget.movetime_ms = search::kDefaultMatchMoveMs;
    return rules;
}

void run_multi_player_match(const MatchOptions& opt,
                            const std::shared_ptr<const Variant>& variant) {
    if (!opt.openings.empty() || !opt.sprt.empty() || !opt.engine_options.empty())
        fail(
            "with three or four players a match takes --player, --games, --nodes, --movetime, "
            "--tc, --byoyomi, --max-moves, --out, --concurrency and --shard (no --openings, "
            "--sprt or --option)");
    MultiPlayerSeriesSettings settings;
    settings.players = opt.players;
    settings.games = opt.games;
    settings.rules = referee_rules(opt);
    settings.out = opt.out;
    settings.variant_name = opt.common.variant_for_records();
    settings.concurrency = opt.concurrency;
    settings.shard = shard_or_fail(opt.shard);
    auto progress = [&](const MultiPlayerSeriesGame& g) {
        std::cerr << "game " << g.number << "/" << settings.games
                  << (g.from_record ? " (from its record)" : "") << ":";
        for (std::size_t p = 0; p < g.seat_players->size(); ++p)
            std::cerr << " P" << p + 1 << "=" << (*g.seat_players)[p];
        std::cerr << ": " << g.outcome->description() << " [" << g.outcome->game.ply() << " moves]"
                  << std::endl;
    };
    try {
        const MultiPlayerSeriesResult r = play_multi_player_series(
            variant, position_or_report(variant, opt.common), settings, progress);
        r.table.print(std::cout, r.arrangements);
    } catch (const MatchError& e) {
        fail(e.what());
    }
}

void run_match(const MatchOptions& opt) {
    auto variant = load_or_report(opt.common);
    if (variant->num_players() > 2) return run_multi_player_match(opt, variant);
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
    SeriesSettings settings;
    settings.games = opt.games;
    settings.out = opt.out;
    settings.variant_name = opt.common.variant_for_records();
    settings.concurrency = opt.concurrency;
    settings.shard = shard_or_fail(opt.shard);
    // Every game starts here (--position, --moves), then plays its opening.
    const PositionState start = position_or_report(variant, opt.common);
    if (!opt.openings.empty()) {
        auto read = read_openings_file(opt.openings, variant, start);
        if (auto* d = std::get_if<Diagnostic>(&read)) fail(d->text());
        settings.openings = std::get<std::vector<Opening>>(read);
    }
    // A pair of players for each game at a time: every engine or program plays one game.
    std::vector<std::unique_ptr<Seat>> owned;
    std::vector<std::array<Seat*, 2>> seats(static_cast<std::size_t>(opt.concurrency));
    for (auto& pair : seats)
        for (int i = 0; i < 2; ++i) {
            const std::string& spec = opt.players[static_cast<std::size_t>(i)];
            auto made = make_command_line_seat(spec, variant, options_of_player(opt, i));
            if (auto* d = std::get_if<Diagnostic>(&made)) fail("--player " + d->message);
            owned.push_back(std::move(std::get<std::unique_ptr<Seat>>(made)));
            if (owned.back()->is_person())
                fail("--player human: a refereed match has no people at its seats");
            pair[static_cast<std::size_t>(i)] = owned.back().get();
        }
    if (!opt.sprt.empty()) {
        std::string why;
        settings.sprt = read_sprt_settings(opt.sprt, &why);
        if (!settings.sprt) fail("--sprt " + opt.sprt + ": " + why);
    }
    settings.rules = referee_rules(opt);

    const std::string first_name = opt.players[0];
    const std::string sente = variant->players[0].name, gote = variant->players[1].name;
    auto progress = [&](const SeriesGame& g, const MatchTable& table) {
        std::cerr << "game " << g.number << "/" << opt.games
                  << (g.from_record ? " (from its record)" : "") << ": " << g.seat_names[0] << " ("
                  << sente << ") - " << g.seat_names[1] << " (" << gote
                  << "): " << result_text(*g.outcome) << " [" << g.outcome->game.ply()
                  << " moves]; " << standing_line(first_name, table) << std::endl;
    };
    try {
        const SeriesResult r = play_series(variant, start, {opt.players[0], opt.players[1]}, seats,
                                           settings, progress);
        if (r.stopped_by_sprt_after)
            std::cerr << "SPRT decided after " << r.stopped_by_sprt_after
                      << " games; the match stops.\n";
        r.table.print(std::cout, {sente, gote}, settings.sprt);
        print_decisions(r.decisions);
    } catch (const MatchError& e) {
        fail(e.what());
    }
}

// --merge: the tables from the records the referee saved in each directory.
void merge_records(const MatchOptions& opt) {
    std::optional<SprtSettings> sprt_settings;
    if (!opt.sprt.empty()) {
        std::string why;
        sprt_settings = read_sprt_settings(opt.sprt, &why);
        if (!sprt_settings) fail("--sprt " + opt.sprt + ": " + why);
    }
    auto variant_named = [&](const std::string& name) {
        CommonOptions common = opt.common;
        common.variant = name;
        return load_or_report(common);
    };
    MergedRecords m;
    try {
        m = merge_match_records(opt.merge, variant_named);
    } catch (const MatchError& e) {
        fail(e.what());
    }
    for (const std::string& s : m.skipped) std::cerr << "warning: " << s << "; skipped\n";
    if (!m.table && !m.multi_table)
        fail("no record saved by seireigi match in " + std::to_string(opt.merge.size()) +
             " directories");
    if (m.table) {
        m.table->print(std::cout, m.colours, sprt_settings);
        print_decisions(m.decisions);
    }
    if (m.multi_table) m.multi_table->print(std::cout, m.multi_arrangements);
    if (!m.skipped.empty()) std::cout << m.skipped.size() << " files skipped (see the warnings)\n";
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
                    "engine[:brs|paranoid][:LEVEL][,hash=MB][,position=fast|generic]"
                    "[,eval=nnue|classical][,evalfile=FILE], random[:SEED] or usi:COMMAND (an "
                    "external USI engine, started with /bin/sh; two players only). Three or four "
                    "players: once per seat (or, for four, twice: two seats each)");
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
    cmd->add_option("--out", opt->out,
                    "directory to save every game's record in; a match stopped before its end "
                    "continues there: the games already saved count and are not played again");
    cmd->add_option("--concurrency", opt->concurrency,
                    "games at a time, each with its own engines (one core each)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    cmd->add_option("--shard", opt->shard,
                    "I/N: play the I-th of N shares of the games (pairs of games for two "
                    "players), for N machines or batch jobs; --merge joins their --out folders")
        ->capture_default_str();
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
