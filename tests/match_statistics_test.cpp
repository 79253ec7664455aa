// The statistics of `seireigi match` on inputs whose values were computed by hand (the formulas
// of docs/match.md, evaluated independently in Python).
#include <gtest/gtest.h>

#include <cmath>

#include "referee/match_statistics.h"

namespace seireigi {
namespace {

TEST(MatchStatistics, EloOfAScore) {
    EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
    EXPECT_NEAR(elo_from_score(0.75), 190.848, 1e-3);  // 400 log10(3)
    EXPECT_NEAR(score_from_elo(elo_from_score(0.3)), 0.3, 1e-12);
    EXPECT_TRUE(std::isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
    EXPECT_TRUE(std::isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);
}

TEST(MatchStatistics, TrinomialInterval) {
    // 60 wins, 20 draws, 20 losses: score 0.7, variance per game 0.16, standard error 0.04.
    const auto e = elo_trinomial({60, 20, 20});
    ASSERT_TRUE(e);
    EXPECT_NEAR(e->score, 0.7, 1e-12);
    EXPECT_NEAR(e->stderr_score, 0.04, 1e-12);
    EXPECT_NEAR(e->elo, 147.1907, 1e-3);
    EXPECT_NEAR(e->low, 86.2250, 1e-3);
    EXPECT_NEAR(e->high, 218.2518, 1e-3);
    EXPECT_EQ(describe_elo(*e), "+147.2 [+86.2, +218.3]");
    EXPECT_FALSE(elo_trinomial({}));
}

TEST(MatchStatistics, AllGamesWonHasNoUpperBound) {
    const auto e = elo_trinomial({10, 0, 0});
    ASSERT_TRUE(e);
    EXPECT_TRUE(std::isinf(e->elo));
    EXPECT_EQ(describe_elo(*e), "+inf [+inf, +inf]");
}

TEST(MatchStatistics, PentanomialInterval) {
    // Pairs scored 0, 1/2, 1, 3/2, 2: 10, 20, 40, 20, 10. Mean 1/2 per game; variance of the pair
    // score per game 0.075 over 100 pairs.
    PairTally p;
    p.counts = {10, 20, 40, 20, 10};
    const auto e = elo_pentanomial(p);
    ASSERT_TRUE(e);
    EXPECT_NEAR(e->elo, 0.0, 1e-9);
    EXPECT_NEAR(e->high, 37.4421, 1e-3);
    EXPECT_NEAR(e->low, -37.4421, 1e-3);
    PairTally q;
    q.add(2.0);
    q.add(1.5);
    q.add(0.5);
    EXPECT_EQ(q.counts, (std::array<int, 5>{0, 1, 0, 1, 1}));
}

TEST(MatchStatistics, SprtLogLikelihoodRatio) {
    const SprtSettings s{0, 10, 0.05, 0.05};
    const SprtState a = sprt(s, {60, 20, 20}, {});
    EXPECT_NEAR(a.llr, 1.73371, 1e-4);
    EXPECT_NEAR(a.lower, -2.94444, 1e-4);
    EXPECT_NEAR(a.upper, 2.94444, 1e-4);
    EXPECT_EQ(a.verdict, SprtState::Verdict::Continue);
    // Twice the games at the same rates: twice the ratio, past the upper bound.
    EXPECT_EQ(sprt(s, {120, 40, 40}, {}).verdict, SprtState::Verdict::AcceptH1);
    // An even score: the ratio leans to H0, and far enough with many games.
    EXPECT_NEAR(sprt(s, {45, 10, 45}, {}).llr, -0.045998, 1e-5);
    EXPECT_EQ(sprt(s, {4500, 1000, 4500}, {}).verdict, SprtState::Verdict::AcceptH0);
    // Without spread, one more win and one more loss stand in for the variance: 6 wins and a
    // loss after 5 wins; 41 and 1 after 40 wins, enough to accept H1.
    EXPECT_NEAR(sprt(s, {5, 0, 0}, {}).llr, 0.287826, 1e-5);
    EXPECT_EQ(sprt(s, {40, 0, 0}, {}).verdict, SprtState::Verdict::AcceptH1);
    EXPECT_EQ(sprt(s, {}, {}).verdict, SprtState::Verdict::Continue);
}

TEST(MatchStatistics, ReadsSprtSettings) {
    std::string why;
    const auto s = read_sprt_settings("-5,5,0.05,0.1", &why);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->elo0, -5);
    EXPECT_EQ(s->beta, 0.1);
    EXPECT_FALSE(read_sprt_settings("0,10,0.05", &why));
    EXPECT_NE(why.find("four numbers"), std::string::npos);
    EXPECT_FALSE(read_sprt_settings("10,0,0.05,0.05", &why));
    EXPECT_NE(why.find("below"), std::string::npos);
    EXPECT_FALSE(read_sprt_settings("0,x,0.05,0.05", &why));
    EXPECT_NE(why.find("'x'"), std::string::npos);
    EXPECT_FALSE(read_sprt_settings("0,10,0.6,0.05", &why));
}

}  // namespace
}  // namespace seireigi
