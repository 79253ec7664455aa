// docs/rules.md §D.4-§D.7, §E.2 #11-#12: Yonin Seireigi in the Game. Eliminations and skips become
// events; perpetual check and resignation eliminate a player by the after-loss procedure while
// the others play on; impasse with three or four players; everyone skipped is a draw; undo
// brings eliminated players back.
#include <gtest/gtest.h>

#include <initializer_list>

#include "game/game.h"
#include "game/turn_notes.h"
#include "record/game_record.h"
#include "rules_test_support.h"
#include "text/start_position.h"
#include "yonin_test_support.h"

namespace seireigi {
namespace {

using testing::P1, testing::P2, testing::P3, testing::P4;
using testing::Placed, testing::build, testing::cascade_through_neutral_rook,
    testing::dragon_checks_p3;

std::shared_ptr<const Variant> compact() {
    return testing::variant("yonin-seireigi-compact");
}

void give(const Variant& v, PositionState& st, Player p, const char* piece, int count) {
    st.hands[p][v.find_type(piece)] += count;
}

void play(Game& game, const std::vector<std::string>& moves) {
    for (const auto& text : moves) {
        ASSERT_FALSE(game.over()) << "over before " << text << ": " << describe_result(game);
        auto read = game.read_move(text);
        ASSERT_TRUE(std::holds_alternative<Move>(read))
            << text << " by P" << game.to_move() + 1 << ": " << std::get<Diagnostic>(read).text();
        game.play(std::get<Move>(read));
    }
}

std::vector<Standing> standings(const Game& game) {
    return game.result().standings;
}

using S = Standing;

// ---- §E.2 #11: impasse with three players (P4 is out), compact, T = 21 ------------------------

// Kings in their own zones: P1 on 8b (ranks a-c), P2 on 2h (files 3-1), P3 on 8h (ranks g-i).
// Every other piece is in hand, so the hands set the scores.
PositionState impasse_position(const Variant& v, int rooks1, int others1, int rooks2, int others2,
                               int others3) {
    PositionState st =
        build(v, {{P1, "king", "8b"}, {P2, "king", "2h"}, {P3, "king", "8h"}}, P1, 0x7);
    give(v, st, P1, "rook", rooks1);
    give(v, st, P1, "gold", others1);
    give(v, st, P2, "rook", rooks2);
    give(v, st, P2, "silver", others2);
    give(v, st, P3, "pawn", others3);
    return st;
}

TEST(GameYonin, Rules_E2_11_ImpasseOnePlayerAtTheThresholdWins) {
    const auto v = compact();
    Game game(v, impasse_position(*v, 3, 10, 1, 13, 5));  // 25 / 18 / 5
    EXPECT_EQ(game.impasse_scores(), (std::vector<int>{25, 18, 5, 0}));
    ASSERT_FALSE(game.impasse_refusal()) << *game.impasse_refusal();
    game.declare_impasse(P1);
    ASSERT_TRUE(game.over());
    EXPECT_EQ(standings(game), (std::vector<S>{S::Won, S::Lost, S::Lost, S::Lost}));
    EXPECT_EQ(game.result().final->kind, EventKind::Impasse);
}

TEST(GameYonin, Rules_E2_11_ImpasseTwoPlayersAtTheThresholdDraw) {
    const auto v = compact();
    Game game(v, impasse_position(*v, 3, 8, 1, 17, 3));  // 23 / 22 / 3
    EXPECT_EQ(game.impasse_scores(), (std::vector<int>{23, 22, 3, 0}));
    game.declare_impasse(P2);
    ASSERT_TRUE(game.over());
    EXPECT_EQ(standings(game), (std::vector<S>{S::Drawn, S::Drawn, S::Lost, S::Lost}));
    EXPECT_EQ(describe_result(game),
              "Impasse declared by P2 and accepted. Points: P1 23, P2 22, P3 3, P4 0 (21 needed "
              "not to lose). Draw for P1, P2.");
}

TEST(GameYonin, Rules_E2_11_ImpasseNobodyAtTheThresholdPlaysOnUntilSomeoneReachesIt) {
    const auto v = compact();
    // 15 / 14 / 10, with a P1 Rook that can take P2's Rook and then a P3 Pawn.
    PositionState st = build(*v,
                             {{P1, "king", "8b"},
                              {P1, "rook", "6e"},
                              {P2, "king", "2h"},
                              {P2, "rook", "6g"},
                              {P3, "king", "8h"},
                              {P3, "pawn", "6h"}},
                             P1, 0x7);
    give(*v, st, P1, "knight", 10);  // hands within what position text allows:
    give(*v, st, P2, "lance", 9);    // the start has no Knight or Lance (99)
    give(*v, st, P3, "pawn", 9);
    Game game(v, st);
    EXPECT_EQ(game.impasse_scores(), (std::vector<int>{15, 14, 10, 0}));
    ASSERT_FALSE(game.impasse_refusal()) << *game.impasse_refusal();
    game.declare_impasse(P3);
    EXPECT_FALSE(game.over());
    EXPECT_TRUE(game.impasse_pending());
    EXPECT_TRUE(game.impasse_refusal());  // already agreed
    play(game, {"6e6g"});                 // P1 takes the Rook: 20, not yet 21
    EXPECT_FALSE(game.over());
    EXPECT_EQ(game.impasse_scores()[P1], 20);
    {
        // The agreed impasse survives saving and resuming.
        auto record = read_record(write_record(record_of(game, v->id, {})));
        ASSERT_TRUE(std::holds_alternative<GameRecord>(record));
        auto resumed = replay_record(std::get<GameRecord>(record), v);
        ASSERT_TRUE(std::holds_alternative<Game>(resumed)) << std::get<Diagnostic>(resumed).text();
        EXPECT_TRUE(std::get<Game>(resumed).impasse_pending());
        EXPECT_EQ(std::get<Game>(resumed).events(), game.events());
    }
    play(game, {"2h2i", "8h8i"});
    EXPECT_FALSE(game.over());
    play(game, {"6g6h"});  // and the Pawn: 21
    ASSERT_TRUE(game.over());
    EXPECT_EQ(game.result().final->kind, EventKind::ImpasseReached);
    EXPECT_EQ(game.result().final->by, P1);
    EXPECT_EQ(standings(game), (std::vector<S>{S::Won, S::Lost, S::Lost, S::Lost}));
    // Undo goes back into the pending impasse, and past its declaration.
    ASSERT_TRUE(game.undo());
    EXPECT_FALSE(game.over());
    EXPECT_TRUE(game.impasse_pending());
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(game.undo());
    EXPECT_TRUE(game.impasse_pending());
    ASSERT_TRUE(game.undo());
    EXPECT_FALSE(game.impasse_pending());
    EXPECT_TRUE(game.events().empty());
}

TEST(GameYonin, Rules_D6_ImpasseNeedsEveryActiveKingInItsZone) {
    const auto v = compact();
    PositionState st = impasse_position(*v, 3, 10, 1, 13, 5);
    st.board[*v->geo.parse_square("8h")] = kEmpty;
    st.board[*v->geo.parse_square("8e")] = make_piece(P3, v->find_type("king"), false);
    Game game(v, st);
    ASSERT_TRUE(game.impasse_refusal());
    EXPECT_NE(game.impasse_refusal()->find("P3's King on 8e"), std::string::npos)
        << *game.impasse_refusal();
}

// ---- §E.2 #12: perpetual check with four players ---------------------------------------------

// P1's Dragon King shuttles 3b-3a checking P3's King (1a-1b); P3 answers at once (the checked
// player moves next), then P4 shuffles 1e-1f; P2 never gets a turn.
TEST(GameYonin, Rules_E2_12_PerpetualCheckerLosesAndTheOthersPlayOn) {
    const auto v = compact();
    PositionState st = build(*v,
                             {{P1, "king", "5i"},
                              {P1, "+rook", "3b"},
                              {P2, "king", "9e"},
                              {P3, "king", "1a"},
                              {P3, "pawn", "1c"},
                              {P4, "king", "1e"}},
                             P1);
    give(*v, st, P1, "gold", 1);
    Game game(v, st);
    const std::vector<std::string> cycle = {"3b3a", "1a1b", "1e1f", "3a3b", "1b1a", "1f1e"};
    for (int i = 0; i < 2; ++i) play(game, cycle);
    play(game, {"3b3a", "1a1b", "1e1f", "3a3b", "1b1a"});
    EXPECT_EQ(game.to_move(), P4);
    EXPECT_TRUE(game.position().is_active(P1));
    play(game, {"1f1e"});  // the start position for the 4th time
    EXPECT_FALSE(game.over());
    ASSERT_FALSE(game.events().empty());
    const GameEvent e = game.events().back();
    EXPECT_EQ(e.kind, EventKind::PerpetualCheck);
    EXPECT_EQ(e.player, P1);
    EXPECT_EQ(e.by, P4);  // the last mover other than the loser
    const GenericPosition& pos = game.position();
    EXPECT_FALSE(pos.is_active(P1));
    EXPECT_EQ(pos.piece_on(*v->geo.parse_square("5i")), kEmpty);  // the King is removed
    EXPECT_EQ(pos.piece_on(*v->geo.parse_square("3b")),
              make_piece(P1, v->find_type("rook"), true));  // neutral now
    EXPECT_EQ(pos.hand_count(P4, v->find_type("gold")), 1);
    EXPECT_EQ(pos.hand_count(P1, v->find_type("gold")), 0);
    EXPECT_EQ(game.to_move(), P2);  // P1 was to move; the next player is P2
    EXPECT_EQ(standings(game), (std::vector<S>{S::Lost, S::Playing, S::Playing, S::Playing}));
    EXPECT_EQ(describe_event(*v, e),
              "P1 loses by perpetual check; P1's pieces stay as neutral pieces and the hand goes "
              "to P4.");
    // Undo takes back the last move and the loss with it.
    ASSERT_TRUE(game.undo());
    EXPECT_TRUE(game.position().is_active(P1));
    EXPECT_EQ(game.position().hand_count(P1, v->find_type("gold")), 1);
    EXPECT_TRUE(game.events().empty());
}

// A cycle in which every player in the game checks on every move is a draw for all of them.
TEST(GameYonin, Rules_D7_EveryActivePlayerAPerpetualCheckerIsADraw) {
    std::vector<std::pair<Player, bool>> span = {{0, true}, {2, true}, {3, true}, {0, true},
                                                 {2, true}, {3, true}, {0, true}, {2, true}};
    EXPECT_EQ(testing::perpetual_checkers_of_cycle(span), (std::vector<Player>{0, 2, 3}));
    span[4].second = false;
    EXPECT_EQ(testing::perpetual_checkers_of_cycle(span), (std::vector<Player>{0, 3}));
}

// ---- resignation with the after-loss procedure ------------------------------------------------

TEST(GameYonin, Rules_D7_ResignationEliminatesAndTheOthersPlayOn) {
    const auto v = compact();
    Game game(v, start_state(*v));
    play(game, {"5g5f"});
    ASSERT_EQ(game.to_move(), P2);
    PositionState before = game.current();
    game.resign(P2);
    EXPECT_FALSE(game.over());
    const GenericPosition& pos = game.position();
    EXPECT_FALSE(pos.is_active(P2));
    EXPECT_EQ(pos.piece_on(*v->geo.parse_square("9e")), kEmpty);
    EXPECT_EQ(pos.piece_on(*v->geo.parse_square("8e")),
              make_piece(P2, v->find_type("rook"), false));  // neutral
    EXPECT_EQ(game.to_move(), P3);
    EXPECT_EQ(game.events().back().by, P1);  // the last mover
    EXPECT_EQ(standings(game), (std::vector<S>{S::Playing, S::Lost, S::Playing, S::Playing}));
    ASSERT_TRUE(game.undo());  // takes back the resignation only
    EXPECT_EQ(game.current(), before);
    EXPECT_EQ(game.ply(), 1);
    EXPECT_EQ(game.to_move(), P2);

    // Three resignations leave one player, who wins.
    game.resign(P2);
    game.resign(P4);
    EXPECT_FALSE(game.over());
    game.resign(P3);
    ASSERT_TRUE(game.over());
    EXPECT_EQ(standings(game), (std::vector<S>{S::Won, S::Lost, S::Lost, S::Lost}));
    EXPECT_EQ(describe_result(game), "P3 resigns: P1 wins.");
}

TEST(GameYonin, Rules_D7_ResignationBeforeAnyMoveTheHandLeavesPlay) {
    const auto v = compact();
    PositionState st = start_state(*v);
    give(*v, st, P3, "pawn", 2);
    Game game(v, st);
    game.resign(P3);
    EXPECT_EQ(game.events().back().by, -1);
    for (Player p = 0; p < 4; ++p)
        EXPECT_EQ(game.position().hand_count(p, v->find_type("pawn")), 0);
    EXPECT_EQ(game.to_move(), P1);
}

// ---- eliminations and skips as events ---------------------------------------------------------

TEST(GameYonin, Rules_D4_CascadeMatesAreEventsAndUndoBringsPlayersBack) {
    const auto v = compact();
    // docs/rules.md §E.2 #4: P1 mates P2; P2's Rook, now neutral, mates P3 boxed in on 5a.
    const PositionState st = cascade_through_neutral_rook(*v, true);
    Game game(v, st);
    play(game, {"3f4e"});
    ASSERT_EQ(game.events().size(), 2u);
    EXPECT_EQ(game.events()[0], (GameEvent{EventKind::Checkmate, 1, P2, P1}));
    EXPECT_EQ(game.events()[1], (GameEvent{EventKind::Checkmate, 1, P3, P1}));
    EXPECT_EQ(describe_event(*v, game.events()[1]),
              "P3 is checkmated by P1; P3's pieces stay as neutral pieces and the hand goes to "
              "P1.");
    EXPECT_FALSE(game.over());
    EXPECT_EQ(game.to_move(), P4);
    EXPECT_EQ(standings(game), (std::vector<S>{S::Playing, S::Lost, S::Lost, S::Playing}));
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.current(), st);
    EXPECT_TRUE(game.events().empty());
    EXPECT_EQ(standings(game), std::vector<S>(4, S::Playing));
}

TEST(GameYonin, Rules_D4_LastPlayerStandingWins) {
    const auto v = compact();
    // §E.2 #3 without the Gold in hand, with only P1 and P3 left in the game.
    const PositionState st = dragon_checks_p3(*v, 0x5);
    Game game(v, st);
    play(game, {"2c5c"});
    ASSERT_TRUE(game.over());
    EXPECT_EQ(standings(game), (std::vector<S>{S::Won, S::Lost, S::Lost, S::Lost}));
    EXPECT_EQ(describe_result(game), "P3 is checkmated: P1 wins.");
}

// §D.4 step 7: P1 must interpose a Pawn drop against the neutral Rook's check, and the Pawn is
// then pinned; P3 (boxed in on 9a) and P1 have no legal move, and neither is in check.
TEST(GameYonin, Rules_D4_EveryoneSkippedInARowIsADraw) {
    const auto v = compact();
    PositionState st = build(*v,
                             {{P1, "king", "9i"},
                              {P2, "rook", "1i"},  // P2 and P4 are out: their Rooks are neutral
                              {P2, "rook", "1h"},
                              {P4, "rook", "8c"},
                              {P4, "rook", "1b"},
                              {P3, "king", "9a"}},
                             P1, 0x5);
    give(*v, st, P1, "pawn", 1);
    Game game(v, st);
    EXPECT_TRUE(game.in_check());
    play(game, {"P*5i"});
    ASSERT_TRUE(game.over()) << describe_result(game);
    ASSERT_GE(game.events().size(), 3u);
    EXPECT_EQ(game.events()[0], (GameEvent{EventKind::Skipped, 1, P3, -1}));
    EXPECT_EQ(game.events()[1], (GameEvent{EventKind::Skipped, 1, P1, -1}));
    EXPECT_EQ(game.result().final->kind, EventKind::AllSkipped);
    EXPECT_EQ(standings(game), (std::vector<S>{S::Drawn, S::Lost, S::Drawn, S::Lost}));
    EXPECT_EQ(describe_result(game),
              "Every player in the game had to skip a turn in a row: Draw for P1, P3.");
}

TEST(GameYonin, Rules_D4_AGameCannotStartWithThePlayerToMoveUnableToMove) {
    const auto v = compact();
    PositionState st =
        build(*v, {{P1, "king", "9i"}, {P2, "rook", "8a"}, {P2, "rook", "1h"}, {P3, "king", "5a"}},
              P1, 0x5);
    EXPECT_EQ(Game::unfit_for_play(*v, st), "P1 is to move but has no legal move");
}

// ---- what the move list says: checks, players passed over, skips --------------------------------

// P1's Rook checks P4 along file 1: P4 moves next, and P2 and P3 are passed over (§D.4 step 6).
TEST(GameYonin, TurnNotesNameTheCheckAndThePlayersPassedOver) {
    const auto v = compact();
    Game game(v, testing::position(*v,
                                   "4,3K,4/9/1,1S,7/9/2K,2P,6,4K/9/1P,8/1,1R,7/4,1K,4 1 1G "
                                   "1234 1"));
    play(game, {"8h1h"});
    ASSERT_EQ(game.to_move(), P4);
    const std::vector<TurnNote> notes = turn_notes(game);
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_EQ(notes[0].checked, (std::vector<Player>{P4}));
    EXPECT_EQ(notes[0].passed_over, (std::vector<Player>{P2, P3}));
    EXPECT_EQ(describe_turn_note(*v, notes[0]),
              "check: P4; P2 and P3 are passed over: P4 is in check and moves first");
    EXPECT_EQ(game.checked_after(0), std::vector<Player>{});
    EXPECT_EQ(game.checked_after(1), (std::vector<Player>{P4}));
}

// A stalemated player's skip is an event of its own: the note passes nobody over (§E.2 #6).
TEST(GameYonin, TurnNotesLeaveASkipToItsEvent) {
    const auto v = compact();
    Game game(v, build(*v,
                       {{P1, "king", "5i"},
                        {P1, "rook", "2i"},
                        {P1, "bishop", "3b"},
                        {P1, "bishop", "3h"},
                        {P2, "king", "9e"},
                        {P3, "king", "5a"},
                        {P4, "king", "1e"}},
                       P3));
    play(game, {"5a6a"});
    ASSERT_EQ(game.to_move(), P1);
    const std::vector<TurnNote> notes = turn_notes(game);
    EXPECT_TRUE(notes[0].passed_over.empty());
    EXPECT_EQ(describe_turn_note(*v, notes[0]), "");
    ASSERT_EQ(game.events().size(), 1u);
    EXPECT_EQ(describe_event(*v, game.events()[0]), "P4 is skipped: no legal move.");
}

}  // namespace
}  // namespace seireigi
