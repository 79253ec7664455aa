// The KIF and CSA reader (record/kif_csa_reader.h) on files other programs wrote — tsshogi's KIF
// and CSA export (UTF-8, and the KIF converted to the Shift_JIS most Japanese programs write), a
// Kifu-for-Windows-style file with a declined promotion, comments and a variation — and on this
// program's own KIF export: the same moves as the game records hold. Bad files are refused with
// the line and the reason.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "record/game_record.h"
#include "record/kif_csa_reader.h"
#include "test_support.h"
#include "text/notation.h"

namespace seireigi {
namespace {

std::string data(const std::string& name) {
    auto text = read_text_file(testing::source_path("tests/data/kif/" + name));
    EXPECT_TRUE(std::holds_alternative<std::string>(text)) << name;
    return std::holds_alternative<std::string>(text) ? std::get<std::string>(text) : "";
}

std::vector<std::string> moves_of(const Game& g) {
    std::vector<std::string> out;
    for (Move m : g.moves()) out.push_back(write_move(g.variant(), m));
    return out;
}

// The record's start and moves.
GameRecord record(const std::string& name) {
    auto r = read_record(data(name));
    EXPECT_TRUE(std::holds_alternative<GameRecord>(r)) << name;
    return std::holds_alternative<GameRecord>(r) ? std::get<GameRecord>(r) : GameRecord{};
}

// Position text less its move number, which a KIF board diagram does not carry.
std::string board_hands_and_mover(const std::string& position) {
    return position.substr(0, position.rfind(' '));
}

ImportedGame read(const std::string& name, const std::string& variant) {
    const std::string text = data(name);
    auto v = testing::variant(variant);
    auto r = record_format_of(name) == RecordFormat::Csa ? read_csa(text, v) : read_kif(text, v);
    if (auto* d = std::get_if<Diagnostic>(&r)) {
        ADD_FAILURE() << name << ": " << d->text();
        return ImportedGame{Game(v, testing::position(*v, "start")), {}};
    }
    return std::move(std::get<ImportedGame>(r));
}

TEST(KifCsaReader, ReadsWhatOtherProgramsWrote) {
    const GameRecord random_game = record("tsshogi-random-game.game");
    const GameRecord from_position = record("shogi-from-position.game");
    for (const std::string name :
         {"tsshogi-random-game.kif", "tsshogi-random-game.csa", "tsshogi-random-game-shift-jis.kif",
          "tsshogi-from-position.kif", "tsshogi-from-position.csa"}) {
        const GameRecord& expected =
            name.starts_with("tsshogi-random") ? random_game : from_position;
        const ImportedGame g = read(name, "shogi");
        EXPECT_EQ(board_hands_and_mover(write_position(g.game.variant(), g.game.start())),
                  board_hands_and_mover(expected.start))
            << name;
        EXPECT_EQ(moves_of(g.game), expected.moves) << name;
        EXPECT_EQ(g.players[0], expected.seats[0]) << name;
        EXPECT_TRUE(g.game.over()) << name << ": the last move mates";
    }
}

TEST(KifCsaReader, ReadsOurOwnExport) {
    for (const auto& [kif, game, variant] :
         {std::tuple{"seireigi-promotions.kif", "seireigi-promotions.game", "seireigi"},
          std::tuple{"shogi-from-position.kif", "shogi-from-position.game", "shogi"}}) {
        const GameRecord expected = record(game);
        const std::string text = data(kif);
        const ImportedGame g = read(kif, variant);
        EXPECT_EQ(board_hands_and_mover(write_position(g.game.variant(), g.game.start())),
                  board_hands_and_mover(expected.start))
            << kif;
        EXPECT_EQ(moves_of(g.game), expected.moves) << kif;
        EXPECT_EQ(variant_named_in_kif(text), testing::variant(variant)->name) << kif;
    }
}

TEST(KifCsaReader, DeclinedPromotionCommentsVariationAndResignation) {
    const ImportedGame g = read("declined-promotion-and-variation.kif", "shogi");
    EXPECT_EQ(moves_of(g.game), (std::vector<std::string>{"7g7f", "3c3d", "8h2b", "3a2b", "B*4e"}));
    EXPECT_EQ(g.players, (std::vector<std::string>{"Sente player", "Gote player"}));
    ASSERT_TRUE(g.game.over());
    EXPECT_EQ(g.game.result().final->kind, EventKind::Resignation);
    EXPECT_EQ(g.game.result().standings[0], Standing::Won);
}

TEST(KifCsaReader, RefusesWithTheLineAndTheReason) {
    auto shogi = testing::variant("shogi");
    struct Bad {
        std::string text;
        bool csa;
        std::string message;
    };
    const std::vector<Bad> cases = {
        {"手合割：平手\n   1 ７六歩(77)\n   2 ７六歩(77)\n", false,
         "line 3: move 2: illegal move 7g7f"},
        {"手合割：平手\n   1 ５五歩(57)\n", false,
         "line 2: move 1: illegal move 5g5e: a Pawn cannot move from 5g to 5e"},
        {"手合割：香落ち\n   1 ７六歩(77)\n", false, "line 1: the handicap '香落ち' is not read"},
        {"   1 ７六象(77)\n", false, "line 1: unknown piece '象' in Shogi"},
        {"   1 ７六歩(77)\n   3 ３四歩(33)\n", false, "line 2: move number 3 where 2 was expected"},
        {"PI\n+\n+7776FU\n-7776FU\n", true, "line 4: move 2: illegal move 7g7f"},
        {"+7776FU\n", true, "line 1: a move before the position"},
        {"PI\n+\n+7776XX\n", true, "line 3: move 1: cannot read '+7776XX'"},
        {"PI\n+\nhello\n", true, "line 3: cannot read 'hello'"},
        {std::string("   1 \xff\xff\n"), false, "neither UTF-8 nor Shift_JIS"},
    };
    for (const Bad& c : cases) {
        auto r = c.csa ? read_csa(c.text, shogi) : read_kif(c.text, shogi);
        ASSERT_TRUE(std::holds_alternative<Diagnostic>(r)) << c.text;
        EXPECT_NE(std::get<Diagnostic>(r).text().find(c.message), std::string::npos)
            << c.text << " -> " << std::get<Diagnostic>(r).text();
    }
    auto dai = testing::variant("dai-seireigi");
    auto r = read_kif("手合割：平手\n", dai);
    ASSERT_TRUE(std::holds_alternative<Diagnostic>(r));
    EXPECT_NE(std::get<Diagnostic>(r).message.find("9x9 games of two players"), std::string::npos);
}

}  // namespace
}  // namespace seireigi
