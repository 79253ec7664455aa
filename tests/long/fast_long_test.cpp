// Long runs for the fast 9x9 Seireigi engine (ctest -L long): perft agreement with the generic
// engine at depth 5 or the largest depth under 2e8 leaves, the start position at depth 6, and a
// seeded cross-check of at least 1,000,000 positions.
#include <gtest/gtest.h>

#include "check/cross_check.h"
#include "check/perft.h"
#include "fast/fast_position.h"
#include "fast_position_data.h"
#include "position/generic_position.h"
#include "test_support.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

TEST(FastPositionLong, PerftAgreesWithGenericAtDepth) {
    const auto v = testing::variant("seireigi");
    for (const auto& c : testing::kFastAgreementCases) {
        const PositionState st = testing::position(*v, c.position);
        FastPosition fast(v, st);
        GenericPosition generic(v, st);
        const BigCount f = perft(fast, c.long_depth);
        const BigCount g = perft(generic, c.long_depth);
        EXPECT_EQ(f, g) << c.what << ": " << c.position << " depth " << c.long_depth;
        ::testing::Test::RecordProperty(c.what, f.str());
    }
}

// Depth 6 from the start: no Seireigi-specific move can matter yet, so it is shogi's
// 547,581,517 (YaneuraOu); the generic engine confirms it.
TEST(FastPositionLong, StartDepth6) {
    const auto v = testing::variant("seireigi");
    FastPosition fast(v, start_state(*v));
    EXPECT_EQ(perft(fast, 6), BigCount(547581517));
    GenericPosition generic(v, start_state(*v));
    EXPECT_EQ(perft(generic, 6), BigCount(547581517));
}

TEST(FastPositionLong, SeededCrossCheckOfAMillionPositions) {
    const auto v = testing::variant("seireigi");
    CrossCheckOptions opt;
    opt.seed = 77;
    opt.games = 6500;
    opt.plies = 200;
    CrossCheck<FastPosition, GenericPosition> cc(v, v, opt);
    const auto st = start_state(*v);
    const CrossCheckReport r = cc.random_games(st, st);
    EXPECT_FALSE(r.difference) << cc.describe(r);
    EXPECT_GE(r.positions, 1000000u);
    ::testing::Test::RecordProperty("positions", static_cast<int>(r.positions));
}

}  // namespace
}  // namespace seireigi
