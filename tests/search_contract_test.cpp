// The search-facing additions to the Position contract, on the two positions that implement them
// (the generic and the fast one; the naive reference generator stays naive): move generation by
// kind, legal(m) for any bit pattern, gives_check without a copy, the null move. Each is compared
// with its definition along seeded random play-outs.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "check/kind_check.h"
#include "fast/fast_position.h"
#include "position/generic_position.h"
#include "position/move_kind.h"
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
    using GenericPosition::GenericPosition;
    void generate(MoveKind kind, MoveList& list) const {
        GenericPosition::generate(kind, list);
        if (kind == MoveKind::Captures && !list.empty()) list.pop_back();
    }
};

TEST(KindCheck, FindsAPlantedDifference) {
    const auto v = seireigi::testing::variant("seireigi");
    const KindCheckReport r = check_kinds<MissingCapture>(v, start_state(*v), 7, 4, 80);
    ASSERT_TRUE(r.difference);
    EXPECT_NE(r.difference->find("captures list"), std::string::npos) << *r.difference;
}

}  // namespace
}  // namespace seireigi
