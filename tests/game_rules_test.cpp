// docs/rules.md §A.1 (end of game), §A.4 (repetition and perpetual check), §E.1 #8, #9, #14, #15:
// the results a Game gives, each with its reason.
#include <gtest/gtest.h>

#include "game/game.h"
#include "rules_test_support.h"

namespace seireigi {
namespace {

constexpr Player kSente = 0;
constexpr Player kGote = 1;

Game make_game(const std::string& variant_name, const std::string& text) {
    auto v = testing::variant(variant_name);
    return Game(v, testing::position(*v, text));
}

void play(Game& game, const std::vector<std::string>& moves) {
    for (const auto& text : moves) {
        ASSERT_FALSE(game.over()) << "over before " << text << ": " << describe_result(game);
        auto read = game.read_move(text);
        ASSERT_TRUE(std::holds_alternative<Move>(read))
            << text << ": " << std::get<Diagnostic>(read).text();
        game.play(std::get<Move>(read));
    }
}

// Plays `cycle` `times` times.
void repeat(Game& game, const std::vector<std::string>& cycle, int times) {
    for (int i = 0; i < times; ++i) play(game, cycle);
}

void expect_result(const Game& game, EventKind kind, Standing sente, Standing gote) {
    ASSERT_TRUE(game.over());
    ASSERT_TRUE(game.result().final);
    EXPECT_EQ(game.result().final->kind, kind) << describe_result(game);
    EXPECT_EQ(game.result().standings[kSente], sente) << describe_result(game);
    EXPECT_EQ(game.result().standings[kGote], gote) << describe_result(game);
}

TEST(GameRules, Rules_E1_9_CheckmateLoses) {
    // G*5b, guarded by the Pawn on 5c: the Gote King on 5a has no move.
    Game game = make_game("seireigi", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    play(game, {"G*5b"});
    expect_result(game, EventKind::Checkmate, Standing::Won, Standing::Lost);
    EXPECT_EQ(game.result().final->player, kGote);
    EXPECT_EQ(game.result().final->by, kSente);
    EXPECT_EQ(describe_result(game), "Gote is checkmated: Sente wins.");
}

TEST(GameRules, Rules_E1_9_StalemateLoses) {
    // §E.1 #9: Gote to move has no legal move and is not in check: Gote loses.
    Game game = make_game("seireigi", "8k/6+R2/9/9/9/9/9/9/4K4 w - 1");
    expect_result(game, EventKind::Stalemate, Standing::Won, Standing::Lost);
    EXPECT_EQ(describe_result(game),
              "Gote has no legal move (stalemate, which loses): Sente wins.");

    // The same position reached by a move.
    Game reached = make_game("seireigi", "8k/9/6+R2/9/9/9/9/9/4K4 b - 1");
    play(reached, {"3c3b"});
    expect_result(reached, EventKind::Stalemate, Standing::Won, Standing::Lost);
}

TEST(GameRules, Rules_E1_8_DropPawnStalemateWins) {
    // §E.1 #8: P*1c gives no check and leaves Gote without a move: legal, and Gote loses.
    Game game = make_game("seireigi", "6G1k/9/6S2/9/9/9/9/9/4K4 b P 1");
    play(game, {"P*1c"});
    expect_result(game, EventKind::Stalemate, Standing::Won, Standing::Lost);
    EXPECT_FALSE(game.in_check());
}

TEST(GameRules, Rules_A4_FourfoldRepetitionIsADraw) {
    Game game = make_game("seireigi", "start");
    const std::vector<std::string> cycle = {"2h3h", "8b7b", "3h2h", "7b8b"};
    repeat(game, cycle, 2);
    play(game, {"2h3h", "8b7b", "3h2h"});
    EXPECT_FALSE(game.over()) << "third occurrence only";
    play(game, {"7b8b"});  // the start position for the 4th time
    expect_result(game, EventKind::Repetition, Standing::Drawn, Standing::Drawn);
    EXPECT_EQ(game.ply(), 12);
    EXPECT_EQ(describe_result(game), "Fourfold repetition: Draw.");
}

// A Dragon King shuttles 3b-3a-3b, checking on every move; the Gote King shuttles 1a-1b.
TEST(GameRules, Rules_E1_14_PerpetualCheckLoses) {
    Game game = make_game("seireigi", "8k/6+R2/8p/9/9/9/9/9/4K4 b - 1");
    const std::vector<std::string> cycle = {"3b3a", "1a1b", "3a3b", "1b1a"};
    repeat(game, cycle, 2);
    play(game, {"3b3a", "1a1b", "3a3b"});
    EXPECT_FALSE(game.over());
    play(game, {"1b1a"});
    expect_result(game, EventKind::PerpetualCheck, Standing::Lost, Standing::Won);
    EXPECT_EQ(game.result().final->player, kSente);
    EXPECT_EQ(describe_result(game),
              "Fourfold repetition by perpetual check from Sente, which loses: Gote wins.");
}

// The same shuttle from 3c: the move back to 3c gives no check, so the repetition is a draw.
TEST(GameRules, Rules_E1_14_CycleWithAQuietMoveIsADraw) {
    Game game = make_game("seireigi", "8k/9/6+R1p/9/9/9/9/9/4K4 b - 1");
    const std::vector<std::string> cycle = {"3c3a", "1a1b", "3a3c", "1b1a"};
    repeat(game, cycle, 3);
    expect_result(game, EventKind::Repetition, Standing::Drawn, Standing::Drawn);
}

// Mutual perpetual check (§A.4 step 3): both sides check with every move of the span. No legal
// Seireigi cycle of this kind is known to us, so the rule is checked on the span itself; the Game
// draws when every active player is a perpetual checker. Every check in such a cycle must be
// answered by a move that checks back, without a capture (a capture cannot be undone within the
// cycle). Kings cannot take part: a King's step checks only by uncovering a line through the square
// it leaves, so the enemy King stands on a line through that square; the next King step of either
// side would need the other King on lines through two adjacent squares as well, which only a
// square on their own line satisfies, and that line is then blocked by the King itself. So each
// check is a line check answered by an interposition; no 4-ply cycle of that kind fits the 9x9
// board with Seireigi moves (a search of all the square geometries found none, and random
// searches of longer cycles found none either).
TEST(GameRules, Rules_A4_MutualPerpetualCheckIsADraw) {
    std::vector<std::pair<Player, bool>> span = {{0, true}, {1, true}, {0, true}, {1, true},
                                                 {0, true}, {1, true}, {0, true}, {1, true}};
    EXPECT_EQ(testing::perpetual_checkers_of_cycle(span), (std::vector<Player>{0, 1}));
    span[3].second = false;
    EXPECT_EQ(testing::perpetual_checkers_of_cycle(span), (std::vector<Player>{0}));
    span[6].second = false;
    EXPECT_TRUE(testing::perpetual_checkers_of_cycle(span).empty());
}

// Mutual perpetual check in a game (§A.4 step 3). Seireigi's pieces have no such cycle (see
// above), so tests/data/variants/mutual-check-test.yaml builds one: every move of the cycle blocks
// the line that checks the mover's King and uncovers a check on the other King.
TEST(GameRules, Rules_A4_MutualPerpetualCheckInAGameIsADraw) {
    const std::string variant_file =
        testing::source_path("tests/data/variants/mutual-check-test.yaml");
    const std::vector<std::string> cycle = {"5d4b", "2d5c", "4b5d", "5c2d"};

    Game game = make_game(variant_file, "start");
    ASSERT_TRUE(game.in_check()) << "Sente starts in check from the Bishop on 3a";
    repeat(game, cycle, 2);
    play(game, {"5d4b", "2d5c", "4b5d"});
    EXPECT_FALSE(game.over()) << "third occurrence only";
    play(game, {"5c2d"});  // the start position for the 4th time, every move a check
    expect_result(game, EventKind::MutualPerpetualCheck, Standing::Drawn, Standing::Drawn);
    EXPECT_EQ(game.ply(), 12);
    EXPECT_EQ(describe_result(game),
              "Fourfold repetition with every side checking on every move: Draw.");

    // Control: the third time round Sente steps his King out of check and back (6d6e, 6e6d: no
    // check) while Gote checks with 6a5c and 5c6a. The start comes back for the 4th time with
    // only Gote checking on every move of the span: Gote loses.
    Game control = make_game(variant_file, "start");
    repeat(control, cycle, 2);
    play(control, {"6d6e", "6a5c", "6e6d"});
    EXPECT_FALSE(control.over());
    play(control, {"5c6a"});
    expect_result(control, EventKind::PerpetualCheck, Standing::Won, Standing::Lost);
    EXPECT_EQ(control.result().final->player, kGote);
    EXPECT_EQ(describe_result(control),
              "Fourfold repetition by perpetual check from Gote, which loses: Sente wins.");
}

// §E.1 #15: both Kings in their zones; Sente owns R, +B and 13 other pieces (board and hand).
TEST(GameRules, Rules_E1_15_ImpasseBelowThresholdLoses) {
    Game game = make_game("seireigi", "9/4K4/9/R7+B/9/9/9/4k4/9 b 4L4N4SG18p3gb 1");
    EXPECT_EQ(game.impasse_scores(), (std::vector<int>{23, 26}));
    ASSERT_EQ(game.impasse_refusal(), std::nullopt);
    game.declare_impasse(kGote);
    expect_result(game, EventKind::Impasse, Standing::Lost, Standing::Won);
    EXPECT_EQ(describe_result(game),
              "Impasse declared by Gote and accepted. Points: Sente 23, Gote 26 (24 needed not "
              "to lose). Gote wins.");
}

TEST(GameRules, Rules_E1_15_ImpasseAtThresholdIsADraw) {
    Game game = make_game("seireigi", "9/4K4/9/R7+B/9/9/9/4k4/9 b 4L4N4S2G18p2gb 1");
    EXPECT_EQ(game.impasse_scores(), (std::vector<int>{24, 25}));
    game.declare_impasse(kSente);
    expect_result(game, EventKind::Impasse, Standing::Drawn, Standing::Drawn);
}

// §A.3: Dai Seireigi scores 10 / 5 / 1 with a threshold of 103; a promoted piece keeps its base
// value (the +RG on 1e, a Great General, scores 10 as a Rook General).
TEST(GameRules, Rules_A3_DaiImpasseBelowThresholdLoses) {
    Game game = make_game("dai-seireigi",
                          "15/7K7/15/15/14+(RG)/15/15/15/15/15/15/15/15/7k7/15 b "
                          "2(HM)2(CA)(RG)2(BG)2Q2(LH)2P30p2r2b2(ph)2(kr)(hm)(ca)(rg)(bg) 1");
    EXPECT_EQ(game.impasse_scores(), (std::vector<int>{102, 110}));
    ASSERT_EQ(game.impasse_refusal(), std::nullopt);
    game.declare_impasse(kSente);
    expect_result(game, EventKind::Impasse, Standing::Lost, Standing::Won);
}

TEST(GameRules, Rules_A3_DaiImpasseAtThresholdIsADraw) {
    Game game = make_game("dai-seireigi",
                          "15/7K7/15/15/14+(RG)/15/15/15/15/15/15/15/15/7k7/15 b "
                          "2(HM)2(CA)(RG)2(BG)2Q2(LH)3P30p2r2b2(ph)2(kr)(hm)(ca)(rg)(bg) 1");
    EXPECT_EQ(game.impasse_scores(), (std::vector<int>{103, 110}));
    game.declare_impasse(kGote);
    expect_result(game, EventKind::Impasse, Standing::Drawn, Standing::Drawn);
}

TEST(GameRules, Rules_A1_ImpasseNeedsBothKingsInTheirZones) {
    Game start = make_game("seireigi", "start");
    ASSERT_TRUE(start.impasse_refusal());
    EXPECT_NE(start.impasse_refusal()->find("Sente's King on 5i is not"), std::string::npos)
        << *start.impasse_refusal();
    // Sente's King in its zone, Gote's not.
    Game half = make_game("seireigi", "9/4K4/9/9/4k4/9/9/9/9 b - 1");
    ASSERT_TRUE(half.impasse_refusal());
    EXPECT_NE(half.impasse_refusal()->find("Gote's King on 5e"), std::string::npos);
    EXPECT_THROW(half.declare_impasse(kSente), std::logic_error);
    EXPECT_FALSE(half.over());
}

TEST(GameRules, Rules_A1_ResignationLoses) {
    Game game = make_game("seireigi", "start");
    play(game, {"7g7f"});
    game.resign(kGote);
    expect_result(game, EventKind::Resignation, Standing::Won, Standing::Lost);
    EXPECT_EQ(describe_result(game), "Gote resigns: Sente wins.");
    // Taking the resignation back lets the game go on.
    ASSERT_TRUE(game.undo());
    EXPECT_FALSE(game.over());
    EXPECT_EQ(game.ply(), 1);
}

}  // namespace
}  // namespace seireigi
