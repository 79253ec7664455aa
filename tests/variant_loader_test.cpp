// The YAML loader: the built-in variants, the test variants, `extends:`, where files are found,
// and one broken file per class of error (tests/data/bad-yaml/), each message checked with its
// exact line and column.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "rules/embedded_data.h"
#include "rules/geometry.h"
#include "rules/variant.h"
#include "rules/variant_loader.h"
#include "test_support.h"

namespace seireigi {
namespace {

namespace fs = std::filesystem;

const std::string kSource = SEIREIGI_SOURCE_DIR;

std::string data_path(const std::string& relative) {
    return kSource + "/tests/data/" + relative;
}

std::string all_errors(const VariantLoadResult& r) {
    std::string out;
    for (const auto& d : r.errors) out += d.text() + "\n";
    return out;
}

VariantSpec load_ok(const std::string& name_or_path, const DataSource& source = {}) {
    auto r = load_variant(name_or_path, source);
    EXPECT_TRUE(r.spec.has_value()) << all_errors(r);
    return r.spec.value_or(VariantSpec{});
}

const PieceDef* piece(const VariantSpec& spec, const std::string& id) {
    for (const auto& p : spec.pieces)
        if (p.id == id) return &p;
    return nullptr;
}

// "K 5i" for every placement of player `p`, turned into board squares, sorted.
std::vector<std::string> placed(const VariantSpec& spec, int p) {
    const Geometry geo{spec.files, spec.ranks};
    std::vector<std::string> out;
    for (const auto& place : spec.setup_relative) {
        auto s = geo.from_view(spec.players[p].orientation, place.file, place.rank_index);
        out.push_back(piece(spec, place.piece)->abbr + " " + (s ? geo.name(*s) : "off"));
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// ---------------------------------------------------------------------------------------------
// Built-in variants

TEST(VariantLoader, SeireigiLoadsWithItsRules) {
    const VariantSpec s = load_ok("seireigi");
    EXPECT_EQ(s.id, "seireigi");
    EXPECT_EQ(s.name, "Seireigi");
    EXPECT_FALSE(s.description.empty());
    EXPECT_EQ(s.files, 9);
    EXPECT_EQ(s.ranks, 9);
    ASSERT_EQ(s.players.size(), 2u);
    EXPECT_EQ(s.players[0].name, "Sente");
    EXPECT_EQ(s.players[0].orientation, Orientation::North);
    EXPECT_EQ(s.players[1].name, "Gote");
    EXPECT_EQ(s.players[1].orientation, Orientation::South);
    EXPECT_EQ(s.starting_player, 0);
    EXPECT_EQ(s.base_types, (std::vector<std::string>{"pawn", "lance", "knight", "silver", "gold",
                                                      "bishop", "rook", "king"}));
    EXPECT_EQ(s.royal, "king");
    EXPECT_EQ(s.promotions, (std::map<std::string, std::string>{{"pawn", "tokin"},
                                                                {"lance", "free_tiger"},
                                                                {"knight", "heavenly_horse"},
                                                                {"silver", "running_wolf"},
                                                                {"gold", "great_elephant"},
                                                                {"bishop", "dragon_horse"},
                                                                {"rook", "dragon_king"}}));
    EXPECT_EQ(s.zone_depth, 3);
    EXPECT_TRUE(s.drops);
    EXPECT_EQ(s.one_per_file, std::vector<std::string>{"pawn"});
    EXPECT_EQ(s.no_drop_mate, std::vector<std::string>{"pawn"});
    EXPECT_TRUE(s.no_drop_last_ranks.empty());
    EXPECT_TRUE(s.must_promote_last_ranks.empty());
    EXPECT_EQ(s.impasse_values,
              (std::map<std::string, int>{{"rook", 5}, {"bishop", 5}, {"king", 0}}));
    EXPECT_EQ(s.impasse_default_value, 1);
    EXPECT_EQ(s.impasse_threshold, 24);
    EXPECT_TRUE(s.setup_position.empty());

    // 8 base pieces and 7 promoted faces, in catalogue order (shogi.yaml, then seireigi.yaml).
    ASSERT_EQ(s.pieces.size(), 15u);
    EXPECT_EQ(s.pieces.front().id, "king");
    EXPECT_EQ(s.pieces.back().id, "free_tiger");
    EXPECT_EQ(piece(s, "king")->kanji, "玉");
    EXPECT_EQ(piece(s, "king")->kanji_alt, "王");
    EXPECT_EQ(piece(s, "great_elephant")->betza, "fBbFsfW");
    EXPECT_EQ(piece(s, "great_elephant")->kanji, "象");
    EXPECT_EQ(piece(s, "heavenly_horse")->betza, "FfWbNfAfD");
    EXPECT_EQ(piece(s, "free_tiger")->abbr, "FT");
    EXPECT_FALSE(piece(s, "running_wolf")->moves.components.empty());
    EXPECT_EQ(piece(s, "promoted_silver"), nullptr);  // shogi's, not used here

    // docs/rules.md §A.1: the relative setup turned for each player.
    EXPECT_EQ(placed(s, 0), sorted({"L 9i", "N 8i", "S 7i", "G 6i", "K 5i", "G 4i", "S 3i",
                                    "N 2i", "L 1i", "B 8h", "R 2h", "P 9g", "P 8g", "P 7g",
                                    "P 6g", "P 5g", "P 4g", "P 3g", "P 2g", "P 1g"}));
    EXPECT_EQ(placed(s, 1), sorted({"L 9a", "N 8a", "S 7a", "G 6a", "K 5a", "G 4a", "S 3a",
                                    "N 2a", "L 1a", "R 8b", "B 2b", "P 9c", "P 8c", "P 7c",
                                    "P 6c", "P 5c", "P 4c", "P 3c", "P 2c", "P 1c"}));
}

TEST(VariantLoader, ShogiLoadsWithItsRules) {
    const VariantSpec s = load_ok("shogi");
    EXPECT_EQ(s.name, "Shogi");
    EXPECT_EQ(s.promotions, (std::map<std::string, std::string>{{"pawn", "tokin"},
                                                                {"lance", "promoted_lance"},
                                                                {"knight", "promoted_knight"},
                                                                {"silver", "promoted_silver"},
                                                                {"bishop", "dragon_horse"},
                                                                {"rook", "dragon_king"}}));
    EXPECT_EQ(s.pieces.size(), 14u);
    EXPECT_EQ(piece(s, "promoted_knight")->betza, "WfF");
    EXPECT_EQ(s.zone_depth, 3);
    EXPECT_EQ(s.impasse_threshold, 24);
    EXPECT_EQ(s.impasse_values.at("rook"), 5);
    EXPECT_EQ(s.setup_relative.size(), 20u);
}

TEST(VariantLoader, MinishogiLoadsWithAPositionText) {
    const VariantSpec s = load_ok("minishogi");
    EXPECT_EQ(s.files, 5);
    EXPECT_EQ(s.ranks, 5);
    EXPECT_EQ(s.zone_depth, 1);
    EXPECT_EQ(s.base_types,
              (std::vector<std::string>{"pawn", "silver", "gold", "bishop", "rook", "king"}));
    EXPECT_EQ(s.promotions.size(), 4u);
    EXPECT_EQ(s.promotions.count("gold"), 0u);
    EXPECT_TRUE(s.setup_relative.empty());
    EXPECT_EQ(s.setup_position, "rbsgk/4p/5/P4/KGSBR b - 1");
    EXPECT_EQ(s.setup_position_where, "variants/minishogi.yaml:27:13");
    EXPECT_EQ(s.impasse_threshold, 0);
    EXPECT_EQ(s.one_per_file, std::vector<std::string>{"pawn"});
}

TEST(VariantLoader, ListsTheBuiltInVariants) {
    const auto list = list_variants();
    std::vector<std::string> ids;
    for (const auto& l : list) {
        ids.push_back(l.id);
        EXPECT_FALSE(l.name.empty()) << l.id;
        EXPECT_FALSE(l.description.empty()) << l.id;
    }
    EXPECT_EQ(ids, (std::vector<std::string>{"dai-seireigi", "dai-seireigi-zone5", "minishogi",
                                             "seireigi", "shogi", "yonin-seireigi-compact",
                                             "yonin-seireigi-complete"}));
    EXPECT_EQ(list[3].name, "Seireigi");
}

TEST(VariantLoader, EmbeddedFilesEqualTheFilesOnDisk) {
    std::set<std::string> embedded;
    for (const auto& f : embedded_files()) {
        embedded.insert(f.path);
        EXPECT_EQ(f.content, read_file(kSource + "/" + f.path)) << f.path << " is stale: rebuild";
    }
    for (const char* dir : {"pieces", "variants"}) {
        for (const auto& e : fs::directory_iterator(kSource + "/" + dir)) {
            if (e.path().extension() != ".yaml") continue;
            EXPECT_TRUE(embedded.count(std::string(dir) + "/" + e.path().filename().string()))
                << e.path() << " is not embedded";
        }
    }
}

TEST(VariantLoader, BuiltInAndTestDataFilesValidate) {
    std::vector<std::string> files;
    for (const char* dir : {"pieces", "variants"})
        for (const auto& e : fs::directory_iterator(kSource + "/" + dir))
            if (e.path().extension() == ".yaml")
                files.push_back(e.path().string());  // not openings/
    for (const char* name : {"pieces/test-leapers.yaml", "variants/shogi-eastwest.yaml",
                             "variants/four-player-test.yaml", "variants/big-hook-test.yaml",
                             "variants/extends-merge-test.yaml",
                             "variants/local-catalogue-test.yaml", "variants/multi-leg-9x9.yaml"})
        files.push_back(data_path(name));
    for (const auto& file : files) {
        std::string all;
        for (const auto& d : validate_file(file)) all += d.text() + "\n";
        EXPECT_EQ(all, "") << file;
    }
}

TEST(VariantLoader, UnknownVariantNameIsReported) {
    auto r = load_variant("shogj");
    EXPECT_FALSE(r.spec);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].text(),
              "unknown variant 'shogj' (did you mean 'shogi'?); available: dai-seireigi, "
              "dai-seireigi-zone5, minishogi, seireigi, shogi, yonin-seireigi-compact, "
              "yonin-seireigi-complete");
}

TEST(VariantLoader, MissingFileIsReported) {
    auto r = load_variant(data_path("no-such-file.yaml"));
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].text(), "cannot read the variant file " + data_path("no-such-file.yaml"));
}

// ---------------------------------------------------------------------------------------------
// Test variants

TEST(VariantLoader, FourPlayersFaceFourWays) {
    const VariantSpec s = load_ok(data_path("variants/four-player-test.yaml"));
    EXPECT_EQ(s.id, "four-player-test");
    ASSERT_EQ(s.players.size(), 4u);
    EXPECT_EQ(s.players[0].orientation, Orientation::North);
    EXPECT_EQ(s.players[1].orientation, Orientation::East);
    EXPECT_EQ(s.players[2].orientation, Orientation::South);
    EXPECT_EQ(s.players[3].orientation, Orientation::West);
    EXPECT_EQ(s.check_order, VariantSpec::CheckOrder::CheckedFirst);
    EXPECT_EQ(s.drop_mate_reading, VariantSpec::DropMateReading::Narrow);
    EXPECT_EQ(s.impasse_threshold, 21);
    // docs/rules.md §A.2, compact setup, global squares.
    EXPECT_EQ(placed(s, 0),
              sorted({"K 5i", "R 5h", "G 6i", "G 4i", "S 7i", "S 3i", "P 6h", "P 5g", "P 4h"}));
    EXPECT_EQ(placed(s, 1),
              sorted({"K 9e", "R 8e", "G 9d", "G 9f", "S 9c", "S 9g", "P 8d", "P 7e", "P 8f"}));
    EXPECT_EQ(placed(s, 2),
              sorted({"K 5a", "R 5b", "G 4a", "G 6a", "S 3a", "S 7a", "P 4b", "P 5c", "P 6b"}));
    EXPECT_EQ(placed(s, 3),
              sorted({"K 1e", "R 2e", "G 1f", "G 1d", "S 1g", "S 1c", "P 2f", "P 3e", "P 2d"}));
}

TEST(VariantLoader, ExtendsReplacesThePlayersAndKeepsTheRest) {
    const VariantSpec s = load_ok(data_path("variants/shogi-eastwest.yaml"));
    const VariantSpec shogi = load_ok("shogi");
    EXPECT_EQ(s.id, "shogi-eastwest");
    EXPECT_EQ(s.name, "Shogi (east-west)");
    EXPECT_EQ(s.description, shogi.description);
    EXPECT_EQ(s.players[0].orientation, Orientation::East);
    EXPECT_EQ(s.players[1].orientation, Orientation::West);
    EXPECT_EQ(s.promotions, shogi.promotions);
    EXPECT_EQ(s.base_types, shogi.base_types);
    EXPECT_EQ(s.impasse_threshold, 24);
    // The relative setup turns: Sente's back rank is file 9, its Pawns stand on file 7.
    const auto sente = placed(s, 0);
    EXPECT_TRUE(std::count(sente.begin(), sente.end(), "K 9e"));
    EXPECT_TRUE(std::count(sente.begin(), sente.end(), "P 7a"));
    EXPECT_TRUE(std::count(sente.begin(), sente.end(), "B 8b"));
    const auto gote = placed(s, 1);
    EXPECT_TRUE(std::count(gote.begin(), gote.end(), "K 1e"));
    EXPECT_TRUE(std::count(gote.begin(), gote.end(), "B 2h"));
}

TEST(VariantLoader, ExtendsMergesMapsReplacesListsAndRemovesEmptyKeys) {
    const VariantSpec s = load_ok(data_path("variants/extends-merge-test.yaml"));
    EXPECT_EQ(s.name, "Merge test");
    EXPECT_EQ(s.description, "");                            // removed by ~
    EXPECT_EQ(s.players[0].orientation, Orientation::East);  // from shogi-eastwest
    EXPECT_FALSE(s.drops);
    EXPECT_EQ(s.one_per_file, std::vector<std::string>{"pawn"});  // kept from shogi's drops
    EXPECT_EQ(s.impasse_threshold, 0);                            // removed by ~
    EXPECT_EQ(s.setup_relative.size(), 12u);                      // 11 pieces + one Pawn
}

// A variant's own piece values replace the catalogue's for the engine; a royal piece, a piece
// the variant does not use, an unknown one and a value that is not a number are refused where
// they stand.
TEST(VariantLoader, PieceValuesOfTheVariantReplaceTheCataloguesAndBadOnesAreRefused) {
    const fs::path dir = testing::fresh_temporary_folder("seireigi-piece-values-test");
    {
        std::ofstream(dir / "valued.yaml") << "extends: seireigi\nname: Valued\n"
                                              "piece_values: {bishop: 500, tokin: 300}\n";
        std::ofstream(dir / "bad.yaml") << "extends: seireigi\nname: Bad\npiece_values:\n"
                                           "  king: 100\n  dragon: 900\n  promoted_silver: 5\n"
                                           "  rook: lots\n";
    }
    const VariantSpec valued = load_ok((dir / "valued.yaml").string());
    EXPECT_EQ(valued.piece_values.at("bishop"), 500);
    EXPECT_EQ(valued.piece_values.at("tokin"), 300);
    const auto v = build_variant(valued);
    std::map<std::string, int> value;
    for (const auto& t : v->types) value[t.id] = t.value;
    EXPECT_EQ(value["bishop"], 500);
    EXPECT_EQ(value["tokin"], 300);
    EXPECT_EQ(value["rook"], piece(load_ok("seireigi"), "rook")->value);
    const auto bad = load_variant((dir / "bad.yaml").string());
    const std::string errors = all_errors(bad);
    EXPECT_FALSE(bad.spec.has_value());
    EXPECT_NE(errors.find("bad.yaml:4:3: piece_values: the royal piece 'king' has no value"),
              std::string::npos)
        << errors;
    EXPECT_NE(errors.find("bad.yaml:5:3: piece_values: unknown piece 'dragon'"), std::string::npos)
        << errors;
    EXPECT_NE(errors.find("bad.yaml:6:3: piece_values: 'promoted_silver' is not a piece of this "
                          "variant"),
              std::string::npos)
        << errors;
    EXPECT_NE(errors.find("bad.yaml:7:"), std::string::npos) << errors;
    EXPECT_NE(errors.find("piece_values.rook"), std::string::npos) << errors;
    fs::remove_all(dir);
}

TEST(VariantLoader, BigBoardWithInlinePieces) {
    const VariantSpec s = load_ok(data_path("variants/big-hook-test.yaml"));
    EXPECT_EQ(s.files, 15);
    EXPECT_EQ(s.ranks, 15);
    EXPECT_EQ(s.zone_depth, 4);
    EXPECT_EQ(piece(s, "hook_mover")->betza, "RmasR");
    EXPECT_EQ(piece(s, "capricorn")->betza, "BmasB");
    EXPECT_EQ(piece(s, "rook_general")->betza, "J3R");
    EXPECT_EQ(piece(s, "bishop_general")->abbr, "BG");
    EXPECT_FALSE(piece(s, "rook_general")->moves.components.empty());
    EXPECT_EQ(s.pieces.size(), 10u);  // 9 base pieces and the Tokin
    EXPECT_EQ(placed(s, 1).size(), 24u);
}

TEST(VariantLoader, CataloguesAreFoundNextToTheVariantFirst) {
    const VariantSpec s = load_ok(data_path("variants/local-catalogue-test.yaml"));
    EXPECT_EQ(piece(s, "camel")->betza, "C");
    EXPECT_EQ(piece(s, "giraffe")->kanji, "麒");
    EXPECT_EQ(piece(s, "pawn")->betza, "fW");  // from the built-in shogi catalogue
}

TEST(VariantLoader, DataDirAddsToTheBuiltInVariants) {
    const DataSource source{fs::path(data_path(""))};
    std::set<std::string> ids;
    for (const auto& v : list_variants(source)) ids.insert(v.id);
    for (const char* id : {"big-hook-test", "extends-merge-test", "four-player-test",
                           "local-catalogue-test", "shogi-eastwest", "seireigi", "shogi"})
        EXPECT_TRUE(ids.count(id)) << id;
    // shogi-eastwest extends shogi, which is not in the data dir: the built-in one is used.
    EXPECT_EQ(load_ok("shogi-eastwest", source).players[0].orientation, Orientation::East);
    // A name the user gives that the data dir lacks is a built-in variant.
    EXPECT_TRUE(load_variant("seireigi", source).spec);
}

// ---------------------------------------------------------------------------------------------
// Broken files: one per class of error. Each expected error is (line:column, message).

struct Expected {
    std::string at;  // "line:column", or a full "file:line:column" when in another file
    std::string message;
};

struct BadFile {
    std::string file;  // in tests/data/bad-yaml/
    std::vector<Expected> errors;
};

std::ostream& operator<<(std::ostream& os, const BadFile& b) {
    return os << b.file;
}

const std::string kVariantKeys =
    "name, description, extends, board, players, catalogues, new_pieces, base_pieces, royal, "
    "promotions, zone_depth, must_promote_last_ranks, setup, starting_player, drops, impasse, "
    "turn_rules, piece_values, network";

std::vector<BadFile> bad_files() {
    const std::string dir = data_path("bad-yaml/");
    return {
        {"unknown-key.yaml",
         {{"17:1",
           "unknown key 'descripton' in the variant (did you mean 'description'?); "
           "allowed keys: " +
               kVariantKeys}}},
        {"unknown-key-nested.yaml",
         {{"19:3",
           "unknown key 'nifu' in drops; allowed keys: enabled, one_per_file, "
           "no_drop_mate, no_drop_last_ranks"}}},
        {"duplicate-key.yaml",
         {{"17:1", "duplicate key 'board' (first given at line 3, column 1)"}}},
        {"duplicate-piece.yaml",
         {{"10:3", "duplicate key 'camel' (first given at line 9, column 3)"},
          {"11:3",
           "new_pieces: piece 'gold' (already defined by catalogue 'shogi'); piece ids "
           "must be unique"}}},
        {"wrong-type.yaml",
         {{"3:17", "board.files: expected a whole number from 3 to 26, found \"nine\""}}},
        {"wrong-type-list.yaml",
         {{"4:10", "players: expected a list, e.g. [a, b], found \"Sente\""}}},
        {"missing-key.yaml", {{"1:1", "the variant is missing the required key 'royal'"}}},
        {"missing-key-nested.yaml", {{"3:1", "board is missing the required key 'ranks'"}}},
        {"unknown-piece.yaml",
         {{"8:27", "base_pieces: unknown piece 'silvr' (did you mean 'silver'?)"}}},
        {"abbreviation-as-id.yaml",
         {{"11:14",
           "promotions: unknown piece 'P'; pieces are named by id, not by "
           "abbreviation: write 'pawn' for 'P'"}}},
        {"unknown-catalogue.yaml",
         {{"8:14", "unknown piece catalogue 'shogy'; looked for " + dir +
                       "shogy.yaml, built-in pieces/shogy.yaml"}}},
        {"setup-off-board.yaml",
         {{"15:11", "setup.relative: square 6e is off the board (files 1-5, ranks a-e)"}}},
        {"setup-twice.yaml",
         {{"15:16", "setup.relative: square 3e is used twice ('king' and 'gold')"}}},
        {"setup-collision.yaml",
         {{"16:11",
           "setup.relative: Gote's pawn on 3c (in Gote's view) lands on 3c, where "
           "Sente's pawn on 3c (in Sente's view) already stands"}}},
        {"setup-collision-four.yaml",
         {{"17:11",
           "setup.relative: North's gold on 1c (in North's view) lands on 1c, where "
           "West's king on 3e (in West's view) already stands"},
          {"17:11",
           "setup.relative: East's gold on 1c (in East's view) lands on 3e, where "
           "North's king on 3e (in North's view) already stands"},
          {"17:11",
           "setup.relative: South's gold on 1c (in South's view) lands on 5c, where "
           "East's king on 3e (in East's view) already stands"},
          {"17:11",
           "setup.relative: West's gold on 1c (in West's view) lands on 3a, where "
           "South's king on 3e (in South's view) already stands"}}},
        {"bad-square.yaml",
         {{"14:11",
           "setup.relative.king: expected a square such as 5i or 12c (file number, then "
           "rank letter, as the player sees the board); found \"e3\""}}},
        {"zone-too-deep.yaml",
         {{"10:13", "zone_depth: 6 is deeper than the board: the board has 5 ranks"}}},
        {"promotion-unknown.yaml",
         {{"11:20", "promotions.pawn: unknown piece 'tokn' (did you mean 'tokin'?)"}}},
        {"bad-orientation.yaml",
         {{"6:31",
           "player 2 orientation: expected one of north, east, south, west; found \"up\""}}},
        {"not-base-piece.yaml",
         {{"18:18",
           "drops.one_per_file: 'tokin' is not a base piece; list it in base_pieces "
           "first"}}},
        {"extends-unknown.yaml",
         {{"2:10", "unknown variant 'shogii' in extends; looked for " + dir +
                       "shogii.yaml, built-in variants/shogii.yaml"}}},
        {"extends-cycle-a.yaml",
         {{dir + "extends-cycle-b.yaml:2:10",
           "extends makes a cycle: " + dir + "extends-cycle-a.yaml -> " + dir +
               "extends-cycle-b.yaml -> " + dir + "extends-cycle-a.yaml"}}},
        // Syntax errors in plain words, at the line to fix (issue 16 item 12).
        {"syntax-error.yaml",
         {{"4:10",
           "the list opened with '[' here is never closed with ']' (the file reads on to line 5 "
           "without it)"}}},
        {"tab-indent.yaml",
         {{"4:1",
           "a tab character in the indentation: YAML indents with spaces only; replace the tab "
           "with spaces"}}},
        {"dedented-key.yaml",
         {{"5:2",
           "line 5 is indented by 1 space, which lines up with no block: the block that begins "
           "on line 4 is indented by 2 spaces and the one around it (from line 2) by 0 spaces; "
           "indent line 5 like one of them"}}},
        {"list-item-dedent.yaml",
         {{"5:3",
           "line 5 is not an item of the list that begins on line 4 (items start with '- '); to "
           "continue an item, indent it further"}}},
        {"over-indent.yaml",
         {{"5:5",
           "line 5 is indented more than line 4, which already has its value; indent it like "
           "line 4 (or give line 4 no value, to start a block under it)"}}},
        {"two-documents.yaml",
         {{"17:1", "a file holds a single YAML document; remove the second one (after '---')"}}},
        {"three-errors.yaml",
         {{"18:12", "drops.enabled: expected true or false, found \"yes please\""},
          {"20:18", "drops.no_drop_mate: unknown piece 'pawns' (did you mean 'pawn'?)"},
          {"24:3",
           "unknown key 'treshold' in impasse (did you mean 'threshold'?); allowed keys: "
           "values, default, threshold"}}},
    };
}

class BadYaml : public ::testing::TestWithParam<BadFile> {};

TEST_P(BadYaml, ReportsEveryErrorWithItsPlace) {
    const BadFile& bad = GetParam();
    const std::string path = data_path("bad-yaml/" + bad.file);
    const auto r = load_variant(path);
    EXPECT_FALSE(r.spec);
    std::vector<std::string> expected;
    for (const auto& e : bad.errors)
        expected.push_back((e.at.find(".yaml:") == std::string::npos ? path + ":" : "") + e.at +
                           ": " + e.message);
    std::vector<std::string> got;
    for (const auto& d : r.errors) got.push_back(d.text());
    EXPECT_EQ(got, expected);
    // validate_file finds the same errors.
    std::vector<std::string> validated;
    for (const auto& d : validate_file(path)) validated.push_back(d.text());
    EXPECT_EQ(validated, expected);
}

INSTANTIATE_TEST_SUITE_P(VariantLoader, BadYaml, ::testing::ValuesIn(bad_files()),
                         [](const auto& info) {
                             std::string name =
                                 info.param.file.substr(0, info.param.file.size() - 5);
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

TEST(VariantLoader, BadXBetzaNamesTheStringAndTheCharacter) {
    const std::string path = data_path("bad-yaml/bad-betza.yaml");
    const auto r = load_variant(path);
    ASSERT_EQ(r.errors.size(), 1u) << all_errors(r);
    EXPECT_EQ(r.errors[0].where, path + ":12:12");
    // The rest of the message is the XBetza parser's.
    EXPECT_EQ(r.errors[0].message.rfind("bad XBetza \"fZx\": column 3: ", 0), 0u)
        << r.errors[0].message;
}

// yaml-cpp 0.7's LoadAll never returns on this file (yaml-cpp issue #1040); the loader must.
TEST(VariantLoader, SurvivesALoneComma) {
    const std::string path = data_path("bad-yaml/stray-comma.yaml");
    const auto r = load_variant(path);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].text(),
              path + ":1:1: the variant: expected a map (key: value lines), found nothing");
}

TEST(VariantLoader, ValidatesACatalogue) {
    const std::string path = data_path("bad-yaml/bad-catalogue.yaml");
    const auto errors = validate_file(path);
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].text(), path +
                                    ":4:9: piece 'ferz': abbreviation 'f' must be capital "
                                    "letters A-Z, e.g. G or RH (positions tell the players "
                                    "apart by letter case)");
    // A quoted string: the column is that of its first character, inside the quotes.
    EXPECT_EQ(errors[1].where, path + ":9:11");
    EXPECT_EQ(errors[1].message.rfind("bad XBetza \"fW{~Q}\": column 5: ", 0), 0u)
        << errors[1].message;
}

TEST(VariantLoader, ACatalogueIsNotAVariant) {
    const auto r = load_variant(kSource + "/pieces/shogi.yaml");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].text(), kSource +
                                      "/pieces/shogi.yaml:1:1: this is a piece catalogue, not a "
                                      "variant file (a variant has keys such as name, board, "
                                      "players and setup)");
}

}  // namespace
}  // namespace seireigi
