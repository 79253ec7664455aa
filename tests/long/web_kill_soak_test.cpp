// The web board never loses a completed move (docs/web.md, "Saving"): 50 games between random
// movers, played as fast as they move (--watch-pause 0), with the server killed (SIGKILL) at
// random moments and started again on the same data folder. Every move a client was shown must
// be in the autosave the kill left, and in the game the restarted server resumes.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <random>
#include <regex>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "cli_runner.h"
#include "record/game_record.h"
#include "web_server.h"

namespace seireigi::testing {
namespace {

using namespace std::chrono_literals;

// The moves of the game in an /api/state answer, as move text.
std::vector<std::string> shown_moves(const std::string& state) {
    const std::size_t from = state.find("\"moves\":[");
    const std::size_t to = state.find("\"events\":[", from);
    std::vector<std::string> out;
    if (from == std::string::npos || to == std::string::npos) return out;
    const std::string list = state.substr(from, to - from);
    static const std::regex move("\\{\"text\":\"([^\"]*)\",\"by\":");
    for (std::sregex_iterator it(list.begin(), list.end(), move), end; it != end; ++it)
        out.push_back((*it)[1]);
    return out;
}

bool starts_with(const std::vector<std::string>& all, const std::vector<std::string>& prefix) {
    return all.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), all.begin());
}

class WebKillSoak : public CliTest {};

TEST_F(WebKillSoak, NoCompletedMoveIsLostWhenTheServerIsKilled) {
    const std::vector<std::string> variants = {"minishogi", "seireigi", "yonin-seireigi-compact"};
    const std::filesystem::path data = dir_ / "data";
    const std::filesystem::path autosave = data / "games" / "autosave.game";
    std::mt19937 rng(20261129);
    auto start_server = [&] {
        auto s = std::make_unique<ServeProcess>(data, "--watch-pause 0");
        EXPECT_GT(s->port(), 0) << s->output();
        return s;
    };
    auto new_game = [&](ServeProcess& server, int number) {
        const std::string& v = variants[static_cast<std::size_t>(number) % variants.size()];
        std::string seats;
        const int players = v.starts_with("yonin") ? 4 : 2;
        for (int p = 0; p < players; ++p)
            seats += (p ? ",random:" : "random:") + std::to_string(number * 10 + p);
        const HttpReply r = server.post("/api/new", "variant=" + v + "&seats=" + seats);
        EXPECT_EQ(r.status, 200) << r.body;
    };

    auto server = start_server();
    ASSERT_GT(server->port(), 0);
    int finished = 0, kills = 0;
    std::size_t moves_checked = 0;
    new_game(*server, 0);
    std::vector<std::string> seen;  // the moves of the game as last shown
    while (finished < 50) {
        // Watch the game for a random while, starting a new one whenever one ends.
        const auto until = std::chrono::steady_clock::now() +
                           std::chrono::milliseconds(std::uniform_int_distribution(20, 400)(rng));
        while (std::chrono::steady_clock::now() < until && finished < 50) {
            const HttpReply state = server->get("/api/state");
            ASSERT_EQ(state.status, 200) << state.body << server->output();
            const auto moves = shown_moves(state.body);
            ASSERT_TRUE(starts_with(moves, seen)) << "the running server lost a shown move";
            seen = moves;
            if (json_field(state.body, "over") == "true") {
                ++finished;
                new_game(*server, finished);
                seen.clear();
            }
        }
        if (finished == 50) break;
        server->kill();
        ++kills;
        // The autosave the kill left holds every move shown.
        std::ifstream in(autosave, std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)), {});
        auto record = read_record(text);
        ASSERT_TRUE(std::holds_alternative<GameRecord>(record)) << text;
        const auto& saved = std::get<GameRecord>(record).moves;
        ASSERT_TRUE(starts_with(saved, seen)) << "kill " << kills << ": " << seen.size()
                                              << " moves shown, " << saved.size() << " saved";
        moves_checked += seen.size();
        // The restarted server resumes that game.
        server = start_server();
        ASSERT_GT(server->port(), 0);
        const auto resumed = shown_moves(server->get("/api/state").body);
        ASSERT_TRUE(starts_with(resumed, seen))
            << "kill " << kills << ": the resumed game lost moves";
        seen = resumed;
    }
    std::printf("%d games finished, the server killed %d times, %zu shown moves found saved\n",
                finished, kills, moves_checked);
    EXPECT_GE(kills, 50);
}

}  // namespace
}  // namespace seireigi::testing
