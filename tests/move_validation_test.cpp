// legal(m) and pseudo_legal(m) decide one move without generating the others (a hash or killer
// move, or any bit pattern): on the generic and the fast position they must agree exactly with
// membership in the legal list. Hand-made cases name the traps (a wrong promotion flag, a drop
// of a piece not in hand, a pinned piece, a King stepping into check, drop-pawn mate), and an
// exhaustive sweep asks every well-formed move along random play-outs.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "fast/fast_position.h"
#include "position/generic_position.h"
#include "test_support.h"
#include "text/notation.h"

namespace seireigi {
namespace {

template <class P>
class MoveValidationTest : public ::testing::Test {};

using Implementations = ::testing::Types<GenericPosition, FastPosition>;
TYPED_TEST_SUITE(MoveValidationTest, Implementations);

// The move the text names, legal or not ("5d5c+", "5d5c", "P*1b"): no promotion mark is a move
// without promotion.
Move move_of(const Variant& v, const std::string& text) {
    auto r = parse_move_text(v, text);
    if (auto* d = std::get_if<Diagnostic>(&r)) throw std::runtime_error(d->text());
    const MoveText& mt = std::get<MoveText>(r);
    if (mt.drop) return Move::drop(mt.dropped, mt.to);
    return Move::board(mt.from, mt.to, mt.promotion == MoveText::Promotion::Yes);
}

bool listed(const MoveList& legal, Move m) {
    return std::find(legal.begin(), legal.end(), m) != legal.end();
}

// legal(m) against the list, and pseudo_legal(m) for every legal move.
template <class P>
void expect_agreement(const P& pos, Move m, const std::string& what) {
    MoveList legal;
    pos.legal_moves(legal);
    EXPECT_EQ(pos.legal(m), listed(legal, m)) << what;
    if (listed(legal, m)) {
        EXPECT_TRUE(pos.pseudo_legal(m)) << what;
    }
}

struct Case {
    const char* position;  // Sente to move
    const char* move;
    bool legal;
    const char* why;
};

// Sente moves toward rank a; the zone is ranks a to c.
const Case kCases[] = {
    // Promotion flags.
    {"k8/9/9/4P4/9/9/9/9/4K4 b - 1", "5d5c+", true, "a Pawn may promote entering the zone"},
    {"k8/9/9/4P4/9/9/9/9/4K4 b - 1", "5d5c", true, "... or not"},
    {"k8/4P4/9/9/9/9/9/9/4K4 b - 1", "5b5a", false, "a Pawn must promote on the last rank"},
    {"k8/4P4/9/9/9/9/9/9/4K4 b - 1", "5b5a+", true, "... and may"},
    {"k8/9/9/4N4/9/9/9/9/4K4 b - 1", "5d4b", false, "a Knight must promote on rank b"},
    {"k8/9/9/4N4/9/9/9/9/4K4 b - 1", "5d4b+", true, "... and may"},
    {"k8/9/9/9/4N4/9/9/9/4K4 b - 1", "5e4c", true, "a Knight may stay unpromoted on rank c"},
    {"k8/9/9/9/9/4S4/9/9/4K4 b - 1", "5f5e+", false, "no promotion outside the zone"},
    {"k8/9/9/4G4/9/9/9/9/4K4 b - 1", "5d5c+", true, "the Gold promotes entering the zone"},
    {"k8/9/9/9/4G4/9/9/9/4K4 b - 1", "5e5d+", false, "... not outside it"},
    {"k8/9/4S4/9/9/9/9/9/4K4 b - 1", "5c4d+", true, "promotion leaving the zone"},
    {"k8/9/9/9/9/9/9/9/4K4 b - 1", "5i5h+", false, "the King never promotes"},
    {"k8/9/4+P4/9/9/9/9/9/4K4 b - 1", "5c5b+", false, "a promoted piece does not promote again"},
    {"k8/9/9/9/9/9/9/9/4K4 b - 1", "5i5g", false, "the King steps one square"},
    // Drops.
    {"k8/9/9/9/9/9/9/9/4K4 b G 1", "R*5e", false, "no Rook in hand"},
    {"k8/9/9/9/9/9/9/9/4K4 b G 1", "G*5e", true, "a Gold in hand"},
    {"k8/9/9/9/9/9/9/9/4K4 b G 1", "G*5i", false, "not on an occupied square"},
    {"k8/9/9/9/9/9/9/9/4K4 b P 1", "P*5a", false, "no Pawn drop on the last rank"},
    {"k8/9/9/9/9/9/9/9/4K4 b L 1", "L*5a", false, "no Lance drop on the last rank"},
    {"k8/9/9/9/9/9/9/9/4K4 b L 1", "L*5b", true, "a Lance drop on rank b"},
    {"k8/9/9/9/9/9/9/9/4K4 b N 1", "N*5b", false, "no Knight drop on rank b"},
    {"k8/9/9/9/9/9/9/9/4K4 b N 1", "N*5c", true, "a Knight drop on rank c"},
    {"k8/9/9/9/9/9/6P2/9/4K4 b P 1", "P*3e", false, "nifu"},
    {"k8/9/9/9/9/9/6+P2/9/4K4 b P 1", "P*3e", true, "a Tokin does not count for nifu"},
    {"k8/9/9/9/9/9/9/9/4K4 w P 1", "P*5e", false, "Gote has no Pawn in hand"},
    // Pins.
    {"4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1", "5g4g", false, "the Gold is pinned by the Rook"},
    {"4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1", "5g5f", true, "... and may move along the pin"},
    {"4k4/9/9/9/9/4r4/4G4/9/4K4 b - 1", "5g5f", true, "... or take the pinner"},
    {"4k4/9/9/9/9/9/2b6/9/4K4 b - 1", "5i6h", false, "the King steps along the checking line"},
    {"4k4/9/9/9/9/9/2b6/3S5/4K4 b - 1", "6h6g", false, "the Silver is pinned by the Bishop"},
    {"4k4/9/9/9/9/9/2b6/3S5/4K4 b - 1", "6h7g", true, "... and takes it"},
    // The King and check.
    {"4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i5h", false, "the King steps onto the Rook's rank"},
    {"4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i4i", true, "a square nobody attacks"},
    {"4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i6h", true, "the King takes the Rook"},
    {"4k4/9/9/9/9/9/9/3rg4/4K4 b - 1", "5i6h", false, "... not when the Gold defends it"},
    {"4k4/9/9/9/9/9/9/9/r3K4 b - 1", "5i4i", false, "away along the checking line"},
    {"4k4/9/9/9/9/9/9/9/r3K4 b - 1", "5i4h", true, "off the checking line"},
    {"4k4/9/9/9/9/9/9/G8/r3K4 b - 1", "9h9i", true, "the Gold takes the checker"},
    {"4k4/9/9/9/9/9/9/G8/r3K4 b - 1", "9h8h", false, "a move that ignores the check"},
    {"4k4/9/9/9/9/9/9/9/r3K4 b G 1", "G*7i", true, "a drop that blocks the check"},
    {"4k4/9/9/9/9/9/9/9/r3K4 b G 1", "G*5h", false, "a drop that does not block it"},
    {"4k4/9/9/9/4r4/9/3G1n3/9/4K4 b - 1", "6g5g", false, "double check: a block is not enough"},
    {"4k4/9/9/9/4r4/9/3G1n3/9/4K4 b - 1", "5i6h", true, "double check: the King steps away"},
    // Drop-pawn mate.
    {"8k/9/8G/9/9/9/9/9/4K2L1 b P 1", "P*1b", false, "a Pawn dropped to mate"},
    {"8k/9/8G/9/9/9/9/9/4K4 b P 1", "P*1b", true, "the King escapes to 2a: a Pawn drop check"},
    {"8k/9/9/9/9/9/9/9/4K2L1 b P 1", "P*1b", true, "the King takes the Pawn"},
    {"8k/9/8G/9/9/9/9/9/4K2L1 b GP 1", "G*2b", true, "a Gold may mate by a drop"},
};

TYPED_TEST(MoveValidationTest, HandMadeCases) {
    const auto v = seireigi::testing::variant("seireigi");
    for (const Case& c : kCases) {
        const std::string what = std::string(c.position) + " " + c.move + ": " + c.why;
        const TypeParam pos(v, seireigi::testing::position(*v, c.position));
        const Move m = move_of(*v, c.move);
        EXPECT_EQ(pos.legal(m), c.legal) << what;
        expect_agreement(pos, m, what);
        // The same move with the other promotion flag, decided alike.
        if (!m.is_drop()) {
            const Move flipped = Move::board(m.from(), m.to(), !m.promotes());
            expect_agreement(pos, flipped, what + " (promotion flag flipped)");
        }
    }
}

// Every well-formed move (each from and to square with and without promotion, each hand type on
// each square) at every position of a few random games: legal(m) is membership in the list,
// and pseudo_legal(m) holds for every legal move.
TYPED_TEST(MoveValidationTest, EveryMoveAlongRandomGamesAgreesWithTheList) {
    const auto v = seireigi::testing::variant("seireigi");
    const int squares = v->geo.squares();
    const int games = 6, plies = 120;
    std::mt19937_64 rng(11);
    int positions = 0, checks = 0;
    for (int g = 0; g < games; ++g) {
        TypeParam pos(v, start_state(*v));
        for (int ply = 0; ply < plies; ++ply) {
            ++positions;
            checks += pos.in_check(pos.side_to_move());
            MoveList legal;
            pos.legal_moves(legal);
            std::sort(legal.begin(), legal.end());
            auto ask = [&](Move m) {
                const bool want = std::binary_search(legal.begin(), legal.end(), m);
                ASSERT_EQ(pos.legal(m), want)
                    << write_position(*v, pos.state()) << " " << write_move(*v, m);
                if (want) {
                    ASSERT_TRUE(pos.pseudo_legal(m)) << write_move(*v, m);
                }
            };
            for (Square from = 0; from < squares; ++from)
                for (Square to = 0; to < squares; ++to)
                    for (const bool promote : {false, true}) ask(Move::board(from, to, promote));
            for (const PieceType t : v->hand_types)
                for (Square to = 0; to < squares; ++to) ask(Move::drop(t, to));
            if (::testing::Test::HasFatalFailure() || legal.empty()) break;
            pos.do_move(legal[rng() % legal.size()]);
        }
    }
    EXPECT_GT(positions, 100);
    EXPECT_GT(checks, 0);  // the sweep met positions in check
}

}  // namespace
}  // namespace seireigi
