// 1,000 Dai Seireigi games of up to 300 plies with the play-out invariants (ctest label long).
#include <gtest/gtest.h>

#include "playout_invariants.h"
#include "test_support.h"

namespace seireigi {
namespace {

TEST(DaiPlayoutsLong, InvariantsHoldOver1000GamesOf300Plies) {
    auto v = testing::variant("dai-seireigi");
    const int checked = testing::check_playout_invariants(v, 1000, 300, 1);
    std::cout << "positions checked: " << checked << "\n";
    RecordProperty("positions", checked);
}

}  // namespace
}  // namespace seireigi
