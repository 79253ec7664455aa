// The search-facing additions to the Position contract, on the two positions that implement them
// (the generic and the fast one; the naive reference generator stays naive): move generation by
// kind, legal(m) for any bit pattern, gives_check without a copy, the null move. Each is compared
// with its definition along seeded random play-outs.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "check/exchange_reference.h"
#include "check/kind_check.h"
#include "fast/fast_position.h"
#include "position/generic_position.h"
#include "position/move_kind.h"
#include "position/static_exchange.h"
#include "test_support.h"
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
