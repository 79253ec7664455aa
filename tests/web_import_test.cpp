// A game imported on the web board from a KIF record: from the even start and from a board
// diagram, read by the one KIF reader that `play --resume` uses too.
#include <memory>

#include "record/kif.h"
#include "test_support.h"
#include "text/notation.h"
#include "web_server.h"

namespace seireigi::testing {
namespace {

class WebImport : public ::testing::Test {
  protected:
    std::filesystem::path dir_ = fresh_temporary_folder("web-import");
};

TEST_F(WebImport, AKifFromABoardDiagramStartsAtItsPositionWithItsMoves) {
    auto v = variant("shogi");
    const PositionState diagram = position(*v, "4k4/9/9/9/9/9/9/9/4K4 b G 1");
    Game game(v, diagram);
    game.play(std::get<Move>(game.read_move("G*5b")));
    ServeProcess server(dir_ / "data");
    ASSERT_GT(server.port(), 0) << server.output();
    const HttpReply made = server.post(
        "/api/new", "variant=shogi&seats=human,human&position=" + form_value(write_kif(game, {})));
    ASSERT_EQ(made.status, 200) << made.body;
    const std::string state = server.get("/api/state").body;
    EXPECT_NE(state.find("G*5b"), std::string::npos) << state;
    EXPECT_EQ(json_field(state, "position"), write_position(*v, game.current())) << state;

    // A KIF that is not one is refused with the line and the reason.
    const HttpReply refused = server.post(
        "/api/new",
        "variant=shogi&seats=human,human&position=" +
            form_value("手合割：平手\n手数----指手---------消費時間--\n1 ９九玉(11)\n"));
    EXPECT_EQ(refused.status, 400) << refused.body;
    EXPECT_NE(refused.body.find("line 3"), std::string::npos) << refused.body;
}

}  // namespace
}  // namespace seireigi::testing
