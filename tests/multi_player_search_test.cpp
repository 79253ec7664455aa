// The search for three and four players (issue 14), with both algorithms, at fixed depths so
// every search is deterministic. Each position is written as position text (docs/notation.md);
// the comments draw it. P1 faces north (up), P2 east, P3 south, P4 west; the turn order is
// P1 P2 P3 P4, but a checked player moves next (docs/rules.md §D.4).
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>

#include "game/game.h"
#include "position/generic_position.h"
#include "position/reference_position.h"
#include "search/engine.h"
#include "search/multi_player_evaluation.h"
#include "seats/engine_seat.h"
#include "test_support.h"
#include "yonin_test_support.h"

namespace seireigi {
namespace {

using search::MultiPlayerAlgorithm;
using testing::P1;
using testing::P3;

std::string text_of(const Variant& v, Move m) {
    return m.is_null() ? "(none)" : write_move(v, m);
}

// The legal move `text` of the player to move; fails the test if there is none.
Move move_of(const GenericPosition& pos, const std::string& text) {
    MoveList legal;
    pos.legal_moves(legal);
    auto r = read_move(pos.variant(), text, legal);
    if (auto* d = std::get_if<Diagnostic>(&r)) {
        ADD_FAILURE() << d->text();
        return Move();
    }
    return std::get<Move>(r);
}

class MultiPlayerSearch : public ::testing::TestWithParam<MultiPlayerAlgorithm> {
  protected:
    // The engine's answer for `text` in `variant_name`, searched `depth` deep.
    search::Result search(const std::string& variant_name, const std::string& text, int depth) {
        v_ = testing::variant(variant_name);
        start_ = testing::position(*v_, text);
        search::Options o;
        o.multi_player = GetParam();
        std::string why;
        auto engine = search::Engine::create(v_, o, &why);
        EXPECT_TRUE(engine) << why;
        if (!engine) return {};
        engine->set_position(start_, {});
        search::Limits limits;
        limits.depth = depth;
        return engine->search(limits, {});
    }
    std::string text(Move m) const { return write_move(*v_, m); }
    GenericPosition start_position() const { return GenericPosition(v_, start_); }

    std::shared_ptr<const Variant> v_;
    PositionState start_;
};

// P1's Silver takes P3's Gold on 4b with check (and promotes): P3 must answer at once, then P4
// moves and P1 again, before P2's Silver on 8h can take P1's Gold on 7g. The engine plays it
// and expects P3, not P2, to reply.
//     9   8   7   6   5   4   3   2   1
//     .   .   .   .  vK   .   .   .   .  a
//     .   .   .   .   .  vG   .   .   .  b
//    >K   .   .   .   .  ^G  ^S   .   .  c
//     .   .   .   .   .   .   .   .  <K  f
//     .   .  ^G   .   .   .   .   .   .  g
//     .  >S   .   .   .   .   .   .   .  h
//     .   .   .   .  ^K   .   .   .   .  i
TEST_P(MultiPlayerSearch, ItsCheckHandsTheMoveToTheCheckedPlayer) {
    for (int depth : {2, 3, 4}) {
        const search::Result r = search("yonin-seireigi-compact",
                                        "4,3K,4/5,3G,3/2K,4,1G,1S,2/9/9/8,4K/2,1G,6/1,2S,7/"
                                        "4,1K,4 1 - 1234",
                                        depth);
        ASSERT_FALSE(r.best.is_null());
        EXPECT_EQ(text(r.best), "3c4b+") << "depth " << depth;
        GenericPosition pos = start_position();
        pos.do_move(r.best);
        ASSERT_EQ(pos.side_to_move(), P3);  // the rules: the checked player moves next
        ASSERT_GE(r.pv.size(), 2u) << "depth " << depth;
        EXPECT_TRUE(pos.is_legal(r.pv[1]))
            << "the expected reply " << text(r.pv[1]) << " is not a move of P3";
    }
}

// P1 drops the Gold on 5b, protected by the Pawn on 5c: P3 is mated and leaves the game, and
// P3's Rook and Silver go to P1's hand.
//     9   8   7   6   5   4   3   2   1
//     .   .   .   .  vK   .   .   .   .  a    P3 hand: R S
//     .   .   .   .  ^P   .   .   .   .  c
//    >K   .   .   .   .   .   .   .  <K  e
//     .   .   .   .  ^K   .   .   .   .  i    P1 hand: G
TEST_P(MultiPlayerSearch, FindsTheMateThatEliminatesAPlayerAndTakesItsHand) {
    for (int depth : {1, 2, 3}) {
        const search::Result r =
            search("yonin-seireigi-compact",
                   "4,3K,4/9/4,1P,4/9/2K,7,4K/9/9/9/4,1K,4 1 1G,3R,3S 1234", depth);
        ASSERT_FALSE(r.best.is_null());
        EXPECT_EQ(text(r.best), "G*5b") << "depth " << depth;
        GenericPosition pos = start_position();
        pos.do_move(r.best);
        EXPECT_FALSE(pos.is_active(P3));
        EXPECT_EQ(pos.hand_count(P1, v_->find_type("rook")), 1);
        EXPECT_EQ(pos.hand_count(P1, v_->find_type("silver")), 1);
        EXPECT_EQ(pos.side_to_move(), testing::P2);  // the turn goes on from P1
    }
}

// The Silver's check on 4d (tempting: it attacks P3's King) hands the move to P3, whose King
// takes it and so uncovers the Rook on 5a against P1's King, which cannot escape nor be
// shielded: P1 would be mated. The engine must not play it; no move it chooses may let the
// player who moves next (by the rules) mate P1 at once.
//     9   8   7   6   5   4   3   2   1
//     .   .   .   .  vR   .   .   .   .  a
//     .   .   .   .  vK   .   .   .   .  c
//    >K   .   .   .   .   .  ^S   .  <K  e
//     .   .   .  ^P   .  ^P   .   .   .  h
//     .   .   .  ^L  ^K  ^L   .   .   .  i
TEST_P(MultiPlayerSearch, NeverPlaysIntoAMateInOneByTheNextMover) {
    const std::string position =
        "4,3R,4/9/4,3K,4/9/2K,5,1S,1,4K/9/9/3,1P,1,1P,3/3,1L,1K,1L,3 1 - 1234";
    {  // the trap is real
        auto v = testing::variant("yonin-seireigi-complete");
        GenericPosition pos(v, testing::position(*v, position));
        pos.do_move(move_of(pos, "3e4d"));
        ASSERT_EQ(pos.side_to_move(), P3);
        pos.do_move(move_of(pos, "5c4d"));
        ASSERT_FALSE(pos.is_active(P1));
    }
    for (int depth : {1, 2, 3}) {
        const search::Result r = search("yonin-seireigi-complete", position, depth);
        ASSERT_FALSE(r.best.is_null());
        EXPECT_NE(text(r.best), "3e4d") << "depth " << depth;
        GenericPosition pos = start_position();
        pos.do_move(r.best);
        MoveList replies;
        pos.legal_moves(replies);
        for (Move reply : replies) {
            pos.do_move(reply);
            EXPECT_TRUE(pos.is_active(P1)) << text(r.best) << " lets " << text(reply) << " mate";
            pos.undo_move();
        }
    }
}

// P2 is out: its Gold on 4c and Pawn on 7b are neutral. The Silver drop on 5b mates P3 only
// because of them: the neutral Gold attacks 4b (P3's King may not go there) and the neutral
// Pawn stands between P3's Rook on 9b and the Silver.
//     9   8   7   6   5   4   3   2   1
//     .   .   .   .  vK   .   .   .   .  a
//    vR   .  >p   .   .   .   .   .   .  b
//     .   .   .  ^P  ^P  >g   .   .   .  c
//     .   .   .   .   .   .   .   .  <K  e
//     .   .   .   .  ^K   .   .   .   .  i    P1 hand: S
TEST_P(MultiPlayerSearch, NeutralPiecesBlockAndGiveCheckInItsCalculations) {
    const std::string with_both = "4,3K,4/3R,1,2P,6/3,1P,1P,2G,3/9/8,4K/9/9/9/4,1K,4 1 1S 1-34";
    const std::string without_gold = "4,3K,4/3R,1,2P,6/3,1P,1P,4/9/8,4K/9/9/9/4,1K,4 1 1S 1-34";
    const std::string without_pawn = "4,3K,4/3R,8/3,1P,1P,2G,3/9/8,4K/9/9/9/4,1K,4 1 1S 1-34";
    auto drop_mates = [](const std::string& text) {
        auto v = testing::variant("yonin-seireigi-compact");
        GenericPosition pos(v, testing::position(*v, text));
        pos.do_move(move_of(pos, "S*5b"));
        return !pos.is_active(P3);
    };
    ASSERT_TRUE(drop_mates(with_both));
    ASSERT_FALSE(drop_mates(without_gold));  // the King escapes to 4b
    ASSERT_FALSE(drop_mates(without_pawn));  // the Rook takes the Silver
    for (int depth : {1, 2, 3}) {
        const search::Result r = search("yonin-seireigi-compact", with_both, depth);
        ASSERT_FALSE(r.best.is_null());
        EXPECT_EQ(text(r.best), "S*5b") << "depth " << depth;
        EXPECT_TRUE(r.score.mate || r.score.cp > 500) << "depth " << depth;
    }
}

// Every engine move of a few plies from the start is legal by the naive reference generator,
// and the search reports its nodes; the player to move comes from the position.
TEST_P(MultiPlayerSearch, PlaysLegalMovesFromTheStartByTheReferenceGenerator) {
    for (const char* name : {"yonin-seireigi-compact", "yonin-seireigi-complete"}) {
        auto v = testing::variant(name);
        search::Options o;
        o.multi_player = GetParam();
        auto engine = search::Engine::create(v, o);
        ASSERT_TRUE(engine);
        std::vector<Move> moves;
        ReferencePosition reference(v, start_state(*v));
        for (int ply = 0; ply < 8; ++ply) {
            engine->set_position(start_state(*v), moves);
            search::Limits limits;
            limits.nodes = 3000;
            const search::Result r = engine->search(limits, {});
            ASSERT_FALSE(r.best.is_null());
            EXPECT_GT(r.nodes, 0u);
            ASSERT_TRUE(reference.is_legal(r.best)) << name << " ply " << ply;
            reference.do_move(r.best);
            moves.push_back(r.best);
        }
    }
}

// stop() from another thread ends an unlimited search with a legal move.
TEST_P(MultiPlayerSearch, StopsWhenAsked) {
    auto v = testing::variant("yonin-seireigi-compact");
    search::Options o;
    o.multi_player = GetParam();
    auto engine = search::Engine::create(v, o);
    ASSERT_TRUE(engine);
    engine->set_position(start_state(*v), {});
    search::Limits limits;
    limits.infinite = true;
    std::atomic<bool> reported{false};
    std::thread stopper([&] {
        while (!reported) std::this_thread::yield();
        engine->stop();
    });
    const search::Result r = engine->search(limits, [&](const search::Info& info) {
        EXPECT_EQ(info.player_scores.size(), 4u);
        if (info.depth >= 2) reported = true;
    });
    reported = true;
    stopper.join();
    GenericPosition pos(v, start_state(*v));
    EXPECT_TRUE(pos.is_legal(r.best));
}

// After a resignation the engine seat gives the search the game as it stands (the moves alone no
// longer replay it) with the keys of every position before it, so the search sees repetitions
// of positions played before its root. P1 resigns at the start; P2, P3 and P4 each move a Silver
// out and P2 and P3 move theirs back. P4's Silver going back too repeats the position right
// after the resignation: a draw, 0, for the search with the game's history, and not 0 for a
// search that sees only the position at its root.
TEST_P(MultiPlayerSearch, SeesTheGameBeforeItsRootAfterAResignation) {
    auto v = testing::variant("yonin-seireigi-compact");
    Game game(v, start_state(*v));
    game.resign(P1);
    ASSERT_FALSE(game.over());
    for (const char* text : {"9c8b", "3a2b", "1g2h", "8b9c", "2b3a"}) {
        const Move m = move_of(game.position(), text);
        ASSERT_FALSE(m.is_null());
        game.play(m);
    }
    search::Options o;
    o.multi_player = GetParam();
    auto engine = search::Engine::create(v, o);
    ASSERT_TRUE(engine);
    search::Limits limits;
    limits.depth = 2;
    limits.root_moves = {move_of(game.position(), "2h1g")};

    set_engine_position(*engine, game);
    const search::Result with_history = engine->search(limits, {});
    EXPECT_EQ(text_of(*v, with_history.best), "2h1g");
    EXPECT_FALSE(with_history.score.mate);
    EXPECT_EQ(with_history.score.cp, 0);

    engine->set_position(game.current(), {});  // the root alone: no repetition to see
    const search::Result root_alone = engine->search(limits, {});
    EXPECT_NE(root_alone.score.cp, 0);
}

// A history that does not end in the position given is refused.
// The score players see (docs/engine.md) is a standing against the average of the others: 0 for
// everyone in the symmetric start, where the search's own value (against the best of the others)
// is far below 0.
TEST(MultiPlayerEvaluation, StandingsAreZeroAtASymmetricStart) {
    for (const char* name : {"yonin-seireigi-compact", "yonin-seireigi-complete"}) {
        auto v = testing::variant(name);
        const GenericPosition pos(v, start_state(*v));
        const search::MultiPlayerEvaluator eval(*v);
        const search::PlayerScores s = eval.scores(pos);
        for (Player p = 0; p < v->num_players(); ++p)
            EXPECT_EQ(search::MultiPlayerEvaluator::standing(pos, s, p), 0)
                << name << " P" << p + 1;
    }
}

TEST_P(MultiPlayerSearch, ShowsTheStandingOfThePlayerToMoveAsItsScore) {
    auto v = testing::variant("yonin-seireigi-compact");
    search::Options o;
    o.multi_player = GetParam();
    auto engine = search::Engine::create(v, o);
    ASSERT_TRUE(engine);
    engine->set_position(start_state(*v), {});
    search::Limits limits;
    limits.depth = 3;
    search::Info last;
    const search::Result r = engine->search(limits, [&](const search::Info& i) { last = i; });
    ASSERT_FALSE(r.score.mate);
    ASSERT_EQ(last.player_scores.size(), 4u);
    EXPECT_EQ(r.score.cp, last.player_scores[0]);
    // Where the line ends the standings of the players still in sum to about 0 (each is its own
    // score minus the average of the others': they cancel out up to rounding).
    int sum = 0;
    for (int s : last.player_scores) sum += s;
    EXPECT_LE(std::abs(sum), 4);
}

TEST(MultiPlayerEngine, RefusesAHistoryThatDoesNotEndInThePosition) {
    auto v = testing::variant("yonin-seireigi-compact");
    Game game(v, start_state(*v));
    game.play(move_of(game.position(), "5g5f"));
    auto engine = search::Engine::create(v, search::Options{});
    ASSERT_TRUE(engine);
    EXPECT_THROW(engine->set_position_with_history(game.start(), game.key_history()),
                 std::invalid_argument);
    EXPECT_NO_THROW(engine->set_position_with_history(game.current(), game.key_history()));
}

// The hash key the search's table uses tells apart positions that differ only in a hand, in
// the players still in the game, or in the player to move.
TEST(MultiPlayerSearchKey, CoversHandsActivePlayersAndThePlayerToMove) {
    auto v = testing::variant("yonin-seireigi-compact");
    auto key = [&](const std::string& text) {
        return GenericPosition(v, testing::position(*v, text)).key();
    };
    const std::string board = "4,3K,4/3R,1,2P,6/3,1P,1P,2G,3/9/8,4K/9/9/9/4,1K,4";
    const auto base = key(board + " 1 1S 1-34");
    EXPECT_NE(base, key(board + " 1 3S 1-34"));     // the Silver in P3's hand
    EXPECT_NE(base, key(board + " 1 1S,1P 1-34"));  // one more piece in hand
    EXPECT_NE(base, key(board + " 3 1S 1-34"));     // P3 to move
    // P4 out too: the position as a state, since position text refuses a King of a player out.
    PositionState st = testing::position(*v, board + " 1 1S 1-34");
    st.active = 0x5;
    EXPECT_NE(base, GenericPosition(v, st).key());
}

INSTANTIATE_TEST_SUITE_P(Algorithms, MultiPlayerSearch,
                         ::testing::Values(MultiPlayerAlgorithm::BestReplyPlus,
                                           MultiPlayerAlgorithm::Paranoid),
                         [](const auto& info) {
                             return info.param == MultiPlayerAlgorithm::Paranoid
                                        ? std::string("Paranoid")
                                        : std::string("BestReplyPlus");
                         });

}  // namespace
}  // namespace seireigi
