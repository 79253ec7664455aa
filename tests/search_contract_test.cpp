// The search-facing additions to the Position contract, on the two positions that implement them
// (the generic and the fast one; the naive reference generator stays naive): move generation by
// kind, legal(m) for any bit pattern, gives_check without a copy, the null move. Each is compared
// with its definition along seeded random play-outs.
#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "check/exchange_reference.h"
#include "check/kind_check.h"
#include "fast/fast_position.h"
#include "position/generic_position.h"
#include "position/key_history.h"
#include "position/move_kind.h"
#include "position/scored_move_list.h"
#include "position/static_exchange.h"
#include "test_support.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

template <class P>
class SearchContractTest : public ::testing::Test {};

using Implementations = ::testing::Types<GenericPosition, FastPosition>;
TYPED_TEST_SUITE(SearchContractTest, Implementations);

template <class P>
std::vector<std::string> variants_for() {
    if constexpr (std::is_same_v<P, FastPosition>)
        return {"seireigi"};
    else
        return {"seireigi", "shogi", "minishogi", "dai-seireigi", "yonin-seireigi-compact"};
}

// The generic position's quick tests (checks from candidates, drops and other moves in check
// only where they can block or capture) against their definitions where they matter most: pieces
// whose paths turn corners or hop over screens, a board turned sideways, and mating problems
// with large hands, whose games are mostly checks and interpositions.
TEST(SearchContract, GenericShortcutsAgreeOnPathsHopsAndProblems) {
    const std::pair<std::string, std::string> cases[] = {
        {"tests/data/variants/cannon-drops-test.yaml", ""},
        {"tests/data/variants/hook-7x11.yaml", ""},
        {"tests/data/variants/multi-leg-9x9.yaml", ""},
        {"tests/data/variants/shogi-eastwest.yaml", ""},
        {"shogi", "4k4/9/PPPPPPPPP/9/9/9/9/9/9 b B4L2rb4g4s4n9p 1"},
        {"shogi", "9/9/9/4k4/9/4P4/9/9/9 b 4G2r2b4s4n4l17p 1"},
        {"shogi", "l8/2s1R1g2/5p2p/P1Bppk1P1/2P6/p5s2/NP1P+nPS1P/K1G4+p1/L6NL b GLPrbgsn4p 1"},
    };
    for (const auto& [name, text] : cases) {
        SCOPED_TRACE(name + " " + text);
        const auto v = seireigi::testing::variant(
            name.find('/') == std::string::npos ? name : seireigi::testing::source_path(name));
        const PositionState st =
            text.empty() ? start_state(*v) : seireigi::testing::position(*v, text);
        const KindCheckReport r = check_kinds<GenericPosition>(v, st, 11, 4, 60);
        EXPECT_FALSE(r.difference) << *r.difference;
        EXPECT_GT(r.positions, 60u);
    }
}

// The null move changes the player to move and the key, and undoes exactly.
template <class P>
void check_null_move(P& pos) {
    if (pos.variant().num_players() != 2 || pos.in_check(pos.side_to_move())) return;
    const auto key = pos.key();
    const auto state = pos.state();
    pos.do_null_move();
    ASSERT_NE(pos.side_to_move(), state.to_move);
    ASSERT_NE(pos.key(), key);
    pos.undo_null_move();
    ASSERT_EQ(pos.key(), key);
    ASSERT_EQ(pos.state(), state);
}

TYPED_TEST(SearchContractTest, AdditionsAgreeWithTheirDefinitions) {
    for (const std::string& name : variants_for<TypeParam>()) {
        SCOPED_TRACE(name);
        const auto v = seireigi::testing::variant(name);
        const bool big = name == "dai-seireigi";
        const KindCheckReport r =
            check_kinds<TypeParam>(v, start_state(*v), 7, big ? 1 : 4, big ? 30 : 80);
        EXPECT_FALSE(r.difference) << *r.difference;
        EXPECT_GT(r.positions, big ? 20u : 100u);
    }
}

TYPED_TEST(SearchContractTest, NullMoveUndoesExactly) {
    const auto v = seireigi::testing::variant("seireigi");
    TypeParam pos(v, start_state(*v));
    std::mt19937_64 rng(3);
    for (int ply = 0; ply < 60; ++ply) {
        check_null_move(pos);
        MoveList moves;
        pos.legal_moves(moves);
        if (moves.empty()) break;
        pos.do_move(moves[rng() % moves.size()]);
    }
}

// A planted difference: a position whose capture list misses one move. The kind check must
// report it (so that its silence on the real positions means something).
class MissingCapture : public GenericPosition {
  public:
    using GenericPosition::generate;
    using GenericPosition::GenericPosition;
    void generate(MoveKind kind, MoveList& list) const {
        GenericPosition::generate(kind, list);
        if (kind == MoveKind::Captures && !list.empty()) list.pop_back();
    }
};

// Static exchange on positions small enough to reason about by hand (Sente to move; squares as
// in types.h: y * 9 + x, x = 0 for file 9, y = 0 for rank a). The expected values are written
// with the rule's terms, so they hold for any piece values.
TYPED_TEST(SearchContractTest, StaticExchangeByHand) {
    const auto v = seireigi::testing::variant("seireigi");
    auto type = [&](const char* name) {
        for (PieceType t = 0; t < static_cast<PieceType>(v->types.size()); ++t)
            if (v->types[t].name == name) return t;
        ADD_FAILURE() << "no piece " << name;
        return PieceType{0};
    };
    const int pawn = v->types[type("Pawn")].hand_value,
              gold = v->types[type("Gold General")].hand_value,
              rook = v->types[type("Rook")].hand_value;
    const int promote_pawn = exchange_promotion_gain(*v, type("Pawn"));
    auto sq = [](int file, char rank) { return (rank - 'a') * 9 + (9 - file); };
    struct Case {
        const char* position;
        Move move;
        int value;
        const char* why;
    };
    const Move pawn_takes = Move::board(sq(5, 'f'), sq(5, 'e'), false);
    const Case cases[] = {
        {"4k4/9/9/9/4r4/4P4/9/9/4K4 b - 1", pawn_takes, rook, "a free Rook"},
        {"4k4/9/9/4g4/4r4/4P4/9/9/4K4 b - 1", pawn_takes, rook - pawn, "the Gold takes back"},
        {"4k4/9/9/4g4/4r4/4P4/9/4R4/4K4 b - 1", pawn_takes, rook,
         "the Rook behind the Pawn x-rays: taking back would lose the Gold"},
        {"4k4/9/9/4P4/9/9/9/9/4K4 b - 1", Move::board(sq(5, 'd'), sq(5, 'c'), true), promote_pawn,
         "a quiet promotion"},
        {"4k4/9/9/4P4/9/9/9/9/4K4 b - 1", Move::board(sq(5, 'd'), sq(5, 'c'), false), 0,
         "a quiet move nobody attacks"},
        {"4k4/9/9/9/9/9/9/9/4K4 b G 1", Move::drop(type("Gold General"), sq(5, 'b')), -gold,
         "the King takes a Gold dropped next to it"},
        {"4k4/9/4P4/9/9/9/9/9/4K4 b G 1", Move::drop(type("Gold General"), sq(5, 'b')), 0,
         "the King may not take a defended Gold"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::string(c.position) + ": " + c.why);
        const TypeParam pos(v, seireigi::testing::position(*v, c.position));
        ASSERT_TRUE(pos.legal(c.move));
        EXPECT_EQ(pos.see(c.move), c.value);
        EXPECT_TRUE(pos.see_ge(c.move, c.value));
        EXPECT_FALSE(pos.see_ge(c.move, c.value + 1));
        EXPECT_EQ(reference_exchange(v, pos, c.move), c.value);
    }
}

// The key history: who moved, whether the move checked, and the repetition query over it.
TYPED_TEST(SearchContractTest, RepetitionQueryCountsOccurrencesAndPerpetualCheckers) {
    const auto v = seireigi::testing::variant("seireigi");
    auto sq = [](int file, char rank) { return (rank - 'a') * 9 + (9 - file); };
    auto step = [&](int f1, char r1, int f2, char r2) {
        return Move::board(sq(f1, r1), sq(f2, r2), false);
    };
    // The Rook checks on every move while the King steps aside and back.
    TypeParam pos(v, seireigi::testing::position(*v, "4k4/9/9/9/R8/9/9/9/4K4 b - 1"));
    const Move line[] = {step(9, 'e', 5, 'e'), step(5, 'a', 4, 'a'), step(5, 'e', 4, 'e'),
                         step(4, 'a', 5, 'a'), step(4, 'e', 5, 'e'), step(5, 'a', 4, 'a'),
                         step(5, 'e', 4, 'e'), step(4, 'a', 5, 'a'), step(4, 'e', 5, 'e')};
    for (Move m : line) {
        ASSERT_TRUE(pos.legal(m)) << write_move(*v, m);
        pos.do_move(m);
    }
    const KeyHistory& h = pos.key_history();
    ASSERT_EQ(h.ply(), 9);
    EXPECT_EQ(h.key(9), pos.key());
    EXPECT_EQ(h.mover(1), 0);
    EXPECT_TRUE(h.gave_check(1));
    EXPECT_FALSE(h.gave_check(2));
    const Repetition r = pos.repetition(0);
    EXPECT_EQ(r.occurrences, 3);  // after plies 1, 5 and 9
    EXPECT_EQ(r.first_ply, 1);
    EXPECT_EQ(r.perpetual_checkers(), (PlayerList{{0}, 1}));
    EXPECT_EQ(pos.repetition(2).occurrences, 2);
    EXPECT_EQ(pos.repetition(6).first_ply, 9);
    EXPECT_TRUE(pos.repetition(6).perpetual_checkers().empty());  // nobody moved since

    // A position built from the last state knows nothing before it, until given the history.
    TypeParam later(v, pos.state());
    EXPECT_EQ(later.repetition(0).occurrences, 1);
    later.set_history(pos.key_history());
    EXPECT_EQ(later.repetition(0).occurrences, 3);
    EXPECT_THROW(later.set_history(KeyHistory(pos.key() + 1)), std::invalid_argument);
    // Undo takes entries back; a null move is nobody's move.
    pos.undo_move();
    EXPECT_EQ(pos.repetition(0).occurrences, 2);  // after plies 0 and 4 (the King back home)
    pos.do_null_move();
    EXPECT_EQ(pos.key_history().mover(pos.key_history().ply()), -1);
    pos.undo_null_move();
    EXPECT_EQ(pos.key_history().ply(), 8);
}

// The search's move list: on the stack for a short list, spilled to the heap for thousands of
// drops (19x19, every hand piece twice in each hand), with the same moves as a MoveList.
TEST(ScoredMoveList, SpillsToTheHeapPastItsCapacity) {
    const auto v = seireigi::testing::variant(
        seireigi::testing::source_path("tests/data/variants/wide-19x19-test.yaml"));
    PositionState st = start_state(*v);
    for (Player p = 0; p < 2; ++p)
        for (PieceType t : v->hand_types) st.hands[p][t] = 2;
    const GenericPosition pos(v, st);
    MoveList plain;
    pos.legal_moves(plain);
    ScoredMoveList scored;
    pos.generate(MoveKind::Legal, scored);
    ASSERT_GT(plain.size(), 4 * ScoredMoveList::kInline);
    EXPECT_TRUE(scored.spilled());
    EXPECT_EQ(MoveList(scored.begin(), scored.end()), plain);
    for (std::size_t i = 0; i < scored.size(); ++i) scored[i].score = static_cast<int>(i);
    const ScoredMoveList copy = scored;
    ASSERT_EQ(copy.size(), plain.size());
    for (std::size_t i = 0; i < copy.size(); ++i) {
        ASSERT_EQ(copy[i].move, plain[i]);
        ASSERT_EQ(copy[i].score, static_cast<int>(i));
    }
    ::testing::Test::RecordProperty("moves", static_cast<int>(plain.size()));

    const auto nine = seireigi::testing::variant("seireigi");
    ScoredMoveList start;
    GenericPosition(nine, start_state(*nine)).generate(MoveKind::Legal, start);
    EXPECT_EQ(start.size(), 30u);
    EXPECT_FALSE(start.spilled());
}

// A planted difference: a position whose static exchange is one centipawn too optimistic for
// captures.
class OptimisticExchange : public GenericPosition {
  public:
    using GenericPosition::GenericPosition;
    int see(Move m) const {
        return GenericPosition::see(m) + (!m.is_drop() && piece_on(m.to()) != kEmpty);
    }
    bool see_ge(Move m, int threshold) const { return see(m) >= threshold; }
};

TEST(KindCheck, FindsAPlantedExchangeDifference) {
    const auto v = seireigi::testing::variant("seireigi");
    const KindCheckReport r = check_kinds<OptimisticExchange>(v, start_state(*v), 7, 4, 80);
    ASSERT_TRUE(r.difference);
    EXPECT_NE(r.difference->find("see_ge"), std::string::npos) << *r.difference;
}

TEST(KindCheck, FindsAPlantedDifference) {
    const auto v = seireigi::testing::variant("seireigi");
    const KindCheckReport r = check_kinds<MissingCapture>(v, start_state(*v), 7, 4, 80);
    ASSERT_TRUE(r.difference);
    EXPECT_NE(r.difference->find("captures list"), std::string::npos) << *r.difference;
}

}  // namespace
}  // namespace seireigi
