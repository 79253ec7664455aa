// `seireigi match` run as a program: a short scripted match between the engine at level 1 and the
// random mover at a fixed node count, its records, the table recomputed from them by --merge,
// the move-limit adjudication, and bad input refused with a message.
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

using MatchCli = testing::CliTest;

int count_lines_starting(const std::string& text, const std::string& prefix) {
    int n = 0;
    for (std::size_t at = 0; (at = text.find(prefix, at)) != std::string::npos; ++at)
        if (at == 0 || text[at - 1] == '\n') ++n;
    return n;
}

TEST_F(MatchCli, EngineAgainstRandomSavesRecordsThatMergeToTheSameTable) {
    std::string out, err;
    const std::string openings = testing::source_path("variants/openings/seireigi.txt");
    ASSERT_EQ(run("match --player engine:1 --player random --games 4 --nodes 500 --max-moves 60 "
                  "--openings " +
                      openings + " --out " + path("games"),
                  out, err),
              0)
        << err;
    EXPECT_EQ(count_lines_starting(err, "game "), 4) << err;
    EXPECT_NE(out.find("engine:1 against random: 4 games"), std::string::npos) << out;
    EXPECT_NE(out.find("as Sente"), std::string::npos) << out;
    EXPECT_NE(out.find("(trinomial)"), std::string::npos) << out;
    EXPECT_NE(out.find("over 2 game pairs"), std::string::npos) << out;

    // Every game is a record that replays under the rules, opening moves included.
    auto variant = testing::variant("seireigi");
    int files = 0;
    for (const auto& entry : fs::directory_iterator(path("games"))) {
        ++files;
        const std::string text = read(entry.path().string());
        auto record = read_record(text);
        ASSERT_TRUE(std::holds_alternative<GameRecord>(record)) << entry.path();
        const GameRecord& r = std::get<GameRecord>(record);
        EXPECT_GE(r.moves.size(), 2u);
        const auto replayed = replay_record(r, variant);
        ASSERT_TRUE(std::holds_alternative<Game>(replayed)) << entry.path();
        EXPECT_NE(text.find("# match-player 1 "), std::string::npos);
        const Game& g = std::get<Game>(replayed);
        // A game is ended by the rules, or else the referee says why it ended.
        if (!g.over()) {
            EXPECT_NE(text.find("# match-adjudication "), std::string::npos) << text;
        }
    }
    EXPECT_EQ(files, 4);

    std::string merged, merge_err;
    ASSERT_EQ(run("match --merge " + path("games"), merged, merge_err), 0) << merge_err;
    EXPECT_EQ(merged, out);
}

// At a fixed node count a game's moves depend on its number alone, so the table is the same
// whether the games run one at a time or two at a time, whether a stopped match continues from
// its records, and whether shards played apart are merged.
TEST_F(MatchCli, ConcurrencyResumeAndShardsGiveTheTableOfOneRun) {
    const std::string match =
        "match --player engine:1 --player engine:3 --games 8 --nodes 1500 --max-moves 120 ";
    std::string one, two, err;
    ASSERT_EQ(run(match + "--out " + path("one"), one, err), 0) << err;
    EXPECT_EQ(count_lines_starting(err, "game "), 8) << err;
    ASSERT_EQ(run(match + "--concurrency 2 --out " + path("two"), two, err), 0) << err;
    EXPECT_EQ(two, one);
    EXPECT_EQ(count_lines_starting(err, "game "), 8) << err;

    // A match stopped after some games: the records left count, the rest are played.
    fs::remove(path("two/game-00003.txt"));
    fs::remove(path("two/game-00008.txt"));
    std::string resumed;
    ASSERT_EQ(run(match + "--concurrency 2 --out " + path("two"), resumed, err), 0) << err;
    EXPECT_EQ(resumed, one);
    EXPECT_NE(err.find("game 1/8 (from its record)"), std::string::npos) << err;
    EXPECT_EQ(err.find("game 3/8 (from its record)"), std::string::npos) << err;
    EXPECT_EQ(count_lines_starting(err, "game "), 8) << err;

    // Two shards (pairs 1, 3 and 2, 4), merged.
    std::string shard, merged;
    ASSERT_EQ(run(match + "--shard 1/2 --out " + path("s1"), shard, err), 0) << err;
    EXPECT_EQ(count_lines_starting(err, "game "), 4) << err;
    ASSERT_EQ(run(match + "--shard 2/2 --out " + path("s2"), shard, err), 0) << err;
    EXPECT_TRUE(fs::exists(path("s1/game-00005.txt")) && fs::exists(path("s2/game-00003.txt")));
    ASSERT_EQ(run("match --merge " + path("s1") + " " + path("s2"), merged, err), 0) << err;
    EXPECT_EQ(merged, one);

    // Another match's folder is refused, not mixed in.
    ASSERT_EQ(
        run("match --player engine:1 --player engine:2 --games 2 --nodes 1500 --out " + path("one"),
            shard, err),
        2);
    EXPECT_NE(err.find("give --out a folder of its own for each match"), std::string::npos) << err;
    // A record no match saved (the first game without the referee's notes) is not overwritten.
    std::string plain;
    {
        std::istringstream lines(read(path("one/game-00001.txt")));
        for (std::string line; std::getline(lines, line);)
            if (!line.starts_with("# match-")) plain += line + "\n";
    }
    fs::create_directories(path("own"));
    std::ofstream(path("own/game-00001.txt")) << plain;
    EXPECT_EQ(run(match + "--out " + path("own"), shard, err), 2);
    EXPECT_NE(err.find("game-00001.txt: not saved by seireigi match: give --out a folder"),
              std::string::npos)
        << err;
    EXPECT_EQ(read(path("own/game-00001.txt")), plain);
    EXPECT_EQ(run(match + "--shard 3/2", shard, err), 2);
    EXPECT_NE(err.find("--shard 3/2: expected I/N"), std::string::npos) << err;
}

// A match of a variant file given by a relative path: its records name the file by its absolute
// path, so they resume and merge from any folder.
TEST_F(MatchCli, RecordsOfAVariantFileResumeAndMergeFromAnyFolder) {
    fs::create_directories(path("work"));
    fs::create_directories(path("elsewhere"));
    std::ofstream(path("work/my-shogi.yaml")) << "name: My Shogi\nextends: shogi\n";
    testing::CliOutput r = run_cli(
        "match --variant my-shogi.yaml --player engine:1 --player random --games 2 --nodes 300 "
        "--max-moves 40 --out games",
        testing::CliCall().in_directory(path("work")));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string record = read(path("work/games/game-00001.txt"));
    EXPECT_NE(record.find(fs::absolute(path("work/my-shogi.yaml")).lexically_normal().string()),
              std::string::npos)
        << record;
    testing::CliOutput merged = run_cli("match --merge " + path("work/games"),
                                        testing::CliCall().in_directory(path("elsewhere")));
    EXPECT_EQ(merged.exit_code, 0) << merged.err;
    EXPECT_EQ(merged.out, r.out);
    testing::CliOutput resumed = run_cli("play --resume " + path("work/games/game-00001.txt"),
                                         testing::CliCall().in_directory(path("elsewhere")));
    EXPECT_EQ(resumed.err.find("is not there any more"), std::string::npos) << resumed.err;
    EXPECT_NE(resumed.out.find("My Shogi"), std::string::npos) << resumed.out;
}

// The shards of a match run by GNU parallel, as docs/match.md shows for many machines (here two
// jobs on this one), and merged: the table of one run.
TEST_F(MatchCli, ShardsRunByGnuParallelMergeToTheTableOfOneRun) {
    if (std::system("parallel --version > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "GNU parallel is not installed (the README's test set-up installs it)";
    const std::string match = std::string(testing::cli_path()) +
                              " match --player engine:1 --player random:5 --games 8 --nodes 800 "
                              "--max-moves 80";
    std::string one, err;
    ASSERT_EQ(run("match --player engine:1 --player random:5 --games 8 --nodes 800 --max-moves "
                  "80",
                  one, err),
              0)
        << err;
    const std::string command = "parallel --will-cite --jobs 2 '" + match + " --shard {}/2 --out " +
                                path("shard-{}") + " > /dev/null 2>&1' ::: 1 2";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    std::string merged;
    ASSERT_EQ(run("match --merge " + path("shard-1") + " " + path("shard-2"), merged, err), 0)
        << err;
    EXPECT_EQ(merged, one);
}

TEST_F(MatchCli, MoveLimitIsAdjudicatedAndSaidInTheRecord) {
    std::string out, err;
    ASSERT_EQ(run("match --player random:1 --player random:2 --games 2 --max-moves 8 --out " +
                      path("games"),
                  out, err),
              0)
        << err;
    // Eight random moves leave both Kings at home: a draw by the move limit, twice.
    EXPECT_NE(out.find("0      2       0   1.0/2"), std::string::npos) << out;
    const std::string record = read(path("games/game-00001.txt"));
    EXPECT_NE(record.find("# match-adjudication adjudicated a draw at the move limit of 8 moves"),
              std::string::npos)
        << record;
    EXPECT_NE(err.find("1/2-1/2 adjudicated a draw"), std::string::npos) << err;
}

TEST_F(MatchCli, MoveLimitWithBothKingsInTheirZonesIsAdjudicatedByImpassePoints) {
    // Both Kings in their zones, wherever they step; Sente has 2 Rooks, 2 Bishops and 4 Golds in
    // hand (24 points), Gote 4 Pawns (4 points): after one move Sente wins by impasse points.
    std::string out, err;
    ASSERT_EQ(run("match --player random:1 --player random:2 --games 2 --max-moves 1 "
                  "--position '4K4/9/9/9/9/9/9/9/4k4 b 2R2B4G4p 1' --out " +
                      path("games"),
                  out, err),
              0)
        << err;
    EXPECT_NE(out.find("all games                  1      0       1"), std::string::npos) << out;
    const std::string record = read(path("games/game-00001.txt"));
    EXPECT_NE(record.find("# match-adjudication adjudicated at the move limit of 1 moves by "
                          "impasse points (24 to 4)"),
              std::string::npos)
        << record;
    EXPECT_NE(record.find("\nimpasse 2\n"), std::string::npos) << record;
    std::string merged, merge_err;
    ASSERT_EQ(run("match --merge " + path("games"), merged, merge_err), 0) << merge_err;
    EXPECT_EQ(merged, out);
}

TEST_F(MatchCli, BadInputIsRefusedWithAMessage) {
    std::string out, err;
    EXPECT_NE(run("match --player engine:1", out, err), 0);
    EXPECT_NE(err.find("a match needs two players"), std::string::npos) << err;
    EXPECT_NE(run("match --player engine:25 --player random", out, err), 0);
    EXPECT_NE(err.find("from 1 to 20"), std::string::npos) << err;
    EXPECT_NE(run("match --player robot --player random", out, err), 0);
    EXPECT_NE(err.find("'robot': unknown seat; a seat is human, random[:SEED], engine"),
              std::string::npos)
        << err;
    EXPECT_NE(run("match --player engine --player random --sprt 1,2", out, err), 0);
    EXPECT_NE(err.find("four numbers"), std::string::npos) << err;
    EXPECT_NE(run("match --player engine --player random --tc ten", out, err), 0);
    EXPECT_NE(err.find("TIME+INCREMENT"), std::string::npos) << err;
    { std::ofstream(path("openings.txt")) << "7g7f 3c3d\n7g7f 7g7f\n"; }
    EXPECT_NE(
        run("match --player engine --player random --openings " + path("openings.txt"), out, err),
        0);
    EXPECT_NE(err.find("openings.txt:2: move 2 '7g7f'"), std::string::npos) << err;
    EXPECT_NE(run("match --merge " + path("nowhere"), out, err), 0);
    EXPECT_NE(err.find("--merge"), std::string::npos) << err;
    EXPECT_NE(run("match --player engine --player random --option Hash=1", out, err), 0);
    EXPECT_NE(err.find("--option is for external engines"), std::string::npos) << err;
    EXPECT_NE(run("match --player engine --player usi:x --option 3:Hash=1", out, err), 0);
    EXPECT_NE(err.find("1 or 2"), std::string::npos) << err;
    EXPECT_NE(run("match --player engine --player usi:x --option Hash", out, err), 0);
    EXPECT_NE(err.find("NAME=VALUE"), std::string::npos) << err;
}

// Our own program, run as an external engine over USI, plays through the referee like any
// other engine; its option reaches it (an unknown variant would make it fail to start). The
// command is the shell's: here it changes directory first.
TEST_F(MatchCli, AnExternalUsiEnginePlaysThroughTheReferee) {
    std::string out, err;
    ASSERT_EQ(run("match --player engine:1 --player 'usi:cd " + path("") + " && " +
                      std::string(testing::cli_path()) +
                      " usi' --option 2:USI_Variant=seireigi --games 2 --nodes 300 "
                      "--max-moves 40 --out " +
                      path("games"),
                  out, err),
              0)
        << err;
    EXPECT_NE(out.find("engine:1 against usi:"), std::string::npos) << out;
    EXPECT_EQ(out.find("lost:"), std::string::npos) << out;  // no failure of the engine
    EXPECT_EQ(count_lines_starting(err, "game "), 2) << err;
}

// An engine whose moves our rules reject loses each game, and the listing says why.
TEST_F(MatchCli, AnExternalEngineThatPlaysIllegalMovesLosesWithTheReason) {
    {
        std::ofstream script(path("bad-engine.sh"));
        script << "while read -r line; do case \"$line\" in\n"
                  "usi) echo 'id name bad'; echo usiok;;\n"
                  "isready) echo readyok;;\n"
                  "go*) echo 'bestmove 1a1a';;\n"
                  "quit) exit 0;;\n"
                  "esac; done\n";
    }
    std::string out, err;
    ASSERT_EQ(run("match --player random --player 'usi:sh " + path("bad-engine.sh") +
                      "' --games 2 --movetime 100",
                  out, err),
              0)
        << err;
    EXPECT_NE(out.find("all games                  2      0       0"), std::string::npos) << out;
    EXPECT_NE(out.find("decided by the referee, not by the rules (2)"), std::string::npos) << out;
    EXPECT_NE(out.find("lost: illegal move 1a1a"), std::string::npos) << out;
}

// An engine that never answers loses each game on time; that says nothing about its play, so
// the games are listed but left out of the table (here: none counted), also by --merge.
TEST_F(MatchCli, AnExternalEngineThatStaysSilentIsListedButNotCounted) {
    {
        std::ofstream script(path("silent-engine.sh"));
        script << "while read -r line; do case \"$line\" in\n"
                  "usi) echo 'id name silent'; echo usiok;;\n"
                  "isready) echo readyok;;\n"
                  "quit) exit 0;;\n"
                  "esac; done\n";
    }
    std::string out, err;
    ASSERT_EQ(run("match --player random --player 'usi:sh " + path("silent-engine.sh") +
                      "' --games 2 --movetime 10 --out " + path("games"),
                  out, err),
              0)
        << err;
    EXPECT_NE(out.find(": 0 games"), std::string::npos) << out;
    EXPECT_NE(out.find("decided by the referee, not by the rules (2)"), std::string::npos) << out;
    EXPECT_NE(out.find("no bestmove within"), std::string::npos) << out;
    EXPECT_NE(out.find("[not counted: an engine failure, not a move]"), std::string::npos) << out;
    std::string merged, merge_err;
    ASSERT_EQ(run("match --merge " + path("games"), merged, merge_err), 0) << merge_err;
    EXPECT_EQ(merged, out);
}

}  // namespace
}  // namespace seireigi
