// The Match's clocks (match/live/match.h, docs/rules.md "Clocks"): time + increment and byoyomi
// for people and engines. The people's clocks run on a clock the test moves (nothing sleeps):
// a flag loses with two players; with four the flagged player is out as if resigned and the
// others play on; the clocks and the flags survive the record. An engine seat thinks within its
// clock (real time, with a wide margin). Held clocks (a person's device away) do not run.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "live/match.h"
#include "record/game_record.h"
#include "seats/engine_seat.h"
#include "seats/random_seat.h"
#include "test_support.h"

namespace seireigi {
namespace {

using K = SeatAction::Kind;
using E = MatchEvent::Kind;

// A clock that moves only when the test says.
struct TestClock {
    std::atomic<long long> ms{0};
    std::chrono::steady_clock::time_point now() const {
        return std::chrono::steady_clock::time_point(std::chrono::milliseconds(ms.load()));
    }
    void advance(int by) { ms += by; }
};

Move move(const Game& game, const std::string& text) {
    return std::get<Move>(game.read_move(text));
}

GameRecord saved(const std::filesystem::path& file) {
    auto text = read_text_file(file);
    EXPECT_TRUE(std::holds_alternative<std::string>(text));
    auto r = read_record(std::get<std::string>(text));
    EXPECT_TRUE(std::holds_alternative<GameRecord>(r)) << std::get<std::string>(text);
    return std::get<GameRecord>(r);
}

class MatchClockTest : public ::testing::Test {
  protected:
    void SetUp() override {
        file_ = testing::fresh_temporary_folder(
                    "seireigi-match-clock-" +
                    std::string(::testing::UnitTest::GetInstance()->current_test_info()->name())) /
                "match.game";
    }

    MatchSettings settings(int main_ms, int increment_ms, int byoyomi_ms) {
        MatchSettings s;
        s.variant_name = "seireigi";
        s.autosave = file_.string();
        s.budget.time_ms = main_ms;
        s.budget.increment_ms = increment_ms;
        s.budget.byoyomi_ms = byoyomi_ms;
        s.now = [this] { return clock_.now(); };
        return s;
    }
    static std::vector<std::unique_ptr<Seat>> people(int n) {
        std::vector<std::unique_ptr<Seat>> seats;
        for (int i = 0; i < n; ++i) seats.push_back(std::make_unique<PersonSeat>());
        return seats;
    }

    std::filesystem::path file_;
    TestClock clock_;
};

TEST_F(MatchClockTest, AFlagLosesWithTwoPlayersAndTheIncrementIsAdded) {
    auto v = testing::variant("seireigi");
    Match match(Game(v, testing::position(*v, "start")), people(2), settings(1000, 100, 0));
    std::vector<E> kinds;
    int asked = 0;
    ClockReading while_gote_thinks;
    match.set_listener([&](const MatchEvent& e) {
        kinds.push_back(e.kind);
        if (e.kind != E::Asking) return;
        ++asked;
        if (asked == 1) {  // Sente thinks 0.4 s and moves: 1 - 0.4 + 0.1 left
            clock_.advance(400);
            EXPECT_EQ(match.submit(0, SeatAction::play(move(*match.snapshot(), "7g7f"))),
                      std::nullopt);
        } else if (asked == 2) {  // Gote thinks 0.3 s, then 0.75 s more: past its second
            clock_.advance(300);
            while_gote_thinks = match.clocks();
            clock_.advance(750);
        } else {  // after the game Gote is asked whether to take it back: no, leave
            EXPECT_EQ(e.question, Question::AfterGame);
            EXPECT_EQ(match.submit(e.player, SeatAction::of(K::Quit)), std::nullopt);
        }
    });
    EXPECT_EQ(match.run(), Match::Outcome::Over);

    EXPECT_EQ(while_gote_thinks.running, 1);
    EXPECT_EQ(while_gote_thinks.left_ms, (std::vector<int>{700, 700}));
    const std::shared_ptr<const Game> g = match.snapshot();
    ASSERT_TRUE(g->over());
    EXPECT_EQ(g->result().standings[0], Standing::Won);
    EXPECT_EQ(g->result().standings[1], Standing::Lost);
    EXPECT_NE(std::find(kinds.begin(), kinds.end(), E::OutOfTime), kinds.end());
    const ClockReading after = match.clocks();
    EXPECT_EQ(after.running, -1);
    EXPECT_EQ(after.left_ms, (std::vector<int>{700, 0}));
    EXPECT_EQ(after.out_of_time, (std::vector<bool>{false, true}));

    // The record keeps the time control, the time left and the flag.
    const GameRecord r = saved(file_);
    EXPECT_EQ(r.clock_main_ms, 1000);
    EXPECT_EQ(r.clock_increment_ms, 100);
    EXPECT_EQ(r.clock_byoyomi_ms, 0);
    EXPECT_EQ(r.clock_left_ms, (std::vector<int>{700, 0}));
    EXPECT_EQ(r.out_of_time, (std::vector<Player>{1}));
    EXPECT_EQ(r.result, "Gote resigns: Sente wins.");
    EXPECT_NE(write_record(r).find("clock 1000 100 0\nclock-left 1 700\nclock-left 2 0\n"
                                   "time-out 2\n"),
              std::string::npos)
        << write_record(r);
}

TEST_F(MatchClockTest, AMoveMadeAfterTheTimeRanOutComesTooLate) {
    auto v = testing::variant("seireigi");
    Match match(Game(v, testing::position(*v, "start")), people(2), settings(1000, 0, 0));
    int asked = 0;
    match.set_listener([&](const MatchEvent& e) {
        if (e.kind != E::Asking) return;
        if (++asked == 1) {  // the move is handed over 1.5 s after Sente was asked
            clock_.advance(1500);
            EXPECT_EQ(match.submit(0, SeatAction::play(move(*match.snapshot(), "7g7f"))),
                      std::nullopt);
        } else {
            EXPECT_EQ(match.submit(e.player, SeatAction::of(K::Quit)), std::nullopt);
        }
    });
    EXPECT_EQ(match.run(), Match::Outcome::Over);
    const Game g = *match.snapshot();
    EXPECT_EQ(g.ply(), 0);
    EXPECT_EQ(g.result().standings[0], Standing::Lost);
    EXPECT_EQ(match.clocks().out_of_time, (std::vector<bool>{true, false}));
}

TEST_F(MatchClockTest, HeldClocksDoNotRunAndTheTurnGoesOnWhereItStopped) {
    auto v = testing::variant("seireigi");
    std::atomic<bool> hold{false};
    MatchSettings s = settings(1000, 0, 0);
    s.clocks_held = [&] { return hold.load(); };
    Match match(Game(v, testing::position(*v, "start")), people(2), std::move(s));
    std::vector<E> kinds;
    ClockReading while_held;
    std::vector<int> gote_asked_with;
    match.set_listener([&](const MatchEvent& e) {
        kinds.push_back(e.kind);
        if (e.kind == E::Asking && e.player == 0) {  // Sente thinks 0.3 s, then is away
            clock_.advance(300);
            hold = true;
        } else if (e.kind == E::ClocksHeld) {  // a minute away costs nothing
            EXPECT_EQ(e.player, 0);
            clock_.advance(60000);
            while_held = match.clocks();
            hold = false;
        } else if (e.kind == E::ClocksRun) {  // back: 0.2 s more, then the move
            clock_.advance(200);
            EXPECT_EQ(match.submit(0, SeatAction::play(move(*match.snapshot(), "7g7f"))),
                      std::nullopt);
        } else if (e.kind == E::Asking && e.player == 1) {
            gote_asked_with = match.clocks().left_ms;
            EXPECT_EQ(match.submit(1, SeatAction::of(K::Quit)), std::nullopt);
        }
    });
    EXPECT_EQ(match.run(), Match::Outcome::Left);

    EXPECT_TRUE(while_held.held);
    EXPECT_EQ(while_held.running, 0);
    EXPECT_EQ(while_held.left_ms, (std::vector<int>{700, 1000}));
    EXPECT_EQ(gote_asked_with, (std::vector<int>{500, 1000}));
    EXPECT_EQ(std::count(kinds.begin(), kinds.end(), E::ClocksHeld), 1);
    EXPECT_EQ(std::count(kinds.begin(), kinds.end(), E::ClocksRun), 1);
    EXPECT_EQ(std::count(kinds.begin(), kinds.end(), E::OutOfTime), 0);
}

TEST_F(MatchClockTest, ByoyomiIsEachMovesOnceTheMainTimeIsSpent) {
    auto v = testing::variant("seireigi");
    Match match(Game(v, testing::position(*v, "start")), people(2), settings(500, 0, 1000));
    int asked = 0;
    ClockReading in_byoyomi;
    match.set_listener([&](const MatchEvent& e) {
        if (e.kind != E::Asking) return;
        ++asked;
        const Game g = *match.snapshot();
        if (asked == 1) {  // Sente: all its main time and 0.9 s of its byoyomi
            clock_.advance(1400);
            EXPECT_EQ(match.submit(0, SeatAction::play(move(g, "7g7f"))), std::nullopt);
        } else if (asked == 2) {
            clock_.advance(10);
            EXPECT_EQ(match.submit(1, SeatAction::play(move(g, "3c3d"))), std::nullopt);
        } else if (asked == 3) {  // Sente: a fresh byoyomi, 0.6 s of it used, then too much
            clock_.advance(600);
            in_byoyomi = match.clocks();
            clock_.advance(401);
        } else {
            EXPECT_EQ(match.submit(e.player, SeatAction::of(K::Quit)), std::nullopt);
        }
    });
    EXPECT_EQ(match.run(), Match::Outcome::Over);
    EXPECT_EQ(in_byoyomi.running, 0);
    EXPECT_EQ(in_byoyomi.left_ms, (std::vector<int>{0, 490}));
    EXPECT_EQ(in_byoyomi.byoyomi_left_ms, 400);
    const Game g = *match.snapshot();
    EXPECT_EQ(g.ply(), 2);
    EXPECT_EQ(g.result().standings[0], Standing::Lost);
    EXPECT_EQ(match.clocks().out_of_time, (std::vector<bool>{true, false}));
}

TEST_F(MatchClockTest, WithFourPlayersTheFlaggedPlayerIsOutAsIfResignedAndPlayGoesOn) {
    auto v = testing::variant("yonin-seireigi-compact");
    const int players = v->num_players();
    ASSERT_EQ(players, 4);
    std::vector<E> kinds;
    {
        Match match(Game(v, testing::position(*v, "start")), people(4), settings(1000, 0, 0));
        int asked = 0;
        match.set_listener([&](const MatchEvent& e) {
            kinds.push_back(e.kind);
            if (e.kind != E::Asking) return;
            if (++asked == 1) {
                EXPECT_EQ(e.player, 0);
                clock_.advance(1001);  // player 1 lets its clock run out
            } else {                   // the next player is asked: leave the game there
                const Game g = *match.snapshot();
                EXPECT_FALSE(g.over());
                EXPECT_FALSE(g.position().is_active(0));
                EXPECT_EQ(e.player, 1);
                EXPECT_EQ(match.submit(e.player, SeatAction::of(K::Quit)), std::nullopt);
            }
        });
        EXPECT_EQ(match.run(), Match::Outcome::Left);
        EXPECT_NE(std::find(kinds.begin(), kinds.end(), E::OutOfTime), kinds.end());
    }
    const GameRecord r = saved(file_);
    EXPECT_EQ(r.out_of_time, (std::vector<Player>{0}));
    ASSERT_EQ(r.events.size(), 1u);
    EXPECT_EQ(r.events[0].kind, EventKind::Resignation);
    EXPECT_EQ(r.events[0].player, 0);
    EXPECT_EQ(r.clock_left_ms, (std::vector<int>{0, 1000, 1000, 1000}));

    // Resumed from the record: the same clocks, the flag still known.
    auto replayed = replay_record(r, v);
    ASSERT_TRUE(std::holds_alternative<Game>(replayed)) << std::get<Diagnostic>(replayed).text();
    MatchSettings s = settings(r.clock_main_ms, r.clock_increment_ms, r.clock_byoyomi_ms);
    s.clock_left_ms = r.clock_left_ms;
    s.out_of_time = r.out_of_time;
    Match resumed(std::move(std::get<Game>(replayed)), people(4), s);
    const ClockReading c = resumed.clocks();
    EXPECT_EQ(c.left_ms, r.clock_left_ms);
    EXPECT_EQ(c.out_of_time, (std::vector<bool>{true, false, false, false}));
}

TEST(RecordClockTest, BadClockLinesAreRefusedWithTheLine) {
    const std::string head =
        "seireigi-record 2\nvariant seireigi\nfingerprint 0000000000000000\n"
        "impasse-rule none\nstart x\n";
    for (const std::string& bad :
         {std::string("clock 1000 0\n"), std::string("clock 1000 0 x\n"),
          std::string("clock 99999999999 0 0\n"), std::string("clock-left 1 5\n"),
          std::string("clock 1000 0 0\nclock-left 9 5\n"),
          std::string("clock 1000 0 0\ntime-out 0\n")}) {
        auto r = read_record(head + bad + "end 0\n");
        EXPECT_TRUE(std::holds_alternative<Diagnostic>(r)) << bad;
    }
    for (const std::string& bad : {std::string("move-time\n"), std::string("move-time -5\n"),
                                   std::string("move-time 4000 1\n")})
        EXPECT_TRUE(std::holds_alternative<Diagnostic>(read_record(head + bad + "end 0\n"))) << bad;
    auto timed = read_record(head + "move-time 4000\nend 0\n");
    ASSERT_TRUE(std::holds_alternative<GameRecord>(timed));
    EXPECT_EQ(std::get<GameRecord>(timed).move_time_ms, 4000);
    EXPECT_NE(write_record(std::get<GameRecord>(timed)).find("\nmove-time 4000\n"),
              std::string::npos);
    auto good = read_record(head + "clock 1000 0 0\nclock-left 1 5\nclock-left 2 7\nend 0\n");
    ASSERT_TRUE(std::holds_alternative<GameRecord>(good));
    EXPECT_EQ(std::get<GameRecord>(good).clock_left_ms, (std::vector<int>{5, 7}));
}

// Real time: the engine gets its clock (3 s for the game) and shares it out; four of its moves
// take a fraction of it. Only a machine stalled for seconds could make it lose on time.
TEST(MatchEngineClockTest, TheEngineThinksWithinItsClock) {
    auto v = testing::variant("seireigi");
    std::vector<std::unique_ptr<Seat>> seats;
    seats.push_back(std::make_unique<EngineSeat>(v, SeatSpec{}));
    seats.push_back(std::make_unique<RandomSeat>(5));
    MatchSettings s;
    s.variant_name = "seireigi";
    s.budget.time_ms = 3000;
    Match match(Game(v, testing::position(*v, "start")), std::move(seats), s);
    std::atomic<int> played{0};
    std::atomic<bool> flagged{false};
    match.set_listener([&](const MatchEvent& e) {
        if (e.kind == E::OutOfTime) flagged = true;
        if (e.kind == E::Played && ++played == 8) match.leave();
    });
    EXPECT_EQ(match.run(), Match::Outcome::Left);
    EXPECT_FALSE(flagged);
    const ClockReading c = match.clocks();
    ASSERT_EQ(c.left_ms.size(), 2u);
    EXPECT_GT(c.left_ms[0], 0);
    EXPECT_LT(c.left_ms[0], 3000);  // it did think, on its clock
    std::printf("engine: 4 moves on a 3 s clock, %d ms left\n", c.left_ms[0]);
}

}  // namespace
}  // namespace seireigi
