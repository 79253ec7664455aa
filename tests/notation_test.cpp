// Position text and move text: round trips, accepted input variants, and every malformed input
// giving one clear message with its location.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "notation.h"
#include "position.h"
#include "test_support.h"

namespace seireigi {
namespace {

const std::string kShogiStart = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

TEST(Notation, StartPositionRoundTrip) {
    auto v = testing::variant("seireigi");
    EXPECT_EQ(write_position(*v, start_state(*v)), kShogiStart);
    EXPECT_EQ(write_position(*v, testing::position(*v, kShogiStart)), kShogiStart);
}

TEST(Notation, AcceptsPromotedGoldAndWritesHandsInShogiOrder) {
    auto v = testing::variant("seireigi");
    const std::string text = "4k4/9/9/9/8+G/9/9/9/4K4 w 2P3pRBGSNLgsnl 12";
    const auto st = testing::position(*v, text);
    EXPECT_EQ(write_position(*v, st), "4k4/9/9/9/8+G/9/9/9/4K4 w RBGSNL2Pgsnl3p 12");
}

TEST(Notation, HandsAndMoveNumberMayBeLeftOut) {
    auto v = testing::variant("shogi");
    EXPECT_EQ(write_position(*v, testing::position(*v, "4k4/9/9/9/9/9/9/9/4K4 b")),
              "4k4/9/9/9/9/9/9/9/4K4 b - 1");
}

TEST(Notation, RandomPlayoutsRoundTrip) {
    // Dai Seireigi's 15x15 board gives two-digit files and multi-letter pieces.
    for (const char* name : {"seireigi", "shogi", "minishogi", "dai-seireigi"}) {
        auto v = testing::variant(name);
        std::mt19937 rng(7);
        for (int game = 0; game < 20; ++game) {
            GenericPosition pos(v, start_state(*v));
            for (int ply = 0; ply < 80; ++ply) {
                MoveList legal;
                pos.legal_moves(legal);
                if (legal.empty()) break;
                for (Move m : legal) {
                    auto back = read_move(*v, write_move(*v, m), legal);
                    ASSERT_TRUE(std::holds_alternative<Move>(back)) << write_move(*v, m);
                    ASSERT_EQ(std::get<Move>(back), m);
                }
                pos.do_move(legal[rng() % legal.size()]);
                const PositionState st = pos.state();
                const std::string text = write_position(*v, st);
                auto read = read_position(*v, text);
                ASSERT_TRUE(std::holds_alternative<PositionState>(read)) << text;
                ASSERT_EQ(std::get<PositionState>(read), st) << text;
            }
        }
    }
}

TEST(Notation, MoveInputVariants) {
    auto v = testing::variant("seireigi");
    GenericPosition pos(v, testing::position(*v, "4k4/9/9/4G4/9/9/9/9/4K4 b P 1"));
    MoveList legal;
    pos.legal_moves(legal);
    auto read = [&](const std::string& t) {
        auto r = read_move(*v, t, legal);
        return std::holds_alternative<Move>(r) ? write_move(*v, std::get<Move>(r))
                                               : "error: " + std::get<Diagnostic>(r).text();
    };
    EXPECT_EQ(read("5d5c"), "5d5c");
    EXPECT_EQ(read("5d-5c"), "5d5c");
    EXPECT_EQ(read("5dx5c"), "5d5c");
    EXPECT_EQ(read("5d×5c"), "5d5c");
    EXPECT_EQ(read("5d5c+"), "5d5c+");
    EXPECT_EQ(read("5d5c="), "5d5c");
    EXPECT_EQ(read(" P*5e "), "P*5e");
}

TEST(Notation, ForcedPromotionWithoutPlusShowsThePlusForm) {
    auto v = testing::variant("seireigi");
    GenericPosition pos(v, testing::position(*v, "4k4/9/9/6N2/9/9/9/9/4K4 b - 1"));
    MoveList legal;
    pos.legal_moves(legal);
    auto r = read_move(*v, "3d2b", legal);
    ASSERT_TRUE(std::holds_alternative<Diagnostic>(r));
    EXPECT_NE(std::get<Diagnostic>(r).message.find("write 3d2b+"), std::string::npos);
}

struct BadText {
    std::string text;
    std::string where;    // expected location
    std::string message;  // expected part of the message
};

TEST(Notation, MalformedPositionTexts) {
    auto v = testing::variant("seireigi");
    const std::vector<BadText> cases = {
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "character 48",
         "the board has 8 ranks"},
        {"lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "character 15",
         "rank b has 8 squares, expected 9"},
        {"lnsgkgsnl/1r5b1/pppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "character 26",
         "rank c is longer than 9 squares"},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", "character 59",
         "expected the player to move ('b' or 'w'), found 'x'"},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPQ/1B5R1/LNSGKGSNL b - 1", "character 41",
         "unknown piece 'Q'"},
        {"4k4/9/9/9/9/9/9/9/4K4 b 2K 1", "character 25", "King cannot be held in hand"},
        {"4k4/9/9/9/9/9/9/9/4+K4 b - 1", "character 20", "King cannot be promoted"},
        {"4P4/9/9/9/9/9/9/9/4K4 b - 1", "character 2", "an unpromoted Pawn on 5a could never move"},
        {"4k4/9/9/9/9/9/9/9/3KK4 b - 1", "character 21", "a second King for the same player"},
        {"4k4/9/9/9/9/9/9/9/4K4 b - x", "character 27", "expected a move number"},
        {"4k4/9/9/9/9/9/9/9/4K4 b 3 1", "character 25", "a hand count must be followed by a piece"},
        {"4k4/9/9/9/0/9/9/9/4K4 b - 1", "character 11", "an empty-square count must be at least 1"},
        {"4k4/9/9/9/(RH/9/9/9/4K4 b - 1", "character 11", "never closed"},
    };
    for (const auto& c : cases) {
        auto r = read_position(*v, c.text);
        ASSERT_TRUE(std::holds_alternative<Diagnostic>(r)) << c.text;
        const Diagnostic& d = std::get<Diagnostic>(r);
        EXPECT_EQ(d.where, c.where) << c.text << " -> " << d.text();
        EXPECT_NE(d.message.find(c.message), std::string::npos) << c.text << " -> " << d.text();
    }
}

TEST(Notation, MalformedMoveTexts) {
    auto v = testing::variant("seireigi");
    GenericPosition pos(v, start_state(*v));
    MoveList legal;
    pos.legal_moves(legal);
    const std::vector<BadText> cases = {
        {"", "character 1", "empty move"},
        {"7g", "character 3", "expected the to-square"},
        {"0g7f", "character 1", "expected the from-square"},
        {"7g7", "character 3", "expected the to-square"},
        {"7g7f++", "character 6", "unexpected text after the move"},
        {"7g7f!", "character 5", "unexpected text after the move"},
        {"P5e", "character 2", "expected '*'"},
        {"Q*5e", "character 1", "unknown piece 'Q'"},
        {"P*5", "character 3", "expected the drop square"},
        {"10a9a", "character 1", "expected the from-square"},
        {"7g7e", "", "illegal move: 7g7e is not legal here"},
        {"P*5e", "character 1", "illegal move: P*5e is not legal here"},
        {"7g7f+", "", "illegal move: 7g7f+ cannot promote; play 7g7f"},
    };
    for (const auto& c : cases) {
        auto r = read_move(*v, c.text, legal);
        ASSERT_TRUE(std::holds_alternative<Diagnostic>(r)) << c.text;
        const Diagnostic& d = std::get<Diagnostic>(r);
        EXPECT_EQ(d.where, c.where) << c.text << " -> " << d.text();
        EXPECT_NE(d.message.find(c.message), std::string::npos) << c.text << " -> " << d.text();
    }
}

}  // namespace
}  // namespace seireigi
