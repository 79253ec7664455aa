// Several tables (docs/web.md, "Several tables"): one server, a game at each table, each with
// its own seats, host and autosave; a request names its table (?table=NAME, none: the first);
// the tables come back after a restart; a server holds at most 16.
#include <filesystem>
#include <string>

#include "cli_runner.h"
#include "web_server.h"

namespace seireigi::testing {
namespace {

const std::string kA(32, 'a');
const std::string kB(32, 'b');

class WebTables : public CliTest {
  protected:
    static HttpReply as(ServeProcess& server, const std::string& device, const std::string& path,
                        const std::string& form) {
        return server.request(
            "POST", path, form,
            "X-Seireigi-Token: " + server.token() + "\r\nX-Seireigi-Device: " + device + "\r\n");
    }
};

TEST_F(WebTables, EachTablePlaysItsOwnGameAndComesBackAfterARestart) {
    {
        ServeProcess server(dir_ / "data");
        ASSERT_GT(server.port(), 0) << server.output();
        // A minishogi game at the table "kitchen", started by A; the first table is untouched.
        const HttpReply started =
            as(server, kA, "/api/new", "table=kitchen&variant=minishogi&seats=human,human");
        ASSERT_EQ(started.status, 200) << started.body;
        EXPECT_EQ(json_field(started.body, "table"), "kitchen");
        ASSERT_EQ(as(server, kA, "/api/move", "table=kitchen&move=5d5c").status, 200);
        ASSERT_EQ(as(server, kA, "/api/sit", "table=kitchen&player=0").status, 200);
        const std::string kitchen = server.get("/api/state?table=kitchen").body;
        EXPECT_EQ(json_field(kitchen, "ply"), "1");
        EXPECT_NE(kitchen.find("\"name\":\"Minishogi\""), std::string::npos) << kitchen;
        const std::string first = server.get("/api/state").body;
        EXPECT_EQ(json_field(first, "ply"), "0");
        EXPECT_EQ(json_field(first, "table"), "");
        EXPECT_NE(first.find("\"name\":\"Seireigi\""), std::string::npos);
        // The host of one table is not the host of another: B starts games at the first table
        // (nobody sits there) but not at A's table, where a seat is taken.
        EXPECT_EQ(as(server, kB, "/api/new", "variant=seireigi&seats=human,engine").status, 200);
        EXPECT_EQ(
            as(server, kB, "/api/new", "table=kitchen&variant=seireigi&seats=human,human").status,
            403);
        // The list of tables.
        const std::string tables = server.get("/api/tables").body;
        EXPECT_NE(tables.find("{\"table\":\"\",\"variant\":\"Seireigi\""), std::string::npos)
            << tables;
        EXPECT_NE(tables.find("{\"table\":\"kitchen\",\"variant\":\"Minishogi\",\"players\":2,"
                              "\"ply\":1,\"over\":false,\"people\":2,\"seated\":1}"),
                  std::string::npos)
            << tables;
        // A table without a game, or a name that is no table's.
        const HttpReply none = server.get("/api/state?table=garden");
        EXPECT_EQ(none.status, 404);
        EXPECT_NE(none.body.find("no game is played at the table 'garden'"), std::string::npos);
        EXPECT_EQ(server.get("/api/state?table=..%2Fgames").status, 400);
        EXPECT_EQ(server.post("/api/move", "table=garden&move=7g7f").status, 404);
        EXPECT_NE(server.get("/api/join?table=kitchen").status, 500);
    }
    EXPECT_TRUE(std::filesystem::exists(dir_ / "data" / "games" / "table-kitchen.game"));
    ServeProcess again(dir_ / "data");
    ASSERT_GT(again.port(), 0) << again.output();
    const std::string kitchen = again.get("/api/state?table=kitchen").body;
    EXPECT_EQ(json_field(kitchen, "ply"), "1") << kitchen;
    EXPECT_NE(kitchen.find("\"name\":\"Minishogi\""), std::string::npos);
}

TEST_F(WebTables, AServerHoldsAtMostSixteenTables) {
    ServeProcess server(dir_ / "data");
    ASSERT_GT(server.port(), 0) << server.output();
    for (int i = 1; i < 16; ++i)
        ASSERT_EQ(server
                      .post("/api/new",
                            "table=t" + std::to_string(i) + "&variant=minishogi&seats=human,human")
                      .status,
                  200);
    const HttpReply refused =
        server.post("/api/new", "table=t16&variant=minishogi&seats=human,human");
    EXPECT_EQ(refused.status, 409);
    EXPECT_NE(refused.body.find("holds 16 tables already"), std::string::npos) << refused.body;
    // An existing table still takes a new game.
    EXPECT_EQ(server.post("/api/new", "table=t3&variant=seireigi&seats=human,human").status, 200);
}

}  // namespace
}  // namespace seireigi::testing
