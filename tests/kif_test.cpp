// KIF export (framework/kif.h): golden files for Seireigi's promoted pieces (docs/records.md)
// and for a shogi game from a set-up position (board diagram). The outside-reader check with
// tsshogi is the ctest step KifOutsideReader (tests/kif_reader/).
#include <gtest/gtest.h>

#include "record/game_record.h"
#include "record/kif.h"
#include "record/kif_csa_reader.h"
#include "test_support.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

std::string file_text(const std::string& relative) {
    auto text = read_text_file(testing::source_path(relative));
    if (auto* d = std::get_if<Diagnostic>(&text)) throw std::runtime_error(d->text());
    return std::get<std::string>(text);
}

// Replays tests/data/kif/NAME.game and compares its KIF with tests/data/kif/NAME.kif.
void expect_golden(const std::string& name) {
    auto record = read_record(file_text("tests/data/kif/" + name + ".game"));
    ASSERT_TRUE(std::holds_alternative<GameRecord>(record));
    const GameRecord& r = std::get<GameRecord>(record);
    auto game = replay_record(r, testing::variant(r.variant));
    ASSERT_TRUE(std::holds_alternative<Game>(game)) << std::get<Diagnostic>(game).text();
    EXPECT_EQ(write_kif(std::get<Game>(game), r.seats),
              file_text("tests/data/kif/" + name + ".kif"));
}

// A random Seireigi game with every Seireigi promotion: 金成 and the moves of 象 (Great
// Elephant), 狼 (Running Wolf), 天 (Heavenly Horse) and 虎 (Free Tiger).
TEST(Kif, SeireigiPromotedPiecesGolden) {
    expect_golden("seireigi-promotions");
}

// Shogi from a set-up position with pieces in hand and Gote to move: a board diagram.
TEST(Kif, ShogiFromPositionGolden) {
    expect_golden("shogi-from-position");
}

TEST(Kif, SpellingsOfMovesAndEndings) {
    auto v = testing::variant("seireigi");
    Game game(v, testing::position(*v, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"));
    game.play(std::get<Move>(game.read_move("G*5b")));
    const std::string kif = write_kif(game, {"human", "random:1"});
    EXPECT_NE(kif.find("   1 ５二金打\n   2 詰み\nまで1手で先手の勝ち\n"), std::string::npos)
        << kif;
    EXPECT_NE(kif.find("先手：human\n後手：random:1\n"), std::string::npos);
}

// Japanese notation for the web board's kanji mode: the mover's mark, 同 for a recapture, 成 and
// 不成 where promotion is a choice, 打 for a drop, the square of origin when two pieces of a kind
// can go there.
TEST(Kif, JapaneseNotationOfMoves) {
    auto v = testing::variant("shogi");
    Game game(v, start_state(*v));
    for (const char* m : {"7g7f", "3c3d", "8h2b=", "3a2b", "B*5e", "4a4b", "6i5h", "4b5b"}) {
        auto read = game.read_move(m);
        ASSERT_TRUE(std::holds_alternative<Move>(read)) << m;
        game.play(std::get<Move>(read));
    }
    EXPECT_EQ(japanese_moves(game),
              (std::vector<std::string>{"☗７六歩", "☖３四歩", "☗２二角不成", "☖同　銀", "☗５五角打",
                                        "☖４二金", "☗５八金(69)", "☖５二金(42)"}));
}

// What write_kif writes, read_kif reads back (a declined promotion is a move without a mark),
// from the even start and from a board diagram.
TEST(Kif, MovesReadBackFromKif) {
    auto v = testing::variant("shogi");
    Game game(v, start_state(*v));
    const std::vector<std::string> played = {"7g7f", "3c3d", "8h2b", "3a2b",
                                             "B*5e", "4a4b", "6i5h", "4b5b"};
    for (const auto& m : played) game.play(std::get<Move>(game.read_move(m)));
    game.resign(1);
    const std::string kif = write_kif(game, {"human", "engine"});
    ASSERT_TRUE(looks_like_kif(kif));
    auto read = read_kif(kif, v);
    ASSERT_TRUE(std::holds_alternative<ImportedGame>(read)) << std::get<Diagnostic>(read).text();
    const Game& back = std::get<ImportedGame>(read).game;
    std::vector<std::string> texts;
    for (Move m : back.moves()) texts.push_back(write_move(*v, m));
    EXPECT_EQ(texts, played);

    const PositionState diagram = testing::position(*v, "4k4/9/9/9/9/9/9/9/4K4 b G 1");
    Game from_diagram(v, diagram);
    from_diagram.play(std::get<Move>(from_diagram.read_move("G*5b")));
    auto read_diagram = read_kif(write_kif(from_diagram, {}), v);
    ASSERT_TRUE(std::holds_alternative<ImportedGame>(read_diagram))
        << std::get<Diagnostic>(read_diagram).text();
    EXPECT_EQ(std::get<ImportedGame>(read_diagram).game.start(), diagram);
    EXPECT_EQ(std::get<ImportedGame>(read_diagram).game.ply(), 1);
    EXPECT_FALSE(looks_like_kif("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"));
}

TEST(Kif, OnlyNineByNineTwoPlayerGames) {
    EXPECT_EQ(kif_unsupported(*testing::variant("seireigi")), std::nullopt);
    EXPECT_TRUE(kif_unsupported(*testing::variant("minishogi")));
    EXPECT_TRUE(kif_unsupported(
        *testing::variant(testing::source_path("tests/data/variants/big-hook-test.yaml"))));
}

}  // namespace
}  // namespace seireigi
