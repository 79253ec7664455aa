// The Position contract conformance suite (docs/architecture.md decision 6): one typed test suite
// that every implementation of position_contract.h must pass. Adding an implementation is one line:
// add its type to `Implementations` below.
//
// Each implementation is also compared with an oracle (the reference generator, or for the
// reference generator itself the generic position) on in_check, has_legal_move and gives_check.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "check/perft.h"
#include "fast/fast_position.h"
#include "position/generic_position.h"
#include "position/position_contract.h"
#include "position/reference_position.h"
#include "rules/variant.h"
#include "test_support.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

// The engine each implementation is compared with.
template <class P>
using Oracle =
    std::conditional_t<std::is_same_v<P, ReferencePosition>, GenericPosition, ReferencePosition>;

// The reference generator is too slow for the deeper perft counts.
template <class P>
constexpr bool kIsSlow = std::is_same_v<P, ReferencePosition>;

// The Zobrist key of the position computed from scratch: by the implementation itself where it
// can, else by the generic engine, whose key every engine must equal.
template <class P>
std::uint64_t scratch_key(const P& pos, const std::shared_ptr<const Variant>& v) {
    if constexpr (requires { pos.compute_key(); })
        return pos.compute_key();
    else
        return GenericPosition(v, pos.state()).key();
}

// Random play: from the start position, up to `plies` random legal moves, calling
// visit(pos, moves) at every position reached (the start included) with its legal moves. Stops
// early when the side to move has no legal move or a check failed. Moves are picked with rng() % n
// so that the games are the same on every platform.
template <class P, class Visit>
void random_game(P& pos, std::mt19937_64& rng, int plies, Visit&& visit) {
    for (int ply = 0;; ++ply) {
        MoveList moves;
        pos.legal_moves(moves);
        visit(pos, moves);
        if (ply == plies || moves.empty() || ::testing::Test::HasFatalFailure()) return;
        pos.do_move(moves[rng() % moves.size()]);
    }
}

// Whether an implementation plays a variant: the fast 9x9 engine plays only standard Seireigi
// (FastPosition::supports); its tests skip the other variants.
template <class P>
bool plays(const Variant& v) {
    if constexpr (requires { P::supports(v); })
        return P::supports(v);
    else
        return true;
}

// The variants of a test the engine refuses: each is skipped, and the test reports it at its
// end with GTEST_SKIP (the variants the engine plays are checked all the same).
struct Refused {
    std::string names;
    template <class P>
    bool check(const Variant& v, const std::string& name) {
        if (plays<P>(v)) return false;
        names += " " + name;
        return true;
    }
};
#define SKIP_IF_REFUSED(refused) \
    if (!(refused).names.empty()) GTEST_SKIP() << "not played by this engine:" << (refused).names

template <class P>
class PositionContractTest : public ::testing::Test {};

using Implementations = ::testing::Types<GenericPosition, ReferencePosition, FastPosition>;
TYPED_TEST_SUITE(PositionContractTest, Implementations);

TYPED_TEST(PositionContractTest, StartPositionMoveCounts) {
    Refused refused;
    for (const auto& [name, expected] : std::vector<std::pair<std::string, std::size_t>>{
             {"seireigi", 30}, {"shogi", 30}, {"minishogi", 14}}) {
        const auto v = testing::variant(name);
        if (refused.check<TypeParam>(*v, name)) continue;
        const TypeParam pos(v, start_state(*v));
        MoveList moves;
        pos.legal_moves(moves);
        EXPECT_EQ(moves.size(), expected) << name;
        EXPECT_EQ(pos.side_to_move(), v->starting_player) << name;
        for (Move m : moves) EXPECT_TRUE(pos.is_legal(m)) << name << " " << write_move(*v, m);
    }
    SKIP_IF_REFUSED(refused);
}

TYPED_TEST(PositionContractTest, DoUndoRestoresStateAndKey) {
    Refused refused;
    for (const std::string name : {"seireigi", "minishogi"}) {
        const auto v = testing::variant(name);
        if (refused.check<TypeParam>(*v, name)) continue;
        const PositionState start = start_state(*v);
        TypeParam pos(v, start);
        std::mt19937_64 rng(20240601);
        int played = 0;
        random_game(pos, rng, 120, [&](TypeParam& p, const MoveList& moves) {
            const PositionState before = p.state();
            const std::uint64_t key = p.key();
            for (Move m : moves) {
                p.do_move(m);
                p.undo_move();
                ASSERT_TRUE(p.state() == before)
                    << write_position(*v, before) << " " << write_move(*v, m);
                ASSERT_EQ(p.key(), key) << write_position(*v, before) << " " << write_move(*v, m);
            }
            ++played;
        });
        // Undoing the whole game leads back to the start.
        for (int i = 1; i < played; ++i) pos.undo_move();
        EXPECT_TRUE(pos.state() == start) << name;
        EXPECT_EQ(pos.key(), TypeParam(v, start).key()) << name;
    }
    SKIP_IF_REFUSED(refused);
}

TYPED_TEST(PositionContractTest, KeyEqualsScratchKeyDuringRandomPlay) {
    const auto v = testing::variant("seireigi");
    std::mt19937_64 rng(7);
    int moves_checked = 0;
    while (moves_checked < 1000 && !::testing::Test::HasFatalFailure()) {
        TypeParam pos(v, start_state(*v));
        random_game(pos, rng, 250, [&](TypeParam& p, const MoveList&) {
            ASSERT_EQ(p.key(), scratch_key(p, v)) << write_position(*v, p.state());
            ++moves_checked;
        });
    }
}

TYPED_TEST(PositionContractTest, LegalMovesAreDuplicateFree) {
    Refused refused;
    for (const std::string name : {"seireigi", "shogi", "minishogi"}) {
        const auto v = testing::variant(name);
        if (refused.check<TypeParam>(*v, name)) continue;
        std::mt19937_64 rng(11);
        for (int game = 0; game < 3; ++game) {
            TypeParam pos(v, start_state(*v));
            random_game(pos, rng, 150, [&](TypeParam& p, const MoveList& moves) {
                MoveList sorted = moves;
                std::sort(sorted.begin(), sorted.end());
                const auto dup = std::adjacent_find(sorted.begin(), sorted.end());
                ASSERT_EQ(dup, sorted.end()) << write_position(*v, p.state()) << " lists "
                                             << write_move(*v, *dup) << " twice";
            });
        }
    }
    SKIP_IF_REFUSED(refused);
}

// in_check, has_legal_move and gives_check agree with the oracle. The games prefer checking
// moves half of the time so that checks, and now and then mates, are common.
TYPED_TEST(PositionContractTest, CheckQueriesAgreeWithOracle) {
    Refused refused;
    using Other = Oracle<TypeParam>;
    for (const std::string name : {"seireigi", "minishogi"}) {
        const auto v = testing::variant(name);
        if (refused.check<TypeParam>(*v, name)) continue;
        std::mt19937_64 rng(99);
        int positions = 0, checks = 0, mates = 0;
        for (int game = 0; game < 6; ++game) {
            TypeParam pos(v, start_state(*v));
            for (int ply = 0; ply < 120; ++ply) {
                const PositionState st = pos.state();
                const Other other(v, st);
                const std::string where = name + " " + write_position(*v, st);
                ++positions;
                for (Player p = 0; p < v->num_players(); ++p) {
                    ASSERT_EQ(pos.in_check(p), other.in_check(p)) << where << " player " << p;
                    ASSERT_EQ(pos.has_legal_move(p), other.has_legal_move(p))
                        << where << " player " << p;
                }
                MoveList moves, checking;
                pos.legal_moves(moves);
                for (Move m : moves) {
                    const bool check = pos.gives_check(m);
                    ASSERT_EQ(check, other.gives_check(m)) << where << " " << write_move(*v, m);
                    if (check) checking.push_back(m);
                }
                if (pos.in_check(pos.side_to_move())) ++checks;
                if (moves.empty()) {
                    mates += pos.in_check(pos.side_to_move());
                    break;
                }
                const MoveList& pick_from = !checking.empty() && rng() % 2 ? checking : moves;
                pos.do_move(pick_from[rng() % pick_from.size()]);
            }
        }
        // The games must actually reach checks for the comparison to mean something.
        EXPECT_GT(checks, 10) << name << ": " << positions << " positions";
        ::testing::Test::RecordProperty(name + "_checks", checks);
        ::testing::Test::RecordProperty(name + "_mates", mates);
    }
    SKIP_IF_REFUSED(refused);
}

TYPED_TEST(PositionContractTest, PerftShogiStart) {
    const auto v = testing::variant("shogi");
    if (!plays<TypeParam>(*v)) GTEST_SKIP() << "not played by this engine";
    TypeParam pos(v, start_state(*v));
    const std::uint64_t expected[] = {1, 30, 900, 25470, 719731};
    const int max_depth = kIsSlow<TypeParam> ? 3 : 4;
    for (int d = 1; d <= max_depth; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
    EXPECT_TRUE(pos.state() == start_state(*v));
}

// Seireigi's own perft (tests/data/perft.txt), so that the fast engine has a typed perft check.
TYPED_TEST(PositionContractTest, PerftSeireigiStart) {
    const auto v = testing::variant("seireigi");
    if (!plays<TypeParam>(*v)) GTEST_SKIP() << "not played by this engine";
    TypeParam pos(v, start_state(*v));
    const std::uint64_t expected[] = {1, 30, 900, 25470, 719731};
    const int max_depth = kIsSlow<TypeParam> ? 3 : 4;
    for (int d = 1; d <= max_depth; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
    EXPECT_TRUE(pos.state() == start_state(*v));
}

TYPED_TEST(PositionContractTest, PerftMinishogiStart) {
    const auto v = testing::variant("minishogi");
    if (!plays<TypeParam>(*v)) GTEST_SKIP() << "not played by this engine";
    TypeParam pos(v, start_state(*v));
    const std::uint64_t expected[] = {1, 14, 181, 2512, 35401};
    for (int d = 1; d <= 4; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
}

}  // namespace
}  // namespace seireigi
