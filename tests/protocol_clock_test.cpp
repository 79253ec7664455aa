// What a GUI's clock needs from `seireigi usi` and `seireigi xboard`, through pipes to the built
// program: `go ponder`, `ponderhit`, `stop` and `isready` sent at once in every order answer one
// `bestmove` and a `readyok` (a pondering GUI never freezes); `stop` racing the end of a search
// answers one `bestmove`, never two or none; and XBoard's `level 40 1 0` clock keeps every move
// within three times its share. Timeouts are generous: a loaded machine only makes them slower.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "protocol_session.h"

namespace seireigi {
namespace {

using testing::Session;

std::size_t count_lines(const std::string& text, const std::string& prefix) {
    std::size_t n = 0;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t nl = text.find('\n', at);
        if (text.compare(at, prefix.size(), prefix) == 0) ++n;
        if (nl == std::string::npos) break;
        at = nl + 1;
    }
    return n;
}

// Reads until `bestmoves` bestmove lines and `readies` readyok lines have come in all (at most
// `timeout_ms`); false if they did not.
bool await(Session& s, std::size_t bestmoves, std::size_t readies, int timeout_ms = 20000) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (count_lines(s.seen(), "bestmove") < bestmoves ||
           count_lines(s.seen(), "readyok") < readies) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count();
        if (left <= 0) return false;
        s.expect("", static_cast<int>(left));  // any one line
    }
    return true;
}

TEST(UsiClock, PonderhitStopAndIsreadySentAtOnceInEveryOrder) {
    Session s("usi");
    s.send("usi");
    s.expect("usiok");
    s.send("setoption name USI_Ponder value true");
    std::vector<std::string> commands = {"ponderhit", "stop", "isready"};
    std::sort(commands.begin(), commands.end());
    std::size_t bestmoves = 0, readies = 0;
    // `go ponder` alone searches without end after ponderhit; with a clock it ends by itself.
    for (const std::string go :
         {"go ponder", "go ponder btime 5000 wtime 5000 byoyomi 500", "go ponder movetime 300"}) {
        do {
            std::string order = go;
            s.send("position startpos moves 7g7f");
            s.send(go);
            for (const std::string& c : commands) {
                s.send(c);
                order += ", " + c;
            }
            ++bestmoves, ++readies;
            ASSERT_TRUE(await(s, bestmoves, readies)) << order << "\n" << s.seen();
            // Nothing more is owed: a sync shows no second bestmove came.
            s.send("isready");
            ++readies;
            ASSERT_TRUE(await(s, bestmoves, readies)) << order << "\n" << s.seen();
            EXPECT_EQ(count_lines(s.seen(), "bestmove"), bestmoves) << order << "\n" << s.seen();
        } while (std::next_permutation(commands.begin(), commands.end()));
    }
    // ponderhit alone turns the ponder search into the real one, which ends on its clock.
    s.send("go ponder btime 0 wtime 0 byoyomi 300");
    s.send("ponderhit");
    EXPECT_TRUE(await(s, bestmoves + 1, readies)) << s.seen();
    EXPECT_EQ(count_lines(s.seen(), "info string error"), 0u) << s.seen();
    s.send("quit");
    s.finish();
}

TEST(UsiClock, StopRacingTheEndOfASearchAnswersOnce) {
    Session s("usi");
    s.send("usi");
    s.expect("usiok");
    s.send("position startpos");
    std::size_t bestmoves = 0, readies = 0;
    // Searches of a few milliseconds, with `stop` sent at once or after about that long: on
    // some rounds the search has ended, on others it is ending, on others it runs.
    for (int round = 0; round < 40; ++round) {
        const int ms = 1 + round % 8;
        s.send("go movetime " + std::to_string(ms));
        if (round % 2) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        s.send("stop");
        s.send("isready");
        ++bestmoves, ++readies;
        ASSERT_TRUE(await(s, bestmoves, readies)) << "round " << round << "\n" << s.seen();
    }
    // A late stop, after bestmove, answers nothing; the next search still works.
    s.send("stop");
    s.send("go depth 1");
    ASSERT_TRUE(await(s, bestmoves + 1, readies)) << s.seen();
    s.send("isready");
    ASSERT_TRUE(await(s, bestmoves + 1, readies + 1)) << s.seen();
    EXPECT_EQ(count_lines(s.seen(), "bestmove"), bestmoves + 1) << s.seen();
    s.send("quit");
    s.finish();
}

TEST(XboardClock, FortyMovesInOneMinuteKeepsEveryMoveWithinThreeTimesItsShare) {
    Session s("xboard");
    s.send("xboard");
    s.send("protover 2");
    s.expect("feature");
    s.send("new");
    s.send("variant seireigi");
    s.send("level 40 1 0");
    s.send("post");
    // `go` makes the engine play the side to move: it plays both sides, each on its own clock,
    // as XBoard's clocks would read after the moves before.
    int clock_cs[2] = {6000, 6000};
    for (int ply = 0; ply < 4; ++ply) {
        const int side = ply % 2;
        const int moves_to_go = 40 - ply / 2;
        s.send("time " + std::to_string(clock_cs[side]));
        s.send("otim " + std::to_string(clock_cs[1 - side]));
        const auto start = std::chrono::steady_clock::now();
        s.send("go");
        const std::string move = s.expect("move ", 30000);
        const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(
                              std::chrono::steady_clock::now() - start)
                              .count();
        ASSERT_FALSE(move.empty()) << s.seen();
        const double share_ms = clock_cs[side] * 10.0 / moves_to_go;
        std::printf("ply %d: %lld ms against a share of %.0f ms\n", ply + 1,
                    static_cast<long long>(used), share_ms);
        EXPECT_LT(used, 3 * share_ms) << move << "\n" << s.seen();
        clock_cs[side] -= static_cast<int>(used / 10);
        s.send("force");
    }
    EXPECT_EQ(count_lines(s.seen(), "Error"), 0u) << s.seen();
    s.send("quit");
    s.finish();
}

}  // namespace
}  // namespace seireigi
