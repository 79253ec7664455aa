// seireigi cross-check: two engines on one variant, or the generic engine on two variant files,
// compared legal move list by legal move list (framework/cross_check.h).
// Exit status: 0 no difference, 1 a difference (printed), 2 bad input.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "base/engines.h"
#include "base/progress.h"
#include "check/cross_check.h"
#include "check/kind_check.h"
#include "commands.h"
#include "rules/variant_fingerprint.h"
#include "text/start_position.h"

namespace seireigi::cli {

namespace {

std::vector<std::string> split_pair(const std::string& text, const char* option) {
    const auto comma = text.find(',');
    if (comma == std::string::npos || text.find(',', comma + 1) != std::string::npos) {
        std::cerr << "error: " << option << " takes two names separated by a comma, got '" << text
                  << "'\n";
        throw UserError{};
    }
    return {text.substr(0, comma), text.substr(comma + 1)};
}

struct NumberedLine {
    int number = 0;  // 1-based
    std::string text;
};

// Non-empty lines that are not comments (#), with their line numbers; a file without any is an
// error (comparing nothing would report "no difference").
std::vector<NumberedLine> read_lines(const std::string& file) {
    std::ifstream in(file);
    if (!in || std::filesystem::is_directory(file)) {
        std::cerr << "error: --positions: cannot read " << file << "\n";
        throw UserError{};
    }
    std::vector<NumberedLine> out;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const auto b = line.find_first_not_of(" \t\r");
        if (b == std::string::npos || line[b] == '#') continue;
        const auto e = line.find_last_not_of(" \t\r");
        out.push_back({number, line.substr(b, e - b + 1)});
    }
    if (out.empty()) {
        std::cerr << "error: --positions: " << file
                  << " holds no position (one position text per line; '#' starts a comment)\n";
        throw UserError{};
    }
    return out;
}

PositionState read_or_report(const Variant& v, const std::string& text, const std::string& where) {
    auto r = read_position(v, text);
    if (auto* d = std::get_if<Diagnostic>(&r)) {
        report(*d, where);
        throw UserError{};
    }
    return std::get<PositionState>(r);
}

// --kinds: every named engine (the generic one by default) against the definitions.
void run_kind_check(const CommonOptions& common, const std::string& engine_list,
                    const CrossCheckOptions& cc) {
    auto v = load_or_report(common);
    const PositionState start = position_or_report(v, common);
    std::vector<std::string> engines{"generic"};
    if (!engine_list.empty()) engines = split_pair(engine_list, "--engines");
    bool differs = false;
    for (const auto& name : engines) {
        if (name == "reference") {
            std::cerr << "error: the reference generator has no search additions to check\n";
            throw UserError{};
        }
        with_engine_type(name, *v, [&]<class P>(std::type_identity<P>) {
            if constexpr (!std::is_same_v<P, ReferencePosition>) {
                const KindCheckReport r = check_kinds<P>(v, start, cc.seed, cc.games, cc.plies);
                std::cout << name << " on " << v->id << ": " << r.positions << " positions, ";
                if (r.difference) {
                    std::cout << "DIFFERENCE: " << *r.difference << "\n";
                    differs = true;
                } else {
                    std::cout << "every kind, legal(), gives_check and see_ge agree with their "
                                 "definitions\n";
                }
            }
        });
    }
    if (differs) throw UserError{1};
}

}  // namespace

void add_cross_check_command(CLI::App& app) {
    struct Options {
        CommonOptions common;
        std::string engines;
        std::string variants;
        std::string positions;
        CrossCheckOptions cc;
        int depth = 2;
        bool kinds = false;
        bool quiet = false;
        bool progress = false;
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "cross-check",
        "compare two engines (--engines A,B) or two variant files (--variants F1,F2) move list by "
        "move list in seeded random games or on a list of positions; exit 1 on a difference");
    opt->common.add_to(*cmd);
    cmd->add_option("--engines", opt->engines, "two engines, e.g. fast,generic (default)");
    cmd->add_option("--variants", opt->variants,
                    "two variant names or files, both played by the generic engine");
    cmd->add_option("--seed", opt->cc.seed, "random seed")->capture_default_str();
    cmd->add_option("--games", opt->cc.games, "number of random games")->capture_default_str();
    cmd->add_option("--plies", opt->cc.plies, "maximum moves per game")->capture_default_str();
    cmd->add_option("--line-budget", opt->cc.line_budget,
                    "positions the search for the shortest line may visit")
        ->capture_default_str();
    cmd->add_option("--positions", opt->positions,
                    "file with one position text per line ('#' comments): compare every position "
                    "of the tree of --depth plies below each instead of random games");
    cmd->add_option("--depth", opt->depth, "with --positions: tree depth (1 = the position only)")
        ->check(CLI::Range(1, 8))
        ->capture_default_str();
    cmd->add_flag("--kinds", opt->kinds,
                  "check each engine's search additions against their definitions instead: move "
                  "lists by kind, legal() on legal and corrupted moves, gives_check (docs in "
                  "framework/check/kind_check.h); with --engines A,B both engines are checked");
    cmd->add_flag("--quiet", opt->quiet,
                  "no progress on stderr (by default shown when stderr is a terminal)");
    cmd->add_flag("--progress", opt->progress, "progress on stderr even when it is not a terminal");
    cmd->callback([opt] {
        if (opt->kinds) {
            run_kind_check(opt->common, opt->engines, opt->cc);
            return;
        }
        if (!opt->engines.empty() && !opt->variants.empty()) {
            std::cerr << "error: give --engines or --variants, not both\n";
            throw UserError{};
        }
        std::shared_ptr<const Variant> va, vb;
        std::vector<std::string> engines{"fast", "generic"};
        if (!opt->variants.empty()) {
            const auto names = split_pair(opt->variants, "--variants");
            CommonOptions c = opt->common;
            c.variant = names[0];
            va = load_or_report(c);
            c.variant = names[1];
            vb = load_or_report(c);
            engines = {"generic", "generic"};
        } else {
            if (!opt->engines.empty()) engines = split_pair(opt->engines, "--engines");
            va = vb = load_or_report(opt->common);
        }
        std::cout << "A: " << engines[0] << " on " << va->id << " (rules fingerprint "
                  << fingerprint_hex(variant_fingerprint(*va)) << ")\n"
                  << "B: " << engines[1] << " on " << vb->id << " (rules fingerprint "
                  << fingerprint_hex(variant_fingerprint(*vb)) << ")\n";

        // Start positions, read in each variant.
        std::vector<std::pair<PositionState, PositionState>> starts;
        if (!opt->positions.empty()) {
            for (const auto& line : read_lines(opt->positions)) {
                const std::string where = opt->positions + ":" + std::to_string(line.number);
                starts.emplace_back(read_or_report(*va, line.text, where),
                                    read_or_report(*vb, line.text, where));
            }
        } else {
            const PositionState sa = position_or_report(va, opt->common);
            const PositionState sb = opt->common.position.empty() && opt->common.moves.empty()
                                         ? start_state(*vb)
                                         : position_or_report(vb, opt->common);
            starts.emplace_back(sa, sb);
        }

        Progress progress(progress_wanted(opt->quiet, opt->progress));
        const std::string unit = opt->positions.empty() ? " games, " : " start positions, ";
        opt->cc.on_game_done = [&progress, unit](int done, int total) {
            progress.show(std::to_string(done) + "/" + std::to_string(total) + unit +
                          format_duration(progress.elapsed_seconds()) +
                          time_left(progress.elapsed_seconds(), static_cast<std::size_t>(done),
                                    static_cast<std::size_t>(total)));
        };
        bool differs = false;
        with_engine_type(engines[0], *va, [&]<class PA>(std::type_identity<PA>) {
            with_engine_type(engines[1], *vb, [&]<class PB>(std::type_identity<PB>) {
                CrossCheck<PA, PB> cc(va, vb, opt->cc);
                std::cout << "seed " << opt->cc.seed << "\n";
                const CrossCheckReport r = opt->positions.empty()
                                               ? cc.random_games(starts[0].first, starts[0].second)
                                               : cc.positions(starts, opt->depth);
                progress.clear();
                std::cout << cc.describe(r);
                differs = r.difference.has_value();
            });
        });
        if (differs) throw UserError{1};
    });
}

}  // namespace seireigi::cli
