// `seireigi selfplay` through the binary (docs/training.md): two shards together write the same
// games as one run; a file cut short by a kill is mended and the run continues to the same data;
// bad options are refused with the reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "cli_runner.h"
#include "nnue/training_data.h"
#include "test_support.h"

namespace seireigi {
namespace {

namespace fs = std::filesystem;

class SelfPlayCli : public testing::CliTest {
  protected:
    // Every game of the data files in `folder`, by game number.
    std::map<std::uint32_t, nnue::TrainingGame> games_in(const std::string& folder) const {
        const auto v = testing::variant("seireigi");
        std::map<std::uint32_t, nnue::TrainingGame> out;
        for (const auto& file : nnue::data_files(folder)) {
            std::string error;
            for (auto& g : nnue::read_data_file(file, *v, &error)) {
                EXPECT_FALSE(out.count(g.index)) << "game " << g.index << " twice";
                out[g.index] = std::move(g);
            }
            EXPECT_EQ(error, "");
        }
        return out;
    }
    static void expect_same(const std::map<std::uint32_t, nnue::TrainingGame>& a,
                            const std::map<std::uint32_t, nnue::TrainingGame>& b) {
        ASSERT_EQ(a.size(), b.size());
        for (const auto& [index, game] : a) {
            ASSERT_TRUE(b.count(index)) << "game " << index;
            const auto& other = b.at(index).positions;
            ASSERT_EQ(game.positions.size(), other.size()) << "game " << index;
            for (std::size_t i = 0; i < other.size(); ++i) {
                EXPECT_EQ(game.positions[i].state, other[i].state) << index << " " << i;
                EXPECT_EQ(game.positions[i].score, other[i].score) << index << " " << i;
                EXPECT_EQ(game.positions[i].result, other[i].result) << index << " " << i;
                EXPECT_EQ(game.positions[i].ply, other[i].ply) << index << " " << i;
            }
        }
    }
    const std::string kRun = "selfplay --variant seireigi --games 4 --nodes 400 --seed 5 --quiet ";
};

TEST_F(SelfPlayCli, ShardsTogetherEqualOneRun) {
    const auto one = run_cli(kRun + "--out " + path("one"));
    ASSERT_EQ(one.exit_code, 0) << one.err;
    EXPECT_NE(one.out.find("games 4, positions kept"), std::string::npos) << one.out;
    for (const char* shard : {"1/2", "2/2"}) {
        const auto r = run_cli(kRun + "--shard " + shard + " --out " + path("shards"));
        ASSERT_EQ(r.exit_code, 0) << r.err;
    }
    const auto whole = games_in(path("one"));
    ASSERT_EQ(whole.size(), 4u);
    std::size_t positions = 0;
    for (const auto& [index, g] : whole) {
        positions += g.positions.size();
        for (const auto& p : g.positions) {
            EXPECT_GE(p.result, -1);
            EXPECT_LE(p.result, 1);
        }
    }
    EXPECT_GT(positions, 40u);
    expect_same(whole, games_in(path("shards")));
    // Two threads write the same games.
    const auto two = run_cli(kRun + "--concurrency 2 --out " + path("two"));
    ASSERT_EQ(two.exit_code, 0) << two.err;
    expect_same(whole, games_in(path("two")));
}

TEST_F(SelfPlayCli, KilledRunContinuesToTheSameData) {
    ASSERT_EQ(run_cli(kRun + "--out " + path("one")).exit_code, 0);
    ASSERT_EQ(run_cli(kRun + "--out " + path("cut")).exit_code, 0);
    // A kill in the middle of writing the last game leaves part of its block.
    const fs::path file = nnue::data_files(path("cut")).front();
    fs::resize_file(file, fs::file_size(file) - 25);
    const auto again = run_cli(kRun + "--out " + path("cut"));
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_NE(again.err.find("1 games to play (3 already in"), std::string::npos) << again.err;
    expect_same(games_in(path("one")), games_in(path("cut")));
}

TEST_F(SelfPlayCli, BadOptionsAreRefusedWithTheReason) {
    auto r = run_cli("selfplay --games 2 --out " + path("x"));
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("--nodes N or --depth D"), std::string::npos) << r.err;
    r = run_cli("selfplay --games 2 --nodes 100 --shard 3/2 --out " + path("x"));
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("expected I/N"), std::string::npos) << r.err;
    r = run_cli("selfplay --variant yonin-seireigi-compact --games 2 --nodes 100 --out " +
                path("x"));
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("for two players"), std::string::npos) << r.err;
    // Data of another variant in the folder is not appended to.
    ASSERT_EQ(
        run_cli("selfplay --variant minishogi --games 1 --nodes 100 --quiet --out " + path("mixed"))
            .exit_code,
        0);
    fs::rename(nnue::data_files(path("mixed")).front(),
               path("mixed") + "/selfplay-shard-1-of-1.data");
    r = run_cli(kRun + "--out " + path("mixed"));
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("holds other data"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace seireigi
