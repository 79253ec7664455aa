// Attack tests of multi-leg pieces follow only the lines that can reach the King (mailbox.h,
// DeltaMoves::royal_reach): their work is bounded by a count of squares, not by everything the
// piece could reach. (Legality tests ask this for every pseudo-legal move, once per enemy
// piece whose path can capture a King.)
#include <gtest/gtest.h>

#include "position/generic_position.h"
#include "rules_test_support.h"

namespace seireigi {
namespace {

// Dai Seireigi, an otherwise empty board: Sente's Hook Mover (RmasR) on 8h; Gote's King on 2b
// behind Pawns on 3b and 2c, which block both hooks that line up with it.
constexpr const char* kShieldedKing =
    "15/12pk1/13p1/15/15/15/15/7(HM)7/15/15/15/15/15/15/K14 b - 1";

TEST(PathAttackCost, HookMoverStepsOnlyAlongLinesThatCanReachTheKing) {
    const GenericPosition pos = testing::make_position("dai-seireigi", kShieldedKing);
    const Geometry& g = pos.variant().geo;
    const Square hook = *g.parse_square("8h");
    const Square king = *g.parse_square("2b");
    EXPECT_FALSE(pos.in_check(1));
    // Two first legs head towards the King (north and east, at most 15 steps each with the
    // border), and on each one turn lines up with it (at most 15 more). Every other turn is
    // refused without a step; walking them all costs about 450 steps.
    EXPECT_LE(pos.path_attack_steps(hook, king), 2 * (15 + 15));
}

TEST(PathAttackCost, HookMoverStillFindsTheCheckAroundTheCorner) {
    // Without the Pawn on 3b the north-then-east hook reaches the King.
    const GenericPosition pos = testing::make_position(
        "dai-seireigi", "15/13k1/13p1/15/15/15/15/7(HM)7/15/15/15/15/15/15/K14 w - 1");
    EXPECT_TRUE(pos.in_check(1));
}

}  // namespace
}  // namespace seireigi
