// Perft against published numbers (tests/data/perft.txt), with the generic engine.
#include <gtest/gtest.h>

#include "check/perft.h"
#include "perft_data.h"
#include "position/generic_position.h"
#include "test_support.h"

namespace seireigi {
namespace {

constexpr std::uint64_t kDefaultLimit = 60'000'000;  // larger entries run under `long`

TEST(Perft, PublishedNumbersGenericEngine) {
    const auto cases = testing::read_perft_cases(testing::source_path("tests/data/perft.txt"));
    ASSERT_GE(cases.size(), 20u);
    int run = 0;
    for (const auto& c : cases) {
        if (c.nodes > kDefaultLimit) continue;
        SCOPED_TRACE(c.variant + " " + c.position + " depth " + std::to_string(c.depth) + " (" +
                     c.source + ")");
        auto v = testing::variant(c.variant);
        GenericPosition pos(v, testing::position(*v, c.position));
        EXPECT_EQ(perft(pos, c.depth), BigCount(c.nodes));
        ++run;
    }
    EXPECT_GE(run, 20);
}

}  // namespace
}  // namespace seireigi
