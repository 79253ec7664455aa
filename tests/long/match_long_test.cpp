// A bigger `seireigi match` (ctest -L long): the engine at level 1 against the random mover, 40
// games at 1000 nodes per move from the openings file. The issue asks level 1 to win at least
// 90% against random; the table and the records are left in the temporary directory to look at.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace seireigi {
namespace {

TEST(MatchLong, LevelOneBeatsRandom) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "seireigi-match-long";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string command = std::string(SEIREIGI_CLI) +
                                " match --player engine:1 --player random --games 40 --nodes 1000 "
                                "--max-moves 300 --openings " SEIREIGI_SOURCE_DIR
                                "/variants/openings/seireigi.txt --out " +
                                (dir / "games").string() + " > " + (dir / "table.txt").string() +
                                " 2> " + (dir / "progress.txt").string();
    ASSERT_EQ(std::system(command.c_str()), 0);
    std::ifstream in(dir / "table.txt");
    std::stringstream text;
    text << in.rdbuf();
    // The "all games" row: wins draws losses score.
    const std::string table = text.str();
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
