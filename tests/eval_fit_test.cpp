// Fitting the evaluation to scored positions (search/eval_fit.h): with targets made by the
// evaluation itself under known weights, the fit lowers the error and moves the weights toward
// them; piece values move too when asked.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "search/eval_fit.h"
#include "test_support.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

// Positions from seeded random games on `v`, 10 to 40 plies deep.
std::vector<std::shared_ptr<GenericPosition>> random_positions(std::shared_ptr<const Variant> v,
                                                               int count) {
    std::mt19937 rng(7);
    std::vector<std::shared_ptr<GenericPosition>> out;
    while (static_cast<int>(out.size()) < count) {
        auto pos = std::make_shared<GenericPosition>(v, start_state(*v));
        const int plies = 10 + static_cast<int>(rng() % 31);
        bool ended = false;
        for (int i = 0; i < plies && !ended; ++i) {
            MoveList moves;
            pos->legal_moves(moves);
            if (moves.empty())
                ended = true;
            else
                pos->do_move(moves[rng() % moves.size()]);
        }
        if (!ended) out.push_back(pos);
    }
    return out;
}

// Targets the evaluation with `truth` gives at scale k.
std::vector<search::ScoredPosition> scored(const std::shared_ptr<const Variant>& v,
                                           const std::vector<std::shared_ptr<GenericPosition>>& ps,
                                           const search::EvalWeights& truth, double k) {
    const search::Evaluator eval(*v, truth);
    std::vector<search::ScoredPosition> out;
    for (const auto& p : ps) out.push_back({p, 1 / (1 + std::exp(-eval.evaluate(*p) / k))});
    return out;
}

int parameter(const search::EvalFit& fit, const std::string& name) {
    for (const auto& p : fit.parameters())
        if (p.name == name) return p.value;
    ADD_FAILURE() << "no parameter " << name;
    return 0;
}

TEST(EvalFit, MovesTheWeightsTowardThoseThatMadeTheTargets) {
    const auto v = testing::variant("seireigi");
    const auto positions = random_positions(v, 150);
    search::EvalWeights truth;
    truth.mobility = 20;  // default 8
    truth.tempo = 60;     // default 20
    search::EvalFit fit(v, scored(v, positions, truth, 400), search::EvalWeights{}, false);
    const double k = fit.fit_scale();
    const double before = fit.error();
    fit.run(2, [](int, std::size_t, double) {});
    EXPECT_GT(k, 20);
    EXPECT_LT(fit.error(), before / 4);
    EXPECT_GT(parameter(fit, "mobility"), 12);
    EXPECT_GT(parameter(fit, "tempo"), 35);
    EXPECT_NE(fit.weights_text().find("mobility="), std::string::npos);
}

TEST(EvalFit, WeightsThatAlreadyFitStayAndValuesAreTunedWhenAsked) {
    const auto v = testing::variant("seireigi");
    const auto positions = random_positions(v, 60);
    search::EvalFit fit(v, scored(v, positions, search::EvalWeights{}, 400), search::EvalWeights{},
                        true);
    fit.fit_scale();
    EXPECT_NEAR(fit.scale(), 400, 4);
    EXPECT_LT(fit.error(), 1e-6);
    bool has_values = false;
    for (const auto& p : fit.parameters()) has_values |= p.piece_type >= 0;
    EXPECT_TRUE(has_values);
    fit.run(1, [](int, std::size_t, double) {});
    EXPECT_EQ(parameter(fit, "tempo"), search::EvalWeights{}.tempo);
}

}  // namespace
}  // namespace seireigi
