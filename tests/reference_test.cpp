// The naive reference generator (framework/reference_position.h) against the generic engine
// (framework/position.h): sorted legal move lists, keys and states on every position of seeded
// random games; move lists and check queries on the positions of docs/rules.md §C and §E and on
// random positions; perft of the published positions (tests/data/perft.txt).
// A disagreement is reported with the position text and the moves only one engine lists.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "check/perft.h"
#include "perft_data.h"
#include "position/generic_position.h"
#include "position/move_kind.h"
#include "position/reference_position.h"
#include "rules/variant_loader.h"
#include "test_support.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

MoveList sorted_legal_moves(const auto& pos) {
    MoveList moves;
    pos.legal_moves(moves);
    std::sort(moves.begin(), moves.end());
    return moves;
}

// The moves in `a` that are not in `b` (both sorted), as text.
std::string only_in(const Variant& v, const MoveList& a, const MoveList& b) {
    MoveList diff;
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(diff));
    std::string text;
    for (Move m : diff) {
        text += ' ';
        text += write_move(v, m);
    }
    return text.empty() ? " (none)" : text;
}

// Empty when both engines list the same legal moves, else what differs.
std::string compare_moves(const Variant& v, const GenericPosition& gen,
                          const ReferencePosition& ref) {
    const MoveList a = sorted_legal_moves(gen);
    const MoveList b = sorted_legal_moves(ref);
    if (a != b)
        return write_position(v, ref.state()) + "\n  only generic:" + only_in(v, a, b) +
               "\n  only reference:" + only_in(v, b, a);
    // The checking moves, which two players' generic position finds with quick tests of its
    // own (the mate solver's attacking moves), against the reference's gives_check; in a
    // position play can reach (the player not to move is not in check already).
    if (v.num_players() != 2 || ref.in_check(ref.state().to_move ^ 1)) return {};
    MoveList checks, ref_checks;
    gen.generate(MoveKind::Checks, checks);
    std::sort(checks.begin(), checks.end());
    for (Move m : b)
        if (ref.gives_check(m)) ref_checks.push_back(m);
    if (checks == ref_checks) return {};
    return write_position(v, ref.state()) +
           "\n  checks only generic:" + only_in(v, checks, ref_checks) +
           "\n  checks only reference:" + only_in(v, ref_checks, checks);
}

// Plays `games` seeded random games of up to `plies` moves on both engines in step and compares
// them at every position. Returns the number of positions compared.
int cross_check_random_games(const std::shared_ptr<const Variant>& v, int games, int plies,
                             std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    int positions = 0;
    for (int game = 0; game < games; ++game) {
        GenericPosition gen(v, start_state(*v));
        ReferencePosition ref(v, start_state(*v));
        for (int ply = 0;; ++ply) {
            ++positions;
            const std::string diff = compare_moves(*v, gen, ref);
            if (!diff.empty()) {
                ADD_FAILURE() << "game " << game << " ply " << ply << ": " << diff;
                return positions;
            }
            if (!(gen.state() == ref.state()) || gen.key() != ref.key()) {
                ADD_FAILURE() << "game " << game << " ply " << ply << ": states or keys differ at "
                              << write_position(*v, ref.state());
                return positions;
            }
            MoveList moves;
            ref.legal_moves(moves);
            if (ply == plies || moves.empty()) break;
            const Move m = moves[rng() % moves.size()];
            gen.do_move(m);
            ref.do_move(m);
        }
    }
    return positions;
}

// Perft of both engines; on a difference, the first move whose subtree counts differ.
void expect_perft(const std::shared_ptr<const Variant>& v, const PositionState& st, int depth,
                  std::uint64_t expected) {
    GenericPosition gen(v, st);
    ReferencePosition ref(v, st);
    const BigCount g = perft(gen, depth);
    const BigCount r = perft(ref, depth);
    EXPECT_EQ(g, BigCount(expected)) << "generic, depth " << depth;
    EXPECT_EQ(r, BigCount(expected)) << "reference, depth " << depth;
    if (g == r) return;
    const auto gd = perft_divide(gen, depth);
    const auto rd = perft_divide(ref, depth);
    for (const auto& entry : gd) {
        const auto& [m, n] = entry;
        // The lambda captures the entry, not the binding (clang 14 cannot capture bindings).
        const auto it = std::find_if(rd.begin(), rd.end(),
                                     [&entry](const auto& e) { return e.first == entry.first; });
        const BigCount other = it == rd.end() ? BigCount(0) : it->second;
        if (other != n)
            ADD_FAILURE() << write_position(*v, st) << " " << write_move(*v, m) << ": generic " << n
                          << ", reference " << other;
    }
}

// ---- random games -------------------------------------------------------------------------

struct GameSet {
    std::string variant;           // built-in name, or a path under tests/data/variants/
    int plies;                     // length of each game (keeps the test time in bounds)
    bool broad_drop_mate = false;  // override the variant's drop-mate reading with Broad
};

// How ctest and gtest show a parameter.
void PrintTo(const GameSet& set, std::ostream* os) {
    *os << set.variant << (set.broad_drop_mate ? " (broad drop-mate reading)" : "");
}

std::string test_variant_path(const std::string& file) {
    return testing::source_path("tests/data/variants/" + file);
}

std::shared_ptr<const Variant> load(const GameSet& set) {
    if (!set.broad_drop_mate) return testing::variant(set.variant);
    VariantLoadResult r = load_variant(set.variant);
    if (!r.spec) return testing::variant(set.variant);  // throws with the messages
    r.spec->drop_mate_reading = VariantSpec::DropMateReading::Broad;
    return build_variant(*r.spec);
}

class ReferenceRandomGames : public ::testing::TestWithParam<GameSet> {};

TEST_P(ReferenceRandomGames, AgreesWithGenericOnEveryPosition) {
    const GameSet& set = GetParam();
    const auto v = load(set);
    const int positions = cross_check_random_games(v, 200, set.plies, 2024);
    RecordProperty("positions", positions);
    // Every reply to every first move, which the games only sample.
    GenericPosition gen(v, start_state(*v));
    ReferencePosition ref(v, start_state(*v));
    EXPECT_EQ(perft(gen, 2), perft(ref, 2));
}

INSTANTIATE_TEST_SUITE_P(
    Variants, ReferenceRandomGames,
    ::testing::Values(GameSet{"seireigi", 100}, GameSet{"shogi", 100}, GameSet{"minishogi", 100},
                      GameSet{test_variant_path("four-player-test.yaml"), 100},
                      GameSet{test_variant_path("four-player-test.yaml"), 100, true},
                      GameSet{test_variant_path("shogi-eastwest.yaml"), 100},
                      GameSet{test_variant_path("cannon-drops-test.yaml"), 100},
                      GameSet{test_variant_path("big-hook-test.yaml"), 60},
                      GameSet{test_variant_path("multi-leg-9x9.yaml"), 40}),
    [](const ::testing::TestParamInfo<GameSet>& info) {
        std::string name = std::filesystem::path(info.param.variant).stem().string();
        std::replace(name.begin(), name.end(), '-', '_');
        return info.param.broad_drop_mate ? name + "_broad" : name;
    });

// A drop that becomes the screen of an enemy Cannon exposes the dropper's King: the generic
// engine skips the King-safety test of drops only when no enemy path needs a screen.
TEST(ReferenceRulesPositions, DropOpeningAScreenedAttackIsIllegal) {
    const auto v = testing::variant(test_variant_path("cannon-drops-test.yaml"));
    const Move screen = Move::drop(v->find_type("gold"), *v->geo.parse_square("5e"));
    for (const std::string text : {"k3c4/9/9/9/9/9/9/9/4K4 b G 1",     // Cannon on the King's file
                                   "k3r4/9/9/9/9/9/9/9/4K4 b G 1"}) {  // a Rook instead
        SCOPED_TRACE(text);
        const PositionState st = testing::position(*v, text);
        GenericPosition gen(v, st);
        ReferencePosition ref(v, st);
        EXPECT_EQ(compare_moves(*v, gen, ref), "");
        // Behind the Cannon the Gold would be its screen; against the Rook it blocks.
        EXPECT_EQ(gen.is_legal(screen), text[2] == 'r');
        EXPECT_EQ(gen.legal(screen), text[2] == 'r');
    }
}

// ---- positions of docs/rules.md §C and §E, random positions
// ----------------------------------------

// The Seireigi positions whose legal moves the spec states: both engines agree on every move
// list down to depth 3, and the reference generator shows the stated uchifuzume verdicts.
TEST(ReferenceRulesPositions, SeireigiE1AgreesWithGeneric) {
    const auto v = testing::variant("seireigi");
    for (const std::string text : {
             "4k4/9/9/6N2/9/9/9/9/4K4 b - 1",    // #1 forced Knight promotion
             "9/k8/9/9/4+N4/9/9/9/8K b - 1",     // #2 Heavenly Horse
             "9/k8/9/9/4+L4/9/9/9/8K b - 1",     // #3 Free Tiger
             "9/k8/9/9/4+G4/9/9/9/8K b - 1",     // #4 Great Elephant
             "9/k8/9/9/4+S4/9/9/9/8K b - 1",     // #5 Running Wolf
             "4k4/9/9/4G4/9/9/9/9/4K4 b - 1",    // #6 Gold promotes
             "4k4/9/4G4/9/9/9/9/9/4K4 b - 1",    // #6 moving out of the zone
             "7nk/7p1/7S1/9/9/9/9/9/4K4 b P 1",  // #7 uchifuzume
             "7nk/7p1/9/9/9/9/9/9/4K4 b P 1",    // #7 control: P*1b is legal
             "6G1k/9/6S2/9/9/9/9/9/4K4 b P 1",   // #8 drop-pawn stalemate
             "8k/6+R2/9/9/9/9/9/9/4K4 w - 1",    // #9 stalemate
             "4k4/9/9/9/9/9/4P4/9/4K4 b P 1",    // #10 nifu
             "4k4/9/9/9/9/9/4+P4/9/4K4 b P 1",   // #10 a Tokin does not count
             "4k4/9/9/9/9/9/9/9/4K4 b N 1",      // #11 drop ranks
             "4k4/9/9/9/9/9/9/9/4K4 b L 1",      // #11 Lance drops
             "9/7pk/6+Lp1/9/9/9/9/9/4K4 w - 1",  // #12 Free Tiger check
             "4k4/9/9/9/8+G/9/9/9/4K4 w - 1",    // #13 Great Elephant check
         }) {
        SCOPED_TRACE(text);
        const PositionState st = testing::position(*v, text);
        GenericPosition gen(v, st);
        ReferencePosition ref(v, st);
        EXPECT_EQ(compare_moves(*v, gen, ref), "");
        EXPECT_EQ(perft(gen, 3), perft(ref, 3));
    }
    const Move pawn_1b = Move::drop(v->find_type("P"), *v->geo.parse_square("1b"));
    EXPECT_FALSE(ReferencePosition(v, testing::position(*v, "7nk/7p1/7S1/9/9/9/9/9/4K4 b P 1"))
                     .is_legal(pawn_1b));
    EXPECT_TRUE(ReferencePosition(v, testing::position(*v, "7nk/7p1/9/9/9/9/9/9/4K4 b P 1"))
                    .is_legal(pawn_1b));
}

// The comparison can fail: two different positions are told apart.
TEST(ReferenceRulesPositions, ComparisonFindsADifference) {
    const auto v = testing::variant("seireigi");
    GenericPosition gen(v, testing::position(*v, "7nk/7p1/7S1/9/9/9/9/9/4K4 b P 1"));
    ReferencePosition ref(v, testing::position(*v, "7nk/7p1/9/9/9/9/9/9/4K4 b P 1"));
    const std::string diff = compare_moves(*v, gen, ref);
    EXPECT_NE(diff.find("only reference: P*1b"), std::string::npos) << diff;
}

// The diagrams of docs/rules.md §C and §E.3 (hooks, slide-jumps, leaps; some without Kings).
TEST(ReferenceRulesPositions, DaiPieceDiagramsAgreeWithGeneric) {
    const std::string k7x7 = test_variant_path("dai-pieces-7x7.yaml");
    const std::string k9x9 = test_variant_path("dai-pieces-9x9.yaml");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {k7x7, "7/3P2p/7/1G1(HM)1s1/7/1g1n3/7 b - 1"},     // §C.1 Hook Mover
        {k7x7, "7/1s5/4P2/3(CA)3/7/5n1/7 b - 1"},          // §C.2 Capricorn
        {k7x7, "7/1s5/4P2/3+(FF)3/7/5n1/7 b - 1"},         // §C.1 Ancient Dragon
        {k7x7, "7/7/2GGG2/2G(LH)G2/2GGG2/7/7 b - 1"},      // §C.5 Lion Hawk
        {k9x9, "4l4/4n4/4k4/9/9/4s4/4P4/9/4(RG)4 b - 1"},  // §C.3 slide-jump
        {k9x9, "4l4/4n4/4k4/9/9/9/9/9/4(RG)4 w - 1"},      // §C.3 check on a clear line
        {k9x9, "4l4/4n4/4k4/4g4/9/9/9/9/4(RG)4 w - 1"},    // §C.3 one piece blocks it
        {k9x9, "9/9/9/9/4g4/9/9/4K4/4(RG)4 b - 1"},        // §E.3 #3 jumping the own King
        {k9x9, "9/9/9/9/4k4/9/9/9/(HM)7K w - 1"},          // §E.3 #4 hook check, two paths
        {k9x9, "9/9/9/9/p3k4/9/9/9/(HM)7K w - 1"},         // §E.3 #5 no turn at 9e
        {k9x9, "9/9/9/9/4k4/9/9/9/(HM)7K w G 1"},          // #4 with a Gold to interpose
        {k9x9, "9/9/9/9/4k4/9/9/9/(CA)3(HM)3K w S 1"},     // hook and capricorn together
        {k9x9, "4k4/9/9/9/4(LH)4/9/9/9/4K4 b GSP 1"},      // drops beside ring jumps
    };
    for (const auto& [file, text] : cases) {
        SCOPED_TRACE(text);
        const auto v = testing::variant(file);
        const PositionState st = testing::position(*v, text);
        GenericPosition gen(v, st);
        ReferencePosition ref(v, st);
        EXPECT_EQ(compare_moves(*v, gen, ref), "");
        for (Player p = 0; p < 2; ++p) EXPECT_EQ(gen.in_check(p), ref.in_check(p)) << p;
        EXPECT_EQ(perft(gen, 2), perft(ref, 2));
    }
}

// A random position of a variant: 5 to 30 percent of the squares hold a random piece of any
// player (sparse boards keep Kings out of check often enough), each player usually has a King,
// hands hold a few random pieces. With more than two players, one player other than the mover
// may be out of the game: no King, no hand, its pieces neutral (docs/rules.md §D.4). The position
// need not arise in a game (a player not to move may be in check), which does not matter when
// comparing move generators.
PositionState random_position(const Variant& v, std::mt19937_64& rng) {
    PositionState st = empty_state(v);
    const Geometry& g = v.geo;
    const int players = v.num_players();
    auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };
    st.to_move = static_cast<Player>(rng() % players);
    if (players > 2 && chance(30)) {
        const Player out = (st.to_move + 1 + static_cast<int>(rng() % (players - 1))) % players;
        st.active &= static_cast<std::uint8_t>(~(1u << out));
    }
    const int density = 5 + static_cast<int>(rng() % 26);
    for (Square s = 0; s < g.squares(); ++s) {
        if (!chance(density)) continue;
        const Player owner = static_cast<Player>(rng() % players);
        const PieceType t = v.hand_types[rng() % v.hand_types.size()];
        const bool promotable = v.types[t].promotes_to != kNoType;
        // A piece that could never move again unpromoted stands promoted.
        const bool promoted = promotable && (chance(30) || !v.may_stay_unpromoted(owner, t, s));
        st.board[s] = make_piece(owner, t, promoted);
    }
    PieceType king = kNoType;
    for (PieceType t = 0; t < static_cast<PieceType>(v.types.size()); ++t)
        if (v.types[t].royal) king = t;
    for (Player p = 0; p < players; ++p) {
        if (!((st.active >> p) & 1)) continue;
        const Square s = static_cast<Square>(rng() % g.squares());
        if (king != kNoType && chance(80)) st.board[s] = make_piece(p, king, false);
        for (PieceType t : v.hand_types)
            if (chance(15)) st.hands[p][t] = 1 + static_cast<int>(rng() % 2);
    }
    return st;
}

// Random positions with drops of every kind: every Dai Seireigi piece, promoted and not; four
// players facing four ways, with neutral pieces; hooks and slide-jumps on a 15x15 board.
TEST(ReferenceRandomPositions, AgreeWithGeneric) {
    for (const std::string& file :
         {test_variant_path("dai-pieces-9x9.yaml"), test_variant_path("four-player-test.yaml"),
          test_variant_path("big-hook-test.yaml")}) {
        if (!std::filesystem::exists(file)) {
            std::cerr << file << " is not there yet: skipped\n";
            continue;
        }
        const auto v = testing::variant(file);
        std::mt19937_64 rng(31337);
        for (int i = 0; i < 300; ++i) {
            const PositionState st = random_position(*v, rng);
            GenericPosition gen(v, st);
            ReferencePosition ref(v, st);
            // Position text does not show four players' owners, the mover or the active set.
            const std::string where =
                file + " #" + std::to_string(i) + ": " + write_position(*v, st) + " to move " +
                std::to_string(st.to_move) + ", active " + std::to_string(st.active);
            ASSERT_EQ(compare_moves(*v, gen, ref), "") << where;
            for (Player p = 0; p < v->num_players(); ++p) {
                ASSERT_EQ(gen.in_check(p), ref.in_check(p)) << where << ", player " << p;
                ASSERT_EQ(gen.has_legal_move(p), ref.has_legal_move(p))
                    << where << ", player " << p;
            }
            MoveList moves;
            ref.legal_moves(moves);
            for (Move m : moves)
                ASSERT_EQ(gen.gives_check(m), ref.gives_check(m))
                    << where << " " << write_move(*v, m);
        }
    }
}

// ---- published perft ----------------------------------------------------------------------

// Every published number (tests/data/perft.txt) small enough for the reference generator.
TEST(ReferencePerft, PublishedNumbersAgree) {
    constexpr std::uint64_t kLimit = 1'100'000;
    const auto cases = testing::read_perft_cases(testing::source_path("tests/data/perft.txt"));
    int run = 0;
    for (const auto& c : cases) {
        if (c.nodes > kLimit) continue;
        SCOPED_TRACE(c.variant + " " + c.position + " depth " + std::to_string(c.depth) + " (" +
                     c.source + ")");
        const auto v = testing::variant(c.variant);
        expect_perft(v, testing::position(*v, c.position), c.depth, c.nodes);
        ++run;
    }
    EXPECT_GE(run, 15);
}

}  // namespace
}  // namespace seireigi
