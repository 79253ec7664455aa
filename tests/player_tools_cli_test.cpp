// What a player and a designer type, through the built program: the terminal's `history` and
// `position`, `analyse --record FILE [--ply N]` on a game record, a KIF and a CSA file, `play
// --resume` of a KIF, a save into a missing folder, a multi-letter drop written without
// parentheses, and `validate`'s summary of a variant.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "cli_runner.h"
#include "game/game.h"
#include "record/game_record.h"
#include "test_support.h"
#include "text/notation.h"

namespace seireigi {
namespace {

using PlayerToolsCli = testing::TerminalCliTest;

std::string kif_data(const std::string& name) {
    return testing::source_path("tests/data/kif/" + name);
}

// The line `analyse` prints for a record's position: "info string position after N moves of
// FILE: TEXT", less the file.
std::string position_line(const std::string& out) {
    const std::size_t at = out.find("info string position after ");
    if (at == std::string::npos) return "";
    const std::string line = out.substr(at, out.find('\n', at) - at);
    const std::size_t moves = line.find(" moves of ");
    return line.substr(0, moves) + line.substr(line.find(": ", moves));
}

TEST_F(PlayerToolsCli, HistoryAndPositionAtTheTerminal) {
    std::string out;
    ASSERT_EQ(
        run("play --variant shogi --seat 2=random:5 --color never --autosave " + path("g.game"),
            "history\n7g7f\nhistory\nposition\nquit\n", out),
        0)
        << out;
    EXPECT_NE(out.find("No move has been played yet."), std::string::npos) << out;
    EXPECT_NE(out.find("2 moves played:\n  1. 7g7f  2. "), std::string::npos) << out;
    auto record = read_record(read(path("g.game")));
    ASSERT_TRUE(std::holds_alternative<GameRecord>(record));
    const GameRecord& r = std::get<GameRecord>(record);
    ASSERT_EQ(r.moves.size(), 2u);
    auto v = testing::variant("shogi");
    Game g(v, testing::position(*v, "start"));
    for (const std::string& m : r.moves) g.play(std::get<Move>(g.read_move(m)));
    const std::string text = write_position(*v, g.current());
    EXPECT_NE(out.find(text + "\nAnalyse it with: seireigi analyse --variant shogi --position '" +
                       text + "'"),
              std::string::npos)
        << out;
}

TEST_F(PlayerToolsCli, AnalyseReadsARecordKifAndCsaAtAnyPly) {
    std::string out;
    auto v = testing::variant("shogi");
    auto record = read_record(read(kif_data("tsshogi-random-game.game")));
    ASSERT_TRUE(std::holds_alternative<GameRecord>(record));
    Game g(v, testing::position(*v, "start"));
    for (int i = 0; i < 10; ++i)
        g.play(std::get<Move>(g.read_move(std::get<GameRecord>(record).moves[i])));
    const std::string expected =
        "info string position after 10: " + write_position(*v, g.current());
    for (const std::string file :
         {"tsshogi-random-game.game", "tsshogi-random-game.kif", "tsshogi-random-game.csa"}) {
        ASSERT_EQ(run("analyse --record " + kif_data(file) + " --ply 10 --depth 2", "", out), 0)
            << file << "\n"
            << out;
        EXPECT_EQ(position_line(out), expected) << file << "\n" << out;
        EXPECT_NE(out.find("bestmove "), std::string::npos) << out;
    }
    // After the last move: the game is over, mated.
    ASSERT_EQ(
        run("analyse --record " + kif_data("tsshogi-random-game.kif") + " --depth 1", "", out), 0)
        << out;
    EXPECT_NE(out.find("info string position after 144 moves"), std::string::npos) << out;
    EXPECT_NE(out.find("bestmove resign"), std::string::npos) << out;

    EXPECT_NE(
        run("analyse --record " + kif_data("tsshogi-random-game.kif") + " --ply 145", "", out), 0);
    EXPECT_NE(out.find("--ply 145: the game has only 144 moves"), std::string::npos) << out;
    EXPECT_NE(run("analyse --ply 3", "", out), 0);
    EXPECT_NE(out.find("--ply counts the moves of a --record FILE"), std::string::npos) << out;
    EXPECT_NE(
        run("analyse --record " + kif_data("tsshogi-random-game.kif") + " --moves 7g7f", "", out),
        0);
    EXPECT_NE(out.find("--record gives the position"), std::string::npos) << out;
}

TEST_F(PlayerToolsCli, PlayResumesAKifAndSavesARecord) {
    {
        std::ofstream(path("k.kif"))
            << "手合割：平手\n先手：me\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
    }
    std::string out;
    ASSERT_EQ(run("play --resume " + path("k.kif") +
                      " --seat 2=random:1 --color never --autosave " + path("r.game"),
                  "history\n2g2f\nquit\n", out),
              0)
        << out;
    EXPECT_NE(out.find("2 moves played:\n  1. 7g7f  2. 3c3d\n"), std::string::npos) << out;
    auto record = read_record(read(path("r.game")));
    ASSERT_TRUE(std::holds_alternative<GameRecord>(record)) << read(path("r.game"));
    const auto& moves = std::get<GameRecord>(record).moves;
    ASSERT_GE(moves.size(), 3u);
    EXPECT_EQ(moves[2], "2g2f");
    EXPECT_EQ(std::get<GameRecord>(record).variant, "shogi");

    { std::ofstream(path("bad.kif")) << "手合割：平手\n   1 ７六歩(77)\n   2 ５五歩(53)\n"; }
    EXPECT_NE(run("play --resume " + path("bad.kif"), "", out), 0);
    EXPECT_NE(out.find("bad.kif: line 3: move 2: illegal move 5c5e"), std::string::npos) << out;
}

TEST_F(PlayerToolsCli, SaveIntoAMissingFolderNamesTheFolder) {
    std::string out;
    const std::string missing = path("no-such-folder");
    ASSERT_EQ(
        run("play --variant shogi --seat 2=random:5 --color never --autosave " + path("g.game"),
            "save " + missing + "/x.game\nquit\n", out),
        0)
        << out;
    EXPECT_NE(out.find("cannot save " + missing + "/x.game: there is no folder '" + missing +
                       "' (create it first)"),
              std::string::npos)
        << out;
    EXPECT_EQ(out.find(".tmp"), std::string::npos) << out;
}

TEST_F(PlayerToolsCli, MultiLetterDropWithoutParenthesesShowsTheWrittenForm) {
    std::string out;
    ASSERT_EQ(run("play --variant dai-seireigi --seat 2=random:5 --color never --autosave " +
                      path("d.game"),
                  "CA*8h\nquit\n", out),
              0)
        << out;
    EXPECT_NE(out.find("'CA*8h': a piece of more than one letter is written in parentheses: "
                       "(CA)*8h."),
              std::string::npos)
        << out;
}

// Four players: a person whose turns others' out-of-turn moves took is told so at their next
// turn. The game of four seeded random seats is replayed with a person in P3's seat who types
// the moves random:3 made.
TEST_F(PlayerToolsCli, FourPlayersTellAPersonTheTurnsLost) {
    std::string out;
    const std::string seats = " --seat 1=random:1 --seat 2=random:2 --seat 4=random:4";
    ASSERT_EQ(run("play --variant yonin-seireigi-compact --seat 3=random:3 --color never" + seats +
                      " --autosave " + path("y.game"),
                  "", out),
              0);
    std::string input;
    int taken = 0;
    std::istringstream record(read(path("y.game")));
    for (std::string line; std::getline(record, line) && taken < 16;)
        if (line.rfind("move 3 ", 0) == 0) {
            input += line.substr(7) + "\n";
            ++taken;
        }
    ASSERT_EQ(taken, 16) << read(path("y.game"));
    ASSERT_EQ(run("play --variant yonin-seireigi-compact --seat 3=human --color never" + seats +
                      " --autosave " + path("z.game"),
                  input + "quit\n", out),
              0);
    const std::size_t lost = out.find("P1 is in check and moves out of turn: P3 and P4 lose");
    ASSERT_NE(lost, std::string::npos) << out;
    EXPECT_NE(out.find("P3 lost 1 turn while P1 was in check.\nP3> ", lost), std::string::npos)
        << out;
}

TEST_F(PlayerToolsCli, ValidateSumsUpAVariant) {
    std::string out;
    ASSERT_EQ(run("validate " + testing::source_path("variants/shogi.yaml"), "", out), 0) << out;
    for (const char* line :
         {": ok\n",
          "  Shogi (shogi): 9x9 board, 2 players, promotion zone 3 ranks, captured "
          "pieces are dropped\n",
          "  Sente (moves first): 20 pieces: ", "  legal first moves: 30\n", "    P Pawn: 100 [",
          ", promotes to Tokin: ", "    K King: "})
        EXPECT_NE(out.find(line), std::string::npos) << line << "\n" << out;
    ASSERT_EQ(run("validate " + testing::source_path("pieces/shogi.yaml"), "", out), 0) << out;
    EXPECT_NE(out.find(": ok (a piece catalogue)\n"), std::string::npos) << out;
}

}  // namespace
}  // namespace seireigi
