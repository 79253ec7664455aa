// The `seireigi` program as a newcomer meets it (issue 16), through the real binary: the top
// level (help, --version, unknown commands), refused moves with their reasons, progress of long
// work on stderr, the one board printer, the piece legend, positions that cannot arise, YAML
// syntax errors in plain words and the smaller messages.
#include <gtest/gtest.h>

#include <cctype>
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

class Cli : public testing::CliTest {
  protected:
    // Runs the program with `input` on stdin; returns its exit code, with stdout and stderr.
    int run(const std::string& args, const std::string& input = "",
            const std::string& prefix = "") {
        testing::CliOutput r =
            run_cli(args, testing::CliCall().with_input(input).with_prefix(prefix));
        out = r.out;
        err = r.err;
        return r.exit_code;
    }

    void write(const std::string& name, const std::string& text) const {
        std::ofstream(path(name), std::ios::binary) << text;
    }

    std::string out, err;
};

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

#define EXPECT_HAS(text, part) \
    EXPECT_TRUE(has(text, part)) << "missing: " << (part) << "\n" << (text)
#define EXPECT_LACKS(text, part) \
    EXPECT_FALSE(has(text, part)) << "present: " << (part) << "\n" << (text)

// ---- Item 11: the top level --------------------------------------------------------------------

TEST_F(Cli, VersionHelpAndUnknownCommands) {
    EXPECT_EQ(run("--version"), 0);
    EXPECT_EQ(out.rfind("seireigi ", 0), 0u) << out;
    EXPECT_EQ(run("help"), 0);
    EXPECT_HAS(out, "play");
    EXPECT_HAS(out, "legend");
    EXPECT_EQ(run("help perft"), 0);
    EXPECT_HAS(out, "--depth");
    EXPECT_EQ(run("foo"), 2);
    EXPECT_HAS(err, "unknown command 'foo'; the commands are perft, moves,");
    EXPECT_LACKS(err, "A subcommand is required");
    EXPECT_EQ(run(""), 0);
    EXPECT_HAS(out, "seireigi help COMMAND");
}

TEST_F(Cli, PlayHelpExplainsMovesAndCommands) {
    EXPECT_EQ(run("play --help"), 0);
    EXPECT_HAS(out, "P*5e (drop)");
    EXPECT_HAS(out, "undo");
    EXPECT_HAS(out, "seireigi legend");
}

// ---- Item 2: refused moves name their reason ---------------------------------------------------

TEST_F(Cli, RefusedMovesNameTheirReasonInPlay) {
    EXPECT_EQ(run("play --variant shogi --seat 1=human --seat 2=random:1 --color never "
                  "--autosave " +
                      path("a.game"),
                  "5g5e\n2c2d\nP*5e\nB*5e\nquit\n"),
              0);
    EXPECT_HAS(out, "illegal move 5g5e: a Pawn cannot move from 5g to 5e");
    EXPECT_HAS(out, "from 5g it can go to 5f");
    EXPECT_HAS(out, "illegal move 2c2d: the Pawn on 2c is Gote's, not yours");
    EXPECT_HAS(out, "illegal move P*5e: you have no Pawn in hand");
    EXPECT_HAS(out, "illegal move B*5e: you have no Bishop in hand");
    EXPECT_LACKS(out, "character 1");
}

TEST_F(Cli, RefusedMovesNameTheirReasonInMovesOption) {
    EXPECT_EQ(run("moves --variant dai-seireigi --moves 16k16j"), 2);
    EXPECT_HAS(err, "there is no file 16 (files run from 1 to 15)");
    EXPECT_EQ(run("moves --variant shogi --position \"4k4/9/9/9/9/9/4P4/9/4K4 b P 1\" --moves "
                  "P*5e"),
              2);
    EXPECT_HAS(err, "nifu");
}

// ---- Item 6: progress of long work -------------------------------------------------------------

TEST_F(Cli, PerftDivideReportsEachRootMoveOnStderr) {
    EXPECT_EQ(run("perft --variant shogi --depth 3 --divide --progress"), 0);
    EXPECT_EQ(out.rfind("nodes 25470\n", 0), 0u) << out;
    EXPECT_HAS(err, "1/30 root moves");
    EXPECT_HAS(err, "30/30 root moves");
    // The stdout lines are unchanged: each root move and its count.
    EXPECT_HAS(out, "\n7g7f 1110\n");
    EXPECT_EQ(run("perft --variant shogi --depth 3 --divide --progress --quiet"), 0);
    EXPECT_EQ(err, "");
    // Not a terminal and not asked for: nothing on stderr either.
    EXPECT_EQ(run("perft --variant shogi --depth 3"), 0);
    EXPECT_EQ(err, "");
}

TEST_F(Cli, PerftWarnsBeforeADepthThatCannotFinish) {
    // The warning comes before the run, which `timeout` then stops.
    run("perft --variant shogi --depth 40 --quiet", "", "timeout 10 ");
    EXPECT_HAS(err, "warning: perft depth 40 will take about 10^");
    EXPECT_HAS(err, "years here");
}

TEST_F(Cli, CrossCheckReportsGamesOnStderr) {
    EXPECT_EQ(run("cross-check --engines generic,reference --variant minishogi --games 3 "
                  "--plies 10 --progress"),
              0);
    EXPECT_HAS(out, "no difference");
    EXPECT_HAS(err, "3 games");
}

// ---- Item 7: one board printer -----------------------------------------------------------------

// Terminal columns of UTF-8 text (CJK characters take two).
std::size_t columns(const std::string& s) {
    std::size_t w = 0;
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = s[i];
        const int len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        w += len >= 3 ? 2 : 1;  // the board's kanji and the empty-square dot are wide
        i += len;
    }
    return w;
}

TEST_F(Cli, MovesBoardShowsFourPlayerOwners) {
    EXPECT_EQ(run("moves --variant yonin-seireigi-compact --board --color never"), 0);
    EXPECT_HAS(out, "P1 ^  P2 >  P3 v  P4 <");
    EXPECT_HAS(out, "vS");  // P3's Silver, facing south
    EXPECT_HAS(out, ">K");  // P2's King, facing east
    EXPECT_HAS(out, "^K");
}

TEST_F(Cli, KanjiBoardKeepsItsColumnsAndMarksGote) {
    EXPECT_EQ(run("moves --variant dai-seireigi --board --pieces kanji --color never"), 0);
    std::istringstream lines(out);
    std::string line;
    std::size_t width = 0;
    int rows = 0;
    while (std::getline(lines, line)) {
        if (line.size() < 3 || line[line.size() - 3] != ' ' || line[line.size() - 2] != ' ' ||
            !std::islower(static_cast<unsigned char>(line.back())))
            continue;  // board rows end in two spaces and the rank letter
        ++rows;
        if (width == 0) width = columns(line);
        EXPECT_EQ(columns(line), width) << line;
        // Every cell is separated from the next by a space: no two marks or glyphs touch.
        EXPECT_LACKS(line, "兵v");
    }
    EXPECT_EQ(rows, 15) << out;
    // Gote's pieces without kanji are written in Latin with the 'v' mark, like the others.
    EXPECT_TRUE(out.find(" v") != std::string::npos) << out;
}

// ---- Item 8: the legend ------------------------------------------------------------------------

TEST_F(Cli, LegendListsEveryPiece) {
    EXPECT_EQ(run("legend --variant shogi"), 0);
    EXPECT_HAS(out, "abbr");
    EXPECT_HAS(out, "promotes to");
    EXPECT_HAS(out, "Pawn");
    EXPECT_HAS(out, "+P Tokin");
    EXPECT_HAS(out, "歩");
    EXPECT_EQ(run("legend --variant dai-seireigi"), 0);
    // One row per piece face, after the header.
    EXPECT_HAS(out, "Dai Seireigi");
}

// ---- Item 13: positions that cannot arise ------------------------------------------------------

TEST_F(Cli, PositionsThatCannotAriseAreRefusedByPlayAndWarnedAboutByMoves) {
    // Gote's King on 5a is in check from the Rook on 5e, but Sente is to move.
    const std::string checked = "--variant shogi --position \"4k4/9/9/9/4R4/9/9/9/4K4 b - 1\"";
    EXPECT_EQ(run("play --color never " + checked, "quit\n"), 2);
    EXPECT_HAS(err, "cannot arise in a game: Gote is in check but Sente is to move");
    EXPECT_EQ(run("moves " + checked), 0);
    EXPECT_HAS(err, "warning: --position: this position cannot arise in a game: Gote is in check");
    // Two unpromoted Pawns of Sente on file 5.
    const std::string nifu = "--variant shogi --position \"4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1\"";
    EXPECT_EQ(run("play --color never " + nifu, "quit\n"), 2);
    EXPECT_HAS(err, "Sente has two unpromoted Pawns on one file (5e and 5g)");
    // --any-position plays it anyway (a study), with the warning.
    EXPECT_EQ(run("play --color never --any-position --seat 2=random:1 --autosave " +
                      path("n.game") + " " + nifu,
                  "quit\n"),
              0);
    EXPECT_HAS(err, "warning: --position: this position cannot arise in a game: Sente has two");
    // Three Rooks; a set has two.
    EXPECT_EQ(run("perft --depth 1 --variant shogi --position \"4k4/9/9/9/9/9/9/9/RR2K3R b - 1\""),
              0);
    EXPECT_HAS(err, "3 Rooks (board and hands), but the set of Shogi has 2");
    // No King: fine for perft, refused by play.
    EXPECT_EQ(run("perft --depth 1 --variant shogi --position \"9/9/9/9/9/9/9/9/4K4 b - 1\""), 0);
    EXPECT_EQ(err, "");
    EXPECT_EQ(run("play --color never --variant shogi --position \"9/9/9/9/9/9/9/9/4K4 b - 1\"",
                  "quit\n"),
              2);
    EXPECT_HAS(err, "Gote has no King");
    // An empty --position is an error, not the start.
    EXPECT_EQ(run("moves --position \"\""), 2);
    EXPECT_HAS(err, "--position is empty");
}

// ---- Items 14 and 15: misleading messages ------------------------------------------------------

TEST_F(Cli, MissingDataDirIsNamed) {
    EXPECT_EQ(run("moves --data-dir " + path("nope")), 2);
    EXPECT_HAS(err, "--data-dir " + path("nope") + ": no such folder");
    EXPECT_EQ(run("variants --data-dir " + path("nope")), 2);
    EXPECT_HAS(err, "no such folder");
}

// --data-dir adds its variants to the built-in ones for every command; a file there replaces the
// built-in variant of its name.
TEST_F(Cli, DataDirAddsToTheBuiltInVariants) {
    fs::create_directories(path("data/variants"));
    write("data/variants/my-shogi.yaml",
          "name: My Shogi\ndescription: shogi under another name\nextends: shogi\n");
    write("data/variants/minishogi.yaml",
          "name: Replaced Minishogi\ndescription: shogi under the name minishogi\n"
          "extends: shogi\n");
    const std::string data = " --data-dir " + path("data");
    EXPECT_EQ(run("moves --variant seireigi" + data), 0) << err;
    EXPECT_EQ(run("perft --variant my-shogi --depth 2" + data), 0) << err;
    EXPECT_HAS(out, "nodes 900");
    EXPECT_EQ(run("perft --variant minishogi --depth 1" + data), 0) << err;
    EXPECT_HAS(out, "nodes 30");  // shogi's 30 first moves, not minishogi's 14
    EXPECT_EQ(run("variants" + data), 0) << err;
    EXPECT_HAS(out, "my-shogi  My Shogi");
    EXPECT_HAS(out, "seireigi  Seireigi");
    EXPECT_HAS(out, "minishogi  Replaced Minishogi");
    EXPECT_LACKS(out, "minishogi  Minishogi");
}

TEST_F(Cli, ResumeOnAFolderSaysSo) {
    EXPECT_EQ(run("play --resume " + dir_.string()), 2);
    EXPECT_HAS(err, "this is a folder");
    EXPECT_LACKS(err, "the record is empty");
}

TEST_F(Cli, RecordEditedToAnotherVariantSaysSo) {
    ASSERT_EQ(run("play --variant shogi --seat 1=random:1 --seat 2=random:2 --color never "
                  "--autosave " +
                  path("g.game")),
              0);
    std::string record = read(path("g.game"));
    const std::size_t at = record.find("variant shogi");
    ASSERT_NE(at, std::string::npos) << record;
    record.replace(at, std::string("variant shogi").size(), "variant seireigi");
    write("edited.game", record);
    EXPECT_EQ(run("play --color never --resume " + path("edited.game")), 2);
    EXPECT_HAS(err, "this game was played as 'shogi'");
    EXPECT_HAS(err, "--variant shogi");
}

// A record's seat line is a description (docs/records.md): one that names no seat seireigi
// knows is played by the engine, and the player is told which seat and why.
TEST_F(Cli, BadSeedInARecordIsReplacedAndSaidSo) {
    ASSERT_EQ(run("play --variant shogi --seat 1=random:1 --seat 2=random:2 --color never "
                  "--autosave " +
                  path("g.game")),
              0);
    std::string record = read(path("g.game"));
    const std::size_t at = record.find("random:2");
    ASSERT_NE(at, std::string::npos) << record;
    record.replace(at, 8, "random:x");
    write("bad.game", record);
    EXPECT_EQ(run("play --color never --movetime 20 --resume " + path("bad.game")), 0);
    EXPECT_HAS(out,
               "Gote: the record's seat 'random:x': the seed must be a whole number, e.g. "
               "random:42; the engine plays it instead (--seat 2=SPEC names another)");
}

TEST_F(Cli, FastEngineRefusalNamesTheRightOption) {
    EXPECT_EQ(run("bench --variant shogi --depth-change -3"), 2);
    EXPECT_HAS(err, "the fast engine plays only standard 9x9 Seireigi, not 'shogi'");
    EXPECT_HAS(err, "--engines");
    EXPECT_LACKS(err, "piece 1:");
    EXPECT_EQ(run("perft --variant shogi --depth 1 --engine fast"), 2);
    EXPECT_HAS(err, "choose another engine with --engine ");
}

TEST_F(Cli, PieceHelpAndMoves) {
    EXPECT_EQ(run("piece --help"), 0);
    EXPECT_HAS(out, "default: an empty board");
    // --moves is played (from the start position) instead of being ignored.
    EXPECT_EQ(run("piece --variant shogi --name G --moves 7g7f"), 0);
    EXPECT_HAS(out, " l ");
}

// A piece is named by any name `legend` prints: a promoted face as +ABBR or by its own
// abbreviation; an unknown name lists the names there are.
TEST_F(Cli, PieceTakesTheNamesTheLegendPrints) {
    EXPECT_EQ(run("piece --name +R"), 0) << err;
    EXPECT_HAS(out, "Dragon King");
    EXPECT_EQ(run("piece --name DK"), 0) << err;
    EXPECT_HAS(out, "Dragon King");
    EXPECT_EQ(run("piece --name dragon_king"), 0) << err;
    EXPECT_EQ(run("piece --name +K"), 2);
    EXPECT_HAS(err, "no such piece in Seireigi; its pieces: K R +R B +B");
}

TEST_F(Cli, CrossCheckPositionsFileProblems) {
    write("empty.txt", "# nothing here\n\n");
    EXPECT_EQ(run("cross-check --engines generic,reference --positions " + path("empty.txt")), 2);
    EXPECT_HAS(err, "holds no position");
    write("bad.txt", "# a comment\n4k4/9/9/9/9/9/9/9/4K4 b - 1\n\nnonsense\n");
    EXPECT_EQ(run("cross-check --engines generic,reference --positions " + path("bad.txt")), 2);
    EXPECT_HAS(err, path("bad.txt") + ":4: ");
}

// `tune` prints the fitted weights and the changed values as the variant file's key; a line it
// cannot read stops it with the file, line and move.
TEST_F(Cli, TuneFitsWeightsAndNamesABadLine) {
    std::string lines;
    const char* games[] = {"7g7f 3c3d 8h2b+ 3a2b", "2g2f 8c8d 2f2e 8d8e 2e2d 2c2d 2h2d P*2c",
                           "7g7f 8c8d 7f7e 8d8e 7e7d 7c7d",
                           "7g7f 3c3d 5g5f 5c5d 5f5e 5d5e 8h5e 2b5e"};
    int n = 0;
    for (const char* g : games)
        for (int score : {-300, 0, 250})
            lines += std::to_string(score) + " " + std::to_string(++n % 2) + " " + g + "\n";
    write("scored.txt", lines);
    EXPECT_EQ(run("tune --positions " + path("scored.txt") + " --passes 1 --values"), 0) << err;
    EXPECT_HAS(err, "positions: 12, 0 left out");
    EXPECT_HAS(out, "SEIREIGI_EVAL_WEIGHTS=promotion_share_pct=");
    EXPECT_HAS(out, "piece_values: {");

    write("bad.txt", "10 1 7g7f\n10 2 7g7f\n");
    EXPECT_EQ(run("tune --positions " + path("bad.txt")), 2);
    EXPECT_HAS(err, path("bad.txt") + ":2: expected SCORE RESULT MOVE...");
    write("bad-move.txt", "10 1 7g7f 3c3d 7f7e\n10 1 7g7f 7g7e\n");
    EXPECT_EQ(run("tune --positions " + path("bad-move.txt")), 2);
    EXPECT_HAS(err, path("bad-move.txt") + ":2, move 2 \"7g7e\"");
}

}  // namespace
}  // namespace seireigi
