// 10,000 seeded Yonin Seireigi games per setup with the soak checks (ctest label long).
#include <gtest/gtest.h>

#include "test_support.h"
#include "yonin_soak.h"

namespace seireigi {
namespace {

TEST(YoninSoakLong, TenThousandGamesPerSetup) {
    for (const char* setup : {"yonin-seireigi-compact", "yonin-seireigi-complete"}) {
        testing::SoakTotals totals;
        ASSERT_NO_FATAL_FAILURE(testing::soak_games(testing::variant(setup), 10000, 200, 7, totals))
            << setup;
        std::cout << setup << ": " << totals.games << " games, " << totals.positions
                  << " positions, " << totals.eliminations << " eliminations, " << totals.skips
                  << " skips, " << totals.won << " won, " << totals.drawn << " drawn\n";
        testing::require_soak_coverage(totals);
    }
}

TEST(YoninSoakLong, TenThousandSavedAndResumedGamesPerSetup) {
    for (const char* setup : {"yonin-seireigi-compact", "yonin-seireigi-complete"}) {
        testing::RecordSoakTotals totals;
        ASSERT_NO_FATAL_FAILURE(
            testing::soak_game_records(testing::variant(setup), 10000, 200, 9, totals))
            << setup;
        std::cout << setup << ": " << totals.games << " games, " << totals.moves << " moves, "
                  << totals.undos << " undos, " << totals.resignations << " resignations, "
                  << totals.events << " events, " << totals.over << " ended by the rules\n";
        testing::require_soak_coverage(totals);
    }
}

}  // namespace
}  // namespace seireigi
