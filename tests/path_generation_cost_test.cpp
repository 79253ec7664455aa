// Move generation of multi-leg pieces walks each leg in each direction from each square once,
// however many routes lead there (PathNode::state): its work grows with the squares the legs
// reach, not with the routes, which multiply with every leg. The moves themselves are those of
// the naive reference generator (tests/reference_test.cpp plays games on this variant).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <variant>

#include "position/generic_position.h"
#include "rules/compiled_moves.h"
#include "rules_test_support.h"

namespace seireigi {
namespace {

const std::string kVariant = "tests/data/variants/multi-leg-9x9.yaml";

// The steps Sente's piece `abbr` takes to list its destinations from 5e, the middle of an
// otherwise empty 9x9 board.
long steps_from_middle(const std::string& abbr) {
    const auto v = testing::variant(testing::source_path(kVariant));
    const GenericPosition pos(v, testing::position(*v, "9/9/9/9/4(" + abbr + ")4/9/9/9/9 b - 1"));
    return pos.path_destination_steps(*v->geo.parse_square("5e"));
}

constexpr long kSquares = 81;

TEST(PathGenerationCost, StepHooksWalkEachStateOnce) {
    // mamamaK: 8 first steps, 7 turns after each step. Every route stays on the board, so
    // following each route takes 3032 steps (8 + 56 + 392 + 2744, less the routes that come
    // back to the piece's own square). The first two legs are walked route by route (8 + 56);
    // from the third leg on, a leg in one of 8 directions is walked at most once from each
    // square (632 steps).
    EXPECT_LE(steps_from_middle("SH"), 8 + 56 + 2 * 8 * kSquares);
}

TEST(PathGenerationCost, QueenHooksWalkEachStateOnce) {
    // mamaQ3: up to 3 squares a leg. Route by route the third leg alone would take up to
    // 8 * 3 * 7 * 3 * 7 * 3 = 10584 steps (7808 in all with the border); walked once per
    // direction and square, at most 8 * 81 * 3 = 1944 (2076 in all).
    EXPECT_LE(steps_from_middle("QH"), 8 * 3 + 8 * 3 * 7 * 3 + 8 * kSquares * 3);
}

TEST(PathGenerationCost, HopAfterASlideIsWalkedOncePerSquare) {
    // mafpafcR from 5i, Gote's Pawns on 5b and 5a: wherever the first slide stops (5h to 5c),
    // the hop leg lands on 5b, and the capture leg goes on from there once, not six times
    // (65 steps).
    const auto v = testing::variant(testing::source_path(kVariant));
    const GenericPosition pos(v, testing::position(*v, "4p4/4p4/9/9/9/9/9/9/4(HR)4 b - 1"));
    // Up: 7 slide steps (the 7th meets 5b), hops of 6 + 5 + ... + 1 steps, 1 capture step.
    // Down: 1 step off the board. Left and right: 5 slide steps (the 5th off the board) and
    // hops of 4 + 3 + 2 + 1 steps each.
    EXPECT_EQ(pos.path_destination_steps(*v->geo.parse_square("5i")),
              (7 + 21 + 1) + 1 + 2 * (5 + 10));
    EXPECT_EQ(testing::piece_moves(pos, "5i"), std::set<std::string>{"5a"});
}

// Generation may skip a state entered before on a square only because every node of one state
// has the same subtree.
bool same_subtree(const CompiledMoves& m, int a, int b) {
    const PathNode& x = m.path_nodes[a];
    const PathNode& y = m.path_nodes[b];
    if (!(x.v == y.v) || x.max_steps != y.max_steps || x.modality != y.modality ||
        x.victim_not_royal != y.victim_not_royal || x.child_count != y.child_count)
        return false;
    for (int i = 0; i < x.child_count; ++i)
        if (!same_subtree(m, x.first_child + i, y.first_child + i)) return false;
    return true;
}

TEST(PathGenerationCost, NodesOfOneStateHaveEqualSubtrees) {
    for (const std::string text :
         {"mamamaK", "mamaQ3", "mafpafcR", "J3Q", "fmamasR4", "RmasRmamaB2"}) {
        const auto parsed = betza::parse(text);
        ASSERT_TRUE(std::holds_alternative<betza::PieceMoves>(parsed)) << text;
        for (Orientation o :
             {Orientation::North, Orientation::East, Orientation::South, Orientation::West}) {
            const CompiledMoves m = compile_moves(std::get<betza::PieceMoves>(parsed), o);
            std::map<int, int> node_of;  // a node of each state
            for (int n = 0; n < static_cast<int>(m.path_nodes.size()); ++n) {
                const int state = m.path_nodes[n].state;
                if (state < 0) continue;
                ASSERT_LT(state, m.path_states) << text;
                const auto [it, added] = node_of.try_emplace(state, n);
                if (!added) {
                    EXPECT_TRUE(same_subtree(m, it->second, n)) << text << " " << state;
                }
            }
            EXPECT_EQ(static_cast<int>(node_of.size()), m.path_states) << text;
        }
    }
    // Two legs: no two routes meet, so nothing is remembered.
    EXPECT_EQ(compile_moves(std::get<betza::PieceMoves>(betza::parse("RmasR")), Orientation::North)
                  .path_states,
              0);
}

}  // namespace
}  // namespace seireigi
