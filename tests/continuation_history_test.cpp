// The continuation history's table (engine/search/continuation_history.h): distinct keys for
// distinct (player, face, square) on a 9x9 board, keys inside the folded table on Dai Seireigi,
// entries that saturate, and unknown moves that read 0 and are never written.
#include <gtest/gtest.h>

#include <set>

#include "search/continuation_history.h"
#include "test_support.h"

namespace seireigi {
namespace {

using search::ContinuationHistory;

TEST(ContinuationHistory, SeireigiKeysAreDistinct) {
    const auto v = testing::variant("seireigi");
    ContinuationHistory h;
    h.reset(*v, false);
    std::set<int> keys;
    int faces = 0;
    for (std::size_t t = 0; t < v->types.size(); ++t) {
        if (!v->types[t].is_base) continue;
        for (bool promoted : {false, true}) {
            if (promoted && v->types[t].promotes_to == kNoType) continue;
            ++faces;
            for (Player p = 0; p < 2; ++p)
                for (Square s = 0; s < v->geo.squares(); ++s)
                    keys.insert(h.key(p, make_face(static_cast<PieceType>(t), promoted), s));
        }
    }
    EXPECT_EQ(static_cast<int>(keys.size()), 2 * faces * v->geo.squares());
    EXPECT_FALSE(keys.contains(ContinuationHistory::kNone));
}

TEST(ContinuationHistory, LargeBoardsFoldIntoTheTable) {
    const auto v = testing::variant("dai-seireigi");
    ContinuationHistory h;
    h.reset(*v, false);
    for (std::size_t t = 0; t < v->types.size(); ++t) {
        if (!v->types[t].is_base) continue;
        const int k = h.key(1, make_face(static_cast<PieceType>(t), false), v->geo.squares() - 1);
        EXPECT_GE(k, 0);
        EXPECT_LT(k, ContinuationHistory::kMaxKeys);
    }
}

TEST(ContinuationHistory, EntriesSaturateAndUnknownMovesAreIgnored) {
    const auto v = testing::variant("seireigi");
    ContinuationHistory h;
    h.reset(*v, false);
    PieceType base = 0;
    while (!v->types[static_cast<std::size_t>(base)].is_base) ++base;
    const int a = h.key(0, make_face(base, false), 10), b = h.key(1, make_face(base, false), 20);
    ASSERT_NE(a, ContinuationHistory::kNone);
    for (int i = 0; i < 1000; ++i) h.update(a, b, 400);
    EXPECT_LE(h.get(a, b), ContinuationHistory::kSaturation);
    EXPECT_GT(h.get(a, b), ContinuationHistory::kSaturation / 2);
    EXPECT_EQ(h.get(b, a), 0);
    h.update(ContinuationHistory::kNone, b, 400);
    EXPECT_EQ(h.get(ContinuationHistory::kNone, b), 0);
    // A kept table is halved at the next search; a cleared one is empty.
    const int before = h.get(a, b);
    h.reset(*v, true);
    EXPECT_EQ(h.get(a, b), before / 2);
    h.clear();
    EXPECT_EQ(h.get(a, b), 0);
}

}  // namespace
}  // namespace seireigi
