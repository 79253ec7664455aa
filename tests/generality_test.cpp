// The generic engine serves all three variants without redesign: players facing any side,
// four players with their own hands and zones, boards of any size (docs/rules.md §0.4, §A.2).
#include <gtest/gtest.h>

#include "check/perft.h"
#include "position/generic_position.h"
#include "test_support.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

TEST(Generality, ShogiFacingEastAndWestHasShogisPerft) {
    auto v = testing::variant(testing::source_path("tests/data/variants/shogi-eastwest.yaml"));
    EXPECT_EQ(v->orientation(0), Orientation::East);
    EXPECT_EQ(v->orientation(1), Orientation::West);
    GenericPosition pos(v, start_state(*v));
    EXPECT_EQ(pos.piece_on(*v->geo.parse_square("9e")), make_piece(0, v->find_type("king"), false));
    EXPECT_EQ(pos.piece_on(*v->geo.parse_square("1e")), make_piece(1, v->find_type("king"), false));
    const std::uint64_t expected[] = {30, 900, 25470, 719731};
    for (int d = 1; d <= 4; ++d) EXPECT_EQ(perft(pos, d), BigCount(expected[d - 1])) << d;
}

class FourPlayers : public ::testing::Test {
  protected:
    std::shared_ptr<const Variant> v =
        testing::variant(testing::source_path("tests/data/variants/four-player-test.yaml"));
    Square sq(const char* name) const { return *v->geo.parse_square(name); }
};

TEST_F(FourPlayers, OrientationsAndKingsByRotation) {
    ASSERT_EQ(v->num_players(), 4);
    EXPECT_EQ(v->orientation(0), Orientation::North);
    EXPECT_EQ(v->orientation(1), Orientation::East);
    EXPECT_EQ(v->orientation(2), Orientation::South);
    EXPECT_EQ(v->orientation(3), Orientation::West);
    const PositionState st = start_state(*v);
    const PieceType king = v->find_type("king");
    // docs/rules.md §A.2: P2 sits at file 9 facing file 1, P3 at rank a, P4 at file 1.
    EXPECT_EQ(st.board[sq("5i")], make_piece(0, king, false));
    EXPECT_EQ(st.board[sq("9e")], make_piece(1, king, false));
    EXPECT_EQ(st.board[sq("5a")], make_piece(2, king, false));
    EXPECT_EQ(st.board[sq("1e")], make_piece(3, king, false));
    // P2's Rook stands one step in front of its King: toward file 1.
    EXPECT_EQ(st.board[sq("8e")], make_piece(1, v->find_type("rook"), false));
    int pieces[4] = {};
    for (PieceCode pc : st.board)
        if (pc != kEmpty) ++pieces[owner_of(pc)];
    for (int p = 0; p < 4; ++p) EXPECT_EQ(pieces[p], 9) << p;
}

TEST_F(FourPlayers, EachPlayerHasAHandAndAZone) {
    const PositionState st = start_state(*v);
    EXPECT_EQ(st.hands.size(), 4u);
    // Zones: the farthest three ranks in each player's own direction.
    EXPECT_TRUE(v->in_zone(0, sq("5c")));
    EXPECT_FALSE(v->in_zone(0, sq("5d")));
    EXPECT_TRUE(v->in_zone(1, sq("3e")));  // P2 faces file 1: files 3, 2, 1
    EXPECT_FALSE(v->in_zone(1, sq("4e")));
    EXPECT_TRUE(v->in_zone(2, sq("5g")));
    EXPECT_TRUE(v->in_zone(3, sq("7e")));  // P4 faces file 9: files 7, 8, 9
    EXPECT_FALSE(v->in_zone(3, sq("6e")));
    // Last ranks are relative too: a P2 Knight may not stay on files 1 and 2.
    const PieceType knight = v->find_type("knight");
    EXPECT_FALSE(v->may_stay_unpromoted(1, knight, sq("2e")));
    EXPECT_TRUE(v->may_stay_unpromoted(1, knight, sq("3e")));
    EXPECT_FALSE(v->may_drop(3, knight, sq("8e")));
    EXPECT_TRUE(v->may_drop(3, knight, sq("7e")));
}

TEST_F(FourPlayers, DropsGoToTheDroppersHandAndFaceItsWay) {
    PositionState st = start_state(*v);
    const PieceType pawn = v->find_type("pawn");
    st.hands[1][pawn] = 1;
    st.to_move = 1;
    GenericPosition pos(v, st);
    MoveList list;
    pos.legal_moves(list);
    int pawn_drops = 0;
    for (Move m : list) {
        if (!m.is_drop()) continue;
        ++pawn_drops;
        // Nifu along P2's files, which are ranks: rank e already holds a P2 pawn (7e).
        EXPECT_NE(v->geo.rank_letter(m.to()), 'e') << v->geo.name(m.to());
        EXPECT_NE(v->geo.file_number(m.to()), 1) << "no drop on P2's last file";
    }
    EXPECT_GT(pawn_drops, 0);
}

}  // namespace
}  // namespace seireigi
