// `seireigi study` run as a program: a tiny study of a designer's variant against its parent
// whose report numbers are checked against the records it saved, a study killed and continued,
// shards run by GNU parallel and merged into the report of one run, three or four players, and
// bad input refused with a message.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <thread>

#include "cli_runner.h"
#include "record/game_record.h"
#include "test_support.h"

namespace seireigi {
namespace {

namespace fs = std::filesystem;

using StudyCli = testing::CliTest;

// The integers of the JSON array that follows `"key":[` (the first one).
std::vector<int> json_ints(const std::string& json, const std::string& key) {
    std::vector<int> out;
    const std::size_t at = json.find("\"" + key + "\":[");
    if (at == std::string::npos) return out;
    std::size_t i = json.find('[', at) + 1;
    while (i < json.size() && json[i] != ']') {
        std::size_t used = 0;
        out.push_back(std::stoi(json.substr(i), &used));
        i += used;
        if (json[i] == ',') ++i;
    }
    return out;
}

// The games saved in `folder`, replayed, by number.
std::map<std::string, Game> games_in(const std::string& folder,
                                     const std::shared_ptr<const Variant>& v) {
    std::map<std::string, Game> games;
    for (const auto& entry : fs::directory_iterator(folder)) {
        auto record = read_record(testing::read_file(entry.path()));
        EXPECT_TRUE(std::holds_alternative<GameRecord>(record)) << entry.path();
        auto replayed = replay_record(std::get<GameRecord>(record), v);
        EXPECT_TRUE(std::holds_alternative<Game>(replayed)) << entry.path();
        games.emplace(entry.path().filename().string(), std::move(std::get<Game>(replayed)));
    }
    return games;
}

TEST_F(StudyCli, TinyStudyReportsWhatItsRecordsSay) {
    const std::string designer =
        testing::source_path("tests/data/variants/seireigi-strong-elephant-test.yaml");
    std::string out, err;
    ASSERT_EQ(run("study --variant " + designer +
                      " --against seireigi --games 4 --nodes 300 --max-moves 90 --bootstrap 3 "
                      "--out " +
                      path("study"),
                  out, err),
              0)
        << err;
    EXPECT_NE(out.find("Study of Strong Elephant Seireigi against Seireigi"), std::string::npos)
        << out;
    EXPECT_NE(err.find("left"), std::string::npos) << err;  // progress says the time left
    const std::string json = read(path("study/report.json"));
    const std::string html = read(path("study/report.html"));
    ASSERT_FALSE(json.empty());
    ASSERT_FALSE(html.empty());

    // Sente's results, the lengths and the draws, recounted from the records of the variant.
    auto designer_variant = testing::variant(designer);
    const auto games = games_in(path("study/variant"), designer_variant);
    ASSERT_EQ(games.size(), 4u);
    int wins = 0, draws = 0, losses = 0, promotions_of_gold = 0;
    std::vector<int> lengths;
    for (const auto& [file, g] : games) {
        lengths.push_back(g.ply());
        const Standing s = g.over() ? g.result().standings[0] : Standing::Drawn;
        wins += s == Standing::Won;
        draws += s == Standing::Drawn;
        losses += s == Standing::Lost;
        Game replay(designer_variant, g.start());
        const PieceType gold = designer_variant->find_type("gold");
        for (Move m : g.moves()) {
            if (!m.is_drop() && m.promotes() &&
                type_of(replay.position().piece_on(m.from())) == gold)
                ++promotions_of_gold;
            replay.play(m);
        }
    }
    EXPECT_EQ(json_ints(json, "lengths"), lengths) << json;
    // The variant's numbers come first, then the parent's.
    const std::string variant_json = json.substr(0, json.find("\"parent\":"));
    const std::string sente = "{\"name\":\"Sente\",\"wins\":" + std::to_string(wins) +
                              ",\"draws\":" + std::to_string(draws) +
                              ",\"losses\":" + std::to_string(losses) + ",";
    EXPECT_NE(variant_json.find(sente), std::string::npos) << sente << "\n" << json;
    const std::size_t gold_row = variant_json.find("{\"name\":\"Gold General\",\"moves\":");
    ASSERT_NE(gold_row, std::string::npos) << json;
    EXPECT_EQ(
        variant_json.find("\"promotions\":", gold_row),
        variant_json.find("\"promotions\":" + std::to_string(promotions_of_gold) + "}", gold_row))
        << variant_json.substr(gold_row, 120);
    // The changed piece's fitted value, with its interval, beside the file's.
    EXPECT_NE(json.find("{\"id\":\"strong_elephant\",\"name\":\"Strong Elephant\",\"file\":750,"),
              std::string::npos)
        << json;
    EXPECT_NE(json.find("\"parent\":{\"variant\":\"Seireigi\""), std::string::npos);
    EXPECT_NE(json.find("\"differences\":"), std::string::npos);
    // The page stands alone: four charts and more, no script, nothing fetched.
    int charts = 0;
    for (std::size_t at = 0; (at = html.find("<svg", at)) != std::string::npos; ++at) ++charts;
    EXPECT_GE(charts, 4) << html;
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("src="), std::string::npos);
    EXPECT_NE(html.find("Strong Elephant"), std::string::npos);
}

// One run, a run killed after its first game and started again, and two shards run by GNU
// parallel (as docs/study.md shows for many machines): the same report.
TEST_F(StudyCli, KilledStudyResumesAndShardsMergeToTheReportOfOneRun) {
    const std::string study =
        "study --variant minishogi --games 6 --nodes 300 --max-moves 60 --bootstrap 2 ";
    std::string out, err;
    ASSERT_EQ(run(study + "--out " + path("one"), out, err), 0) << err;
    const std::string one = read(path("one/report.json"));
    ASSERT_FALSE(one.empty());

    // Killed (SIGKILL) once its first game is saved; the games saved count, the rest are played.
    const std::string killed = path("killed");
    const std::string start = "sh -c '" + std::string(testing::cli_path()) + " " + study +
                              "--out " + killed + " > /dev/null 2>&1 & echo $! > " + path("pid") +
                              "'";
    ASSERT_EQ(std::system(start.c_str()), 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    while (!fs::exists(killed + "/variant/game-00001.txt") &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ASSERT_EQ(std::system(("kill -9 $(cat " + path("pid") + ") 2> /dev/null").c_str()) >= 0, true);
    ASSERT_TRUE(fs::exists(killed + "/variant/game-00001.txt"));
    ASSERT_EQ(run(study + "--out " + killed, out, err), 0) << err;
    EXPECT_NE(err.find("game 1/6 (from its record)"), std::string::npos) << err;
    EXPECT_EQ(read(killed + "/report.json"), one);

    if (std::system("parallel --version > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "GNU parallel is not installed (the README's test set-up installs it)";
    const std::string command =
        "parallel --will-cite --jobs 2 '" + std::string(testing::cli_path()) + " " + study +
        "--shard {}/2 --out " + path("shard-{}") + " > /dev/null 2>&1' ::: 1 2";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    EXPECT_TRUE(fs::exists(path("shard-1/variant/game-00005.txt")));
    EXPECT_TRUE(fs::exists(path("shard-2/variant/game-00002.txt")));
    ASSERT_EQ(run("study --merge " + path("shard-1") + " " + path("shard-2") + " --bootstrap 2 " +
                      "--out " + path("merged"),
                  out, err),
              0)
        << err;
    EXPECT_EQ(read(path("merged/report.json")), one);
    // A shard given twice holds the same games twice: refused.
    EXPECT_EQ(run("study --merge " + path("shard-1") + " " + path("shard-1"), out, err), 2);
    EXPECT_NE(err.find("game 1 is in"), std::string::npos) << err;
}

TEST_F(StudyCli, FourPlayersGiveTheSeatTableAndTheEliminationOrder) {
    std::string out, err;
    ASSERT_EQ(run("study --variant yonin-seireigi-compact --games 2 --nodes 150 --max-moves 40 "
                  "--out " +
                      path("yonin"),
                  out, err),
              0)
        << err;
    EXPECT_NE(out.find("last-survivor win rate by seat"), std::string::npos) << out;
    EXPECT_NE(out.find("elimination order"), std::string::npos) << out;
    const std::string json = read(path("yonin/report.json"));
    EXPECT_NE(json.find("\"elimination_order\":"), std::string::npos) << json;
    EXPECT_NE(json.find("\"win_rate\":"), std::string::npos) << json;
    EXPECT_EQ(json.find("\"piece_values\":"), std::string::npos) << json;
}

TEST_F(StudyCli, BadInputIsRefusedWithAMessage) {
    std::string out, err;
    EXPECT_EQ(run("study --games 2 --out " + path("s"), out, err), 2);
    EXPECT_NE(err.find("--nodes K"), std::string::npos) << err;
    EXPECT_EQ(run("study --nodes 100 --out " + path("s"), out, err), 2);
    EXPECT_NE(err.find("--games N"), std::string::npos) << err;
    EXPECT_EQ(run("study --games 2 --nodes 100", out, err), 2);
    EXPECT_NE(err.find("--out DIR"), std::string::npos) << err;
    EXPECT_EQ(run("study --games 2 --nodes 100 --shard 0/2 --out " + path("s"), out, err), 2);
    EXPECT_NE(err.find("--shard 0/2: expected I/N"), std::string::npos) << err;
    EXPECT_EQ(run("study --games 2 --nodes 100 --against yonin-seireigi-compact --out " + path("s"),
                  out, err),
              2);
    EXPECT_NE(err.find("as many players"), std::string::npos) << err;
    fs::create_directories(path("empty"));
    EXPECT_EQ(run("study --merge " + path("empty"), out, err), 2);
    EXPECT_NE(err.find("no finished game of a study"), std::string::npos) << err;
}

}  // namespace
}  // namespace seireigi

namespace seireigi {
namespace {

// --imbalance G=S: half the games with Sente's Gold replaced by a Silver, half with Gote's; the
// report's tally of the side with the Silver is what the records say, and --merge gives it again.
TEST_F(StudyCli, ImbalanceGamesScoreTheSideWithTheReplacement) {
    std::string out, err;
    ASSERT_EQ(run("study --variant seireigi --games 4 --nodes 200 --max-moves 60 --bootstrap 0 "
                  "--imbalance G=S --out " +
                      path("study"),
                  out, err),
              0)
        << err;
    auto v = testing::variant("seireigi");
    int wins = 0, draws = 0, losses = 0;
    for (Player side = 0; side < 2; ++side) {
        const auto games = games_in(path("study/imbalance-G=S/") + (side ? "gote" : "sente"), v);
        EXPECT_EQ(games.size(), 2u);
        for (const auto& [file, g] : games) {
            // The side's Gold nearest its own camp is a Silver at the start.
            int golds = 0, silvers = 0;
            for (PieceCode pc : g.start().board)
                if (pc != kEmpty && owner_of(pc) == side) {
                    golds += type_of(pc) == v->find_type("G");
                    silvers += type_of(pc) == v->find_type("S");
                }
            EXPECT_EQ(golds, 1) << file;
            EXPECT_EQ(silvers, 3) << file;
            const Standing s = g.over() ? g.result().standings[side] : Standing::Drawn;
            (s == Standing::Won ? wins : s == Standing::Lost ? losses : draws) += 1;
        }
    }
    const std::string expected = "G=S: the side with S scored";
    EXPECT_NE(out.find(expected), std::string::npos) << out;
    EXPECT_NE(out.find("(" + std::to_string(wins) + " wins, " + std::to_string(draws) + " draws, " +
                       std::to_string(losses) + " losses in 4 games)"),
              std::string::npos)
        << out;
    const std::string json = testing::read_file(path("study/report.json"));
    EXPECT_NE(json.find("\"name\":\"G=S\",\"wins\":" + std::to_string(wins)), std::string::npos)
        << json;
    std::string merged;
    ASSERT_EQ(run("study --variant seireigi --merge " + path("study"), merged, err), 0) << err;
    EXPECT_NE(merged.find(expected), std::string::npos) << merged;

    EXPECT_NE(
        run("study --variant seireigi --games 2 --nodes 100 --imbalance K=G --out " + path("bad"),
            out, err),
        0);
    EXPECT_NE(err.find("'K' is royal"), std::string::npos) << err;
    EXPECT_NE(
        run("study --variant seireigi --games 2 --nodes 100 --imbalance G --out " + path("bad"),
            out, err),
        0);
    EXPECT_NE(err.find("expected X=Y"), std::string::npos) << err;
    EXPECT_NE(
        run("study --variant seireigi --games 2 --nodes 100 --imbalance Q=G --out " + path("bad"),
            out, err),
        0);
    EXPECT_NE(err.find("'Q' is no piece of Seireigi"), std::string::npos) << err;
}

// --imbalance B=3*P: the side's Bishop is gone and three Pawns wait in its hand (H. G.
// Muller's piece against Pawns); N*Y with a piece that cannot be held is refused.
TEST_F(StudyCli, ImbalanceAgainstPawnsInHand) {
    std::string out, err;
    ASSERT_EQ(run("study --variant seireigi --games 2 --nodes 200 --max-moves 40 --bootstrap 0 "
                  "--imbalance B=3*P --out " +
                      path("study"),
                  out, err),
              0)
        << err;
    auto v = testing::variant("seireigi");
    for (Player side = 0; side < 2; ++side) {
        const auto games = games_in(path("study/imbalance-B=3*P/") + (side ? "gote" : "sente"), v);
        ASSERT_EQ(games.size(), 1u);
        const PositionState& start = games.begin()->second.start();
        int bishops = 0;
        for (PieceCode pc : start.board)
            bishops += pc != kEmpty && owner_of(pc) == side && type_of(pc) == v->find_type("B");
        EXPECT_EQ(bishops, 0);
        EXPECT_EQ(start.hands[side][v->find_type("P")], 3);
        EXPECT_EQ(start.hands[1 - side][v->find_type("P")], 0);
    }
    EXPECT_NE(out.find("B=3*P: the side with 3 P in hand scored"), std::string::npos) << out;
    EXPECT_NE(
        run("study --variant seireigi --games 2 --nodes 100 --imbalance B=0*P --out " + path("bad"),
            out, err),
        0);
    EXPECT_NE(err.find("N from 1 to 9"), std::string::npos) << err;
}

}  // namespace
}  // namespace seireigi
