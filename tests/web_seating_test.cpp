// A seat per device (docs/web.md, "A seat per device"), through `seireigi serve` as pages on
// several devices use it: each browser sends its own secret (X-Seireigi-Device); a seat taken
// by one device is played from it alone, also after a reload; a third device is refused the
// taken seat and watches; only the host starts another game; a take-back needs the consent of
// the other devices at the table; the clocks wait while a seated device is away.
#include <chrono>
#include <string>
#include <thread>

#include "cli_runner.h"
#include "web_server.h"

namespace seireigi::testing {
namespace {

const std::string kA(32, 'a');  // the host's device
const std::string kB(32, 'b');
const std::string kC(32, 'c');  // a spectator

class WebSeating : public CliTest {
  protected:
    HttpReply as(ServeProcess& server, const std::string& device, const std::string& path,
                 const std::string& form) {
        return server.request(
            "POST", path, form,
            "X-Seireigi-Token: " + server.token() + "\r\nX-Seireigi-Device: " + device + "\r\n");
    }
    // A two-person Seireigi game started by A, who takes Sente; B takes Gote.
    void seat_two_devices(ServeProcess& server) {
        ASSERT_EQ(as(server, kA, "/api/new", "variant=seireigi&seats=human,human").status, 200);
        ASSERT_EQ(as(server, kA, "/api/sit", "player=0").status, 200);
        ASSERT_EQ(as(server, kB, "/api/sit", "player=1").status, 200);
    }
    HttpReply state_for(ServeProcess& server, const std::string& device) {
        return server.request("GET", "/api/state", "", "X-Seireigi-Device: " + device + "\r\n");
    }
};

// The text of the JSON array "key": [...] inside the "seating" object.
std::string seating_array(const std::string& json, const std::string& key) {
    const std::size_t at = json.find("\"seating\":");
    if (at == std::string::npos) return "";
    const std::string quoted = "\"" + key + "\":[";
    const std::size_t from = json.find(quoted, at);
    if (from == std::string::npos) return "";
    const std::size_t to = json.find(']', from);
    return json.substr(from + quoted.size(), to - from - quoted.size());
}

TEST_F(WebSeating, EachDeviceMovesOnlyForTheSeatItTook) {
    ServeProcess server(dir_ / "data");
    ASSERT_GT(server.port(), 0) << server.output();
    seat_two_devices(server);
    // A third device is refused a taken seat and watches.
    const HttpReply refused = as(server, kC, "/api/sit", "player=1");
    EXPECT_EQ(refused.status, 409);
    EXPECT_NE(refused.body.find("Gote is taken by another device; you can watch"),
              std::string::npos)
        << refused.body;
    const std::string watched = state_for(server, kC).body;
    EXPECT_EQ(seating_array(watched, "taken"), "true,true") << watched;
    EXPECT_EQ(seating_array(watched, "yours"), "false,false") << watched;
    // Sente's move comes from A alone: not from B, C, nor a page without a device.
    const std::string not_yours = "Sente is played from another device";
    EXPECT_NE(as(server, kB, "/api/move", "move=7g7f").body.find(not_yours), std::string::npos);
    EXPECT_NE(as(server, kC, "/api/move", "move=7g7f").body.find(not_yours), std::string::npos);
    EXPECT_NE(server.post("/api/move", "move=7g7f").body.find(not_yours), std::string::npos);
    ASSERT_EQ(as(server, kA, "/api/move", "move=7g7f").status, 200);
    EXPECT_NE(as(server, kA, "/api/move", "move=3c3d").body.find("Gote is played from another"),
              std::string::npos);
    ASSERT_EQ(as(server, kB, "/api/move", "move=3c3d").status, 200);
    // B's page reloaded (or its tab closed and opened again): the same secret, the same seat.
    EXPECT_EQ(seating_array(state_for(server, kB).body, "yours"), "false,true");
    // Only the host starts another game.
    const HttpReply not_host = as(server, kB, "/api/new", "variant=seireigi&seats=human,human");
    EXPECT_EQ(not_host.status, 403);
    EXPECT_NE(not_host.body.find("only the host"), std::string::npos) << not_host.body;
    // A seat left is free for another device.
    ASSERT_EQ(as(server, kA, "/api/leave", "player=0").status, 200);
    ASSERT_EQ(as(server, kC, "/api/sit", "player=0").status, 200);
    EXPECT_EQ(seating_array(state_for(server, kC).body, "yours"), "true,false");
    EXPECT_EQ(as(server, kB, "/api/sit", "player=9").status, 409);
    EXPECT_EQ(as(server, kB, "/api/sit", "player=x").status, 400);
}

TEST_F(WebSeating, ATakeBackNeedsTheOtherDevicesConsent) {
    ServeProcess server(dir_ / "data");
    ASSERT_GT(server.port(), 0) << server.output();
    seat_two_devices(server);
    ASSERT_EQ(as(server, kA, "/api/move", "move=7g7f").status, 200);
    // A asks; B is asked; nothing is taken back yet.
    HttpReply asked = as(server, kA, "/api/undo", "");
    ASSERT_EQ(asked.status, 200) << asked.body;
    EXPECT_EQ(json_field(asked.body, "ply"), "1");
    EXPECT_EQ(seating_array(asked.body, "waiting"), "1") << asked.body;
    EXPECT_EQ(as(server, kC, "/api/undo-answer", "allow=yes").status, 400);  // not asked
    // B refuses: the move stays, and everyone is told.
    HttpReply refused = as(server, kB, "/api/undo-answer", "allow=no");
    ASSERT_EQ(refused.status, 200) << refused.body;
    EXPECT_EQ(json_field(refused.body, "ply"), "1");
    EXPECT_EQ(json_field(state_for(server, kA).body, "undo_news"),
              "Gote refused Sente's take-back");
    // Asked again and allowed: Sente's move is taken back.
    ASSERT_EQ(as(server, kA, "/api/undo", "").status, 200);
    HttpReply allowed = as(server, kB, "/api/undo-answer", "allow=yes");
    ASSERT_EQ(allowed.status, 200) << allowed.body;
    EXPECT_EQ(json_field(allowed.body, "ply"), "0");
    // Alone at the table (B left), A takes back at once.
    ASSERT_EQ(as(server, kA, "/api/move", "move=7g7f").status, 200);
    ASSERT_EQ(as(server, kB, "/api/leave", "player=1").status, 200);
    EXPECT_EQ(json_field(as(server, kA, "/api/undo", "").body, "ply"), "0");
}

// The text after "key": in the "clock" object, up to the next ',' or ']' (the first number of
// an array).
std::string clock_field(const std::string& json, const std::string& key) {
    const std::size_t clock = json.find("\"clock\":");
    const std::size_t at = json.find("\"" + key + "\":", clock);
    if (clock == std::string::npos || at == std::string::npos) return "";
    std::size_t from = at + key.size() + 3;
    if (json[from] == '[') ++from;
    return json.substr(from, json.find_first_of(",]}", from) - from);
}

TEST_F(WebSeating, TheClocksWaitWhileASeatedDeviceIsAway) {
    ServeProcess server(dir_ / "data", "--away-after 1");
    ASSERT_GT(server.port(), 0) << server.output();
    ASSERT_EQ(
        as(server, kA, "/api/new", "variant=seireigi&seats=human,human&time_ms=600000").status,
        200);
    ASSERT_EQ(as(server, kA, "/api/sit", "player=0").status, 200);
    ASSERT_EQ(as(server, kB, "/api/sit", "player=1").status, 200);
    // Sente's clock runs; A says nothing more, B keeps watching: A is away after a second, and
    // the clocks are held.
    std::string held;
    for (int i = 0; i < 40 && clock_field(held, "held") != "true"; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        held = state_for(server, kB).body;
    }
    ASSERT_EQ(clock_field(held, "held"), "true") << held;
    EXPECT_EQ(seating_array(held, "connected"), "false,true") << held;
    EXPECT_EQ(clock_field(held, "running"), "0");
    const int left = std::stoi(clock_field(held, "left_ms"));
    EXPECT_LT(left, 600000);
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    EXPECT_EQ(std::stoi(clock_field(state_for(server, kB).body, "left_ms")), left);
    // A is back: the clocks run on from where they stopped.
    std::string back = state_for(server, kA).body;
    for (int i = 0; i < 20 && clock_field(back, "held") != "false"; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        back = state_for(server, kA).body;
    }
    ASSERT_EQ(clock_field(back, "held"), "false") << back;
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const int later = std::stoi(clock_field(state_for(server, kA).body, "left_ms"));
    EXPECT_LT(later, left);
    EXPECT_GT(later, left - 5000);
}

TEST_F(WebSeating, TheJoinAddressIsGivenOnlyOnANetworkAddress) {
    ServeProcess local(dir_ / "local");
    ASSERT_GT(local.port(), 0) << local.output();
    EXPECT_EQ(local.output().find("join at"), std::string::npos) << local.output();
    EXPECT_EQ(json_field(local.get("/api/join").body, "address"), "");
    ServeProcess shared(dir_ / "shared", "--host 0.0.0.0");
    ASSERT_GT(shared.port(), 0) << shared.output();
    const std::string join = json_field(shared.get("/api/join").body, "address");
    if (join.empty()) GTEST_SKIP() << "this machine has no network address but loopback";
    EXPECT_NE(shared.output().find("Players on other devices join at " + join), std::string::npos)
        << shared.output();
    // The QR code: a square of modules, a version's size (21 + 4k) with a quiet zone of 4.
    const std::string svg = json_field(shared.get("/api/join").body, "qr_svg");
    ASSERT_TRUE(svg.starts_with("<svg")) << svg;
    const std::size_t at = svg.find("viewBox=\"0 0 ");
    ASSERT_NE(at, std::string::npos);
    const int side = std::stoi(svg.substr(at + 13));
    EXPECT_EQ((side - 8 - 21) % 4, 0) << side;
    EXPECT_NE(svg.find("h1v1h-1z"), std::string::npos);
}

}  // namespace
}  // namespace seireigi::testing
