// seireigi study: a variant designer's workbench. The engine plays the variant (and with
// --against its parent) against itself from varied openings, every game saved as a record; the
// report says who wins how often, how games end and how long they last, how many moves there
// are, what each piece does and what it is worth (docs/study.md).
#include <chrono>
#include <filesystem>
#include <iostream>

#include "base/context.h"
#include "base/progress.h"
#include "commands.h"
#include "record/game_record.h"
#include "referee/match_error.h"
#include "study/imbalance.h"
#include "study/study_games.h"
#include "study/study_output.h"

namespace seireigi::cli {

namespace {

struct StudyOptions {
    CommonOptions common;
    std::string against;
    int games = 0;
    std::uint64_t nodes = 0;
    int movetime = 0;
    int max_moves = 400;
    int opening_plies = 4;
    std::string openings;
    std::string out;
    std::string shard = "1/1";
    int concurrency = 1;
    int bootstrap = 20;
    std::vector<std::string> merge;
    std::vector<std::string> imbalances;
};

[[noreturn]] void fail(const std::string& message) {
    std::cerr << "error: " << message << "\n";
    throw UserError{};
}

// Builds the report from `folders`, prints it and writes report.json and report.html into
// `out` (when given).
void report_on(const std::vector<std::string>& folders, const StudyOptions& opt,
               const std::string& out) {
    auto variant_named = [&](const std::string& name) {
        CommonOptions common = opt.common;
        common.variant = name;
        return load_or_report(common);
    };
    StudyReport report;
    try {
        report =
            build_study_report(folders, opt.bootstrap, variant_named, [](const std::string& what) {
                std::cerr << what << "\n" << std::flush;
            });
    } catch (const MatchError& e) {
        fail(e.what());
    }
    for (const auto* side : {&report.variant, report.parent ? &*report.parent : nullptr})
        if (side)
            for (const std::string& s : side->skipped)
                std::cerr << "warning: " << s << "; skipped\n";
    print_study_summary(std::cout, report);
    if (out.empty()) return;
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    const std::filesystem::path dir(out);
    for (const auto& [name, text] : {std::pair{"report.json", study_json(report)},
                                     std::pair{"report.html", study_html(report)}})
        if (auto error = write_file_atomically(dir / name, text, false)) fail(*error);
    std::cout << "report: " << (dir / "report.html").string() << ", "
              << (dir / "report.json").string() << "\n";
}

void run_study(const StudyOptions& opt) {
    if (opt.out.empty()) fail("say where the games go: --out DIR");
    if (opt.games <= 0) fail("say how many games: --games N");
    if (!opt.nodes && !opt.movetime)
        fail("say how much each move searches: --nodes K (reproducible) or --movetime MS");
    const auto shard = read_shard(opt.shard);
    if (!shard) fail("--shard " + opt.shard + ": expected I/N with 1 <= I <= N, e.g. --shard 2/8");

    struct Side {
        std::shared_ptr<const Variant> variant;
        PositionState start;
        std::string record_name;
        std::string folder;
        int games;
    };
    std::vector<Side> sides;
    auto variant = load_or_report(opt.common);
    sides.push_back({variant, position_or_report(variant, opt.common, ImpossiblePosition::Refuse),
                     opt.common.variant_for_records(), kStudyVariantFolder, opt.games});
    if (!opt.against.empty()) {
        CommonOptions parent = opt.common;
        parent.variant = opt.against;
        auto v = load_or_report(parent);
        if (v->num_players() != variant->num_players())
            fail("--against " + opt.against + " has " + std::to_string(v->num_players()) +
                 " players and " + variant->name + " " + std::to_string(variant->num_players()) +
                 ": a study compares variants of as many players");
        sides.push_back({v, position_or_report(v, parent, ImpossiblePosition::Refuse),
                         parent.variant_for_records(), kStudyParentFolder, opt.games});
    }
    // Each imbalance: half its games with Sente's X replaced, half with Gote's.
    for (const std::string& text : opt.imbalances) {
        auto read = read_imbalance(text, *variant);
        if (auto* d = std::get_if<Diagnostic>(&read)) fail(d->message);
        const Imbalance& im = std::get<Imbalance>(read);
        for (Player side = 0; side < 2; ++side) {
            auto start = with_imbalance(*variant, sides[0].start, im, side);
            if (!start)
                fail("--imbalance " + text + ": " + variant->players[side].name + " has no " +
                     im.x + " at the start");
            sides.push_back(
                {variant, *start, opt.common.variant_for_records(),
                 (std::filesystem::path(im.folder()) / imbalance_side_folder(side)).string(),
                 (opt.games + 1 - side) / 2});
        }
    }
    StudyPlaySettings base;
    base.games = opt.games;
    base.nodes = opt.nodes;
    base.movetime_ms = opt.movetime;
    base.max_moves = opt.max_moves;
    base.opening_plies = opt.opening_plies;
    base.concurrency = opt.concurrency;
    base.shard = *shard;
    int total = 0;
    for (const Side& side : sides) {
        StudyPlaySettings settings = base;
        settings.games = side.games;
        total += study_games_in_shard(settings);
    }
    int done = 0, played = 0;
    const auto started = std::chrono::steady_clock::now();
    for (const Side& side : sides) {
        StudyPlaySettings settings = base;
        settings.games = side.games;
        settings.out = (std::filesystem::path(opt.out) / side.folder).string();
        settings.variant_name = side.record_name;
        if (!opt.openings.empty()) {
            auto read = read_openings_file(opt.openings, side.variant, side.start);
            if (auto* d = std::get_if<Diagnostic>(&read)) fail(d->text());
            settings.openings = std::get<std::vector<Opening>>(read);
        }
        std::cerr << "study: " << side.variant->name << ", " << study_games_in_shard(settings)
                  << " games"
                  << (shard->count > 1
                          ? " (shard " + opt.shard + " of " + std::to_string(opt.games) + ")"
                          : "")
                  << " in " << settings.out << "\n";
        auto progress = [&](const StudyGameDone& g) {
            ++done;
            played += g.from_record ? 0 : 1;
            const double elapsed =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            std::cerr << side.variant->name << " game " << g.number << "/" << side.games
                      << (g.from_record ? " (from its record)" : "") << ": " << g.result << " ["
                      << g.plies << " moves]; " << done << "/" << total << " done";
            if (played > 0 && done < total)
                std::cerr << ", about " << format_duration(elapsed / played * (total - done))
                          << " left";
            std::cerr << std::endl;
        };
        try {
            play_study_games(side.variant, side.start, settings, progress);
        } catch (const MatchError& e) {
            fail(e.what());
        } catch (const std::invalid_argument& e) {
            fail(side.variant->name + ": " + e.what());
        }
    }
    report_on({opt.out}, opt, opt.out);
}

}  // namespace

void add_study_command(CLI::App& app) {
    auto opt = std::make_shared<StudyOptions>();
    auto* cmd = app.add_subcommand(
        "study",
        "a variant designer's workbench: the engine plays the variant (and with --against its "
        "parent) against itself from varied openings, saves every game, and reports the first "
        "player's advantage, draws, how games end, their lengths, the branching factor, what "
        "each piece does and the piece values fitted from the games, with 95% intervals; "
        "DIR/report.html and DIR/report.json hold the report (docs/study.md)");
    opt->common.add_to(*cmd, true);
    cmd->add_option("--against", opt->against,
                    "a second variant (the parent: a built-in name or a file) played the same "
                    "way, reported side by side with the differences");
    cmd->add_option("--games", opt->games, "games of each variant (all shards together)")
        ->check(CLI::Range(1, 1000000));
    auto* nodes = cmd->add_option("--nodes", opt->nodes,
                                  "search nodes per move: reproducible games, shards that add up "
                                  "to one run")
                      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    auto* movetime = cmd->add_option("--movetime", opt->movetime, "milliseconds per move")
                         ->check(CLI::Range(1, 86400000));
    nodes->excludes(movetime);
    cmd->add_option("--max-moves", opt->max_moves,
                    "a game reaching this many moves (plies, opening included) is adjudicated "
                    "as in seireigi match (impasse points, else a draw); 0: no limit")
        ->check(CLI::Range(0, 100000))
        ->capture_default_str();
    cmd->add_option("--opening-plies", opt->opening_plies,
                    "random legal moves that open each game, seeded by the game's number")
        ->check(CLI::Range(0, 100))
        ->capture_default_str();
    cmd->add_option("--openings", opt->openings,
                    "two players: an openings file (one opening a line, as moves) instead of "
                    "random plies; game N plays line N, from the first again when it runs out");
    cmd->add_option("--out", opt->out,
                    "the study's folder: the games (variant/, parent/) and report.json, "
                    "report.html; a study stopped before its end continues there. With --merge: "
                    "where the report goes");
    cmd->add_option("--shard", opt->shard,
                    "I/N: play the I-th of N shares of the games (every N-th game), for N "
                    "machines or batch jobs; --merge joins their folders")
        ->capture_default_str();
    cmd->add_option("--concurrency", opt->concurrency, "games at a time (one core each)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    cmd->add_option("--bootstrap", opt->bootstrap,
                    "repeats of the piece-value fit on games drawn with replacement, for the "
                    "values' 95% intervals (0: no intervals)")
        ->check(CLI::Range(0, 10000))
        ->capture_default_str();
    cmd->add_option("--imbalance", opt->imbalances,
                    "X=Y (repeatable, two players): imbalance games of the engine against itself "
                    "with one side's X replaced by a Y on its square, the side Sente in half of "
                    "--games and Gote in the other half; the report gives the score of the side "
                    "with Y and the Elo it is worth, with 95% intervals (H. G. Muller's way of "
                    "pricing a piece), e.g. --imbalance G=S; X=N*Y removes X and gives the side N "
                    "Ys in hand instead, e.g. --imbalance B=3*P");
    cmd->add_option("--merge", opt->merge,
                    "build the report from these study folders (the shards of one study) "
                    "instead of playing");
    cmd->callback([opt] {
        if (!opt->merge.empty())
            report_on(opt->merge, *opt, opt->out);
        else
            run_study(*opt);
    });
}

}  // namespace seireigi::cli
