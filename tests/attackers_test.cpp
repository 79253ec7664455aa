// attackers(by, s), the search contract's count of the pieces of `by` that attack a square (the
// evaluation's King safety reads it): hand-counted squares of the start position, and the fast
// and the generic position agreeing on every square for both players along random games.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <random>
#include <string>

#include "fast/fast_position.h"
#include "position/generic_position.h"
#include "search/evaluation.h"
#include "test_support.h"
#include "text/notation.h"

namespace seireigi {
namespace {

template <class P>
class AttackersTest : public ::testing::Test {};

using Implementations = ::testing::Types<GenericPosition, FastPosition>;
TYPED_TEST_SUITE(AttackersTest, Implementations);

Square square_of(const Variant& v, const std::string& text) {
    auto r = parse_move_text(v, "P*" + text);
    if (auto* d = std::get_if<Diagnostic>(&r)) throw std::runtime_error(d->text());
    return std::get<MoveText>(r).to;
}

TYPED_TEST(AttackersTest, StartPositionCountedByHand) {
    const auto v = seireigi::testing::variant("seireigi");
    const TypeParam pos(v, start_state(*v));
    // 5h: Sente's King, both Golds and the Rook along the empty rank h.
    EXPECT_EQ(pos.attackers(0, square_of(*v, "5h")), 4);
    EXPECT_EQ(pos.attackers(1, square_of(*v, "5h")), 0);
    // 5a, Gote's King's own square (occupied; the occupant does not count): the two Golds.
    EXPECT_EQ(pos.attackers(1, square_of(*v, "5a")), 2);
    // 7f: Sente's pawn on 7g (the Bishop on 8h stands behind it); 7d: Gote's pawn on 7c.
    EXPECT_EQ(pos.attackers(0, square_of(*v, "7f")), 1);
    EXPECT_EQ(pos.attackers(1, square_of(*v, "7d")), 1);
    // 1b: Gote's Lance on 1a (the Bishop on 2b moves diagonally, the Knight on 2a jumps).
    EXPECT_EQ(pos.attackers(1, square_of(*v, "1b")), 1);
    // Mobility at the start: 9 Pawn steps; the Lances 1 each (1h, 9h); the Knights none; the
    // Silvers 2 each (3h 4h; 7h 6h); the Golds 3 each (3h 4h 5h; 5h 6h 7h); the Bishop none;
    // the Rook 6 (3h to 7h, 1h). The King is not counted.
    EXPECT_EQ(pos.mobility(0), 9 + 2 + 4 + 6 + 6);
    EXPECT_EQ(pos.mobility(1), pos.mobility(0));
}

// Start position: a Bishop Sente dropped would reach 5e's square from the empty squares of
// its diagonals (9a-1i and 1a-9i lines through 5e, as far as the pieces on ranks c and g).
TYPED_TEST(AttackersTest, DropAttacksCountedByHand) {
    const auto v = seireigi::testing::variant("seireigi");
    const TypeParam pos(v, start_state(*v));
    PieceType bishop = kNoType, rook = kNoType;
    for (PieceType t : v->hand_types) {
        if (v->types[static_cast<std::size_t>(t)].abbr == "B") bishop = t;
        if (v->types[static_cast<std::size_t>(t)].abbr == "R") rook = t;
    }
    ASSERT_NE(bishop, kNoType);
    std::vector<Square> out(static_cast<std::size_t>(v->geo.squares()));
    // 5e: 4d 6d 4f 6f (rank c and g hold pawns).
    EXPECT_EQ(pos.drop_attacks(0, bishop, square_of(*v, "5e"), out.data()), 4);
    // A Rook to 5e: 5d 5f along the file, and the 8 other squares of rank e.
    EXPECT_EQ(pos.drop_attacks(1, rook, square_of(*v, "5e"), out.data()), 2 + 8);
}

// Ten Sente pieces attack 5e (eight Dragons around it, two Knights): more than the fast
// position's attack map counts per square in one pass, so it counts piece by piece; both ways
// must give the generic position's figures.
TEST(Attackers, CrowdedSquareCountedExactly) {
    const auto v = seireigi::testing::variant("seireigi");
    const auto read = read_position(*v, "8k/9/9/3+R+R+R3/3+R1+R3/3+R+R+R3/3N1N3/9/K8 b - 1");
    ASSERT_TRUE(std::holds_alternative<PositionState>(read));
    const PositionState& state = std::get<PositionState>(read);
    const GenericPosition generic(v, state);
    const FastPosition fast(v, state);
    const Square e5 = square_of(*v, "5e");
    ASSERT_EQ(generic.attackers(0, e5), 10);
    EXPECT_EQ(fast.attackers(0, e5), 10);
    for (Player p = 0; p < 2; ++p) {
        const FastPosition::AttackMap map = fast.attack_map(p);
        EXPECT_EQ(map.mobility, generic.mobility(p)) << "player " << p;
        for (Square s = 0; s < v->geo.squares(); ++s)
            ASSERT_EQ(map.count(s), std::min(generic.attackers(p, s), 2))
                << "player " << p << " square " << s;
    }
}

// Calls check(generic, fast, ply) on each position of `games` seeded random games (up to
// `plies` moves each) played on a generic and a fast position alike; stops at a fatal failure.
template <class Check>
void along_random_games(const std::shared_ptr<const Variant>& v, unsigned seed, int games,
                        int plies, Check&& check) {
    std::mt19937_64 rng(seed);
    for (int g = 0; g < games; ++g) {
        GenericPosition generic(v, start_state(*v));
        FastPosition fast(v, start_state(*v));
        for (int ply = 0; ply < plies; ++ply) {
            check(generic, fast, ply);
            if (::testing::Test::HasFatalFailure()) return;
            MoveList legal;
            generic.legal_moves(legal);
            if (legal.empty()) break;
            const Move m = legal[rng() % legal.size()];
            generic.do_move(m);
            fast.do_move(m);
        }
    }
}

TEST(Attackers, FastAndGenericAgreeAlongRandomGames) {
    const auto v = seireigi::testing::variant("seireigi");
    int positions = 0, attacked = 0, dropped_attacks = 0;
    along_random_games(v, 5, 8, 150, [&](GenericPosition& generic, FastPosition& fast, int ply) {
        ++positions;
        for (Player by = 0; by < 2; ++by)
            for (Square s = 0; s < v->geo.squares(); ++s) {
                const int n = generic.attackers(by, s);
                ASSERT_EQ(fast.attackers(by, s), n)
                    << write_position(*v, generic.state()) << " player " << by << " square " << s;
                attacked += n > 0;
            }
        for (Player p = 0; p < 2; ++p) {
            ASSERT_EQ(fast.mobility(p), generic.mobility(p))
                << write_position(*v, generic.state()) << " player " << p;
            // The fast position's one-pass map says the same, counted up to 2.
            const FastPosition::AttackMap map = fast.attack_map(p);
            ASSERT_EQ(map.mobility, generic.mobility(p));
            for (Square s = 0; s < v->geo.squares(); ++s)
                ASSERT_EQ(map.count(s), std::min(generic.attackers(p, s), 2))
                    << write_position(*v, generic.state()) << " player " << p << " square " << s;
        }
        // The squares a drop would attack from, for every hand type, player and square
        // (every fifth position: the generic walk is slow), as sets.
        if (ply % 5 == 0)
            for (Player by = 0; by < 2; ++by)
                for (PieceType t : v->hand_types)
                    for (Square s = 0; s < v->geo.squares(); ++s) {
                        std::vector<Square> a(static_cast<std::size_t>(v->geo.squares()));
                        std::vector<Square> b(a.size());
                        a.resize(static_cast<std::size_t>(fast.drop_attacks(by, t, s, a.data())));
                        b.resize(
                            static_cast<std::size_t>(generic.drop_attacks(by, t, s, b.data())));
                        std::sort(a.begin(), a.end());
                        std::sort(b.begin(), b.end());
                        ASSERT_EQ(a, b) << write_position(*v, generic.state()) << " player " << by
                                        << " type " << t << " square " << s;
                        for (Square x : a) ASSERT_EQ(fast.piece_on(x), kEmpty);
                        dropped_attacks += static_cast<int>(a.size());
                    }
    });
    EXPECT_GT(positions, 500);
    EXPECT_GT(attacked, 10000);
    EXPECT_GT(dropped_attacks, 10000);
}

// The fast position's King-zone counts and unguarded drop checks (set operations on its attack
// maps) equal the evaluation's square-by-square counts on the generic position, along random
// games, for both Kings and every hand type.
TEST(Attackers, KingZoneCountsAgreeAlongRandomGames) {
    const auto v = seireigi::testing::variant("seireigi");
    const search::Evaluator evaluator(*v);
    int zones = 0, held = 0, unguarded = 0;
    // Many games: a type in hand with a square to check from unguarded is rare in random play.
    along_random_games(v, 9, 200, 150, [&](GenericPosition& generic, FastPosition& fast, int) {
        const auto attacks_on = [&](Player q, Square s) {
            return std::min(generic.attackers(q, s), 2);
        };
        const FastPosition::AttackMap maps[2] = {fast.attack_map(0), fast.attack_map(1)};
        for (Square k = 0; k < v->geo.squares(); ++k) {
            const PieceCode pc = generic.piece_on(k);
            if (pc == kEmpty || !v->types[static_cast<std::size_t>(type_of(pc))].royal) continue;
            const Player p = owner_of(pc);
            const KingZoneCounts expected = evaluator.count_king_zone(generic, p, k, attacks_on);
            ASSERT_EQ(fast.king_zone(p, k, maps[p], maps[1 - p]), expected)
                << write_position(*v, generic.state()) << " player " << p;
            ++zones;
            // Each hand type worth its own bit, so the sum names the types counted.
            std::vector<int> worth(v->types.size(), 0);
            int expected_worth = 0;
            std::vector<Square> from(static_cast<std::size_t>(v->geo.squares()));
            for (std::size_t i = 0; i < v->hand_types.size(); ++i) {
                const PieceType t = v->hand_types[i];
                worth[static_cast<std::size_t>(t)] = 1 << i;
                if (!generic.hand_count(1 - p, t)) continue;
                ++held;
                const int n = generic.drop_attacks(1 - p, t, k, from.data());
                bool any = false;
                for (int j = 0; j < n; ++j)
                    any = any || attacks_on(p, from[static_cast<std::size_t>(j)]) == 0;
                if (any) expected_worth += 1 << i;
                unguarded += any;
            }
            ASSERT_EQ(fast.unguarded_drop_check_worth(1 - p, k, maps[p], worth.data()),
                      expected_worth)
                << write_position(*v, generic.state()) << " player " << p;
        }
    });
    EXPECT_GT(zones, 1000);
    EXPECT_GT(held, 1000);
    EXPECT_GT(unguarded, 1000);
}

// The fast position's sums over the enemy pieces on the rings around a square (a bitboard walk)
// equal the sums square by square, for every square and both players; the two rings read two
// different tables.
TEST(Attackers, EnemyRingSumsAgreeAlongRandomGames) {
    const auto v = seireigi::testing::variant("seireigi");
    const Geometry& g = v->geo;
    std::array<int, 256> near_by_face{}, far_by_face{};
    for (std::size_t f = 0; f < near_by_face.size(); ++f) {
        near_by_face[f] = static_cast<int>(f * f + 1);
        far_by_face[f] = static_cast<int>(3 * f + 7);
    }
    int nonzero = 0;
    along_random_games(v, 11, 8, 150, [&](GenericPosition& generic, FastPosition& fast, int) {
        for (Square s = 0; s < g.squares(); ++s)
            for (Player p = 0; p < 2; ++p) {
                std::pair<int, int> expected{0, 0};
                for (Square n = 0; n < g.squares(); ++n) {
                    const PieceCode pc = generic.piece_on(n);
                    const int distance =
                        std::max(std::abs(g.x_of(n) - g.x_of(s)), std::abs(g.y_of(n) - g.y_of(s)));
                    if (pc == kEmpty || owner_of(pc) == p) continue;
                    const auto face = static_cast<std::size_t>(face_of(pc));
                    if (distance == 1) expected.first += near_by_face[face];
                    if (distance == 2) expected.second += far_by_face[face];
                }
                ASSERT_EQ(fast.enemy_ring_sums(p, s, near_by_face.data(), far_by_face.data()),
                          expected)
                    << write_position(*v, generic.state()) << " player " << p << " square " << s;
                nonzero += expected.first != 0;
                nonzero += expected.second != 0;
            }
    });
    EXPECT_GT(nonzero, 10000);
}

// The fast position's nearness of a player's pieces to a square (counts within growing boxes)
// equals the sum piece by piece, for every square, both players and two spans.
TEST(Attackers, NearnessSumsAgreeAlongRandomGames) {
    const auto v = seireigi::testing::variant("seireigi");
    const Geometry& g = v->geo;
    int nonzero = 0;
    along_random_games(v, 19, 8, 150, [&](GenericPosition& generic, FastPosition& fast, int) {
        for (Square s = 0; s < g.squares(); ++s)
            for (Player p = 0; p < 2; ++p)
                for (const int span : {9, 12}) {
                    int expected = 0;
                    for (Square n = 0; n < g.squares(); ++n) {
                        const PieceCode pc = generic.piece_on(n);
                        if (pc == kEmpty || owner_of(pc) != p || v->types[type_of(pc)].royal)
                            continue;
                        expected += span - std::max(std::abs(g.x_of(n) - g.x_of(s)),
                                                    std::abs(g.y_of(n) - g.y_of(s)));
                    }
                    ASSERT_EQ(fast.nearness(p, s, span), expected)
                        << write_position(*v, generic.state()) << " player " << p << " square " << s
                        << " span " << span;
                    nonzero += expected != 0;
                }
    });
    EXPECT_GT(nonzero, 10000);
}

// The material and square terms and the hand values that the fast position keeps summed as its
// pieces move, are captured and are dropped (moves made and taken back) give the evaluation the
// generic position's board walk gives, along random games.
TEST(Attackers, SquareSumsAgreeAlongRandomGames) {
    const auto v = seireigi::testing::variant("seireigi");
    const search::Evaluator evaluator(*v);
    std::mt19937_64 rng(17);
    int positions = 0;
    along_random_games(v, 13, 8, 150, [&](GenericPosition& generic, FastPosition& fast, int ply) {
        if (ply == 0) evaluator.keep_square_sums(fast);
        ASSERT_EQ(evaluator.evaluate(fast), evaluator.evaluate(generic))
            << write_position(*v, generic.state());
        MoveList legal;
        fast.legal_moves(legal);
        for (int i = 0; i < 4 && !legal.empty(); ++i) {
            fast.do_move(legal[rng() % legal.size()]);
            fast.undo_move();
        }
        ASSERT_EQ(evaluator.evaluate(fast), evaluator.evaluate(generic))
            << write_position(*v, generic.state()) << " after moves made and taken back";
        ++positions;
    });
    EXPECT_GT(positions, 500);
}

}  // namespace
}  // namespace seireigi
