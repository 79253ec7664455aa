// The web board's clocks (docs/web.md "Clocks"), through `seireigi serve` as the page uses it:
// a game started with a time control; the engine moves on its clock; a person whose clock runs
// out loses, and the page's result says so; the clocks survive a restart of the server; time
// controls that cannot be played are refused. Real time, with wide margins: the shortest clock
// is 2 s, and every wait allows a minute.
#include <chrono>
#include <filesystem>
#include <functional>
#include <thread>
#include <vector>

#include "cli_runner.h"
#include "web_server.h"

namespace seireigi::testing {
namespace {

namespace fs = std::filesystem;

// The numbers of the array "key": [...] in a JSON answer.
std::vector<long long> json_numbers(const std::string& json, const std::string& key) {
    std::vector<long long> out;
    const std::string quoted = "\"" + key + "\":[";
    const std::size_t at = json.find(quoted);
    if (at == std::string::npos) return out;
    const std::size_t end = json.find(']', at);
    std::string inside = json.substr(at + quoted.size(), end - at - quoted.size());
    for (std::size_t i = 0; i < inside.size();) {
        const std::size_t comma = inside.find(',', i);
        out.push_back(std::stoll(inside.substr(i, comma - i)));
        if (comma == std::string::npos) break;
        i = comma + 1;
    }
    return out;
}

class WebClock : public CliTest {
  protected:
    fs::path data() const { return dir_ / "data"; }
    // The state once `ready` holds for it (a minute at most).
    static std::string state_when(ServeProcess& server,
                                  const std::function<bool(const std::string&)>& ready) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        std::string body;
        while (std::chrono::steady_clock::now() < deadline) {
            body = server.get("/api/state").body;
            if (ready(body)) return body;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        ADD_FAILURE() << "the state never became what the test waits for:\n" << body;
        return body;
    }
};

TEST_F(WebClock, TheEngineMovesOnItsClockAndAPersonWhoseClockRunsOutLoses) {
    ServeProcess server(data());
    ASSERT_GT(server.port(), 0) << server.output();
    const HttpReply started =
        server.post("/api/new", "variant=seireigi&seats=engine,human&time_ms=2000");
    ASSERT_EQ(started.status, 200) << started.body;
    EXPECT_EQ(json_field(started.body, "main_ms"), "2000") << started.body;

    // The engine (Sente) moves on its clock, then the person's clock runs.
    const std::string asked =
        state_when(server, [](const std::string& s) { return json_field(s, "to_move") == "1"; });
    const std::vector<long long> left = json_numbers(asked, "left_ms");
    ASSERT_EQ(left.size(), 2u) << asked;
    EXPECT_GT(left[0], 0);
    EXPECT_LT(left[0], 2000);
    EXPECT_EQ(json_field(asked, "running"), "1") << asked;

    // Nobody moves for Gote: two seconds later Gote has lost on time.
    const std::string over =
        state_when(server, [](const std::string& s) { return json_field(s, "over") == "true"; });
    EXPECT_NE(over.find(R"("result":{"over":true,"text":"Gote's time runs out: Sente wins.")"),
              std::string::npos)
        << over;
    EXPECT_EQ(json_numbers(over, "left_ms").at(1), 0);
    EXPECT_EQ(json_field(over, "running"), "-1");
    const std::string record = read_file(data() / "games" / "autosave.game");
    EXPECT_NE(record.find("clock 2000 0 0\n"), std::string::npos) << record;
    EXPECT_NE(record.find("time-out 2\n"), std::string::npos) << record;
}

TEST_F(WebClock, TheClocksSurviveARestart) {
    long long sente_left = 0;
    {
        ServeProcess server(data());
        ASSERT_GT(server.port(), 0) << server.output();
        ASSERT_EQ(server
                      .post("/api/new",
                            "variant=seireigi&seats=human,human&time_ms=600000&increment_ms="
                            "5000&byoyomi_ms=0")
                      .status,
                  200);
        const HttpReply moved = server.post("/api/move", "move=7g7f");
        ASSERT_EQ(moved.status, 200) << moved.body;
        sente_left = json_numbers(moved.body, "left_ms").at(0);
        EXPECT_GT(sente_left, 600000 - 60000);  // the increment came back
        EXPECT_LE(sente_left, 605000);
    }  // stopped: the game is saved with Gote's clock as it stood
    ServeProcess server(data());
    ASSERT_GT(server.port(), 0) << server.output();
    const std::string state = server.get("/api/state").body;
    EXPECT_EQ(json_field(state, "main_ms"), "600000") << state;
    EXPECT_EQ(json_field(state, "increment_ms"), "5000") << state;
    const std::vector<long long> left = json_numbers(state, "left_ms");
    ASSERT_EQ(left.size(), 2u) << state;
    EXPECT_EQ(left[0], sente_left);
    EXPECT_LE(left[1], 600000);
    EXPECT_GT(left[1], 600000 - 60000);
    EXPECT_EQ(json_field(state, "running"), "1") << state;
}

TEST_F(WebClock, TimeControlsThatCannotBePlayedAreRefused) {
    ServeProcess server(data());
    ASSERT_GT(server.port(), 0) << server.output();
    const std::string game = "variant=seireigi&seats=human,engine";
    const std::pair<std::string, std::string> refused[] = {
        {"&time_ms=0", "main time or byoyomi"},
        {"&byoyomi_ms=1000", "give time_ms"},
        {"&time_ms=12x", "time_ms: a whole number"},
        {"&time_ms=99999999", "at most 10 hours"},
        {"&time_ms=1000&increment_ms=4000000", "at most an hour"},
    };
    for (const auto& [form, why] : refused) {
        const HttpReply r = server.post("/api/new", game + form);
        EXPECT_EQ(r.status, 400) << form;
        EXPECT_NE(json_field(r.body, "error").find(why), std::string::npos) << form << r.body;
    }
    // Without a clock the state says so.
    ASSERT_EQ(server.post("/api/new", game).status, 200);
    EXPECT_NE(server.get("/api/state").body.find("\"clock\":null"), std::string::npos);
}

}  // namespace
}  // namespace seireigi::testing
