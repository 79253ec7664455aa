// The three- and four-player engine as the command line shows it: `analyse` with a score per
// player, `play` seating engines by default, `match` rotating players over the seats; bad
// player specs refused with a message.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_runner.h"
#include "record/game_record.h"
#include "test_support.h"

namespace seireigi {
namespace {

namespace fs = std::filesystem;

using MultiPlayerCli = testing::CliTest;

TEST_F(MultiPlayerCli, AnalysePrintsAScorePerPlayerAndTheBestMove) {
    for (const char* algorithm : {"brs", "paranoid"}) {
        std::string out, err;
        ASSERT_EQ(run(std::string("analyse --variant yonin-seireigi-compact --depth 3 "
                                  "--algorithm ") +
                          algorithm,
                      out, err),
                  0)
            << err;
        std::istringstream lines(out);
        std::string line, last;
        int infos = 0;
        while (std::getline(lines, line)) {
            if (line.starts_with("info string")) {
                EXPECT_EQ(line, "info string evaluation: classical");
            } else if (line.starts_with("info ")) {
                ++infos;
                EXPECT_NE(line.find(" scores 1:"), std::string::npos) << line;
                EXPECT_NE(line.find(" 4:"), std::string::npos) << line;
                EXPECT_NE(line.find(" nps "), std::string::npos) << line;
            }
            last = line;
        }
        EXPECT_EQ(infos, 3) << out;
        EXPECT_TRUE(last.starts_with("bestmove ")) << out;
    }
}

TEST_F(MultiPlayerCli, AnalyseShowsPlayersOutOfTheGame) {
    std::string out, err;
    // P2 is out: its pieces are neutral; the last info line marks it "out".
    ASSERT_EQ(run("analyse --variant yonin-seireigi-compact --depth 2 --position "
                  "'4,3K,4/3R,1,2P,6/3,1P,1P,2G,3/9/8,4K/9/9/9/4,1K,4 1 1S 1-34'",
                  out, err),
              0)
        << err;
    EXPECT_NE(out.find("scores 1:"), std::string::npos) << out;
    EXPECT_NE(out.find(" 2:out "), std::string::npos) << out;
    EXPECT_NE(out.find("bestmove S*5b"), std::string::npos) << out;
}

TEST_F(MultiPlayerCli, PlaySeatsThreeEnginesAgainstThePersonByDefault) {
    std::string out, err;
    ASSERT_EQ(run("play --variant yonin-seireigi-compact --color never --movetime 50 "
                  "--autosave " +
                      path("game.txt"),
                  out, err, "5g5f\nquit\n"),
              0)
        << err;
    const std::string record = read(path("game.txt"));
    EXPECT_NE(record.find("seat 1 human"), std::string::npos) << record;
    for (const char* seat : {"seat 2 engine\n", "seat 3 engine\n", "seat 4 engine\n"})
        EXPECT_NE(record.find(seat), std::string::npos) << record;
    EXPECT_NE(out.find("Move 4: P4"), std::string::npos) << out;  // the engines have moved
}

TEST_F(MultiPlayerCli, PlayTakesAnyMixOfSeats) {
    std::string out, err;
    ASSERT_EQ(run("play --variant yonin-seireigi-compact --color never --movetime 50 --seat "
                  "2=engine:paranoid:3 --seat 3=random:5 --seat 4=engine:brs:7 --autosave " +
                      path("game.txt"),
                  out, err, "quit\n"),
              0)
        << err;
    const std::string record = read(path("game.txt"));
    EXPECT_NE(record.find("seat 2 engine:paranoid:3"), std::string::npos) << record;
    EXPECT_NE(record.find("seat 3 random:5"), std::string::npos) << record;
    EXPECT_NE(record.find("seat 4 engine:brs:7"), std::string::npos) << record;
    EXPECT_NE(run("play --variant yonin-seireigi-compact --seat 2=engine:greedy", out, err), 0);
    EXPECT_NE(err.find("'greedy' is neither brs, paranoid nor a level; write "
                       "engine[:brs|paranoid][:LEVEL]"),
              std::string::npos)
        << err;
}

TEST_F(MultiPlayerCli, MatchRotatesTwoAlgorithmsOverEverySeatArrangement) {
    std::string out, err;
    ASSERT_EQ(run("match --variant yonin-seireigi-compact --player engine:brs:3 --player "
                  "engine:paranoid:3 --games 6 --nodes 300 --max-moves 40 --out " +
                      path("games"),
                  out, err),
              0)
        << err;
    EXPECT_NE(out.find("6 games of Yonin Seireigi (compact), 6 seat arrangements"),
              std::string::npos)
        << out;
    // Each player held 12 seats (two per game): its wins, draws and losses add up to 12.
    for (const std::string name : {"engine:brs:3", "engine:paranoid:3"}) {
        const auto at = out.find("\n" + name + " ");
        ASSERT_NE(at, std::string::npos) << out;
        std::istringstream row(out.substr(at + 1 + name.size()));
        int w = 0, d = 0, l = 0;
        char slash;
        row >> w >> slash >> d >> slash >> l;
        EXPECT_EQ(w + d + l, 12) << out;
    }
    int records = 0;
    for (const auto& entry : fs::directory_iterator(path("games"))) {
        ++records;
        auto parsed = read_record(read(entry.path().string()));
        EXPECT_TRUE(std::holds_alternative<GameRecord>(parsed)) << entry.path();
    }
    EXPECT_EQ(records, 6);
    EXPECT_NE(count(err.begin(), err.end(), '\n'), 0);
}

// The records of a match name the player in every seat, so --merge recomputes the same table
// from them: random movers, two seats each, some games decided and some ended by the move
// limit (the players still in then draw).
TEST_F(MultiPlayerCli, MatchRecordsMergeToTheSameTable) {
    std::string out, err;
    ASSERT_EQ(run("match --variant yonin-seireigi-compact --player random:1 --player random:2 "
                  "--games 6 --max-moves 500 --out " +
                      path("games"),
                  out, err),
              0)
        << err;
    ASSERT_NE(out.find("6 games of Yonin Seireigi (compact), 6 seat arrangements"),
              std::string::npos)
        << out;
    EXPECT_NE(err.find("wins."), std::string::npos) << err;       // a game decided
    EXPECT_NE(err.find("move limit"), std::string::npos) << err;  // and one adjudicated
    const std::string record = read(path("games/game-00001.txt"));
    EXPECT_NE(record.find("\n# match-player 1 random:1\n# match-player 2 random:1\n"
                          "# match-player 3 random:2\n# match-player 4 random:2\n"
                          "# match-game 1\n"),
              std::string::npos)
        << record;

    std::string merged, merge_err;
    ASSERT_EQ(run("match --merge " + path("games"), merged, merge_err), 0) << merge_err;
    EXPECT_EQ(merged, out);
    EXPECT_EQ(merge_err, "");

    // Two directories (here the same one twice) add up.
    ASSERT_EQ(run("match --merge " + path("games") + " " + path("games"), merged, merge_err), 0)
        << merge_err;
    EXPECT_EQ(merged.rfind("12 games of Yonin Seireigi (compact), 6 seat arrangements", 0), 0u)
        << merged;
}

TEST_F(MultiPlayerCli, MatchRefusesPlayersItCannotSeat) {
    std::string out, err;
    EXPECT_NE(run("match --variant yonin-seireigi-compact --player engine --player random "
                  "--player random",
                  out, err),
              0);
    EXPECT_NE(err.find("has 4 players"), std::string::npos) << err;
    EXPECT_NE(
        run("match --variant yonin-seireigi-compact --player engine --player usi:x", out, err), 0);
    EXPECT_NE(err.find("an external USI engine plays two-player games"), std::string::npos) << err;
}

}  // namespace
}  // namespace seireigi
