// seireigi selfplay: training data for the evaluation network (docs/training.md). The engine
// plays itself; each game's positions are appended whole to DIR/selfplay-shard-I-of-N.data, so a
// run killed at any moment loses at most the games in progress and continues where it stopped.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>

#include "base/context.h"
#include "base/evaluation_choice.h"
#include "base/progress.h"
#include "commands.h"
#include "nnue/training_data.h"
#include "referee/self_play.h"
#include "referee/shard.h"
#include "referee/worker_pool.h"

namespace seireigi::cli {

void add_selfplay_command(CLI::App& app) {
    struct Options {
        CommonOptions common;
        EvalChoice eval;
        int games = 100;
        std::uint64_t nodes = 0;
        int depth = 0;
        std::string out;
        std::uint64_t seed = 1;
        std::string shard = "1/1";
        int concurrency = 1;
        int hash_mb = 16;
        int max_plies = 320;
        bool quiet = false;
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "selfplay",
        "training data for the evaluation network: the engine plays itself from varied "
        "openings and keeps each quiet position with its search score and the game's result "
        "(docs/training.md)");
    opt->common.add_to(*cmd, false);
    opt->eval.add_to(*cmd);
    cmd->add_option("--games", opt->games, "games of the whole run (all shards together)")
        ->check(CLI::Range(1, 100000000))
        ->capture_default_str();
    auto* nodes = cmd->add_option("--nodes", opt->nodes, "nodes searched per move")
                      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    auto* depth =
        cmd->add_option("--depth", opt->depth, "search depth per move")->check(CLI::Range(1, 60));
    nodes->excludes(depth);
    cmd->add_option("--out", opt->out, "folder for the data (created; a run continues in it)")
        ->required();
    cmd->add_option("--seed", opt->seed, "seed of the openings: the same seed, the same games")
        ->capture_default_str();
    cmd->add_option("--shard", opt->shard,
                    "I/N: play the I-th of N shares of the games (1 <= I <= N), for N machines "
                    "or batch jobs; the data of all shards together equals one run's")
        ->capture_default_str();
    cmd->add_option("--concurrency", opt->concurrency, "games at a time (one core each)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    cmd->add_option("--hash", opt->hash_mb, "hash table of each engine, in MB")
        ->check(CLI::Range(1, 4096))
        ->capture_default_str();
    cmd->add_option("--max-plies", opt->max_plies, "a longer game ends as a draw")
        ->check(CLI::Range(20, 100000))
        ->capture_default_str();
    cmd->add_flag("--quiet", opt->quiet, "no progress on stderr");
    cmd->callback([opt, nodes, depth] {
        if (nodes->count() == 0 && depth->count() == 0) {
            std::cerr << "error: say how much each move searches: --nodes N or --depth D\n";
            throw UserError{};
        }
        const auto shard = read_shard(opt->shard);
        if (!shard) {
            std::cerr << "error: --shard " << opt->shard
                      << ": expected I/N with 1 <= I <= N, e.g. --shard 2/8\n";
            throw UserError{};
        }
        auto variant = load_or_report(opt->common);
        if (variant->num_players() != 2) {
            std::cerr << "error: " << variant->name << " has " << variant->num_players()
                      << " players; the evaluation network and its data are for two players\n";
            throw UserError{};
        }
        training::SelfPlaySettings settings;
        settings.nodes = opt->nodes;
        settings.depth = opt->depth;
        settings.seed = opt->seed;
        settings.max_plies = opt->max_plies;
        settings.engine.hash_mb = opt->hash_mb;
        settings.engine.network = chosen_network(opt->eval, *variant);

        std::error_code ec;
        std::filesystem::create_directories(opt->out, ec);
        const std::filesystem::path file =
            std::filesystem::path(opt->out) / ("selfplay-shard-" + std::to_string(shard->index) +
                                               "-of-" + std::to_string(shard->count) + ".data");
        std::optional<nnue::DataWriter> writer;
        try {
            writer.emplace(file, *variant);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << "\n";
            throw UserError{};
        }
        std::vector<std::uint32_t> todo;
        for (int g = 0; g < opt->games; ++g)
            if (shard->holds(g) && !writer->games().count(static_cast<std::uint32_t>(g)))
                todo.push_back(static_cast<std::uint32_t>(g));
        const std::size_t already = writer->games().size();
        std::cerr << "selfplay: " << variant->name << ", "
                  << (opt->nodes ? std::to_string(opt->nodes) + " nodes"
                                 : "depth " + std::to_string(opt->depth))
                  << " a move, evaluation " << evaluation_name(settings.engine.network.get())
                  << "; " << todo.size() << " games to play"
                  << (already
                          ? " (" + std::to_string(already) + " already in " + file.string() + ")"
                          : "")
                  << ", " << opt->concurrency << " at a time\n";

        Progress progress(!opt->quiet);
        std::mutex mutex;
        std::size_t done = 0, positions = 0, searched = 0;
        std::string failure;
        auto play = [&](int, std::size_t i) {
            training::SelfPlayGame game;
            try {
                game = training::play_self_play_game(variant, settings, todo[i]);
            } catch (const std::exception& e) {
                std::lock_guard lock(mutex);
                failure = e.what();
                return false;
            }
            std::lock_guard lock(mutex);
            try {
                writer->append(game.data);
            } catch (const std::exception& e) {
                failure = e.what();
                return false;
            }
            ++done;
            positions += game.data.positions.size();
            searched += static_cast<std::size_t>(game.searched);
            const double t = progress.elapsed_seconds();
            char rate[64];
            std::snprintf(rate, sizeof rate, "%.0f",
                          t > 0 ? static_cast<double>(positions) / t : 0.0);
            progress.show("game " + std::to_string(done) + "/" + std::to_string(todo.size()) +
                          ": " + std::to_string(positions) + " positions kept (" + rate + "/s)" +
                          time_left(t, done, todo.size()));
            return true;
        };
        run_jobs(todo.size(), opt->concurrency, play);
        progress.clear();
        if (!failure.empty()) {
            std::cerr << "error: " << failure << "\n";
            throw UserError{};
        }
        const double t = progress.elapsed_seconds();
        std::printf(
            "games %zu, positions kept %zu of %zu searched, %.0f s, %.0f positions/s "
            "(%.0f per core)\ndata %s (%zu games in all)\n",
            done, positions, searched, t, t > 0 ? static_cast<double>(positions) / t : 0.0,
            t > 0 ? static_cast<double>(positions) / t / opt->concurrency : 0.0,
            file.string().c_str(), writer->games().size());
    });
}

}  // namespace seireigi::cli
