// The large perft numbers of tests/data/perft.txt (ctest label `long`).
#include <gtest/gtest.h>

#include "check/perft.h"
#include "perft_data.h"
#include "position/generic_position.h"
#include "test_support.h"

namespace seireigi {
namespace {

TEST(PerftLong, PublishedNumbersGenericEngine) {
    const auto cases = testing::read_perft_cases(testing::source_path("tests/data/perft.txt"));
    for (const auto& c : cases) {
        if (c.nodes <= 60'000'000) continue;
        SCOPED_TRACE(c.variant + " " + c.position + " depth " + std::to_string(c.depth));
        auto v = testing::variant(c.variant);
        GenericPosition pos(v, testing::position(*v, c.position));
        EXPECT_EQ(perft(pos, c.depth), BigCount(c.nodes));
    }
}

}  // namespace
}  // namespace seireigi
