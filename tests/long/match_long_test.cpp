// A bigger `seireigi match` (ctest -L long): the engine at level 1 against the random mover, 40
// games at 1000 nodes per move from the openings file. The issue asks level 1 to win at least
// 90% against random; the table (stdout.txt), the progress (stderr.txt) and the records are left
// in the temporary directory to look at.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "cli_runner.h"

namespace seireigi {
namespace {

TEST(MatchLong, LevelOneBeatsRandom) {
    const auto dir = testing::fresh_temporary_folder("seireigi-match-long");
    const testing::CliOutput r = testing::run_cli(
        dir,
        "match --player engine:1 --player random --games 40 --nodes 1000 --max-moves 300 "
        "--openings " SEIREIGI_SOURCE_DIR "/variants/openings/seireigi.txt --out " +
            (dir / "games").string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // The "all games" row: wins draws losses score.
    const std::string& table = r.out;
    const auto row = table.find("all games");
    ASSERT_NE(row, std::string::npos) << table;
    std::istringstream fields(table.substr(row + 9));
    int wins = 0, draws = 0, losses = 0;
    fields >> wins >> draws >> losses;
    EXPECT_EQ(wins + draws + losses, 40) << table;
    EXPECT_GE(wins + 0.5 * draws, 0.9 * 40) << table;
}

}  // namespace
}  // namespace seireigi
