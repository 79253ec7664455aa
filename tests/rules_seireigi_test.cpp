// docs/rules.md §E.1: Seireigi positions whose legal moves are known exactly.
#include <gtest/gtest.h>

#include "check/perft.h"
#include "rules_test_support.h"

namespace seireigi {
namespace {

using testing::drops_of;
using testing::legal_texts;
using testing::make_position;
using testing::piece_moves;
using Set = std::set<std::string>;

TEST(Seireigi, Rules_E1_0_StartPerftEqualsShogi) {
    auto pos = make_position("seireigi", "start");
    const std::uint64_t expected[] = {30, 900, 25470, 719731};
    for (int d = 1; d <= 4; ++d) EXPECT_EQ(perft(pos, d), BigCount(expected[d - 1])) << d;
}

TEST(Seireigi, Rules_E1_1_ForcedKnightPromotion) {
    auto pos = make_position("seireigi", "4k4/9/9/6N2/9/9/9/9/4K4 b - 1");
    EXPECT_EQ(piece_moves(pos, "3d"), (Set{"2b+", "4b+"}));
}

TEST(Seireigi, Rules_E1_2_HeavenlyHorsePattern) {
    auto pos = make_position("seireigi", "9/k8/9/9/4+N4/9/9/9/8K b - 1");
    EXPECT_EQ(piece_moves(pos, "5e"),
              (Set{"4d", "5d", "6d", "4f", "6f", "3c", "7c", "5c", "4g", "6g"}));
}

TEST(Seireigi, Rules_E1_3_FreeTigerPattern) {
    auto pos = make_position("seireigi", "9/k8/9/9/4+L4/9/9/9/8K b - 1");
    EXPECT_EQ(piece_moves(pos, "5e"), (Set{"5d", "5f", "9e", "8e", "7e", "6e", "4e", "3e", "2e",
                                           "1e", "3d", "3f", "7d", "7f"}));
}

TEST(Seireigi, Rules_E1_4_GreatElephantPattern) {
    auto pos = make_position("seireigi", "9/k8/9/9/4+G4/9/9/9/8K b - 1");
    EXPECT_EQ(piece_moves(pos, "5e"),
              (Set{"4d", "3c", "2b", "1a", "6d", "7c", "8b", "9a", "4f", "6f", "4e", "6e", "5d"}));
}

TEST(Seireigi, Rules_E1_5_RunningWolfPattern) {
    auto pos = make_position("seireigi", "9/k8/9/9/4+S4/9/9/9/8K b - 1");
    EXPECT_EQ(piece_moves(pos, "5e"),
              (Set{"5d", "5c", "5b", "5a", "5f", "5g", "5h", "5i", "4d", "6d", "4e", "6e"}));
}

TEST(Seireigi, Rules_E1_6_GoldPromotes) {
    auto pos = make_position("seireigi", "4k4/9/9/4G4/9/9/9/9/4K4 b - 1");
    EXPECT_EQ(piece_moves(pos, "5d"),
              (Set{"5c", "5c+", "4c", "4c+", "6c", "6c+", "4d", "6d", "5e"}));
    auto out_of_zone = make_position("seireigi", "4k4/9/4G4/9/9/9/9/9/4K4 b - 1");
    const Set moves = piece_moves(out_of_zone, "5c");
    EXPECT_TRUE(moves.count("5d+"));  // moving out of the zone may promote
    EXPECT_TRUE(moves.count("4c+"));
    EXPECT_TRUE(moves.count("4b+"));
    EXPECT_TRUE(moves.count("5d"));
}

TEST(Seireigi, Rules_E1_6_GoldDoesNotPromoteInShogi) {
    auto pos = make_position("shogi", "4k4/9/9/4G4/9/9/9/9/4K4 b - 1");
    EXPECT_EQ(piece_moves(pos, "5d"), (Set{"5c", "4c", "6c", "4d", "6d", "5e"}));
}

TEST(Seireigi, Rules_E1_7_Uchifuzume) {
    auto pos = make_position("seireigi", "7nk/7p1/7S1/9/9/9/9/9/4K4 b P 1");
    const Set drops = drops_of(pos, "P");
    EXPECT_FALSE(drops.count("1b"));
    // Every other empty square off the last rank takes a pawn.
    int empty_off_last_rank = 0;
    for (Square s = 0; s < 81; ++s)
        if (pos.piece_on(s) == kEmpty && s / 9 != 0) ++empty_off_last_rank;
    EXPECT_EQ(static_cast<int>(drops.size()), empty_off_last_rank - 1);

    auto control = make_position("seireigi", "7nk/7p1/9/9/9/9/9/9/4K4 b P 1");
    EXPECT_TRUE(drops_of(control, "P").count("1b"));  // the King can take the pawn
}

TEST(Seireigi, Rules_E1_8_DropPawnStalemateIsLegal) {
    auto pos = make_position("seireigi", "6G1k/9/6S2/9/9/9/9/9/4K4 b P 1");
    const Set drops = drops_of(pos, "P");
    EXPECT_TRUE(drops.count("1c"));
    EXPECT_TRUE(drops.count("1b"));  // check, not mate: K×1b
    MoveList legal;
    pos.legal_moves(legal);
    pos.do_move(Move::drop(pos.variant().find_type("P"), *pos.variant().geo.parse_square("1c")));
    EXPECT_FALSE(pos.in_check(1));
    EXPECT_FALSE(pos.has_legal_move(1));  // Gote is stalemated, which loses
}

TEST(Seireigi, Rules_E1_9_StalemateHasNoMove) {
    auto pos = make_position("seireigi", "8k/6+R2/9/9/9/9/9/9/4K4 w - 1");
    EXPECT_FALSE(pos.in_check(1));
    EXPECT_TRUE(legal_texts(pos).empty());
}

TEST(Seireigi, Rules_E1_10_Nifu) {
    auto pos = make_position("seireigi", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    for (const auto& s : drops_of(pos, "P")) EXPECT_NE(s[0], '5') << s;
    auto tokin = make_position("seireigi", "4k4/9/9/9/9/9/4+P4/9/4K4 b P 1");
    Set on_file_5;
    for (const auto& s : drops_of(tokin, "P"))
        if (s[0] == '5') on_file_5.insert(s);
    EXPECT_EQ(on_file_5, (Set{"5b", "5c", "5d", "5e", "5f", "5h"}));
}

TEST(Seireigi, Rules_E1_11_DropRankLimits) {
    auto knight = make_position("seireigi", "4k4/9/9/9/9/9/9/9/4K4 b N 1");
    const Set n = drops_of(knight, "N");
    EXPECT_EQ(n.size(), 62u);
    for (const auto& s : n) EXPECT_GE(s[1], 'c') << s;
    auto lance = make_position("seireigi", "4k4/9/9/9/9/9/9/9/4K4 b L 1");
    const Set l = drops_of(lance, "L");
    EXPECT_EQ(l.size(), 71u);
    for (const auto& s : l) EXPECT_GE(s[1], 'b') << s;
}

TEST(Seireigi, Rules_E1_12_FreeTigerChecksOverPieces) {
    auto pos = make_position("seireigi", "9/7pk/6+Lp1/9/9/9/9/9/4K4 w - 1");
    EXPECT_TRUE(pos.in_check(1));
}

TEST(Seireigi, Rules_E1_13_GreatElephantLongCheck) {
    auto pos = make_position("seireigi", "4k4/9/9/9/8+G/9/9/9/4K4 w - 1");
    EXPECT_TRUE(pos.in_check(1));
    EXPECT_EQ(legal_texts(pos), (Set{"5a4a", "5a5b", "5a6a", "5a6b"}));
}

}  // namespace
}  // namespace seireigi
