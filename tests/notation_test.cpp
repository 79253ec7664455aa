// Position text and move text: round trips, accepted input variants, and every malformed input
// giving one clear message with its location.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include "position/generic_position.h"
#include "test_support.h"
#include "text/notation.h"
#include "text/start_position.h"

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
        {"4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "character 25", "a hand count must be at least 1"},
        {"4k4/9/9/9/9/9/9/9/4K4 b - 99999999999999999999", "character 27",
         "a move number must be at most 99999999"},
        // Seireigi starts with 18 Pawns and 4 Golds: no hand holds more.
        {"4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "character 25",
         "a hand of 19 Pawn pieces: the game has only 18"},
        {"4k4/9/9/9/9/9/9/9/4K4 b 4294967301G 1", "character 25",
         "a hand of 100000000 Gold General pieces: the game has only 4"},
        {"4k4/9/9/9/9/9/9/9/4K4 b 4GG 1", "character 27",
         "a hand of 5 Gold General pieces: the game has only 4"},
        {"4k4/9/9/9/9/9/9/9/4K4 b 4G2gG 1", "character 29", "the game has only 4"},
    };
    for (const auto& c : cases) {
        auto r = read_position(*v, c.text);
        ASSERT_TRUE(std::holds_alternative<Diagnostic>(r)) << c.text;
        const Diagnostic& d = std::get<Diagnostic>(r);
        EXPECT_EQ(d.where, c.where) << c.text << " -> " << d.text();
        EXPECT_NE(d.message.find(c.message), std::string::npos) << c.text << " -> " << d.text();
    }
}

// The largest hands a position may hold are written and read back identically, summed or not;
// a piece the start position lacks may be held up to 99 times.
TEST(Notation, LargestHandsReadBackIdentically) {
    auto v = testing::variant("seireigi");
    const std::string largest = "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1";
    EXPECT_EQ(write_position(*v, testing::position(*v, largest)), largest);
    EXPECT_EQ(write_position(*v, testing::position(*v, "4k4/9/9/9/9/9/9/9/4K4 b 9P4G9PRR 1")),
              largest.substr(0, 24) + "2R4G18P 1");
    // Minishogi's setup is a position text with two Pawns.
    auto mini = testing::variant("minishogi");
    EXPECT_EQ(write_position(*mini, testing::position(*mini, "4k/5/5/5/K4 b Pp 1")),
              "4k/5/5/5/K4 b Pp 1");
    EXPECT_TRUE(std::holds_alternative<Diagnostic>(read_position(*mini, "4k/5/5/5/K4 b 3P 1")));
    // Only Kings at the start: up to 99 of any piece in hand.
    const std::filesystem::path file =
        testing::fresh_temporary_folder("seireigi-kings-only") / "kings-only.yaml";
    {
        std::ofstream(file) << "extends: minishogi\nname: Kings only\n"
                               "setup:\n  position: 4k/5/5/5/K4 b - 1\n";
    }
    auto kings = testing::variant(file.string());
    std::filesystem::remove(file);
    EXPECT_EQ(write_position(*kings, testing::position(*kings, "4k/5/5/5/K4 b 90P9P 1")),
              "4k/5/5/5/K4 b 99P 1");
    auto over = read_position(*kings, "4k/5/5/5/K4 b 99PP 1");
    ASSERT_TRUE(std::holds_alternative<Diagnostic>(over));
    EXPECT_EQ(std::get<Diagnostic>(over).text(),
              "character 18: a hand of 100 Pawn pieces: at most 99 of a piece can be held in hand");
}

TEST(Notation, MalformedMoveTexts) {
    auto v = testing::variant("seireigi");
    GenericPosition pos(v, start_state(*v));
    MoveList legal;
    pos.legal_moves(legal);
    const std::vector<BadText> cases = {
        // Move errors carry no character position: the message says what is wrong.
        {"", "", "empty move"},
        {"7g", "", "expected the to-square"},
        {"0g7f", "", "there is no file 0 (files run from 1 to 9)"},
        {"7g7", "", "expected the rank letter after file 7 in the to-square"},
        {"7g7f++", "", "unexpected text '+' after the move"},
        {"7g7f!", "", "unexpected text '!' after the move"},
        {"P5e", "", "expected '*'"},
        {"Q*5e", "", "unknown piece 'Q'"},
        {"P*5", "", "expected the rank letter after file 5 in the drop square"},
        {"10a9a", "", "there is no file 10 (files run from 1 to 9)"},
        {"7g7j", "", "there is no rank j (ranks run from a to i)"},
        {"7G7F", "", "write the rank letter in lower case: g"},
        {"7g7e", "", "illegal move 7g7e: not legal here"},
        {"P*5e", "", "illegal move P*5e: not legal here"},
        {"7g7f+", "", "illegal move 7g7f+: the piece cannot promote on this move; play 7g7f"},
    };
    for (const auto& c : cases) {
        auto r = read_move(*v, c.text, legal);
        ASSERT_TRUE(std::holds_alternative<Diagnostic>(r)) << c.text;
        const Diagnostic& d = std::get<Diagnostic>(r);
        EXPECT_EQ(d.where, c.where) << c.text << " -> " << d.text();
        EXPECT_NE(d.message.find(c.message), std::string::npos) << c.text << " -> " << d.text();
    }
}

// A piece of two or more letters is written in parentheses in a drop: the bare form is refused
// with the written one, whether the letters name a piece or not.
TEST(Notation, MultiLetterDropsAskForParentheses) {
    auto v = testing::variant("dai-seireigi");
    const std::vector<BadText> cases = {
        {"CA*8h", "", "a piece of more than one letter is written in parentheses: (CA)*8h"},
        {"ca*8h", "", "a piece of more than one letter is written in parentheses: (CA)*8h"},
        {"XQ*8h", "",
         "unknown piece 'XQ' in Dai Seireigi (a piece of more than one letter is "
         "written in parentheses, e.g. (XQ)*8h)"},
    };
    for (const auto& c : cases) {
        auto r = parse_move_text(*v, c.text);
        ASSERT_TRUE(std::holds_alternative<Diagnostic>(r)) << c.text;
        EXPECT_EQ(std::get<Diagnostic>(r).message, c.message) << c.text;
    }
    auto written = parse_move_text(*v, "(CA)*8h");
    ASSERT_TRUE(std::holds_alternative<MoveText>(written));
    EXPECT_TRUE(std::get<MoveText>(written).drop);
    EXPECT_TRUE(std::holds_alternative<MoveText>(parse_move_text(*v, "P*8h")));
}

// ---- Three and four players ------------------------------------------------------------------

const std::string kCompactStart =
    "2,3S,3G,3K,3G,3S,2/3,3P,3R,3P,3/2S,3,3P,3,4S/2G,2P,5,4P,4G/2K,2R,2P,3,4P,4R,4K/"
    "2G,2P,5,4P,4G/2S,3,1P,3,4S/3,1P,1R,1P,3/2,1S,1G,1K,1G,1S,2 1 - 1234 1";
const std::string kCompleteStart =
    "2L,3N,3S,3G,3K,3G,3S,3N,3L/2N,2B,3R,3,4P,3B,4N/2S,3P,3P,3P,3P,3P,4P,4R,4S/2G,1,2P,3,4P,1,4G/"
    "2K,1,2P,3,4P,1,4K/2G,1,2P,3,4P,1,4G/2S,2R,2P,1P,1P,1P,1P,1P,4S/2N,1B,2P,3,1R,4B,4N/"
    "1L,1N,1S,1G,1K,1G,1S,1N,4L 1 - 1234 1";

TEST(Notation, FourPlayerNotation_StartPositionsRoundTrip) {
    for (const auto& [name, text] : {std::pair{"yonin-seireigi-compact", kCompactStart},
                                     std::pair{"yonin-seireigi-complete", kCompleteStart}}) {
        auto v = testing::variant(name);
        const PositionState start = start_state(*v);
        EXPECT_EQ(write_position(*v, start), text);
        auto read = read_position(*v, text);
        ASSERT_TRUE(std::holds_alternative<PositionState>(read))
            << std::get<Diagnostic>(read).text();
        EXPECT_EQ(std::get<PositionState>(read), start);
    }
}

TEST(Notation, FourPlayerNotation_EliminatedPlayerExample) {
    // The example of docs/notation.md: player 2 is out, his pieces stay on the board (neutral).
    auto v = testing::variant("yonin-seireigi-compact");
    const std::string text =
        "2,3S,3G,3K,3G,3S,2/3,3P,3R,3P,3/2S,3,3P,3,4S/1,2P,5,4P,4G/1,+1R,2P,3,4P,4R,4K/"
        "2G,2P,5,4P,4G/2S,3,1P,3,4S/3,1P,1,1P,3/2,1S,1G,1K,1G,1S,2 3 1R,1G 1-34 9";
    const PositionState st = testing::position(*v, text);
    EXPECT_EQ(st.active, 0b1101);
    EXPECT_EQ(st.to_move, 2);
    EXPECT_EQ(write_position(*v, st), text);
}

TEST(Notation, FourPlayerNotation_LeftOutFieldsAndOtherSpellings) {
    auto v = testing::variant("yonin-seireigi-compact");
    const std::string board = "4,3K,4/9/9/9/9/9/9/9/4,1K,4";
    // Hands, active players and move number may be left out; any hand order, bare or
    // parenthesised abbreviations, counts of one and repeated pieces are accepted.
    EXPECT_EQ(write_position(*v, testing::position(*v, board + " 3")), board + " 3 - 1234 1");
    EXPECT_EQ(write_position(*v, testing::position(*v, board + " 1 3P,1x1(P),1R,1P,3x1G 1-3- 7")),
              board + " 1 1R,3x1G,2x1P,3P 1-3- 7");
}

TEST(Notation, FourPlayerNotation_RandomPlayoutsRoundTrip) {
    // Seeded random games, every state round-tripped; they must reach eliminations (neutral
    // pieces on the board, players out) and some finished games.
    for (const char* name : {"yonin-seireigi-compact", "yonin-seireigi-complete"}) {
        auto v = testing::variant(name);
        std::mt19937 rng(11);
        int states_with_a_player_out = 0;
        int states_with_neutral_pieces = 0;
        for (int game = 0; game < 40 && states_with_neutral_pieces < 200; ++game) {
            GenericPosition pos(v, start_state(*v));
            for (int ply = 0; ply < 300 && !pos.game_over(); ++ply) {
                MoveList legal;
                pos.legal_moves(legal);
                ASSERT_FALSE(legal.empty());
                pos.do_move(legal[rng() % legal.size()]);
                const PositionState st = pos.state();
                const std::string text = write_position(*v, st);
                auto read = read_position(*v, text);
                ASSERT_TRUE(std::holds_alternative<PositionState>(read))
                    << text << "\n"
                    << std::get<Diagnostic>(read).text();
                ASSERT_EQ(std::get<PositionState>(read), st) << text;
                ASSERT_EQ(write_position(*v, std::get<PositionState>(read)), text);
                if (st.active != 0b1111) ++states_with_a_player_out;
                if (std::any_of(st.board.begin(), st.board.end(), [&](PieceCode pc) {
                        return pc != kEmpty && !((st.active >> owner_of(pc)) & 1);
                    }))
                    ++states_with_neutral_pieces;
            }
        }
        EXPECT_GT(states_with_a_player_out, 0) << name;
        EXPECT_GT(states_with_neutral_pieces, 0) << name;
    }
}

TEST(Notation, FourPlayerNotation_MalformedPositionTexts) {
    auto v = testing::variant("yonin-seireigi-compact");
    const std::string four_kings = "4,3K,4/9/9/9/2K,7,4K/9/9/9/4,1K,4";  // 33 characters
    const std::string two_kings = "4,3K,4/9/9/9/9/9/9/9/4,1K,4";         // 27 characters
    const std::string rest = "/9/9/9/9/9/9/9/4,1K,4 1";
    const std::vector<BadText> cases = {
        {"4,3Q,4" + rest, "character 4", "unknown piece 'Q' in Yonin Seireigi (compact)"},
        {"4,0K,4" + rest, "character 3", "expected the owner's player number (1-4), found '0'"},
        {"4,5K,4" + rest, "character 3", "expected the owner's player number (1-4), found '5'"},
        {"4,3k,4" + rest, "character 4",
         "write pieces in upper case: the number before a piece says whose it is"},
        {"4,3K4" + rest, "character 5",
         "expected ',' between the squares of a rank, '/' between ranks or a space after the "
         "board, found '4'"},
        {"4,,3K,4" + rest, "character 3", "expected a piece or an empty-square count, found ','"},
        {"4,3K,3" + rest, "character 7", "rank a has 8 squares, expected 9"},
        {"4,3K,5" + rest, "character 6", "rank a is longer than 9 squares"},
        {four_kings + "/9 1", "character 34", "more than 9 ranks"},
        {"4,3K,4/9/9/9/9/9/9/4,1K,4 1", "character 26",
         "the board has 8 ranks (last one 9 squares); expected 9 ranks of 9"},
        {"4,+3K,4" + rest, "character 3", "King cannot be promoted"},
        {"4,3K,3,2P" + rest, "character 8", "an unpromoted Pawn on 1a could never move"},
        {"4,3K,3K,3" + rest, "character 6", "a second King for the same player"},
        {two_kings + " b", "character 29", "expected the player to move (1-4), found 'b'"},
        {two_kings + " 1 1K", "character 31", "King cannot be held in hand"},
        {two_kings + " 1 12P", "character 33",
         "expected 'x' after the count 12 (two Pawns of player 1 are 2x1P), found 'P'"},
        {two_kings + " 1 0x1P", "character 31", "a hand count must be at least 1"},
        {two_kings + " 1 1P;1G", "character 33",
         "expected ',' between the pieces in hand or a space after the hands, found ';'"},
        {two_kings + " 1 - 1324", "character 34",
         "expected '2' (player 2 in the game) or '-' (out), found '3'"},
        {two_kings + " 1 - 12345", "character 37",
         "expected a space after the active players (one mark per player, such as 1-34)"},
        {two_kings + " 1 - ----", "character 33", "no player is left in the game"},
        {four_kings + " 1 - 1-34", "character 14",
         "player 2 is out of the game and cannot have a King"},
        {two_kings + " 2 - 1-3-", "character 29", "player 2 is to move but is out of the game"},
        {two_kings + " 1 1P,2G 1-3-", "character 34",
         "player 2 is out of the game and cannot hold pieces in hand"},
        {two_kings + " 1 - 1234 x", "character 38", "expected a move number"},
        {two_kings + " 1 - 1234 100000000", "character 38",
         "a move number must be at most 99999999"},
        // Yonin Seireigi (compact) starts with 12 Pawns.
        {two_kings + " 1 10x1P,3x1P", "character 37",
         "a hand of 13 Pawn pieces: the game has only 12"},
        {two_kings + " 1 4294967301x1P", "character 31",
         "a hand of 100000000 Pawn pieces: the game has only 12"},
    };
    for (const auto& c : cases) {
        auto r = read_position(*v, c.text);
        ASSERT_TRUE(std::holds_alternative<Diagnostic>(r)) << c.text;
        const Diagnostic& d = std::get<Diagnostic>(r);
        EXPECT_EQ(d.where, c.where) << c.text << " -> " << d.text();
        EXPECT_EQ(d.message, c.message) << c.text << " -> " << d.text();
    }
}

}  // namespace
}  // namespace seireigi
