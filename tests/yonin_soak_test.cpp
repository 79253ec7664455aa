// 300 seeded Yonin Seireigi games per setup, with the checks of yonin_soak.h after every move.
// 10,000 per setup run under tests/long/.
#include <gtest/gtest.h>

#include "test_support.h"
#include "yonin_soak.h"

namespace seireigi {
namespace {

class YoninSoak : public ::testing::TestWithParam<const char*> {};

TEST_P(YoninSoak, TurnProcedureInvariantsHold) {
    const auto v = testing::variant(GetParam());
    testing::SoakTotals totals;
    ASSERT_NO_FATAL_FAILURE(testing::soak_games(v, 300, 200, 6, totals));
    RecordProperty("positions", totals.positions);
    std::cout << GetParam() << ": " << totals.games << " games, " << totals.positions
              << " positions, " << totals.eliminations << " eliminations, " << totals.skips
              << " skips, " << totals.won << " won, " << totals.drawn << " drawn\n";
    testing::require_soak_coverage(totals);
}

// Games through the Game, saved and resumed (the record format of docs/records.md).
TEST_P(YoninSoak, SavedAndResumedGamesAreIdentical) {
    const auto v = testing::variant(GetParam());
    testing::RecordSoakTotals totals;
    ASSERT_NO_FATAL_FAILURE(testing::soak_game_records(v, 300, 200, 8, totals));
    std::cout << GetParam() << ": " << totals.games << " games, " << totals.moves << " moves, "
              << totals.undos << " undos, " << totals.resignations << " resignations, "
              << totals.events << " events, " << totals.over << " ended by the rules\n";
    testing::require_soak_coverage(totals);
}

INSTANTIATE_TEST_SUITE_P(Setups, YoninSoak,
                         ::testing::Values("yonin-seireigi-compact", "yonin-seireigi-complete"),
                         [](const auto& info) {
                             return std::string(info.param).substr(15);  // "compact", "complete"
                         });

}  // namespace
}  // namespace seireigi
