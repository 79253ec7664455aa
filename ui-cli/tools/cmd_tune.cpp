// seireigi tune: fits the evaluation's weights (and optionally the piece values) to positions
// scored by a stronger engine or by the results of the games they came from (docs/tuning.md).
#include <fstream>
#include <iostream>
#include <sstream>

#include "base/context.h"
#include "commands.h"
#include "game/move_refusal.h"
#include "search/eval_fit.h"
#include "text/start_position.h"

namespace seireigi::cli {

namespace {

struct TuneOptions {
    CommonOptions common;
    std::string positions;
    double lambda = 1.0;
    double score_scale = 400;
    int passes = 3;
    bool values = false;
    std::string weights;
};

// Reads "SCORE RESULT MOVE..." lines (moves from the variant's start). Each position is
// tuned where its captures have been played out (search::settle_captures, with the starting
// weights `eval`); a position with the side to move in check is left out.
std::vector<search::ScoredPosition> read_positions(const std::shared_ptr<const Variant>& v,
                                                   const TuneOptions& opt,
                                                   const search::Evaluator& eval,
                                                   std::size_t& skipped) {
    std::ifstream in(opt.positions);
    if (!in) {
        report({opt.positions, "cannot open the positions file"});
        throw UserError{};
    }
    std::vector<search::ScoredPosition> out;
    const PositionState start = start_state(*v);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty() || line[0] == '#') continue;
        const std::string where = opt.positions + ":" + std::to_string(number);
        std::istringstream words(line);
        double score = 0, result = 0;
        if (!(words >> score >> result) || result < 0 || result > 1) {
            report({where,
                    "expected SCORE RESULT MOVE... (a score in centipawns for the side "
                    "to move, its result 1, 0.5 or 0, then the moves from the start)"});
            throw UserError{};
        }
        auto pos = std::make_shared<GenericPosition>(v, start);
        std::string text;
        for (int i = 1; words >> text; ++i) {
            MoveList legal;
            pos->legal_moves(legal);
            auto read = read_legal_move(*pos, legal, text);
            if (auto* d = std::get_if<Diagnostic>(&read)) {
                report(*d, where + ", move " + std::to_string(i) + " \"" + text + "\"");
                throw UserError{};
            }
            pos->do_move(std::get<Move>(read));
        }
        const Player side = pos->side_to_move();
        // The target stays the position's: the best line of captures keeps its outcome.
        if (!search::settle_captures(*pos, eval)) {
            ++skipped;
            continue;
        }
        if (pos->side_to_move() != side) {
            score = -score;
            result = 1 - result;
        }
        const double reference = search::win_probability(score, opt.score_scale);
        out.push_back({pos, opt.lambda * reference + (1 - opt.lambda) * result});
    }
    return out;
}

}  // namespace

void add_tune_command(CLI::App& app) {
    auto opt = std::make_shared<TuneOptions>();
    auto* cmd = app.add_subcommand(
        "tune",
        "fit the evaluation weights (and with --values the piece values) to scored positions: "
        "prints the weights for SEIREIGI_EVAL_WEIGHTS and the values for the piece catalogue "
        "(docs/tuning.md)");
    opt->common.add_to(*cmd, false);
    cmd->add_option("--positions", opt->positions,
                    "file of lines SCORE RESULT MOVE...: a reference score in centipawns for "
                    "the side to move, its game result (1, 0.5, 0), the moves from the start")
        ->required();
    cmd->add_option("--lambda", opt->lambda,
                    "weight of the reference score in the target (the rest is the result)")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    cmd->add_option("--score-scale", opt->score_scale,
                    "centipawns of the reference score that make a win probability of 73%")
        ->check(CLI::Range(1.0, 100000.0))
        ->capture_default_str();
    cmd->add_option("--passes", opt->passes, "passes over every parameter")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    cmd->add_flag("--values", opt->values, "also tune each piece type's value");
    cmd->add_option("--weights", opt->weights,
                    "start from these weights (NAME=VALUE,...; the defaults otherwise)");
    cmd->callback([opt] {
        auto v = load_or_report(opt->common);
        search::EvalWeights start;
        try {
            start = search::EvalWeights::with_changes(opt->weights);
        } catch (const std::invalid_argument& e) {
            report({"", std::string("--weights: ") + e.what()});
            throw UserError{};
        }
        std::size_t skipped = 0;
        const search::Evaluator eval(*v, start);
        auto positions = read_positions(v, *opt, eval, skipped);
        std::cerr << "positions: " << positions.size() << ", " << skipped
                  << " left out (the side to move in check)\n";
        if (positions.empty()) {
            report({opt->positions, "no quiet position to tune on"});
            throw UserError{};
        }
        search::EvalFit fit(v, std::move(positions), start, opt->values);
        const double k = fit.fit_scale();
        std::cerr << "scale K " << k << ", error " << fit.error() << "\n";
        const auto& params = fit.parameters();
        std::vector<int> before;
        for (const auto& p : params) before.push_back(p.value);
        fit.run(opt->passes, [&](int pass, std::size_t i, double error) {
            std::cerr << "pass " << pass << ", " << i + 1 << "/" << params.size() << " "
                      << params[i].name << " " << params[i].value << ": error " << error << "\n";
        });
        std::cout << "error " << fit.error() << " (scale K " << k << ")\n";
        std::cout << "SEIREIGI_EVAL_WEIGHTS=" << fit.weights_text() << "\n";
        // The changed values as the variant file's piece_values (docs/formats.md).
        std::string values;
        for (std::size_t i = 0; i < params.size(); ++i) {
            if (params[i].piece_type < 0 || params[i].value == before[i]) continue;
            values += (values.empty() ? "" : ", ") +
                      v->types[static_cast<std::size_t>(params[i].piece_type)].id + ": " +
                      std::to_string(params[i].value);
            std::cerr << params[i].name << ": " << before[i] << " -> " << params[i].value << "\n";
        }
        if (!values.empty()) std::cout << "piece_values: {" << values << "}\n";
    });
}

}  // namespace seireigi::cli
