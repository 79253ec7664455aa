// Fitting the evaluation to scored positions (search/eval_fit.h): with targets made by the
// evaluation itself under known weights, the fit lowers the error and moves the weights toward
// them; piece values move too when asked.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "search/eval_fit.h"
#include "test_support.h"
#include "text/notation.h"
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

// An exchange under way is played out before tuning: after 8h2b+ Gote takes back on 2b, and
// the position tuned is the one after it. A position in check is refused, unchanged.
TEST(EvalFit, SettlesAnExchangeAndRefusesACheck) {
    const auto v = testing::variant("seireigi");
    const search::Evaluator eval(*v);
    GenericPosition pos(v, start_state(*v));
    for (const char* text : {"7g7f", "3c3d", "8h2b+"}) {
        MoveList legal;
        pos.legal_moves(legal);
        auto read = read_move(*v, text, legal);
        ASSERT_TRUE(std::holds_alternative<Move>(read)) << text;
        pos.do_move(std::get<Move>(read));
    }
    const Player gote = pos.side_to_move();
    ASSERT_TRUE(search::settle_captures(pos, eval));
    EXPECT_NE(pos.side_to_move(), gote);
    // Taken back by a Gote piece (lower case): the Rook along the empty rank or the Silver.
    const std::string taker = piece_text(*v, pos.piece_on(*v->geo.parse_square("2b")));
    EXPECT_TRUE(taker == "r" || taker == "s") << taker;

    // Gote to move, in check by the Pawn on 5b (which the King could take): refused.
    auto read = read_position(*v, "4k4/4P4/9/9/9/9/9/9/4K4 w - 1");
    ASSERT_TRUE(std::holds_alternative<PositionState>(read));
    GenericPosition checked(v, std::get<PositionState>(read));
    const std::uint64_t key = checked.key();
    EXPECT_FALSE(search::settle_captures(checked, eval));
    EXPECT_EQ(checked.key(), key);
}

}  // namespace
}  // namespace seireigi
