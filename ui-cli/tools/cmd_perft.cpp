// seireigi perft: count legal move sequences.
//
// stdout: "nodes N", the divide lines, time and speed. stderr: progress (a line per completed
// root move with --divide, else a status with the time left), and a warning before a depth
// that cannot finish in reasonable time, with the estimate.
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "base/engines.h"
#include "base/progress.h"
#include "check/perft.h"
#include "commands.h"
#include "text/notation.h"

namespace seireigi::cli {

namespace {

// Beyond this, a perft run gets a warning before it starts.
constexpr double kReasonableSeconds = 600;
// The probes that estimate the time stop before one would take longer than this.
constexpr double kProbeSeconds = 0.3;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Estimates how long perft `depth` will take from timed runs at smaller depths (each ply
// multiplies the time by about the growth of the node count), and warns when that is too long.
template <class P>
void warn_if_too_long(P& pos, int depth) {
    if (depth < 3) return;
    BigCount previous_nodes = 1;
    double growth = 0;
    double last_seconds = 0;
    int probed = 0;
    for (int d = 1; d < depth; ++d) {
        if (probed > 0 && growth > 0 && last_seconds * growth > kProbeSeconds) break;
        const auto start = std::chrono::steady_clock::now();
        const BigCount nodes = perft(pos, d);
        last_seconds = seconds_since(start);
        growth = previous_nodes > 0
                     ? nodes.convert_to<double>() / previous_nodes.convert_to<double>()
                     : 0;
        previous_nodes = nodes;
        probed = d;
        if (nodes == 0) return;  // the game ends before: perft is instant
    }
    if (probed == 0 || growth <= 1) return;
    // log10 of the estimate, so that depth 64 does not overflow.
    const double log_seconds =
        std::log10(std::max(last_seconds, 1e-7)) + (depth - probed) * std::log10(growth);
    if (log_seconds < std::log10(kReasonableSeconds)) return;
    const std::string estimate =
        log_seconds > 15
            ? "about 10^" + std::to_string(static_cast<int>(log_seconds - 7.5)) + " years"
            : format_duration(std::pow(10.0, log_seconds));
    std::ostringstream growth_text;
    growth_text << std::fixed << std::setprecision(0) << growth;
    std::cerr << "warning: perft depth " << depth << " will take " << estimate << " here (depth "
              << probed << ": " << previous_nodes << " nodes in " << format_duration(last_seconds)
              << "; each ply multiplies the work by about " << growth_text.str()
              << "). Stop it with Ctrl-C; a smaller --depth finishes.\n"
              << std::flush;
}

}  // namespace

void add_perft_command(CLI::App& app) {
    struct Options {
        CommonOptions common;
        int depth = 1;
        bool divide = false;
        std::string engine = "generic";
        bool quiet = false;
        bool progress = false;
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "perft", "count legal move sequences of a given length (first line: nodes N)");
    opt->common.add_to(*cmd);
    cmd->add_option("--depth", opt->depth, "number of plies")->check(CLI::Range(0, 64))->required();
    cmd->add_flag("--divide", opt->divide, "also print the count below each legal move");
    cmd->add_option("--engine", opt->engine, kEngineHelp)->capture_default_str();
    cmd->add_flag("--quiet", opt->quiet,
                  "no progress on stderr (by default shown when stderr is a terminal)");
    cmd->add_flag("--progress", opt->progress, "progress on stderr even when it is not a terminal");
    cmd->callback([opt] {
        auto v = load_or_report(opt->common);
        const PositionState st = position_or_report(v, opt->common);
        with_engine(opt->engine, v, st, [&](auto& pos) {
            warn_if_too_long(pos, opt->depth);
            Progress progress(progress_wanted(opt->quiet, opt->progress));
            const auto start = std::chrono::steady_clock::now();
            BigCount total = 0;
            std::vector<std::pair<Move, BigCount>> divide;
            if (opt->depth > 1 || (opt->divide && opt->depth > 0)) {
                // Root move by root move, so that progress can be reported.
                divide = perft_divide(
                    pos, opt->depth,
                    [&](Move m, const BigCount& n, std::size_t i, std::size_t moves) {
                        std::ostringstream status;
                        status << (i + 1) << "/" << moves << " root moves, "
                               << format_duration(progress.elapsed_seconds())
                               << time_left(progress.elapsed_seconds(), i + 1, moves);
                        if (opt->divide) {
                            std::ostringstream line;
                            line << write_move(*v, m) << " " << n << "  (" << status.str() << ")";
                            progress.print(line.str());
                        } else {
                            progress.show(status.str());
                        }
                    });
                for (const auto& [m, n] : divide) total += n;
                if (!opt->divide) divide.clear();
            } else {
                total = perft(pos, opt->depth);
            }
            progress.clear();
            const double secs = seconds_since(start);
            std::cout << "nodes " << total << "\n";
            for (const auto& [m, n] : divide) std::cout << write_move(*v, m) << " " << n << "\n";
            std::cout << "time " << std::fixed << std::setprecision(3) << secs << " s\n";
            std::cout << "nodes/s " << std::setprecision(0)
                      << (secs > 0 ? total.convert_to<double>() / secs : 0.0) << "\n";
        });
    });
}

}  // namespace seireigi::cli
