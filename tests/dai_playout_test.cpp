// Dai Seireigi play-outs and board-size agnosticism (issue 3).
#include <gtest/gtest.h>

#include "check/perft.h"
#include "playout_invariants.h"
#include "test_support.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

TEST(DaiPlayouts, InvariantsHoldAfterEveryMoveOf50SeededGames) {
    auto v = testing::variant("dai-seireigi");
    const int checked = testing::check_playout_invariants(v, 50, 120, 20261122);
    RecordProperty("positions", checked);
    EXPECT_GT(checked, 50 * 60);
}

TEST(BoardSize, SameCodeRuns5x5And9x9And15x15) {
    for (const char* name : {"minishogi", "seireigi", "dai-seireigi"}) {
        auto v = testing::variant(name);
        const int checked = testing::check_playout_invariants(v, 3, 40, 5);
        EXPECT_GT(checked, 40) << name;
    }
}

TEST(BoardSize, NonSquareBoardAndItsMirrorGiveTheSamePerft) {
    auto v = testing::variant(testing::source_path("tests/data/variants/hook-7x11.yaml"));
    auto m = testing::variant(testing::source_path("tests/data/variants/hook-7x11-mirrored.yaml"));
    EXPECT_EQ(v->geo.files, 7);
    EXPECT_EQ(v->geo.ranks, 11);
    GenericPosition a(v, start_state(*v));
    GenericPosition b(m, start_state(*m));
    for (int d = 1; d <= 3; ++d) EXPECT_EQ(perft(a, d), perft(b, d)) << d;
    ReferencePosition ref(v, start_state(*v));
    EXPECT_EQ(perft(ref, 2), perft(a, 2));
}

}  // namespace
}  // namespace seireigi
