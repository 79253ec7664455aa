// The time manager holds every clock a GUI sends: for each control and clock reading, the hard
// limit stays within three times the move's share and well inside the clock, and the soft limit
// (no new iteration after it) within the hard one. Pure arithmetic: nothing here is timed.
#include <gtest/gtest.h>

#include <string>

#include "search/time_manager.h"

namespace seireigi::search {
namespace {

struct Control {
    std::string name;
    int moves_per_session;  // 0: sudden death
    int base_ms;
    int increment_ms;
    int byoyomi_ms;
};

// The share a person would grant a move: the clock over the moves left, plus what the move gets
// back (increment) or has of its own (byoyomi).
double share_of(const Limits& l) {
    const int moves_left = l.moves_to_go > 0 ? l.moves_to_go : 40;
    return static_cast<double>(l.time_ms) / moves_left + l.increment_ms + l.byoyomi_ms;
}

TEST(TimeManager, HoldsEveryControlAGuiSends) {
    const Control controls[] = {
        {"level 40 5 0 (XBoard's default)", 40, 300'000, 0, 0},
        {"level 40 1 0", 40, 60'000, 0, 0},
        {"level 0 10 0.1 (sudden death with increment)", 0, 10'000, 100, 0},
        {"level 0 1 0 (sudden death)", 0, 60'000, 0, 0},
        {"USI byoyomi 100 ms", 0, 0, 0, 100},
        {"USI 10 s + byoyomi 1 s", 0, 10'000, 0, 1000},
        {"USI 10 s + 0.1 s", 0, 10'000, 100, 0},
    };
    for (const Control& c : controls) {
        for (int moves_played = 0; moves_played < 120; ++moves_played) {
            // A clock run down as if every earlier move had used its share.
            Limits l;
            l.increment_ms = c.increment_ms;
            l.byoyomi_ms = c.byoyomi_ms;
            l.moves_to_go = c.moves_per_session > 0
                                ? c.moves_per_session - moves_played % c.moves_per_session
                                : 0;
            const double fraction = c.moves_per_session > 0
                                        ? static_cast<double>(l.moves_to_go) / c.moves_per_session
                                        : 1.0 / (1.0 + moves_played / 20.0);
            l.time_ms = static_cast<int>(c.base_ms * fraction);
            TimeManager tm;
            tm.start(l);
            const std::string where = c.name + ", move " + std::to_string(moves_played + 1) +
                                      ", clock " + std::to_string(l.time_ms) + " ms";
            ASSERT_TRUE(tm.timed()) << where;
            EXPECT_GE(tm.soft_ms(), 1) << where;
            EXPECT_LE(tm.soft_ms(), tm.hard_ms()) << where;
            EXPECT_LE(tm.hard_ms(), 3 * share_of(l)) << where;
            // The clock itself (and byoyomi) are never reached: a margin is left for the pipe.
            EXPECT_LT(tm.hard_ms(), l.time_ms + l.byoyomi_ms - 30) << where;
        }
    }
}

TEST(TimeManager, FixedTimeInfiniteAndNoClock) {
    TimeManager tm;
    Limits movetime;
    movetime.movetime_ms = 500;
    tm.start(movetime);
    EXPECT_EQ(tm.hard_ms(), tm.soft_ms());
    EXPECT_GT(tm.hard_ms(), 450);
    EXPECT_LE(tm.hard_ms(), 500);

    Limits infinite;
    infinite.infinite = true;
    infinite.time_ms = 1000;
    tm.start(infinite);
    EXPECT_FALSE(tm.timed());

    tm.start(Limits());  // no clock at all: depth or nodes limit the search, or stop
    EXPECT_FALSE(tm.timed());
}

TEST(TimeManager, AnEmptyClockStillAnswers) {
    Limits l;
    l.time_ms = 0;
    TimeManager tm;
    tm.start(l);
    EXPECT_TRUE(tm.timed());
    EXPECT_EQ(tm.hard_ms(), 1);  // a depth-1 move at once
}

}  // namespace
}  // namespace seireigi::search

namespace seireigi::search {
namespace {

// A front end with every player's clock (USI's btime and wtime) hands them all over: the search
// takes the one of the player to move; an explicit time_ms wins.
TEST(LimitsForPlayer, TheSearchTakesTheClockOfThePlayerToMove) {
    Limits l;
    l.clocks_ms = {1000, 60000, -1, -1};
    l.increments_ms = {10, 500, 0, 0};
    EXPECT_EQ(l.for_player(0).time_ms, 1000);
    EXPECT_EQ(l.for_player(1).time_ms, 60000);
    EXPECT_EQ(l.for_player(1).increment_ms, 500);
    EXPECT_EQ(l.for_player(2).time_ms, 0);  // no clock among players with one: none left
    l.time_ms = 5;
    EXPECT_EQ(l.for_player(1).time_ms, 5);
    EXPECT_EQ(Limits{}.for_player(0).time_ms, -1);  // nobody's clock: none
}

}  // namespace
}  // namespace seireigi::search
