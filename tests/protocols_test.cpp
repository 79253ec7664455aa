// `seireigi usi` and `seireigi xboard` driven as a GUI drives them, through pipes to the built
// program: handshakes, bad lines answered without losing the state, `stop` during a search,
// a new game after `gameover`, switching to Dai Seireigi and to a YAML file by VariantPath; and
// the USI client (match/seats) against our own engine and against programs that fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.h"
#include "game/game.h"
#include "protocol_session.h"
#include "seats/child_process.h"
#include "seats/usi_client.h"
#include "seats/usi_seat.h"
#include "test_support.h"

namespace seireigi {
namespace {

using testing::after;
using testing::Session;

// Whether `move` is legal after `moves` from the start of `variant`.
bool legal_after(const std::string& variant, const std::vector<std::string>& moves,
                 const std::string& move) {
    auto v = testing::variant(variant);
    Game game(v, testing::position(*v, "start"));
    for (const std::string& m : moves) game.play(std::get<Move>(game.read_move(m)));
    return std::holds_alternative<Move>(game.read_move(move));
}

TEST(UsiProtocol, HandshakeOptionsAndReady) {
    Session s("usi");
    s.send("usi");
    const auto lines = s.lines_until("usiok");
    std::string all;
    for (const auto& l : lines) all += l + "\n";
    EXPECT_NE(all.find("id name seireigi"), std::string::npos) << all;
    for (const char* option :
         {"option name USI_Hash type spin", "option name USI_Ponder type check",
          "option name USI_MultiPV type spin", "option name VariantPath",
          "option name Skill_Level type spin"})
        EXPECT_NE(all.find(option), std::string::npos) << option << "\n" << all;
    const std::size_t combo = all.find("option name USI_Variant type combo default seireigi");
    ASSERT_NE(combo, std::string::npos) << all;
    const std::string combo_line = all.substr(combo, all.find('\n', combo) - combo);
    EXPECT_NE(combo_line.find("var dai-seireigi"), std::string::npos) << combo_line;
    EXPECT_EQ(combo_line.find("yonin"), std::string::npos) << "four-player variants offered";
    s.send("setoption name USI_Hash value 8");  // accepted silently
    s.send("isready");
    EXPECT_EQ(s.expect("readyok"), "readyok") << s.seen();
    EXPECT_EQ(s.seen().find("error"), std::string::npos) << s.seen();
    s.send("quit");
    s.finish();
}

TEST(UsiProtocol, BadLinesAreAnsweredAndTheStateIsKept) {
    Session s("usi");
    s.send("usi");
    s.expect("usiok");
    s.send("position startpos moves 7g7f 3c3d");
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"frobnicate", "unknown command"},
        {"position sfen lnsgkgsnl/1r5b1/ppppxpppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
         "character"},
        {"position startpos moves 7g7f 7g7f", "move 2"},
        {"position startpos moves 7g7", "move 1"},
        {"position", "expected"},
        {"setoption name Bogus value 1", "unknown option"},
        {"setoption name USI_Hash value lots", "whole number"},
        {"setoption name USI_Variant value no-such-variant", "USI_Variant"},
        {"go depth", "needs a whole number"},
        {"go movetime -5", "needs a whole number"},
        {"go sometimes 5", "unknown parameter"},
    };
    for (const auto& [line, reason] : bad) {
        s.send(line);
        const std::string answer = s.expect("info string error:");
        EXPECT_NE(answer.find(reason), std::string::npos) << line << " -> " << answer;
    }
    s.send("isready");
    EXPECT_EQ(s.expect("readyok"), "readyok");
    // The position before the bad lines still stands.
    s.send("go depth 1");
    const std::string best = after(s.expect("bestmove"), "bestmove ");
    EXPECT_TRUE(legal_after("seireigi", {"7g7f", "3c3d"}, best)) << best << "\n" << s.seen();
    s.send("quit");
    s.finish();
}

// An illegal move in `position ... moves` is refused with the reason the terminal gives; a mate
// is counted in plies, as `analyse` counts it.
TEST(UsiProtocol, IllegalMovesSayWhyAndMatesCountPlies) {
    Session s("usi");
    s.send("usi");
    s.expect("usiok");
    s.send("position startpos moves 7g7f 5c5e");
    EXPECT_EQ(s.expect("info string error:"),
              "info string error: position: move 2 \"5c5e\": illegal move 5c5e: a Pawn cannot "
              "move from 5c to 5e; from 5c it can go to 5d")
        << s.seen();
    s.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*5e B*5e");
    EXPECT_EQ(s.expect("info string error:"),
              "info string error: position: move 6 \"B*5e\": illegal move B*5e: 5e is occupied "
              "(Sente's Bishop)")
        << s.seen();
    // Sente mates in three moves, five plies (tests/data/tactics.txt, quiet_mate3_rook_slide).
    const std::string position = "8k/8s/9/9/5R3/9/9/9/8K b SN 1";
    s.send("position sfen " + position);
    s.send("go nodes 200000");
    const auto lines = s.lines_until("bestmove", 20000);
    std::string usi_mate;
    for (const auto& l : lines)
        if (l.find(" score mate ") != std::string::npos) usi_mate = after(l, " score mate ");
    EXPECT_EQ(usi_mate, "5") << s.seen();
    s.send("quit");
    s.finish();
    const auto folder = testing::fresh_temporary_folder("seireigi-usi-mate-plies");
    const auto analysed = testing::run_cli(
        folder, "analyse --variant seireigi --position '" + position + "' --nodes 200000");
    std::filesystem::remove_all(folder);
    std::string analyse_mate;
    for (std::size_t at = analysed.out.find(" score mate "); at != std::string::npos;
         at = analysed.out.find(" score mate ", at + 1))
        analyse_mate = after(analysed.out.substr(at), " score mate ");
    EXPECT_EQ(analyse_mate, usi_mate) << analysed.out;
}

TEST(UsiProtocol, StopDuringAnInfiniteSearch) {
    Session s("usi");
    s.send("usi");
    s.expect("usiok");
    s.send("position startpos moves 2g2f");
    s.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    s.send("isready");  // answered while the engine thinks
    const auto before_ready = s.lines_until("readyok");
    ASSERT_EQ(before_ready.back(), "readyok") << s.seen();
    for (const auto& l : before_ready) EXPECT_EQ(l.rfind("bestmove", 0), std::string::npos) << l;
    const auto start = std::chrono::steady_clock::now();
    s.send("stop");
    const std::string best = s.expect("bestmove", 3000);
    const auto waited = std::chrono::steady_clock::now() - start;
    ASSERT_FALSE(best.empty()) << s.seen();
    EXPECT_LT(waited, std::chrono::seconds(2));
    EXPECT_TRUE(legal_after("seireigi", {"2g2f"}, after(best, "bestmove "))) << best;
    // A ponder search ends with ponderhit as a normal search.
    s.send("go ponder movetime 200");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    s.send("ponderhit");
    EXPECT_FALSE(s.expect("bestmove", 5000).empty()) << s.seen();
    s.send("quit");
    s.finish();
}

TEST(UsiProtocol, NewGameAfterGameoverAndResignWhenMated) {
    Session s("usi");
    s.send("usi");
    s.expect("usiok");
    s.send("isready");
    s.expect("readyok");
    s.send("usinewgame");
    // Sente is mated: Gote's Gold on 5h, guarded by the Pawn on 5g.
    s.send("position sfen 4k4/9/9/9/9/9/4p4/4g4/4K4 b - 1");
    s.send("go depth 2");
    EXPECT_EQ(s.expect("bestmove"), "bestmove resign") << s.seen();
    s.send("gameover lose");
    s.send("usinewgame");
    s.send("position startpos");
    s.send("go nodes 2000");
    const std::string best = after(s.expect("bestmove"), "bestmove ");
    EXPECT_TRUE(legal_after("seireigi", {}, best)) << best << "\n" << s.seen();
    // The start position has no check, so no tsume mate: proven at once.
    s.send("go mate 1000");
    EXPECT_EQ(s.expect("checkmate"), "checkmate nomate") << s.seen();
    // A mating problem without the attacker's King (toybox's first, the defender holding the
    // rest): go mate solves it; go, which plays games, refuses it.
    s.send("setoption name USI_Variant value shogi");
    s.send("position sfen 3sks3/9/4+P4/9/9/+B8/9/9/9 b S2rb4gs4n4l17p 1");
    s.send("go mate 10000");
    EXPECT_EQ(s.expect("checkmate"), "checkmate 9f5b 6a5b S*6b") << s.seen();
    s.send("go nodes 100");
    EXPECT_NE(s.expect("info string error:").find("a mating problem"), std::string::npos)
        << s.seen();
    EXPECT_EQ(s.expect("bestmove"), "bestmove resign") << s.seen();
    // A 9-ply mate in a game position: go mate answers soon after its first mate (here a longer
    // one, not proven shortest); with Mate_Shortest it proves the 9 plies.
    const auto plies = [](const std::string& checkmate) {
        return std::count(checkmate.begin(), checkmate.end(), ' ');
    };
    s.send(
        "position sfen l1+R6/2sg5/ppk6/3pp4/7B1/2P2pLp1/PP1PP3P/1S1K2p2/LN5GL b RGN2Pbg2s2n3p 1");
    s.send("go mate 60000");  // well within a second in a Release build; the sanitizers slow it
    EXPECT_EQ(s.expect("info time", 60000).find("no shorter mate"), std::string::npos) << s.seen();
    EXPECT_GT(plies(s.expect("checkmate")), 9) << s.seen();
    s.send("setoption name Mate_Shortest value true");
    s.send("go mate 60000");
    EXPECT_NE(s.expect("info time", 60000).find("no shorter mate"), std::string::npos) << s.seen();
    EXPECT_EQ(plies(s.expect("checkmate")), 9) << s.seen();
    s.send("setoption name Mate_Shortest value yes");
    EXPECT_NE(s.expect("info string error:").find("true or false"), std::string::npos) << s.seen();
    // A refused position leaves nothing to solve: never an answer about the previous one.
    s.send("position sfen 9/9/9/9/9/9/9/9/9 b G 1");
    EXPECT_NE(s.expect("info string error:").find("cannot arise"), std::string::npos) << s.seen();
    s.send("go mate 1000");
    EXPECT_NE(s.expect("info string error:").find("send a position first"), std::string::npos)
        << s.seen();
    EXPECT_EQ(s.expect("checkmate"), "checkmate notimplemented") << s.seen();
    s.send("setoption name USI_Variant value seireigi");
    // A Gold dropped on 5b, guarded by the Pawn on 5c, mates the King on 5a.
    s.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    s.send("go mate infinite");
    EXPECT_EQ(s.expect("checkmate"), "checkmate G*5b") << s.seen();
    // Mate_Share (off by default): the playing search tries the mate solver first.
    s.send("setoption name Mate_Share value 60");
    EXPECT_NE(s.expect("info string error:").find("0 to 50"), std::string::npos) << s.seen();
    s.send("setoption name Mate_Share value 20");
    s.send("go movetime 1000");
    EXPECT_EQ(s.expect("bestmove"), "bestmove G*5b") << s.seen();
    s.send("quit");
    s.finish();
}

TEST(UsiProtocol, SwitchesToDaiSeireigiAndToAYamlFile) {
    Session s("usi");
    s.send("usi");
    s.expect("usiok");
    s.send("setoption name USI_Variant value dai-seireigi");
    const std::string dai = s.expect("info string variant");
    EXPECT_EQ(dai.rfind("info string variant dai-seireigi files 15 ranks 15 startpos ", 0), 0u)
        << dai;
    s.send("isready");
    s.expect("readyok");
    s.send("position startpos moves 15k15j");  // two-digit files
    s.send("go depth 1");
    std::string best = after(s.expect("bestmove", 20000), "bestmove ");
    EXPECT_TRUE(legal_after("dai-seireigi", {"15k15j"}, best)) << best << "\n" << s.seen();

    const std::string yaml = testing::source_path("tests/data/variants/mutual-check-test.yaml");
    s.send("setoption name VariantPath value " + yaml);
    const std::string small = s.expect("info string variant");
    EXPECT_NE(small.find(" files 6 ranks 5 "), std::string::npos) << small;
    s.send("position startpos");
    s.send("go depth 1");
    best = after(s.expect("bestmove"), "bestmove ");
    EXPECT_TRUE(legal_after(yaml, {}, best)) << best << "\n" << s.seen();

    s.send("setoption name VariantPath value /no/such/file.yaml");
    EXPECT_NE(s.expect("info string error:").find("VariantPath"), std::string::npos) << s.seen();
    s.send("setoption name USI_Variant value yonin-seireigi-compact");
    EXPECT_NE(s.expect("info string error:").find("players"), std::string::npos) << s.seen();
    s.send("quit");
    s.finish();
}

TEST(XboardProtocol, FeaturesSetupAndPieces) {
    Session s("xboard");
    s.send("xboard");
    s.send("protover 2");
    const std::string features = s.expect("feature");
    for (const char* f : {"setboard=1", "usermove=1", "ping=1", "san=0", "sigint=0", "done=1",
                          "myname=\"seireigi\""})
        EXPECT_NE(features.find(f), std::string::npos) << f << "\n" << features;
    EXPECT_NE(features.find("seireigi"), std::string::npos) << features;
    EXPECT_EQ(features.find("dai-seireigi"), std::string::npos) << "15x15 cannot be shown";
    s.send("variant seireigi");
    EXPECT_EQ(s.expect("setup"),
              "setup (PNBRLSG....+++++++Kpnbrlsg....+++++++k) 9x9+7_shogi "
              "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1");
    s.send("ping 1");
    const auto lines = s.lines_until("pong 1");
    std::string all;
    for (const auto& l : lines) all += l + "\n";
    for (const char* piece :
         {"piece P& fWf@9\n", "piece G& WfF@9\n", "piece +G& fBbFsfW\n", "piece K& "})
        EXPECT_NE(all.find(piece), std::string::npos) << piece << "\n" << all;
    s.send("variant dai-seireigi");
    EXPECT_NE(s.expect("Error").find("12 files"), std::string::npos) << s.seen();
    s.send("quit");
    s.finish();
}

TEST(XboardProtocol, MovesPromotionsDropsUndoAndUnknownCommands) {
    Session s("xboard");
    s.send("xboard");
    s.send("protover 2");
    s.expect("feature");
    s.send("new");
    s.send("variant seireigi");
    s.send("force");
    s.send("usermove c3c4");  // 7g7f
    s.send("usermove g7g6");  // 3c3d
    s.send("usermove c3c4");  // no piece there any more
    EXPECT_EQ(s.expect("Illegal move"), "Illegal move (illegal move: c3c4): c3c4") << s.seen();
    s.send("usermove b2h8=");  // 8h2b, the Bishop declines to promote
    s.send("usermove g9h8");   // 3a2b, the Silver takes it
    s.send("frobnicate 3");
    EXPECT_EQ(s.expect("Error"), "Error (unknown command): frobnicate");
    s.send("usermove B@e5");  // the captured Bishop dropped on 5e
    s.send("ping 2");
    EXPECT_EQ(s.expect("pong"), "pong 2");
    EXPECT_EQ(s.seen().find("Illegal move (", s.seen().find("c3c4): c3c4") + 1), std::string::npos)
        << s.seen();
    s.send("remove");  // takes back the drop and the capture
    s.send("undo");    // and the Bishop's move: now it can promote
    s.send("usermove b2h8+");
    s.send("usermove g9h8");
    s.send("ping 3");
    EXPECT_EQ(s.expect("pong"), "pong 3");
    EXPECT_EQ(s.seen().find("Illegal move (", s.seen().find("c3c4): c3c4") + 1), std::string::npos)
        << s.seen();
    // The engine plays Sente's move within the default second per move.
    s.send("go");
    const std::string move = s.expect("move ", 5000);
    EXPECT_FALSE(move.empty()) << s.seen();
    s.send("quit");
    s.finish();
}

TEST(XboardProtocol, SetboardAnalyzeAndTimeCommands) {
    Session s("xboard");
    s.send("xboard");
    s.send("protover 2");
    s.expect("feature");
    s.send("variant seireigi");
    s.send("force");
    s.send("setboard 4k4/9/9/9/9/9/9/9/4K4[Gp] w 0 1");
    s.send("usermove G@e8");  // Sente drops its Gold in hand
    s.send("setboard 4k4/9/9/9/9/9/9/9/4K4[] x 0 1");
    EXPECT_NE(s.expect("tellusererror").find("side to move"), std::string::npos) << s.seen();
    s.send("level 40 0:30 0");
    s.send("time 3000");
    s.send("otim 3000");
    s.send("st 1");
    s.send("sd 2");
    s.send("post");
    s.send("analyze");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    s.send("exit");
    s.send("ping 4");
    EXPECT_EQ(s.expect("pong"), "pong 4");
    EXPECT_EQ(s.seen().find("Illegal move"), std::string::npos) << s.seen();
    EXPECT_EQ(s.seen().find("Error"), std::string::npos) << s.seen();
    s.send("quit");
    s.finish();
}

TEST(UsiClient, PlaysAgainstOurOwnEngineAndReportsFailures) {
    UsiClient client({std::string(testing::cli_path()) + " usi", {{"USI_Hash", "8"}}, 10'000});
    std::string error;
    ASSERT_TRUE(client.new_game(error)) << error;
    EXPECT_EQ(client.name(), "seireigi");
    UsiGo go;
    go.nodes = 2000;
    const UsiAnswer a = client.think("startpos", {"7g7f"}, go);
    ASSERT_EQ(a.status, UsiAnswer::Status::Move) << a.detail;
    EXPECT_TRUE(legal_after("seireigi", {"7g7f"}, a.move)) << a.move;

    UsiClient gone({"exit 3", {}, 2'000});
    EXPECT_FALSE(gone.ensure_started(error));
    EXPECT_NE(error.find("exited"), std::string::npos) << error;

    UsiClient silent({"sleep 30", {}, 300});
    EXPECT_FALSE(silent.ensure_started(error));
    EXPECT_NE(error.find("no 'usiok' within 300 ms"), std::string::npos) << error;

    // Answers the handshake, then dies when asked to think: reported, and started again.
    const std::string script =
        "while read l; do case $l in usi) echo usiok;; isready) echo readyok;; go*) exit 1;; "
        "esac; done";
    UsiClient crashing({"sh -c '" + script + "'", {}, 2'000});
    UsiGo quick;
    quick.movetime_ms = 100;
    EXPECT_EQ(crashing.think("startpos", {}, quick).status, UsiAnswer::Status::Crashed);
    EXPECT_EQ(crashing.think("startpos", {}, quick).status, UsiAnswer::Status::Crashed);
    EXPECT_EQ(crashing.restarts(), 1);
}

TEST(UsiSeat, AnIllegalMoveResignsWithTheReason) {
    // An engine that always answers 5e5d, which is not legal at the start.
    const std::string script =
        "while read l; do case $l in usi) echo usiok;; isready) echo readyok;; go*) echo "
        "bestmove 5e5d;; esac; done";
    auto made = make_usi_seat("usi:sh -c '" + script + "'", {});
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<UsiSeat>>(made));
    auto& seat = std::get<std::unique_ptr<UsiSeat>>(made);
    auto v = testing::variant("seireigi");
    Game game(v, testing::position(*v, "start"));
    const SeatAction action = seat->choose_now(game, budget_of_ms(50));
    EXPECT_EQ(action.kind, SeatAction::Kind::Resign);
    EXPECT_NE(seat->failure().find("illegal move 5e5d"), std::string::npos) << seat->failure();
    EXPECT_TRUE(std::holds_alternative<Diagnostic>(make_usi_seat("usi:", {})));
    EXPECT_TRUE(std::holds_alternative<Diagnostic>(make_usi_seat("usi:x", {"novalue"})));
}

}  // namespace
}  // namespace seireigi

namespace seireigi {
namespace {

// What a GUI sent is quoted in error lines with its control bytes shown (\x1b), never passed
// on raw to the GUI's console.
TEST(ProtocolErrors, ControlBytesAreShownNotEchoed) {
    Session usi("usi");
    usi.send("usi");
    usi.expect("usiok");
    usi.send("setoption name USI_Hash value 1\x1b[31m");
    const std::string usi_error = usi.expect("info string error");
    EXPECT_NE(usi_error.find("\\x1b[31m"), std::string::npos) << usi_error;
    EXPECT_EQ(usi_error.find('\x1b'), std::string::npos) << usi_error;
    usi.send("quit");
    usi.finish();

    Session xboard("xboard");
    xboard.send("xboard");
    xboard.send("protover 2");
    xboard.expect("feature");
    xboard.send("usermove \x1b]0;title\x07");
    const std::string illegal = xboard.expect("Illegal move");
    EXPECT_NE(illegal.find("\\x1b]0;title\\x07"), std::string::npos) << illegal;
    EXPECT_EQ(illegal.find('\x1b'), std::string::npos) << illegal;
    xboard.send("memory x\x1b");
    const std::string error = xboard.expect("Error");
    EXPECT_NE(error.find("\\x1b"), std::string::npos) << error;
    EXPECT_EQ(error.find('\x1b'), std::string::npos) << error;
    xboard.send("quit");
    xboard.finish();
}

}  // namespace
}  // namespace seireigi
