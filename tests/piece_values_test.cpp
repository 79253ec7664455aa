// Derived piece values (framework/rules/piece_values.h) keep the order every shogi player knows,
// and every piece of a large variant is worth something. This test names pieces: it checks the
// values against what people know of them.
#include <gtest/gtest.h>

#include <string>

#include "rules/betza.h"
#include "rules/piece_values.h"
#include "test_support.h"

namespace seireigi {
namespace {

int value_of(const Variant& v, const std::string& catalogue_id) {
    const PieceType t = v.find_type(catalogue_id);
    if (t == kNoType) throw std::runtime_error(v.name + " has no piece " + catalogue_id);
    EXPECT_EQ(v.types[t].id, catalogue_id);
    return v.types[t].value;
}

void expect_shogi_order(const std::string& variant_name) {
    SCOPED_TRACE(variant_name);
    const auto v = testing::variant(variant_name);
    const int pawn = value_of(*v, "pawn"), silver = value_of(*v, "silver"),
              gold = value_of(*v, "gold"), bishop = value_of(*v, "bishop"),
              rook = value_of(*v, "rook"), dragon = value_of(*v, "dragon_king");
    EXPECT_GT(rook, bishop);
    EXPECT_GT(bishop, gold);
    EXPECT_GT(gold, silver);
    EXPECT_GT(silver, pawn);
    EXPECT_GT(pawn, 0);
    EXPECT_GT(dragon, rook);
}

TEST(PieceValues, ShogiOrderOnSeireigi) {
    expect_shogi_order("seireigi");
}
TEST(PieceValues, ShogiOrderOnShogi) {
    expect_shogi_order("shogi");
}

TEST(PieceValues, EveryDaiPieceHasAPositiveValue) {
    const auto v = testing::variant("dai-seireigi");
    ASSERT_GE(v->types.size(), 31u);
    for (const auto& t : v->types) {
        if (t.royal) continue;  // the King is never material
        EXPECT_GT(t.value, 0) << t.id;
        if (t.is_base) {
            EXPECT_GT(t.hand_value, 0) << t.id;
        }
    }
}

TEST(PieceValues, EveryDaiPieceIsValuedFromEverySquare) {
    const auto v = testing::variant("dai-seireigi");
    for (int t = 0; t < static_cast<int>(v->types.size()); ++t) {
        if (v->types[t].royal) continue;
        const DerivedValue d = derive_piece_value(*v, t);
        EXPECT_EQ(d.start_squares, v->geo.squares()) << v->types[t].id;
        // (The catalogue's own value, where it gives one, takes the place of the derived one.)
        EXPECT_EQ(d.value, derived_piece_value(*v, t)) << v->types[t].id;
    }
}

TEST(PieceValues, HeavyPathsOnTheLargestBoardAreValuedFromASample) {
    // Valued from all 676 squares, mamaQ3 would step onto 5.6 million squares.
    const auto v =
        testing::variant(testing::source_path("tests/data/variants/heavy-paths-26x26.yaml"));
    const DerivedValue d = derive_piece_value(*v, v->find_type("hook_of_hooks"));
    EXPECT_LE(d.squares_walked, kMaxValueWalk + 9L * betza::kMaxSquaresVisited);
    EXPECT_LT(d.start_squares, v->geo.squares());
    EXPECT_GT(d.value, 100);
}

}  // namespace
}  // namespace seireigi
