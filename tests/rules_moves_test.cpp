// docs/rules.md §C: the exact semantics of the exotic move types, on the diagrams of the spec.
// The variants are test files with every Dai Seireigi piece (tests/data/variants/).
#include <gtest/gtest.h>

#include "rules_test_support.h"

namespace seireigi {
namespace {

using testing::make_position;
using testing::piece_moves;
using Set = std::set<std::string>;

const std::string k7x7 = testing::source_path("tests/data/variants/dai-pieces-7x7.yaml");
const std::string k9x9 = testing::source_path("tests/data/variants/dai-pieces-9x9.yaml");

Set board_moves_on_empty_7x7(const std::string& piece) {
    // The piece on 4d of an otherwise empty 7x7 board.
    auto pos = make_position(k7x7, "7/7/7/3" + piece + "3/7/7/7 b - 1");
    return piece_moves(pos, "4d");
}

TEST(MoveSemantics, Rules_C1_HookMoverDiagram26Destinations) {
    auto pos = make_position(k7x7, "7/3P2p/7/1G1(HM)1s1/7/1g1n3/7 b - 1");
    const Set expected = {"4c", "5d", "3d", "2d", "4e", "4f",  // plain slides
                          "7c", "6c", "5c", "3c", "2c", "1c",  // via 4c
                          "5b", "5a", "5e", "5f", "5g",        // via 5d
                          "3b", "3a", "3e", "3f", "3g",        // via 3d
                          "7e", "6e", "2e", "1e"};             // via 4e
    EXPECT_EQ(expected.size(), 26u);
    EXPECT_EQ(piece_moves(pos, "4d"), expected);
}

TEST(MoveSemantics, Rules_C2_CapricornDiagram17Destinations) {
    auto pos = make_position(k7x7, "7/1s5/4P2/3(CA)3/7/5n1/7 b - 1");
    const Set expected = {"5c", "6b", "5e", "6f", "7g", "3e", "2f",  // plain slides
                          "4b", "3a", "6d", "7e",                    // via 5c
                          "7c", "4f", "3g",                          // via 5e
                          "5g",                                      // via 6f
                          "2d", "1c"};                               // via 3e
    EXPECT_EQ(expected.size(), 17u);
    EXPECT_EQ(piece_moves(pos, "4d"), expected);
}

TEST(MoveSemantics, Rules_C1_AncientDragonHooksForwardAndMayTurnBackward) {
    auto pos = make_position(k7x7, "7/1s5/4P2/3+(FF)3/7/5n1/7 b - 1");
    EXPECT_EQ(piece_moves(pos, "4d"),
              (Set{"5c", "6b", "4b", "3a", "6d", "7e", "5e", "3e", "7g", "1g"}));
}

TEST(MoveSemantics, Rules_C3_RookGeneralSlideJump) {
    auto pos = make_position(k9x9, "4l4/4n4/4k4/9/9/4s4/4P4/9/4(RG)4 b - 1");
    EXPECT_EQ(piece_moves(pos, "5i"),
              (Set{"5h", "5f", "5b", "5b+", "9i", "8i", "7i", "6i", "4i", "3i", "2i", "1i"}));
    EXPECT_FALSE(pos.in_check(1));  // the screened King is not in check
}

TEST(MoveSemantics, Rules_C3_SlideJumperChecksOnlyAlongAClearLine) {
    auto clear = make_position(k9x9, "4l4/4n4/4k4/9/9/9/9/9/4(RG)4 w - 1");
    EXPECT_TRUE(clear.in_check(1));
    auto blocked = make_position(k9x9, "4l4/4n4/4k4/4g4/9/9/9/9/4(RG)4 w - 1");
    EXPECT_FALSE(blocked.in_check(1));  // one interposed piece blocks, though RG could jump it
}

TEST(MoveSemantics, Rules_C3_SlideJumpMayJumpOwnKing) {
    // docs/rules.md §E.3 #3 on a 9x9 board: jumping one's own King to capture is legal.
    auto pos = make_position(k9x9, "9/9/9/9/4g4/9/9/4K4/4(RG)4 b - 1");
    EXPECT_TRUE(piece_moves(pos, "5i").count("5e"));
}

TEST(MoveSemantics, Rules_C4_ThirdPerimeterJumps) {
    // Landing on the last rank, the Thunder Runner and Flying Cat must promote.
    EXPECT_EQ(board_moves_on_empty_7x7("(TR)"), (Set{"6a+", "5a+", "3a+", "2a+"}));
    EXPECT_EQ(board_moves_on_empty_7x7("(RD)"),
              (Set{"5d", "3d", "5e", "3e", "6c", "2c", "7c", "1c", "7b", "1b"}));
    EXPECT_EQ(board_moves_on_empty_7x7("(FC)"), (Set{"4a+", "7a+", "1a+"}));
    // Great Dream-Eater: slide-jump vertically, slide diagonally forward, bC bZ leaps.
    EXPECT_EQ(board_moves_on_empty_7x7("+(FC)"),
              (Set{"4c", "4b", "4a", "4e", "4f", "4g", "5c", "6b", "7a", "3c", "2b", "1a", "5g",
                   "3g", "6g", "2g"}));
    // Free Demon: the seed's leaps (±3,−1), (±3,−2); not Ludii's (∓1,−1) (D-3).
    const Set demon = board_moves_on_empty_7x7("+(TR)");
    EXPECT_EQ(demon, (Set{"5c", "6b", "7a", "3c", "2b", "1a", "7d", "6d", "5d", "3d", "2d", "1d",
                          "7e", "1e", "7f", "1f"}));
    EXPECT_FALSE(demon.count("5e"));
    EXPECT_FALSE(demon.count("3e"));
    // Ancient Dragon bG and Square Mover bsH on an empty board.
    const Set dragon = board_moves_on_empty_7x7("+(FF)");
    EXPECT_TRUE(dragon.count("7g") && dragon.count("1g"));
    const Set square = board_moves_on_empty_7x7("+(CE)");
    EXPECT_TRUE(square.count("4g") && square.count("7d") && square.count("1d"));
}

TEST(MoveSemantics, Rules_C5_LionHawkRingJumpsOverOwnPieces) {
    auto pos = make_position(k7x7, "7/7/2GGG2/2G(LH)G2/2GGG2/7/7 b - 1");
    const Set expected = {"6b", "5b", "4b", "3b", "2b", "6f", "5f", "4f",
                          "3f", "2f", "6c", "6d", "6e", "2c", "2d", "2e"};
    EXPECT_EQ(piece_moves(pos, "4d"), expected);
    // On an empty board it also slides diagonally, and has no one-square orthogonal move.
    const Set empty = board_moves_on_empty_7x7("(LH)");
    EXPECT_FALSE(empty.count("4c") || empty.count("5d") || empty.count("3d") || empty.count("4e"));
    EXPECT_TRUE(empty.count("5c") && empty.count("7a"));
}

TEST(MoveSemantics, Rules_C5_ViceGeneralRing) {
    const Set vice = board_moves_on_empty_7x7("+(BG)");
    for (const char* s : {"6b", "4b", "2b", "6d", "2d", "6f", "4f", "2f", "5b", "3b", "6c", "2c",
                          "6e", "2e", "5f", "3f"})
        EXPECT_TRUE(vice.count(s)) << s;
}

}  // namespace
}  // namespace seireigi
