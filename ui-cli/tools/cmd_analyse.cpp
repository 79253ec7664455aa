// seireigi analyse: the engine's best move and evaluation of a position, with its progress as
// `info` lines and a last line `bestmove MOVE`.
#include <algorithm>
#include <iostream>

#include "base/context.h"
#include "base/evaluation_choice.h"
#include "base/game_file.h"
#include "base/proven_mate.h"
#include "commands.h"
#include "position/generic_position.h"
#include "search/engine.h"
#include "search/think_time.h"
#include "text/notation.h"
#include "view/search_output.h"

namespace seireigi::cli {

void add_analyse_command(CLI::App& app) {
    struct Options {
        CommonOptions common;
        EvalChoice eval;
        int depth = 0;
        int movetime = 0;
        std::uint64_t nodes = 0;
        int multipv = 1;
        int hash = 64;
        int level = 20;
        std::string engine = "auto";
        std::string algorithm = "brs";
        std::string record;
        int ply = -1;  // -1: after the record's last move
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "analyse",
        "search a position: prints `info` lines (depth, score in centipawns or mate, nodes, nodes "
        "per second, principal variation; with three or four players also `scores`, each "
        "player's score) and last `bestmove MOVE` for the player to move; a forced mate the mate "
        "solver proves in a tenth of the time comes first as `info string mate proven in N "
        "plies: MOVES`. Without --depth, "
        "--movetime or --nodes it thinks for 5 seconds.");
    cmd->alias("analyze");
    opt->common.add_to(*cmd);
    opt->eval.add_to(*cmd);
    cmd->add_option("--depth", opt->depth, "search this many plies deep")
        ->check(CLI::Range(1, 100));
    cmd->add_option("--movetime", opt->movetime, "think this many milliseconds")
        ->check(CLI::Range(1, 86400000));
    cmd->add_option("--nodes", opt->nodes, "stop after this many nodes (deterministic)");
    cmd->add_option("--multipv", opt->multipv,
                    "show the best K lines (two players; the search for three or four follows "
                    "one line)")
        ->check(CLI::Range(1, 500))
        ->capture_default_str();
    cmd->add_option("--hash", opt->hash, "hash table size in MB")
        ->check(CLI::Range(1, 16384))
        ->capture_default_str();
    cmd->add_option("--level", opt->level, "skill level 1 (weakest) to 20 (full strength)")
        ->check(CLI::Range(1, 20))
        ->capture_default_str();
    cmd->add_option("--engine", opt->engine,
                    "position implementation: auto (the fast one where it applies), fast, generic")
        ->check(CLI::IsMember({"auto", "fast", "generic"}))
        ->capture_default_str();
    cmd->add_option("--record", opt->record,
                    "analyse a saved game: a .game record, or KIF (.kif, .kifu) or CSA (.csa) "
                    "from other shogi programs (instead of --position and --moves)");
    cmd->add_option("--ply", opt->ply,
                    "with --record: the position after this many moves (default: after the last)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--algorithm", opt->algorithm,
                    "the search for three or four players: brs (Best-Reply Search+) or paranoid")
        ->check(CLI::IsMember({"brs", "paranoid"}))
        ->capture_default_str();
    cmd->callback([opt, cmd] {
        std::shared_ptr<const Variant> v;
        GameLine line;
        if (!opt->record.empty()) {
            if (cmd->count("--position") || cmd->count("--moves")) {
                report({"",
                        "--record gives the position: leave out --position and --moves "
                        "(--ply N picks the position after N moves)"});
                throw UserError{};
            }
            GameFile saved =
                game_file_or_report(opt->record, opt->common, cmd->count("--variant") > 0,
                                    "seireigi analyse --record " + opt->record);
            v = saved.variant;
            line.start = saved.game->start();
            line.moves = saved.game->moves();
            if (opt->ply > static_cast<int>(line.moves.size())) {
                report({"", "--ply " + std::to_string(opt->ply) + ": the game has only " +
                                std::to_string(line.moves.size()) + " moves"},
                       opt->record);
                throw UserError{};
            }
            if (opt->ply >= 0) line.moves.resize(static_cast<std::size_t>(opt->ply));
        } else {
            if (cmd->count("--ply")) {
                report({"", "--ply counts the moves of a --record FILE; give one"});
                throw UserError{};
            }
            v = load_or_report(opt->common);
        }
        if (opt->multipv > 1 && v->num_players() > 2) {
            report({"--multipv",
                    "the search for three or four players follows one line: its opponents' "
                    "replies are chosen for the best move only, so other moves get no score of "
                    "their own; leave out --multipv"});
            throw UserError{};
        }
        if (opt->record.empty())
            line = game_line_or_report(v, opt->common, ImpossiblePosition::Refuse);
        search::Options o;
        o.hash_mb = opt->hash;
        o.skill = opt->level;
        o.implementation = opt->engine == "fast"      ? search::Implementation::Fast
                           : opt->engine == "generic" ? search::Implementation::Generic
                                                      : search::Implementation::Auto;
        o.multi_player = opt->algorithm == "paranoid" ? search::MultiPlayerAlgorithm::Paranoid
                                                      : search::MultiPlayerAlgorithm::BestReplyPlus;
        o.network = chosen_network(opt->eval, *v);
        std::string why;
        auto engine = search::Engine::create(v, o, &why);
        if (!engine) {
            report({"", "cannot analyse " + v->name + ": " + why});
            throw UserError{};
        }
        engine->set_position(line.start, line.moves);
        search::Limits limits;
        limits.depth = opt->depth;
        limits.movetime_ms = opt->movetime;
        limits.nodes = opt->nodes;
        limits.multipv = opt->multipv;
        if (!limits.depth && !limits.movetime_ms && !limits.nodes)
            limits.movetime_ms = search::kDefaultAnalysisMs;
        std::cout << "info string evaluation: " << evaluation_name(o.network.get()) << std::endl;
        if (!opt->record.empty()) {
            GenericPosition at(v, line.start);
            for (Move m : line.moves) at.do_move(m);
            std::cout << "info string position after " << line.moves.size() << " moves of "
                      << opt->record << ": " << write_position(*v, at.state()) << std::endl;
        }
        // A tenth of the time (half a second without a time limit) for the mate solver: a
        // forced mate proven exactly, which the search's score may not reach.
        const int mate_ms =
            limits.movetime_ms ? std::clamp(limits.movetime_ms / 10, 50, 2000) : 500;
        if (const auto mate = proven_mate(v, line.start, line.moves, mate_ms))
            std::cout << "info string " << describe_proven_mate(*v, *mate) << std::endl;
        const search::Result r = engine->search(limits, [&](const search::Info& info) {
            std::cout << info_line(*v, info) << std::endl;
        });
        std::cout << "bestmove " << (r.best.is_null() ? "resign" : write_move(*v, r.best)) << "\n";
    });
}

}  // namespace seireigi::cli
