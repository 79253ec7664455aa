// seireigi bench: fixed Seireigi positions, each engine's perft speed in leaf nodes per second
// and the ratios, measured in one run (docs/architecture.md "Performance habits").
//
// Perft uses bulk counting: the last ply only generates the legal moves and counts them. Every
// engine searches each position to the same depth, and the ratios (to the first engine) compare
// those rows; the fast engine then searches deeper (the start at depth 6), which is its speed
// figure. Every count is printed so that a run also checks the engines against each other.
// Single thread, best of N.
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "base/engines.h"
#include "check/perft.h"
#include "commands.h"
#include "nnue/network_source.h"
#include "rules/variant_fingerprint.h"
#include "search/engine.h"
#include "text/notation.h"
#include "text/start_position.h"
#include "tools/bench_contract.h"

namespace seireigi {
const char* bench_positions_text();  // tests/data/bench-positions.txt, built in
}

namespace seireigi::cli {

namespace {

struct BenchPosition {
    const char* name;
    const char* text;  // "start" or position text
    int depth_slow;    // every engine (the ratios)
    int depth_fast;    // the fast engine again, deeper
};

// Positions of Seireigi (all legal: the side not to move is not in check).
constexpr BenchPosition kPositions[] = {
    {"start", "start", 5, 6},
    // Promoted pieces of both sides (+S +G for Sente, +N +B +P +L for Gote), pieces in hand.
    {"midgame",
     "ln1gk3l/1r3s+S+G1/p1ppp2pp/1p3p3/4+n4/2P4P1/PP1PPPP1P/1+b3+p1R1/LNSGK1+l1L b GBNs 1", 4, 5},
    // Few pieces on the board, both hands full: drop-heavy.
    {"endgame", "3g1k3/9/2+N1+P1+S2/9/9/9/2+s3+n2/9/3GK4 b RBGSNL4Prbgsnl4p 1", 3, 4},
    // YaneuraOu's "matsuri" move-generation stress position, played as Seireigi.
    {"matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 3, 4},
    // The shogi position with the most legal moves (593), drop-heavy.
    {"max-moves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 3, 3},
};

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
    return "unknown";
}

std::string load_average() {
    std::ifstream in("/proc/loadavg");
    std::string a, b, c;
    in >> a >> b >> c;
    return a.empty() ? "unknown" : a + " " + b + " " + c;
}

std::vector<std::string> split_engines(const std::string& list) {
    std::vector<std::string> engines;
    std::stringstream ss(list);
    for (std::string e; std::getline(ss, e, ',');) engines.push_back(e);
    return engines;
}

// The CPU the binary was compiled for (SEIREIGI_CPU_TARGET, see the top CMakeLists.txt).
std::string build_target() {
#ifdef SEIREIGI_CPU_TARGET
    std::string target = SEIREIGI_CPU_TARGET;
#else
    std::string target = "x86-64 (portable)";
#endif
#ifdef SEIREIGI_LTO
    target += ", link-time optimized";
#endif
#ifndef __PIE__
    target += ", not position-independent";
#endif
    return target;
}

// The search section: each line of tests/data/bench-positions.txt (built in) searched by every
// engine that plays the variant, to depth 7 on boards of 81 squares or fewer and 3 on larger
// ones; the total node count per engine is the bench signature.
template <class Options>
void bench_search(const Options& opt, const std::vector<std::string>& engines) {
    const std::vector<std::string> evals = split_engines(opt.eval);
    for (const auto& e : evals)
        if (e != "classical" && e != "nnue") {
            std::cerr << "error: --eval: unknown evaluation '" << e
                      << "'; choose classical, nnue or both\n";
            throw UserError{};
        }
    std::vector<std::pair<std::string, std::string>> runs;  // engine, evaluation
    for (const auto& e : engines)
        for (const auto& ev : evals) runs.emplace_back(e, ev);
    std::cout << "search: fixed depth, one thread, 16 MB hash cleared before each position\n";
    std::cout << std::left << std::setw(14) << "variant" << std::setw(16) << "engine" << std::right
              << std::setw(6) << "depth" << std::setw(12) << "nodes" << std::setw(10) << "s"
              << std::setw(12) << "nodes/s"
              << "  best\n";
    std::map<std::string, std::uint64_t> total_nodes;
    std::map<std::string, double> total_seconds;
    std::istringstream lines(bench_positions_text());
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string variant_name, position;
        fields >> variant_name;
        std::getline(fields >> std::ws, position);
        CommonOptions common = opt.common;
        common.variant = variant_name;
        common.position = position == "start" ? "" : position;
        auto v = load_or_report(common);
        const PositionState st = position_or_report(v, common);
        const int depth = v->geo.squares() <= 81 ? 7 : 3;
        for (const auto& [engine_name, eval] : runs) {
            search::Options o;
            o.implementation = engine_name == "fast" ? search::Implementation::Fast
                                                     : search::Implementation::Generic;
            if (eval == "nnue") {
                auto net = opt.eval_file.empty() ? nnue::variant_network(*v)
                                                 : nnue::network_file(opt.eval_file, *v);
                if (std::holds_alternative<Diagnostic>(net)) continue;  // no network here
                o.network = std::get<std::shared_ptr<const nnue::Network>>(net);
            }
            // Rows and signatures are named by the engine, and by the evaluation where several
            // are measured.
            const std::string name = evals.size() > 1 ? engine_name + "/" + eval : engine_name;
            auto engine = search::Engine::create(v, o);
            if (!engine) continue;  // the fast engine plays only Seireigi
            engine->set_position(st, {});
            search::Limits limits;
            limits.depth = std::max(1, depth + opt.depth_change);
            const auto t0 = std::chrono::steady_clock::now();
            const search::Result r = engine->search(limits, {});
            const double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            total_nodes[name] += r.nodes;
            total_seconds[name] += s;
            std::cout << std::left << std::setw(14) << variant_name << std::setw(16) << name
                      << std::right << std::setw(6) << limits.depth << std::setw(12) << r.nodes
                      << std::setw(10) << std::fixed << std::setprecision(3) << s << std::setw(12)
                      << std::setprecision(0) << r.nodes / std::max(s, 1e-3) << "  "
                      << write_move(*v, r.best) << "\n";
        }
    }
    for (const auto& [name, nodes] : total_nodes)
        std::cout << "search " << name << ": total nodes " << nodes << " (signature), "
                  << std::fixed << std::setprecision(0)
                  << nodes / std::max(total_seconds[name], 1e-3) << " nodes/s\n";
}

// The fixed positions, for the contract section.
std::vector<ContractBenchPosition> fixed_contract_positions(const Variant& v) {
    std::vector<ContractBenchPosition> positions;
    for (const BenchPosition& bp : kPositions) {
        if (std::string(bp.text) == "start") {
            positions.push_back({bp.name, start_state(v)});
            continue;
        }
        auto read = read_position(v, bp.text);
        if (auto* d = std::get_if<Diagnostic>(&read)) {
            report(*d, bp.name);
            throw UserError{};
        }
        positions.push_back({bp.name, std::get<PositionState>(read)});
    }
    return positions;
}

}  // namespace

void add_bench_command(CLI::App& app) {
    struct Options {
        CommonOptions common;
        std::string engines = "generic,fast";
        std::string eval = "classical";
        std::string eval_file;
        int repeat = 3;
        int threads = 1;
        int depth_change = 0;
        bool no_search = false;
        bool search_only = false;
        bool contract = false;
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "bench",
        "perft speed (leaf nodes/s, bulk counting) of each engine on fixed Seireigi "
        "positions, and the ratios to the first engine; single thread, best of --repeat");
    opt->common.add_to(*cmd, true, "with --contract, the fixed Seireigi positions");
    cmd->add_option("--engines", opt->engines, "engines to measure, comma-separated")
        ->capture_default_str();
    cmd->add_option("--eval", opt->eval,
                    "the search section's evaluations, comma-separated: classical, nnue (the "
                    "variant's network; positions of variants without one are left out)")
        ->capture_default_str();
    cmd->add_option("--eval-file", opt->eval_file,
                    "the network of the nnue rows instead of each variant's own (positions of "
                    "variants it was not trained for are left out)");
    cmd->add_option("--repeat", opt->repeat, "runs per measurement (the best counts)")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    cmd->add_option("--threads", opt->threads, "search threads (only 1 is supported)")
        ->check(CLI::Range(1, 1))
        ->capture_default_str();
    cmd->add_option("--depth-change", opt->depth_change,
                    "add this to every depth (e.g. -2 for a quick run; depths stay >= 1)")
        ->check(CLI::Range(-8, 2))
        ->capture_default_str();
    cmd->add_flag("--no-search", opt->no_search, "leave out the search section");
    cmd->add_flag("--search-only", opt->search_only, "only the search section");
    cmd->add_flag("--contract", opt->contract,
                  "only the cost of the search-facing calls: legal(m) against generating every "
                  "move, gives_check(m) against copying the position and making the move (ns "
                  "per call, on the Seireigi positions or on --position)");
    cmd->callback([opt] {
        const bool position_given =
            opt->common.position_option->count() > 0 || !opt->common.moves.empty();
        if (position_given && !opt->contract) {
            report({"",
                    "--position and --moves go with --contract (the perft and search "
                    "sections use their fixed Seireigi positions)"});
            throw UserError{};
        }
        if (opt->contract) {
            auto v = load_or_report(opt->common);
            std::vector<ContractBenchPosition> positions;
            if (position_given)
                positions.push_back({"given", position_or_report(v, opt->common)});
            else
                positions = fixed_contract_positions(*v);
            std::cout << "cpu " << cpu_model() << ", built for " << build_target()
                      << ", load average " << load_average() << "\n";
            bench_contract(v, positions, split_engines(opt->engines));
            return;
        }
        if (opt->search_only) {
            std::cout << "cpu " << cpu_model() << ", built for " << build_target() << "\n";
            bench_search(*opt, split_engines(opt->engines));
            return;
        }
        auto v = load_or_report(opt->common);
        const std::vector<std::string> engines = split_engines(opt->engines);
        // Refused engines are reported before the table starts.
        for (const auto& e : engines) {
            if (e == "fast") fast_engine_or_report(*v, "--engines");
            if (e != "fast" && e != "generic" && e != "reference") {
                std::cerr << "error: --engines: unknown engine '" << e
                          << "'; choose generic, fast or reference\n";
                throw UserError{};
            }
        }
        std::cout << "cpu " << cpu_model() << " (" << std::thread::hardware_concurrency()
                  << " logical), built for " << build_target() << "\n";
        std::cout << "load average at start " << load_average() << "\n";
        std::cout << "variant " << v->id << " (rules fingerprint "
                  << fingerprint_hex(variant_fingerprint(*v)) << "), threads 1, best of "
                  << opt->repeat << ", perft with bulk counting\n";
        std::cout << std::left << std::setw(10) << "position" << std::setw(9) << "engine"
                  << std::right << std::setw(6) << "depth" << std::setw(16) << "nodes"
                  << std::setw(10) << "best s" << std::setw(14) << "nodes/s" << std::setw(10)
                  << "ratio"
                  << "\n";
        for (const BenchPosition& bp : kPositions) {
            PositionState st;
            if (std::string(bp.text) == "start") {
                st = start_state(*v);
            } else {
                auto r = read_position(*v, bp.text);
                if (auto* d = std::get_if<Diagnostic>(&r)) {
                    report(*d, bp.name);
                    throw UserError{};
                }
                st = std::get<PositionState>(r);
            }
            // One measurement: prints a row, returns nodes/s.
            auto measure = [&](const std::string& engine, int depth, double ratio_base) {
                depth = std::max(1, depth + opt->depth_change);
                double best = 1e300;
                BigCount nodes = 0;
                with_engine(
                    engine, v, st,
                    [&](auto& pos) {
                        for (int i = 0; i < opt->repeat; ++i) {
                            const auto t0 = std::chrono::steady_clock::now();
                            nodes = perft(pos, depth);
                            const double s =
                                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
                                    .count();
                            best = std::min(best, s);
                        }
                    },
                    "--engines");
                // Below a millisecond the clock says nothing about speed: no rate, no ratio.
                const bool timed = best >= 1e-3;
                const double rate = timed ? nodes.convert_to<double>() / best : 0;
                std::cout << std::left << std::setw(10) << bp.name << std::setw(9) << engine
                          << std::right << std::setw(6) << depth << std::setw(16) << nodes
                          << std::setw(10) << std::fixed << std::setprecision(3) << best
                          << std::setw(14) << std::setprecision(0);
                if (timed)
                    std::cout << rate;
                else
                    std::cout << "too fast";
                if (ratio_base > 0 && timed)
                    std::cout << std::setw(9) << std::setprecision(1) << rate / ratio_base << "x";
                std::cout << "\n";
                return rate;
            };
            // Every engine at the same depth (the ratios compare these: leaves at the same
            // depth have the same side to move), then the fast engine deeper for its speed.
            double first_rate = 0;
            for (std::size_t e = 0; e < engines.size(); ++e) {
                const double rate = measure(engines[e], bp.depth_slow, e == 0 ? 0 : first_rate);
                if (e == 0) first_rate = rate;
            }
            for (const auto& e : engines)
                if (e == "fast" && bp.depth_fast > bp.depth_slow) measure(e, bp.depth_fast, 0);
        }
        if (!opt->no_search) bench_search(*opt, engines);
        std::cout << "load average at end " << load_average() << "\n";
    });
}

}  // namespace seireigi::cli
