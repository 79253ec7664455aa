// `seireigi play` driven through a pipe, as a person at a terminal would drive it: an illegal
// move, a malformed move, an undo and a save; --resume gives the identical game; a process
// killed right after a move loses nothing.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "record/game_record.h"
#include "test_support.h"

namespace seireigi {
namespace {

namespace fs = std::filesystem;

class PlayCli : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("seireigi-play-test-" +
                std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // Runs the program with `input` on stdin; returns its exit code, stdout in `out`.
    int run(const std::string& args, const std::string& input, std::string& out) const {
        { std::ofstream(path("stdin.txt")) << input; }
        const std::string command = std::string(SEIREIGI_CLI) + " " + args + " < " +
                                    path("stdin.txt") + " > " + path("stdout.txt") + " 2>&1";
        const int status = std::system(command.c_str());
        out = read(path("stdout.txt"));
        return WEXITSTATUS(status);
    }

    static std::string read(const std::string& file) {
        auto text = read_text_file(file);
        return std::holds_alternative<std::string>(text) ? std::get<std::string>(text) : "";
    }

    fs::path dir_;
};

std::string first_line(const std::string& s) {
    return s.substr(0, s.find('\n'));
}

// The last board printed: from the last file-number header line to the next status line.
std::string last_board(const std::string& out) {
    const std::size_t header = out.rfind("Gote hand:");
    if (header == std::string::npos) return "";
    const std::size_t end = out.find(" to move.", header);
    return out.substr(header, end == std::string::npos ? std::string::npos : end - header);
}

std::string first_board(const std::string& out) {
    const std::size_t header = out.find("Gote hand:");
    if (header == std::string::npos) return "";
    const std::size_t end = out.find(" to move.", header);
    return out.substr(header, end == std::string::npos ? std::string::npos : end - header);
}

TEST_F(PlayCli, SessionWithMistakesUndoSaveAndResume) {
    std::string out;
    const std::string args =
        "play --seat 1=human --seat 2=random:7 --color never --autosave " + path("auto.game");
    const int code = run(args,
                         "7g7f\n"  // legal; Gote replies
                         "7g7f\n"  // illegal now: no piece on 7g
                         "7g7\n"   // malformed
                         "undo\n"  // takes back Gote's reply and 7g7f
                         "2g2f\n"
                         "help\n"
                         "save " +
                             path("saved.game") +
                             "\n"
                             "quit\n",
                         out);
    EXPECT_EQ(code, 0) << out;
    EXPECT_NE(out.find("Sente human, Gote random:7"), std::string::npos) << out;
    EXPECT_NE(out.find("'7g7f': "), std::string::npos) << out;
    EXPECT_NE(out.find("'7g7': "), std::string::npos) << out;
    EXPECT_NE(out.find("The game is unchanged"), std::string::npos) << out;
    EXPECT_NE(out.find("Saved to " + path("saved.game")), std::string::npos) << out;
    EXPECT_NE(out.find("Continue it with: seireigi play --resume " + path("auto.game")),
              std::string::npos)
        << out;

    // The saved game: 2g2f and Gote's reply; the undone moves are gone.
    const std::string saved = read(path("saved.game"));
    auto record = read_record(saved);
    ASSERT_TRUE(std::holds_alternative<GameRecord>(record)) << saved;
    const GameRecord& r = std::get<GameRecord>(record);
    ASSERT_EQ(r.moves.size(), 2u) << saved;
    EXPECT_EQ(r.moves[0], "2g2f");
    EXPECT_EQ(r.seats, (std::vector<std::string>{"human", "random:7"}));
    EXPECT_EQ(read(path("auto.game")), saved);
    const std::string board_before = last_board(out);

    // Resuming shows the identical game, and saves it unchanged.
    std::string resumed;
    EXPECT_EQ(run("play --color never --resume " + path("saved.game"), "quit\n", resumed), 0)
        << resumed;
    EXPECT_EQ(first_board(resumed), board_before) << resumed;
    EXPECT_NE(resumed.find("Sente human, Gote random:7"), std::string::npos) << resumed;
    EXPECT_EQ(read(path("saved.game")), saved);

    // And play goes on from there.
    std::string more;
    EXPECT_EQ(run("play --color never --resume " + path("saved.game"), "resign\n", more), 0);
    EXPECT_NE(more.find("Sente resigns: Gote wins."), std::string::npos) << more;
    auto finished = read_record(read(path("saved.game")));
    ASSERT_TRUE(std::holds_alternative<GameRecord>(finished));
    EXPECT_EQ(std::get<GameRecord>(finished).moves, r.moves);
    EXPECT_EQ(std::get<GameRecord>(finished).result, "Sente resigns: Gote wins.");
}

TEST_F(PlayCli, KilledAfterAMoveLosesNothing) {
    // stdin stays open (the sleep), so the game waits for Sente's next move when it is killed.
    {
        std::ofstream(path("run.sh"))
            << "(echo $BASHPID > " << path("feeder.txt") << "; printf '7g7f\\n'; exec sleep 20) | "
            << SEIREIGI_CLI << " play --seat 2=random:3 --color never --autosave "
            << path("auto.game") << " > " << path("out.txt") << " 2>&1 &\n"
            << "echo $! > " << path("pid.txt") << "\n";
    }
    ASSERT_EQ(std::system(("bash " + path("run.sh")).c_str()), 0);
    // Wait until Gote's reply is saved (two moves), then kill the program without warning.
    std::string saved;
    for (int i = 0; i < 200; ++i) {
        saved = read(path("auto.game"));
        auto r = read_record(saved);
        if (std::holds_alternative<GameRecord>(r) && std::get<GameRecord>(r).moves.size() == 2)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    const std::string pid = first_line(read(path("pid.txt")));
    ASSERT_FALSE(pid.empty());
    ASSERT_EQ(std::system(("kill -KILL " + pid).c_str()), 0) << "the game was not running";
    // The feeder that held stdin open is not needed any more either.
    const std::string feeder = first_line(read(path("feeder.txt")));
    if (!feeder.empty()) std::system(("kill " + feeder + " 2>/dev/null").c_str());
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    saved = read(path("auto.game"));
    auto record = read_record(saved);
    ASSERT_TRUE(std::holds_alternative<GameRecord>(record)) << saved;
    ASSERT_EQ(std::get<GameRecord>(record).moves.size(), 2u) << saved;
    EXPECT_EQ(std::get<GameRecord>(record).moves[0], "7g7f");

    std::string resumed;
    EXPECT_EQ(run("play --color never --resume " + path("auto.game"), "moves\nquit\n", resumed), 0);
    EXPECT_NE(resumed.find("Move 2: Gote " + std::get<GameRecord>(record).moves[1]),
              std::string::npos)
        << resumed;
    EXPECT_NE(resumed.find("legal moves:"), std::string::npos);
}

// Four players at one terminal (RULES.md §E.2 #4): P1's move mates P2, and P2's Rook, now
// neutral, mates P3 as well. The board shows the neutral pieces in lower case with their old
// direction, both players out of the game and their hands with P1; undo brings them back; the
// saved game names the mover of each move and the eliminations, and resumes to the same state.
TEST_F(PlayCli, FourPlayersEliminationNeutralPiecesAndUndo) {
    const std::string position =
        "3,3P,3K,3P,3/3,3P,1,3P,3/3,2P,5/3,2P,2K,1S,3/3,2P,5/5,1P,1G,2/4,2R,4/9/1K,7,4K 1 "
        "2B,2x2P 1234 1";
    // A Bishop and P3's doubled Pawns cannot arise in compact Yonin: played as a study.
    const std::string seats =
        " --any-position --seat 1=human --seat 2=human --seat 3=human --seat 4=human";
    std::string out;
    ASSERT_EQ(run("play --variant yonin-seireigi-compact --color never --position '" + position +
                      "'" + seats + " --autosave " + path("auto.game"),
                  "3f4e\nsave " + path("saved.game") + "\nundo\nquit\n", out),
              0)
        << out;
    const std::size_t moved = out.find("P1> 3f4e");
    ASSERT_NE(moved, std::string::npos) << out;
    const std::string after = out.substr(moved, out.find("P4> undo") - moved);
    EXPECT_NE(after.find("P2 is out of the game"), std::string::npos) << after;
    EXPECT_NE(after.find("P3 is out of the game"), std::string::npos) << after;
    EXPECT_NE(after.find("  >r   .   .   .   .  g"), std::string::npos) << after;  // neutral
    EXPECT_NE(after.find("  vp   .  vp   .   .   .  a"), std::string::npos) << after;
    EXPECT_NE(after.find("P1 hand: Px2 B"), std::string::npos) << after;  // P2's hand
    EXPECT_NE(after.find("P2 is checkmated by P1; P2's pieces stay as neutral pieces and the hand "
                         "goes to P1."),
              std::string::npos)
        << after;
    EXPECT_NE(after.find("P3 is checkmated by P1"), std::string::npos) << after;
    EXPECT_NE(after.find("P4 to move."), std::string::npos) << after;
    // Undo: P2 and P3 are back, with their pieces and P2's hand.
    const std::string undone = out.substr(out.find("P4> undo"));
    EXPECT_NE(undone.find("P2 hand: Px2 B"), std::string::npos) << undone;
    EXPECT_NE(undone.find("  >R   .   .   .   .  g"), std::string::npos) << undone;
    EXPECT_NE(undone.find("P1 to move."), std::string::npos) << undone;

    const std::string saved = read(path("saved.game"));
    EXPECT_NE(saved.find("move 1 3f4e\ncheckmate 2 by 1\ncheckmate 3 by 1\n"), std::string::npos)
        << saved;
    std::string resumed;
    ASSERT_EQ(run("play --color never --resume " + path("saved.game"), "quit\n", resumed), 0)
        << resumed;
    EXPECT_NE(resumed.find("P3 is out of the game"), std::string::npos) << resumed;
    EXPECT_NE(resumed.find("Move 1: P1 3f4e.  P4 to move."), std::string::npos) << resumed;
}

TEST_F(PlayCli, FifteenByFifteenBoardPlays) {
    // Every two-player variant file plays, wide boards included (two-digit files).
    const std::string variant = testing::source_path("tests/data/variants/big-hook-test.yaml");
    std::string out;
    const int code = run("play --variant " + variant +
                             " --seat 2=random:2 --color never --autosave " + path("wide.game"),
                         "15m15l\n15l15k\nquit\n", out);
    EXPECT_EQ(code, 0) << out;
    EXPECT_NE(out.find("  15 14 13 12 11 10  9  8  7  6  5  4  3  2  1"), std::string::npos) << out;
    EXPECT_NE(out.find("Move 1: Sente 15m15l."), std::string::npos) << out;
    auto r = read_record(read(path("wide.game")));
    ASSERT_TRUE(std::holds_alternative<GameRecord>(r));
    EXPECT_EQ(std::get<GameRecord>(r).moves.size(), 4u);
}

TEST_F(PlayCli, KanjiBoardIsAligned) {
    std::string out;
    EXPECT_EQ(
        run("play --pieces kanji --color never --seat 2=random:1 --autosave " + path("k.game"),
            "quit\n", out),
        0);
    EXPECT_NE(out.find("v香v桂v銀v金v王v金v銀v桂v香"), std::string::npos) << out;
    EXPECT_NE(out.find(" 香 桂 銀 金 玉 金 銀 桂 香"), std::string::npos) << out;
}

TEST_F(PlayCli, ChangedVariantFileIsReportedOnResume) {
    const std::string yaml = read(testing::source_path("variants/seireigi.yaml"));
    { std::ofstream(path("v.yaml")) << yaml; }
    std::string out;
    ASSERT_EQ(run("play --variant " + path("v.yaml") +
                      " --seat 2=random:1 --color never "
                      "--autosave " +
                      path("g.game"),
                  "7g7f\nquit\n", out),
              0)
        << out;
    std::string changed = yaml;
    changed.replace(changed.find("zone_depth: 3"), 13, "zone_depth: 2");
    { std::ofstream(path("v.yaml")) << changed; }
    const int code = run("play --resume " + path("g.game"), "", out);
    EXPECT_NE(code, 0);
    EXPECT_NE(out.find("have changed since this game was saved"), std::string::npos) << out;
}

}  // namespace
}  // namespace seireigi
