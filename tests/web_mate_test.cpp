// The web board's "Find mate" (GET /api/mate): the mate solver on the position on screen, with
// the mating line and its length in plies, proof that there is none, or "unknown" when the time
// ran out; refused for games of more than two players.
#include "test_support.h"
#include "web_server.h"

namespace seireigi::testing {
namespace {

class WebMate : public ::testing::Test {
  protected:
    std::filesystem::path dir_ = fresh_temporary_folder("web-mate");
};

TEST_F(WebMate, AMateIsProvenWithItsLineAndNoneIsProvenWhereChecksRunOut) {
    ServeProcess server(dir_ / "data");
    ASSERT_GT(server.port(), 0) << server.output();
    // tests/data/mate-problems.txt: a 3-ply mate in Seireigi.
    ASSERT_EQ(server
                  .post("/api/new", "variant=seireigi&seats=human,human&position=" +
                                        form_value("8k/8s/6+R2/8G/9/9/9/9/K8 b L 1"))
                  .status,
              200);
    HttpReply r = server.get("/api/mate?ms=5000");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(json_field(r.body, "outcome"), "mate") << r.body;
    EXPECT_EQ(json_field(r.body, "plies"), "3") << r.body;
    EXPECT_EQ(json_field(r.body, "shortest"), "true") << r.body;
    EXPECT_NE(r.body.find("\"summary\":\"Sente mates in 3 plies (proven)\""), std::string::npos)
        << r.body;
    EXPECT_NE(r.body.find("\"best\":{"), std::string::npos) << r.body;
    // tests/data/mate-problems.txt: checks run out, proven.
    ASSERT_EQ(server
                  .post("/api/new", "variant=shogi&seats=human,human&position=" +
                                        form_value("kS7/9/9/2N6/9/9/9/9/8K b L 1"))
                  .status,
              200);
    r = server.get("/api/mate?ms=5000");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(json_field(r.body, "outcome"), "no mate") << r.body;
    EXPECT_EQ(r.body.find("\"best\""), std::string::npos) << r.body;
    // An earlier position of the game, and the refusals.
    EXPECT_EQ(server.get("/api/mate?ply=5").status, 400);
    EXPECT_EQ(server.get("/api/mate?ms=5").status, 400);
    ASSERT_EQ(
        server.post("/api/new", "variant=yonin-seireigi-compact&seats=human,human,human,human")
            .status,
        200);
    r = server.get("/api/mate");
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(r.body.find("for games of two players"), std::string::npos) << r.body;
}

}  // namespace
}  // namespace seireigi::testing
