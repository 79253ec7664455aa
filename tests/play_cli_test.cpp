// `seireigi play` driven through a pipe, as a person at a terminal would drive it: an illegal
// move, a malformed move, an undo and a save; --resume gives the identical game; a process
// killed right after a move loses nothing.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "cli_runner.h"
#include "record/game_record.h"
#include "test_support.h"

namespace seireigi {
namespace {

namespace fs = std::filesystem;

class PlayCli : public testing::TerminalCliTest {
  protected:
    GameRecord record(const std::string& name) const {
        auto r = read_record(read(path(name)));
        if (auto* d = std::get_if<Diagnostic>(&r)) ADD_FAILURE() << name << ": " << d->text();
        return std::holds_alternative<GameRecord>(r) ? std::get<GameRecord>(r) : GameRecord{};
    }
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
    EXPECT_EQ(run("play --color never --resume " + path("saved.game"), "resign\ny\n", more), 0);
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
            << testing::cli_path() << " play --seat 2=random:3 --color never --autosave "
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

// Four players at one terminal (docs/rules.md §E.2 #4): P1's move mates P2, and P2's Rook, now
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
                  "3f4e\nsave " + path("saved.game") + "\nundo\n1i1h\nundo\nquit\n", out),
              0)
        << out;
    const std::size_t moved = out.find("P1> 3f4e");
    ASSERT_NE(moved, std::string::npos) << out;
    const std::string after = out.substr(moved, out.find("P1> undo") - moved);
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
    // P4 has made no move, so has nothing to take back; P1's undo takes back P1's move and
    // P4's reply: P2 and P3 are back, with their pieces and P2's hand.
    EXPECT_NE(after.find("Nothing to take back: P4 has made no move yet."), std::string::npos)
        << after;
    ASSERT_NE(out.find("P1> undo"), std::string::npos) << out;
    const std::string undone = out.substr(out.find("P1> undo"));
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
    // Every cell is as wide as the widest label plus a space; Gote's mark 'v', Sente's a space.
    EXPECT_NE(out.find(" v香 v桂 v銀 v金 v王 v金 v銀 v桂 v香  a"), std::string::npos) << out;
    EXPECT_NE(out.find("  香  桂  銀  金  玉  金  銀  桂  香  i"), std::string::npos) << out;
}

// play draws with the same printer as `moves --board`: on Dai, Gote's pieces that have no kanji
// fall back to Latin with Gote's 'v' mark, and the cells stay apart.
TEST_F(PlayCli, DaiKanjiBoardMarksGoteLatinPieces) {
    std::string out;
    EXPECT_EQ(run("play --variant dai-seireigi --pieces kanji --color never --seat 2=random:1 "
                  "--autosave " +
                      path("d.game"),
                  "quit\n", out),
              0);
    EXPECT_NE(out.find(" vfc v吼犬"), std::string::npos) << out;
    EXPECT_NE(out.find("  FC  吼犬"), std::string::npos) << out;
}

// `hint` asks the engine for the person's move and changes nothing; a bad time is refused.
TEST_F(PlayCli, HintNamesALegalMoveAndChangesNothing) {
    std::string out;
    EXPECT_EQ(run("play --color never --seat 2=random:1 --autosave " + path("h.game"),
                  "7g7f\nhint 0.2\nhint soon\nhint 0\nquit\n", out),
              0);
    const std::size_t at = out.find("Hint: ");
    ASSERT_NE(at, std::string::npos) << out;
    const std::string move = out.substr(at + 6, out.find(' ', at + 6) - at - 6);
    // The score named for the side it favours: "+0.35 for Sente", "even", "Gote mates in 3".
    EXPECT_TRUE(std::regex_search(
        out, std::regex("Hint: \\S+ \\(([+][0-9.]+ for (Sente|Gote)|even|(Sente|Gote) mates in "
                        "[0-9]+), depth ")))
        << out;
    EXPECT_NE(out.find("'soon' is not a time to think: give seconds above 0"), std::string::npos)
        << out;
    EXPECT_NE(out.find("'0' is not a time to think: give seconds above 0, up to 3600"),
              std::string::npos)
        << out;
    // The hint is legal here: playing it is accepted.
    std::string again;
    EXPECT_EQ(run("play --resume " + path("h.game") + " --color never", move + "\nquit\n", again),
              0);
    EXPECT_NE(again.find("Move 3: Sente " + move), std::string::npos) << again;
}

// Where the mate solver proves a mate, the hint is its first move, with the line.
TEST_F(PlayCli, HintGivesAProvenMate) {
    std::string out;
    EXPECT_EQ(run("play --variant shogi --position '4k4/9/4P4/9/9/9/9/9/4K4 b G 1' --any-position "
                  "--color never --seat 2=random:1 --autosave " +
                      path("mate.game"),
                  "hint 2\nquit\n", out),
              0);
    EXPECT_NE(out.find("Hint: G*5b (mate proven in 1 plies: G*5b)"), std::string::npos) << out;
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

// A record's seat line is a description: a record naming an external program as a seat never
// runs it on --resume; the engine plays that seat and the terminal says so (docs/records.md).
TEST_F(PlayCli, RecordSeatNeverStartsAProgram) {
    std::string out;
    ASSERT_EQ(
        run("play --seat 2=human --color never --autosave " + path("g.game"), "7g7f\nquit\n", out),
        0)
        << out;
    std::string text = read(path("g.game"));
    const std::size_t seat = text.find("seat 2 human");
    ASSERT_NE(seat, std::string::npos) << text;
    const std::string planted = path("planted");
    text.replace(seat, 12, "seat 2 usi:touch " + planted + "; touch " + planted);
    { std::ofstream(path("g.game")) << text; }
    EXPECT_EQ(
        run("play --resume " + path("g.game") + " --movetime 20 --color never", "quit\n", out), 0)
        << out;
    EXPECT_FALSE(fs::exists(planted)) << out;
    EXPECT_NE(out.find("an external program (usi:) may only be named on the command line of the "
                       "person who runs seireigi; the engine plays it instead"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("Sente to move"), std::string::npos) << "the engine replied: " << out;
}

// Issue 16 item 1: a move that may promote, typed without + or =, asks; + and = do not.
TEST_F(PlayCli, OptionalPromotionIsAsked) {
    std::string out;
    ASSERT_EQ(run("play --position '4k4/9/9/9/9/9/9/1R7/4K4 b - 1' --seat 2=human --color never "
                  "--autosave " +
                      path("p.game"),
                  "8h8c\nmaybe\nn\n5a4a\n8c8b\nyes\n4a5a\n8b7b=\n5a4a\nquit\n", out),
              0)
        << out;
    EXPECT_NE(out.find("Sente> 8h8c\nPromote? [y/n] maybe\nPromote? [y/n] n\n"), std::string::npos)
        << out;
    EXPECT_NE(out.find("Sente> 8c8b\nPromote? [y/n] yes\n"), std::string::npos) << out;
    EXPECT_EQ(out.find("Sente> 8b7b=\nPromote?"), std::string::npos) << out;
    EXPECT_EQ(record("p.game").moves,
              (std::vector<std::string>{"8h8c", "5a4a", "8c8b+", "4a5a", "8b7b", "5a4a"}));
}

// Issue 16 item 3: command words in any case; an unknown word is an unknown command with the
// list; q, quit and exit leave with the game saved; no half UTF-8 character is ever printed.
TEST_F(PlayCli, CommandsAreWordsInAnyCase) {
    std::string out;
    ASSERT_EQ(run("play --seat 2=random:4 --color never --autosave " + path("c.game"),
                  "clear\nMOVES\nhello world\n\xef\xbc\x97\xe5\x85\xad\xe6\xad\xa9\n7\xe5\x85\xad\n"
                  "Help\n7g7f\nQuit\n",
                  out),
              0)
        << out;
    EXPECT_NE(out.find("unknown command 'clear'. The commands: moves, history, position, undo,"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("unknown command 'hello'"), std::string::npos) << out;
    EXPECT_NE(out.find("unknown command '\xef\xbc\x97\xe5\x85\xad\xe6\xad\xa9'"), std::string::npos)
        << out;
    EXPECT_NE(out.find("30 legal moves:"), std::string::npos) << out;
    EXPECT_NE(out.find("take back your last move and everything played after it"),
              std::string::npos)
        << out;
    EXPECT_EQ(out.find("unknown piece"), std::string::npos) << out;
    EXPECT_NE(out.find("The game is left unfinished and saved in " + path("c.game")),
              std::string::npos)
        << out;
    EXPECT_EQ(record("c.game").moves.size(), 2u);
    // Every byte of the transcript belongs to a whole UTF-8 character.
    for (std::size_t i = 0; i < out.size();) {
        const unsigned char c = out[i];
        const std::size_t len = c < 0x80         ? 1
                                : (c >> 5) == 6  ? 2
                                : (c >> 4) == 14 ? 3
                                : (c >> 3) == 30 ? 4
                                                 : 0;
        ASSERT_GT(len, 0u) << "stray byte at " << i << ": " << out.substr(i > 40 ? i - 40 : 0, 80);
        ASSERT_LE(i + len, out.size());
        for (std::size_t k = 1; k < len; ++k)
            ASSERT_EQ(static_cast<unsigned char>(out[i + k]) & 0xC0, 0x80) << "at " << i;
        i += len;
    }
    for (const char* word : {"q", "exit"}) {
        ASSERT_EQ(run("play --resume " + path("c.game") + " --color never",
                      std::string(word) + "\n", out),
                  0);
        EXPECT_NE(out.find("The game is left unfinished"), std::string::npos) << word << out;
    }
}

// Issue 16 item 4: a game under a variant file resumes from any folder; when the file is gone,
// the message says so and how to point at it.
TEST_F(PlayCli, CustomVariantGameResumesFromAnotherFolder) {
    fs::create_directories(dir_ / "home" / "my");
    fs::create_directories(dir_ / "elsewhere");
    fs::copy_file(testing::source_path("tests/data/variants/shogi-eastwest.yaml"),
                  dir_ / "home" / "my" / "v.yaml");
    std::string out;
    ASSERT_EQ(run_in(path("home"),
                     "play --variant my/v.yaml --seat 2=random:1 --color never --autosave "
                     "g.game",
                     "moves\nquit\n", out),
              0)
        << out;
    fs::rename(dir_ / "home" / "g.game", dir_ / "elsewhere" / "g.game");
    EXPECT_EQ(record("elsewhere/g.game").variant, path("home/my/v.yaml"));
    ASSERT_EQ(run_in(path("elsewhere"), "play --resume g.game --color never", "quit\n", out), 0)
        << out;
    EXPECT_NE(out.find("The game is left unfinished"), std::string::npos) << out;

    fs::rename(dir_ / "home" / "my" / "v.yaml", dir_ / "elsewhere" / "moved.yaml");
    EXPECT_NE(run_in(path("elsewhere"), "play --resume g.game --color never", "quit\n", out), 0);
    EXPECT_NE(out.find("the variant file " + path("home/my/v.yaml") + ", which is not there"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("seireigi play --resume g.game --variant FILE"), std::string::npos) << out;
    ASSERT_EQ(run_in(path("elsewhere"), "play --resume g.game --variant moved.yaml --color never",
                     "quit\n", out),
              0)
        << out;
    EXPECT_EQ(record("elsewhere/g.game").variant, path("elsewhere/moved.yaml"));
}

// Issue 16 item 5: with P1 and P3 at the table, P1's undo takes back P1's move and everything
// after it (P3's move included), not P3's move alone.
TEST_F(PlayCli, UndoTakesBackTheAskingPersonsLastMove) {
    std::string out;
    ASSERT_EQ(run("play --variant yonin-seireigi-compact --seat 1=human --seat 2=random:2 "
                  "--seat 3=human --seat 4=random:4 --color never --autosave " +
                      path("u.game"),
                  "5g5f\n5c5d\nsave " + path("before.game") + "\nundo\nquit\n", out),
              0)
        << out;
    EXPECT_EQ(record("before.game").moves.size(), 4u);
    EXPECT_NE(out.find("P1> undo\nTaken back: P1's last move and everything after it."),
              std::string::npos)
        << out;
    EXPECT_TRUE(record("u.game").moves.empty()) << read(path("u.game"));
}

// Issue 16 item 9: the one person at the table sees the board from their side; --flip turns it.
TEST_F(PlayCli, BoardFromThePersonsSide) {
    const std::string gote_bottom = "   1  2  3  4  5  6  7  8  9\n   L  N  S  G  K  G  S  N  L  i";
    const std::string sente_bottom =
        "   9  8  7  6  5  4  3  2  1\n   l  n  s  g  k  g  s  n  l  a";
    std::string out;
    ASSERT_EQ(
        run("play --seat 1=random:1 --seat 2=human --color never --autosave " + path("f.game"),
            "quit\n", out),
        0);
    EXPECT_NE(out.find(gote_bottom), std::string::npos) << out;
    EXPECT_NE(out.find("Gote hand: -\nMove 1:"), std::string::npos) << out;  // Gote's below
    ASSERT_EQ(run("play --flip --color never --autosave " + path("f.game"), "quit\n", out), 0);
    EXPECT_NE(out.find(gote_bottom), std::string::npos) << out;
    ASSERT_EQ(run("play --color never --autosave " + path("f.game"), "flip\nquit\n", out), 0);
    EXPECT_NE(out.find(sente_bottom), std::string::npos) << out;
    EXPECT_NE(out.find(gote_bottom), std::string::npos) << out;
    // Four players: P2 at the bottom sees the board turned a quarter, its own pieces pointing up
    // and P1, on its right, pointing left.
    ASSERT_EQ(run("play --variant yonin-seireigi-compact --seat 1=random:1 --seat 2=human "
                  "--seat 3=random:3 --seat 4=random:4 --color never --autosave " +
                      path("f.game"),
                  "quit\n", out),
              0);
    EXPECT_NE(out.find("P1 <  P2 ^  P3 >  P4 v"), std::string::npos) << out;
    EXPECT_NE(out.find("    a   b   c   d   e   f   g   h   i\n"), std::string::npos) << out;
}

// Issue 16 item 10: resign asks first; a resignation can be taken back before leaving.
TEST_F(PlayCli, ResignAsksAndCanBeTakenBack) {
    std::string out;
    ASSERT_EQ(run("play --seat 2=random:5 --color never --autosave " + path("r.game"),
                  "resign\nn\n7g7f\nresign\nyes\nundo\n2g2f\nquit\n", out),
              0)
        << out;
    EXPECT_NE(out.find("Sente> resign\nResign the game? [y/n] n\nPlay on."), std::string::npos)
        << out;
    EXPECT_NE(out.find("Sente resigns: Gote wins."), std::string::npos) << out;
    EXPECT_NE(out.find("Type 'undo' to take back Sente's last move or declaration"),
              std::string::npos)
        << out;
    const GameRecord r = record("r.game");
    EXPECT_EQ(r.result, "") << read(path("r.game"));
    ASSERT_EQ(r.moves.size(), 4u) << read(path("r.game"));
    EXPECT_EQ(r.moves[0], "7g7f");
    EXPECT_EQ(r.moves[2], "2g2f");
    EXPECT_TRUE(r.events.empty());
}

// Issue 16 item 16: with four players, a checked player moving out of turn names who lost the
// turn; mates are announced as they happen; one person at the table sees the board only before
// their own moves.
TEST_F(PlayCli, FourPlayersSayWhoIsPassedOverAndKeepItShort) {
    std::string out;
    ASSERT_EQ(run("play --variant yonin-seireigi-compact --seat 1=random:1 --seat 2=random:2 "
                  "--seat 3=random:3 --seat 4=random:4 --color never --autosave " +
                      path("y.game"),
                  "", out),
              0);
    EXPECT_NE(out.find("50. P2 7g6h\nP1 is in check and moves out of turn: P3 and P4 lose this "
                       "turn.\n51. P1"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find(" is checkmated by "), std::string::npos) << out;

    // One person (P1) against three random seats: a board before each of P1's prompts only.
    ASSERT_EQ(run("play --variant yonin-seireigi-compact --seat 1=human --seat 2=random:2 "
                  "--seat 3=random:3 --seat 4=random:4 --color never --autosave " +
                      path("c.game"),
                  "5g5f\nquit\n", out),
              0);
    auto count = [&out](const std::string& what) {
        int n = 0;
        for (std::size_t at = out.find(what); at != std::string::npos; at = out.find(what, at + 1))
            ++n;
        return n;
    };
    EXPECT_EQ(count("(the mark is the forward direction"), 2) << out;  // start, P1's next turn
    EXPECT_EQ(count(" plays "), 3) << out;
    // Full view on request: a board after every move as well.
    ASSERT_EQ(
        run("play --resume " + path("c.game") + " --view full --color never", "6h6g\nquit\n", out),
        0);
    EXPECT_EQ(count("(the mark is the forward direction"), 5) << out;
}

// An impasse declared at the terminal is put to the other person, who may decline it; accepted,
// it ends the game by points.
TEST_F(PlayCli, ImpasseIsPutToTheOtherPerson) {
    std::string out;
    ASSERT_EQ(run("play --position '9/4K4/9/9/9/9/9/4k4/9 b 2R2B4G4S4N4L18P 1' --seat 2=human "
                  "--color never --autosave " +
                      path("i.game"),
                  "impasse\nn\nimpasse\ny\n\n", out),
              0)
        << out;
    EXPECT_NE(out.find("Sente declares an impasse. Points: Sente 54, Gote 0 (24 needed not to "
                       "lose).\nGote, do you accept? [y/n] n\nGote declines the impasse; play on."),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("Sente wins.\nThe game is saved in " + path("i.game")), std::string::npos)
        << out;
    EXPECT_NE(record("i.game").result.find("Impasse declared by Sente and accepted"),
              std::string::npos);
}

}  // namespace
}  // namespace seireigi
