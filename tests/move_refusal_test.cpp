// Every refused move names its reason (issue 16 item 2): the Game reads moves through
// read_legal_move, which the terminal, the protocols and the web board share.
#include <gtest/gtest.h>

#include "game/game.h"
#include "game/move_refusal.h"
#include "test_support.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

// The refusal of `move` in `position` (the variant's start if empty).
std::string refusal(const std::string& variant, const std::string& position,
                    const std::string& move) {
    auto v = testing::variant(variant);
    const PositionState st = position.empty() ? start_state(*v) : testing::position(*v, position);
    const Game game(v, st);
    auto read = game.read_move(move);
    if (!std::holds_alternative<Diagnostic>(read)) return "(accepted)";
    const Diagnostic& d = std::get<Diagnostic>(read);
    EXPECT_EQ(d.where, "") << "move errors carry no character position: " << d.text();
    return d.message;
}

#define EXPECT_HAS(text, part) EXPECT_NE((text).find(part), std::string::npos) << (text)

TEST(MoveRefusal, APieceThatCannotGoThereSaysWhereItCanGo) {
    const std::string why = refusal("shogi", "", "5g5e");
    EXPECT_HAS(why, "illegal move 5g5e: a Pawn cannot move from 5g to 5e; from 5g it can go to 5f");
    EXPECT_EQ(why.find("XBetza"), std::string::npos) << why;  // player words only
    EXPECT_HAS(why, "from 5g it can go to 5f");
}

TEST(MoveRefusal, BlockedWayIsNamedAsSuch) {
    const std::string why = refusal("shogi", "", "8h2b");
    EXPECT_HAS(why, "other pieces are in the way from 8h to 2b");
    EXPECT_HAS(why, "it has no legal move now");
}

TEST(MoveRefusal, WhosePieceItIs) {
    EXPECT_EQ(refusal("shogi", "", "2c2d"),
              "illegal move 2c2d: the Pawn on 2c is Gote's, not yours");
    EXPECT_EQ(refusal("shogi", "", "5e5d"), "illegal move 5e5d: there is no piece on 5e");
    EXPECT_EQ(refusal("shogi", "", "6i5i"), "illegal move 6i5i: your own King stands on 5i");
}

TEST(MoveRefusal, Drops) {
    const std::string pawn_in_hand = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";
    EXPECT_HAS(refusal("shogi", pawn_in_hand, "P*5e"),
               "you already have an unpromoted Pawn on 5g in the same file (nifu");
    EXPECT_HAS(refusal("shogi", pawn_in_hand, "P*4a"), "a Pawn dropped on 4a could never move");
    EXPECT_EQ(refusal("shogi", pawn_in_hand, "B*4e"),
              "illegal move B*4e: you have no Bishop in hand");
    EXPECT_EQ(refusal("shogi", pawn_in_hand, "K*4e"),
              "illegal move K*4e: a King is never held in hand");
    EXPECT_EQ(refusal("shogi", pawn_in_hand, "P*5g"),
              "illegal move P*5g: 5g is occupied (your Pawn)");
    // The Gote King on 9a: the Pawn on 9b is guarded by the Gold, 8a is Gote's own Knight, 8b
    // is guarded: the drop mates, which the Pawn may not do.
    EXPECT_EQ(refusal("shogi", "kn7/9/1G7/9/9/9/9/9/8K b P 1", "P*9b"),
              "illegal move P*9b: a Pawn drop may not give checkmate (uchifuzume)");
}

TEST(MoveRefusal, KingSafetyNamesTheChecker) {
    // The Gold on 5h is pinned by the Rook on 5b.
    EXPECT_EQ(refusal("shogi", "4k4/4r4/9/9/9/9/9/4G4/4K4 b - 1", "5h4h"),
              "illegal move 5h4h: it would leave your King in check from Gote's Rook on 5b");
    // In check from the Rook on 5e: a Gold move elsewhere does not stop it.
    EXPECT_EQ(refusal("shogi", "4k4/9/9/9/4r4/9/9/9/4K3G b - 1", "1i1h"),
              "illegal move 1i1h: your King is in check and this move does not stop it (check "
              "from Gote's Rook on 5e)");
    EXPECT_EQ(refusal("shogi", "4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i4h"),
              "illegal move 5i4h: your King would move into check from Gote's Rook on 6h");
}

TEST(MoveRefusal, SquaresOffTheBoard) {
    EXPECT_EQ(refusal("dai-seireigi", "", "16k16j"),
              "there is no file 16 (files run from 1 to 15)");
    EXPECT_EQ(refusal("shogi", "", "5g5z"), "there is no rank z (ranks run from a to i)");
}

TEST(MoveRefusal, PromotionFormsKeepTheirMessages) {
    // A move legal in its other promotion form says which to write.
    EXPECT_HAS(refusal("shogi", "", "7g7f+"), "the piece cannot promote on this move; play 7g7f");
    EXPECT_HAS(refusal("shogi", "4k4/9/6N2/9/9/9/9/9/4K4 b - 1", "3c2a"),
               "must promote here (it could never move again unpromoted); write 3c2a+");
}

TEST(MoveRefusal, FourPlayersNameTheOwner) {
    auto v = testing::variant("yonin-seireigi-compact");
    // 7a holds P3's Silver in the compact setup.
    const PositionState st = start_state(*v);
    GenericPosition pos(v, st);
    MoveList legal;
    pos.legal_moves(legal);
    auto read = read_legal_move(pos, legal, "7a6b");
    ASSERT_TRUE(std::holds_alternative<Diagnostic>(read));
    EXPECT_HAS(std::get<Diagnostic>(read).message, "the Silver General on 7a is P3's, not yours");
}

}  // namespace
}  // namespace seireigi
