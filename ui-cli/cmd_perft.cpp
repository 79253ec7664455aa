// seireigi perft: count legal move sequences.
#include <chrono>
#include <iomanip>
#include <iostream>

#include "check/perft.h"
#include "commands.h"
#include "engines.h"
#include "text/notation.h"

namespace seireigi::cli {

void add_perft_command(CLI::App& app) {
    struct Options {
        CommonOptions common;
        int depth = 1;
        bool divide = false;
        std::string engine = "generic";
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "perft", "count legal move sequences of a given length (first line: nodes N)");
    opt->common.add_to(*cmd);
    cmd->add_option("--depth", opt->depth, "number of plies")->check(CLI::Range(0, 64))->required();
    cmd->add_flag("--divide", opt->divide, "also print the count below each legal move");
    cmd->add_option("--engine", opt->engine, kEngineHelp)->capture_default_str();
    cmd->callback([opt] {
        auto v = load_or_report(opt->common);
        const PositionState st = position_or_report(v, opt->common);
        with_engine(opt->engine, v, st, [&](auto& pos) {
            const auto start = std::chrono::steady_clock::now();
            BigCount total = 0;
            std::vector<std::pair<Move, BigCount>> divide;
            if (opt->divide && opt->depth > 0) {
                divide = perft_divide(pos, opt->depth);
                for (const auto& [m, n] : divide) total += n;
            } else {
                total = perft(pos, opt->depth);
            }
            const double secs =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::cout << "nodes " << total << "\n";
            for (const auto& [m, n] : divide) std::cout << write_move(*v, m) << " " << n << "\n";
            std::cout << "time " << std::fixed << std::setprecision(3) << secs << " s\n";
            std::cout << "nodes/s " << std::setprecision(0)
                      << (secs > 0 ? total.convert_to<double>() / secs : 0.0) << "\n";
        });
    });
}

}  // namespace seireigi::cli
