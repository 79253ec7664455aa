// Saving is safe (docs/web.md, "Saving"): an autosave that cannot be resumed is kept aside under
// a new name and the page and stderr say where; a failed autosave is on the page until a save
// succeeds, and in `seireigi play`; a file-size limit or a client that leaves never ends the
// program.
#include <sys/socket.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "cli_runner.h"
#include "web_server.h"

namespace seireigi::testing {
namespace {

namespace fs = std::filesystem;

class WebServerSaving : public CliTest {
  protected:
    fs::path games() const { return dir_ / "data" / "games"; }
    void write_autosave(const std::string& text) const {
        fs::create_directories(games());
        std::ofstream(games() / "autosave.game", std::ios::binary) << text;
    }
    std::vector<fs::path> kept_aside() const {
        std::vector<fs::path> out;
        for (const auto& e : fs::directory_iterator(games()))
            if (e.path().filename().string().starts_with("autosave-unresumable-"))
                out.push_back(e.path());
        return out;
    }
};

TEST_F(WebServerSaving, AnAutosaveThatCannotBeResumedIsKeptAsideNeverOverwritten) {
    const std::string broken = "seireigi game record\nthis line is no part of a record\n";
    for (int start = 1; start <= 2; ++start) {
        write_autosave(broken);
        ServeProcess server(dir_ / "data");
        ASSERT_GT(server.port(), 0) << server.output();
        const auto aside = kept_aside();
        ASSERT_EQ(aside.size(), static_cast<std::size_t>(start)) << server.output();
        for (const auto& file : aside) EXPECT_EQ(read_file(file), broken);
        // stderr and the page say where the game is kept.
        EXPECT_NE(server.output().find("kept as " + games().string() + "/autosave-unresumable-"),
                  std::string::npos)
            << server.output();
        const HttpReply state = server.get("/api/state");
        ASSERT_EQ(state.status, 200);
        EXPECT_NE(state.body.find("could not be resumed"), std::string::npos) << state.body;
        EXPECT_NE(state.body.find("autosave-unresumable-"), std::string::npos) << state.body;
        // The new game has an autosave of its own.
        EXPECT_NE(read_file(games() / "autosave.game"), broken);
    }
}

TEST_F(WebServerSaving, AFailedAutosaveIsOnThePageUntilASaveSucceeds) {
    ServeProcess server(dir_ / "data");
    ASSERT_GT(server.port(), 0) << server.output();
    ASSERT_EQ(server.post("/api/new", "variant=seireigi&seats=human,human").status, 200);
    EXPECT_EQ(json_field(server.get("/api/state").body, "unsaved"), "");
    // A folder where the autosave should go: no save can replace it.
    fs::remove(games() / "autosave.game");
    fs::create_directory(games() / "autosave.game");
    HttpReply moved = server.post("/api/move", "move=7g7f");
    ASSERT_EQ(moved.status, 200) << moved.body;
    EXPECT_NE(json_field(moved.body, "unsaved").find("not saved: autosave failed"),
              std::string::npos)
        << moved.body;
    EXPECT_NE(json_field(server.get("/api/state").body, "unsaved").find("it is a folder"),
              std::string::npos);
    fs::remove(games() / "autosave.game");
    moved = server.post("/api/move", "move=3c3d");
    ASSERT_EQ(moved.status, 200) << moved.body;
    EXPECT_EQ(json_field(moved.body, "unsaved"), "") << moved.body;
    const std::string record = read_file(games() / "autosave.game");
    EXPECT_NE(record.find("7g7f"), std::string::npos) << record;
    EXPECT_NE(record.find("3c3d"), std::string::npos) << record;
}

TEST_F(WebServerSaving, TheEnginesTimePerMoveOutlivesARestart) {
    {
        ServeProcess server(dir_ / "data");
        ASSERT_GT(server.port(), 0) << server.output();
        ASSERT_EQ(
            server.post("/api/new", "variant=seireigi&seats=human,human&engine_ms=4000").status,
            200);
        EXPECT_EQ(json_field(server.get("/api/state").body, "engine_ms"), "4000");
    }
    EXPECT_NE(read_file(games() / "autosave.game").find("\nmove-time 4000\n"), std::string::npos);
    ServeProcess again(dir_ / "data");
    ASSERT_GT(again.port(), 0) << again.output();
    EXPECT_EQ(json_field(again.get("/api/state").body, "engine_ms"), "4000");
    // A game with clocks has no time per move: the clocks decide.
    ASSERT_EQ(again.post("/api/new", "variant=seireigi&seats=human,human&time_ms=60000").status,
              200);
    EXPECT_EQ(json_field(again.get("/api/state").body, "engine_ms"), "-1");
}

TEST_F(WebServerSaving, AFileSizeLimitDoesNotEndTheServer) {
    // Every file write fails (SIGXFSZ, ignored: EFBIG); the server goes on and says so.
    ServeProcess server(dir_ / "data", "", "ulimit -f 0; ");
    ASSERT_GT(server.port(), 0) << server.output();
    ASSERT_EQ(server.post("/api/new", "variant=seireigi&seats=human,human").status, 200);
    const HttpReply moved = server.post("/api/move", "move=7g7f");
    ASSERT_EQ(moved.status, 200) << moved.body << server.output();
    EXPECT_NE(json_field(moved.body, "unsaved").find("not saved:"), std::string::npos)
        << moved.body;
    EXPECT_EQ(server.post("/api/save", "name=kept").status, 500);
    EXPECT_TRUE(server.alive()) << server.output();
    EXPECT_EQ(server.get("/api/state").status, 200);
}

TEST_F(WebServerSaving, ClientsThatLeaveDoNotEndTheServer) {
    ServeProcess server(dir_ / "data");
    ASSERT_GT(server.port(), 0) << server.output();
    ASSERT_EQ(server.post("/api/new", "variant=seireigi&seats=human,human").status, 200);
    const std::string version = json_field(server.get("/api/state").body, "version");
    // Long polls whose clients are gone (reset) when the answer is written.
    std::vector<int> polls;
    for (int i = 0; i < 6; ++i) {
        const int fd = connect_local(server.port());
        ASSERT_GE(fd, 0);
        ASSERT_TRUE(send_all(fd, "GET /api/state?after=" + version +
                                     " HTTP/1.1\r\nHost: " + server.host() + "\r\n\r\n"));
        polls.push_back(fd);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    for (int fd : polls) {
        linger reset{1, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
        ::close(fd);
    }
    ASSERT_EQ(server.post("/api/move", "move=7g7f").status, 200);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ASSERT_EQ(server.post("/api/move", "move=3c3d").status, 200);
    EXPECT_TRUE(server.alive()) << "status " << server.status() << "\n" << server.output();
}

// `seireigi play` under a file-size limit: every move is played, each failed save is said, and
// the end does not claim the game is saved.
TEST_F(WebServerSaving, PlaySaysWhenTheGameIsNotSaved) {
    { std::ofstream(path("in.txt")) << "7g7f\nquit\n"; }
    const std::string command = "bash -c \"(ulimit -f 0; exec '" + std::string(cli_path()) +
                                "' play --seat 1=human --seat 2=random:1 --color never "
                                "--autosave '" +
                                path("auto.game") + "' < '" + path("in.txt") + "' 2>&1) | cat > '" +
                                path("out.txt") + "'; exit \\${PIPESTATUS[0]}\"";
    const int status = std::system(command.c_str());
    const std::string out = read_file(path("out.txt"));
    ASSERT_TRUE(WIFEXITED(status)) << out;
    EXPECT_EQ(WEXITSTATUS(status), 0) << out;
    EXPECT_NE(out.find("warning: autosave failed"), std::string::npos) << out;
    EXPECT_NE(out.find("File too large"), std::string::npos) << out;
    EXPECT_NE(out.find("NOT saved"), std::string::npos) << out;
}

}  // namespace
}  // namespace seireigi::testing
