// seireigi mate: proves a forced mate for the player to move (df-pn, engine/mate/), or that there
// is none. stdout: one line, `mate in N plies: MOVES`, `no mate`, or `unknown after N nodes`;
// the exit code tells them apart (docs/mate.md). stderr: progress.
#include <iostream>
#include <sstream>

#include "base/context.h"
#include "base/progress.h"
#include "commands.h"
#include "mate/defender_hand.h"
#include "mate/mate_solver.h"
#include "mate/mate_verifier.h"
#include "text/notation.h"

namespace seireigi::cli {

namespace {

// The exit codes besides 0 (a mate), 2 (bad input) and 3 (an internal error).
constexpr int kExitNoMate = 10;
constexpr int kExitUnknown = 11;

}  // namespace

void add_mate_command(CLI::App& app) {
    struct Options {
        CommonOptions common;
        std::uint64_t nodes = 0;
        int movetime = 0;
        std::string mode = "tsume";
        int plies = 0;
        bool defender_holds_rest = false;
        int hash = 64;
        std::string engine = "auto";
        bool verify = false;
        bool quick = false;
        bool quiet = false;
        bool progress = false;
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "mate",
        "prove a forced mate for the player to move, or that there is none (df-pn, docs/mate.md). "
        "Prints one line: `mate in N plies: MOVES` (the shortest mate proven, the defender "
        "resisting longest; exit code 0), `no mate` (proven; exit code 10) or `unknown after N "
        "nodes` (the limit came first; exit code 11). Bad input: exit code 2. Without --nodes "
        "or --movetime it stops after 60 seconds.");
    opt->common.add_to(*cmd);
    cmd->add_option("--nodes", opt->nodes, "stop after this many nodes (deterministic)");
    cmd->add_option("--movetime", opt->movetime, "stop after this many milliseconds")
        ->check(CLI::Range(1, 86400000));
    cmd->add_option("--mode", opt->mode,
                    "tsume: every attacking move gives check; any: quiet moves too, within "
                    "--plies")
        ->check(CLI::IsMember({"tsume", "any"}))
        ->capture_default_str();
    cmd->add_option("--plies", opt->plies,
                    "the longest mate looked for, in plies (the any mode: 9 if not given; tsume: "
                    "no limit if not given)")
        ->check(CLI::Range(1, 999));
    cmd->add_flag("--defender-holds-rest", opt->defender_holds_rest,
                  "the defender holds every piece not on the board and not in the attacker's "
                  "hand (tsume convention)");
    cmd->add_option("--hash", opt->hash, "mate table size in MB")
        ->check(CLI::Range(1, 16384))
        ->capture_default_str();
    cmd->add_option("--engine", opt->engine,
                    "position implementation: auto (the fast one where it applies), fast, generic")
        ->check(CLI::IsMember({"auto", "fast", "generic"}))
        ->capture_default_str();
    cmd->add_flag("--verify", opt->verify,
                  "check a mate found with the independent verifier (every defender reply, with "
                  "the generic position's rules) and say so on stderr");
    cmd->add_flag("--quick", opt->quick,
                  "answer soon after the first mate is proven, as USI go mate does: a shorter "
                  "one is looked for with at most twice the first proof's work (the length "
                  "reported is then the shortest proven so far)");
    cmd->add_flag("--quiet", opt->quiet,
                  "no progress on stderr (by default shown when stderr is a terminal)");
    cmd->add_flag("--progress", opt->progress, "progress on stderr even when it is not a terminal");
    cmd->callback([opt] {
        auto v = load_or_report(opt->common);
        if (v->num_players() != 2) {
            report({"", "the mate solver is for two players; " + v->name + " has " +
                            std::to_string(v->num_players())});
            throw UserError{};
        }
        const GameLine line = game_line_or_report(v, opt->common, ImpossiblePosition::Warn);
        if (opt->defender_holds_rest && !line.moves.empty()) {
            report({"", "--defender-holds-rest applies to a --position without --moves"});
            throw UserError{};
        }
        mate::MateOptions o;
        o.mode = opt->mode == "any" ? mate::Mode::Any : mate::Mode::Tsume;
        o.max_plies = opt->plies > 0 ? opt->plies : (o.mode == mate::Mode::Any ? 9 : 0);
        o.defender_holds_rest = opt->defender_holds_rest;
        if (opt->quick) o.shorten_effort = mate::kQuickShortenEffort;
        o.hash_mb = static_cast<std::size_t>(opt->hash);
        o.nodes = opt->nodes;
        o.movetime_ms = opt->movetime;
        if (!o.nodes && !o.movetime_ms) o.movetime_ms = 60000;
        o.implementation = opt->engine == "fast"      ? mate::Implementation::Fast
                           : opt->engine == "generic" ? mate::Implementation::Generic
                                                      : mate::Implementation::Auto;
        Progress progress(progress_wanted(opt->quiet, opt->progress));
        if (progress.enabled())
            o.on_progress = [&](const mate::MateProgress& p) {
                std::ostringstream s;
                s << p.nodes << " nodes, " << format_duration(p.time_ms / 1000.0) << ", "
                  << (p.time_ms > 0 ? p.nodes * 1000 / static_cast<std::uint64_t>(p.time_ms) : 0)
                  << " nodes/s";
                progress.show(s.str());
            };
        mate::MateResult r;
        try {
            r = mate::solve_mate(v, line.start, line.moves, o);
        } catch (const std::invalid_argument& e) {
            progress.clear();
            report({"", e.what()});
            throw UserError{};
        }
        progress.clear();
        if (progress.enabled()) {
            std::cerr << r.nodes << " nodes in " << format_duration(r.time_ms / 1000.0) << " ("
                      << r.implementation << " position)";
            if (r.first_mate_nodes > 0)
                std::cerr << "; the first mate proven after " << r.first_mate_nodes << " nodes, "
                          << format_duration(r.first_mate_ms / 1000.0)
                          << ", the rest proving its length";
            std::cerr << "\n";
        }
        switch (r.outcome) {
            case mate::Outcome::Mate: {
                std::cout << "mate in " << r.plies << " plies:";
                for (Move m : r.line) std::cout << ' ' << write_move(*v, m);
                std::cout << std::endl;
                if (!r.shortest_proven)
                    std::cerr << "note: no shorter mate was ruled out within the limits\n";
                if (opt->verify) {
                    const PositionState start =
                        o.defender_holds_rest ? mate::with_defender_holding_rest(*v, line.start)
                                              : line.start;
                    const mate::Verdict verdict =
                        mate::verify_mate(v, start, line.moves, o.mode, r);
                    std::cerr << (verdict.ok ? "verified" : "NOT verified: " + verdict.why) << " ("
                              << verdict.nodes << " verifier nodes)\n";
                    if (!verdict.ok) throw UserError{3};
                }
                return;
            }
            case mate::Outcome::NoMate:
                std::cout << "no mate";
                if (o.max_plies > 0) std::cout << " within " << o.max_plies << " plies";
                std::cout << std::endl;
                throw UserError{kExitNoMate};
            case mate::Outcome::Unknown:
                std::cout << "unknown after " << r.nodes << " nodes" << std::endl;
                if (!r.unverified.empty())
                    std::cerr << "note: the mate found failed the verifier: " << r.unverified
                              << "\n";
                if (r.repetition_disproof)
                    std::cerr << "note: a disproof rests on a repetition, which is not claimed\n";
                throw UserError{kExitUnknown};
        }
    });
}

}  // namespace seireigi::cli
