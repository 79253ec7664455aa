// The Match (match/match.h): one game between a person, answered through submit() as a front end
// would, and a seat that answers from its own thread; undo, impasse declined and accepted, undo
// of the ended game, resignation, autosave after every change, leaving and resuming. A thinking
// seat that is asked to stop answers within 100 ms.
#include "live/match.h"

#include <gtest/gtest.h>

#include <chrono>
#include <deque>
#include <filesystem>
#include <future>
#include <stdexcept>
#include <thread>

#include "record/game_record.h"
#include "seats/random_seat.h"
#include "seats/threaded_seat.h"
#include "test_support.h"

namespace seireigi {
namespace {

namespace fs = std::filesystem;
using K = SeatAction::Kind;
using Clock = std::chrono::steady_clock;

// Plays a script of actions (moves as text), each chosen on the seat's worker thread.
class ScriptedThreadSeat : public ThreadedSeat {
  public:
    explicit ScriptedThreadSeat(std::deque<std::string> script) : script_(std::move(script)) {}
    ~ScriptedThreadSeat() override { finish(); }
    std::string spec() const override { return "random:1"; }  // any seat a record can name
    std::thread::id last_thread;
    int answers = 0;

  protected:
    SeatAction choose(const Game& game, const MoveBudget&) override { return next(game); }
    bool accept_impasse(const Game& game, Player, Player) override {
        return next(game).kind == K::AcceptImpasse;
    }

  private:
    SeatAction next(const Game& game) {
        last_thread = std::this_thread::get_id();
        ++answers;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));  // a reply that comes later
        if (script_.empty()) return SeatAction::of(K::Quit);
        const std::string text = script_.front();
        script_.pop_front();
        if (text == "accept") return SeatAction::of(K::AcceptImpasse);
        if (text == "decline") return SeatAction::of(K::DeclineImpasse);
        return SeatAction::play(std::get<Move>(game.read_move(text)));
    }
    std::deque<std::string> script_;
};

// Thinks until it is stopped, then plays the first legal move.
class StubbornSeat : public ThreadedSeat {
  public:
    ~StubbornSeat() override { finish(); }
    std::string spec() const override { return "random:2"; }
    std::atomic<bool> thinking{false};

  protected:
    SeatAction choose(const Game& game, const MoveBudget&) override {
        thinking = true;
        while (!stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return SeatAction::play(game.legal_moves().front());
    }
};

Move move(const Game& game, const std::string& text) {
    return std::get<Move>(game.read_move(text));
}

GameRecord saved(const std::string& file) {
    auto text = read_text_file(file);
    EXPECT_TRUE(std::holds_alternative<std::string>(text));
    auto r = read_record(std::get<std::string>(text));
    EXPECT_TRUE(std::holds_alternative<GameRecord>(r)) << std::get<std::string>(text);
    return std::get<GameRecord>(r);
}

class MatchTest : public ::testing::Test {
  protected:
    void SetUp() override {
        v_ = testing::variant("seireigi");
        file_ = (testing::fresh_temporary_folder(
                     "seireigi-match-test-" +
                     std::string(::testing::UnitTest::GetInstance()->current_test_info()->name())) /
                 "match.game")
                    .string();
    }
    void TearDown() override { fs::remove(file_); }

    // Both Kings in their promotion zones; Sente holds every other piece.
    Game impasse_ready() const {
        return Game(v_, testing::position(*v_, "9/4K4/9/9/9/9/9/4k4/9 b 2R2B4G4S4N4L18P 1"));
    }

    // A person (Sente) against a seat that thinks until stopped (Gote), from the start.
    Match person_against(StubbornSeat* thinker) const {
        std::vector<std::unique_ptr<Seat>> seats;
        seats.push_back(std::make_unique<PersonSeat>());
        seats.push_back(std::unique_ptr<Seat>(thinker));
        return Match(Game(v_, testing::position(*v_, "start")), std::move(seats),
                     {"seireigi", file_, "", {}});
    }

    std::shared_ptr<const Variant> v_;
    std::string file_;
};

TEST_F(MatchTest, UndoImpasseResignationAutosaveAndResume) {
    auto* gote = new ScriptedThreadSeat({"5h4h", "4h5h", "decline", "accept"});
    std::vector<std::unique_ptr<Seat>> seats;
    seats.push_back(std::make_unique<PersonSeat>());
    seats.push_back(std::unique_ptr<Seat>(gote));
    Match match(impasse_ready(), std::move(seats), {"seireigi", file_, "", {}});

    // Sente's answers, as a front end submits them when asked.
    std::deque<SeatAction> sente;
    std::vector<MatchEvent> events;
    std::vector<std::size_t> saved_moves;  // the autosave when Sente is asked
    match.set_listener([&](const MatchEvent& e) {
        events.push_back(e);
        if (e.kind != MatchEvent::Kind::Asking) return;
        saved_moves.push_back(saved(file_).moves.size());
        ASSERT_FALSE(sente.empty()) << "Sente asked with nothing left to say";
        SeatAction a = sente.front();
        sente.pop_front();
        EXPECT_EQ(match.submit(0, a), std::nullopt);
    });
    const Game start = impasse_ready();
    sente = {SeatAction::play(move(start, "5b4b")),
             SeatAction::play(move(start, "5b5a")),  // replaced below: after 5b4b 5h4h
             SeatAction::of(K::Undo),
             SeatAction::of(K::DeclareImpasse),
             SeatAction::of(K::DeclareImpasse),
             SeatAction::of(K::Undo),  // after the game: takes back the impasse
             SeatAction::of(K::Resign),
             SeatAction::of(K::Quit)};  // after the game: leave
    {
        Game after = impasse_ready();
        after.play(move(after, "5b4b"));
        after.play(move(after, "5h4h"));
        sente[1] = SeatAction::play(move(after, "4b5b"));
    }
    EXPECT_EQ(match.run(), Match::Outcome::Over);
    EXPECT_TRUE(sente.empty());

    // Gote answered from its own thread, four times (two moves, two impasse answers).
    EXPECT_EQ(gote->answers, 4);
    EXPECT_NE(gote->last_thread, std::this_thread::get_id());

    std::vector<MatchEvent::Kind> kinds;
    using E = MatchEvent::Kind;
    for (const auto& e : events)
        if (e.kind != E::Thinking) kinds.push_back(e.kind);  // announced for each seat's move
    const std::vector<E> expected = {
        E::Started, E::Asking,          E::Played, E::Played,   // 5b4b 5h4h
        E::Asking,  E::Played,          E::Played,              // 4b5b 4h5h
        E::Asking,  E::Undone,                                  // Sente's 4b5b and 4h5h go
        E::Asking,  E::ImpasseDeclined,                         // Gote declines
        E::Asking,  E::Happened,        E::Over,                // Gote accepts: Sente wins
        E::Asking,  E::Undone,                                  // the impasse is taken back
        E::Asking,  E::Happened,        E::Over,   E::Asking};  // Sente resigns, then leaves
    EXPECT_EQ(kinds, expected);
    // The autosave kept up with every change.
    EXPECT_EQ(saved_moves, (std::vector<std::size_t>{0, 2, 4, 2, 2, 2, 2, 2}));

    const GameRecord r = saved(file_);
    EXPECT_EQ(r.moves, (std::vector<std::string>{"5b4b", "5h4h"}));
    EXPECT_EQ(r.result, "Sente resigns: Gote wins.");

    // Resume: the same game, over; a person may still take the resignation back and play on.
    auto resumed = replay_record(r, v_);
    ASSERT_TRUE(std::holds_alternative<Game>(resumed));
    std::vector<std::unique_ptr<Seat>> again;
    again.push_back(std::make_unique<PersonSeat>());
    again.push_back(std::make_unique<RandomSeat>(3));
    Match second(std::move(std::get<Game>(resumed)), std::move(again), {"seireigi", file_, "", {}});
    std::deque<SeatAction> answers = {SeatAction::of(K::Undo), SeatAction::of(K::Quit)};
    bool over_seen = false;
    second.set_listener([&](const MatchEvent& e) {
        over_seen = over_seen || e.kind == MatchEvent::Kind::Over;
        if (e.kind != MatchEvent::Kind::Asking) return;
        ASSERT_FALSE(answers.empty());
        EXPECT_EQ(second.submit(0, answers.front()), std::nullopt);
        answers.pop_front();
    });
    EXPECT_EQ(second.run(), Match::Outcome::Left);
    EXPECT_TRUE(over_seen);
    const GameRecord left = saved(file_);
    EXPECT_EQ(left.moves, r.moves);
    EXPECT_EQ(left.result, "");  // unfinished again
    EXPECT_EQ(second.snapshot()->ply(), 2);
    EXPECT_FALSE(second.snapshot()->over());
}

TEST_F(MatchTest, RefusesWhatThePersonMayNotDo) {
    std::vector<std::unique_ptr<Seat>> seats;
    seats.push_back(std::make_unique<PersonSeat>());
    seats.push_back(std::make_unique<RandomSeat>(1));
    Match match(Game(v_, testing::position(*v_, "start")), std::move(seats),
                {"seireigi", file_, "", {}});
    std::vector<std::optional<std::string>> refusals;
    match.set_listener([&](const MatchEvent& e) {
        if (e.kind == MatchEvent::Kind::NothingToUndo) refusals.push_back("nothing to undo");
        if (e.kind != MatchEvent::Kind::Asking) return;
        refusals.push_back(match.submit(1, SeatAction::of(K::Resign)));         // not a person
        refusals.push_back(match.submit(0, SeatAction::of(K::AcceptImpasse)));  // not asked
        refusals.push_back(match.submit(0, SeatAction::play(Move::board(0, 1, false))));
        if (refusals.size() == 3) {
            EXPECT_EQ(match.submit(0, SeatAction::of(K::Undo)), std::nullopt);  // no move yet
        } else {
            EXPECT_EQ(match.submit(0, SeatAction::of(K::Quit)), std::nullopt);
        }
    });
    EXPECT_EQ(match.run(), Match::Outcome::Left);
    ASSERT_EQ(refusals.size(), 7u);
    for (int i : {0, 1, 2, 4, 5, 6}) EXPECT_TRUE(refusals[i].has_value()) << i;
    EXPECT_EQ(refusals[3], "nothing to undo");
}

TEST(ThreadedSeatTest, AThinkingSeatStopsWithin100Milliseconds) {
    auto v = testing::variant("seireigi");
    StubbornSeat seat;
    std::promise<SeatAction> answer;
    auto future = answer.get_future();
    seat.start_thinking(std::make_shared<const Game>(v, testing::position(*v, "start")), {},
                        [&answer](SeatAction a) { answer.set_value(a); });
    while (!seat.thinking) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_EQ(future.wait_for(std::chrono::milliseconds(50)), std::future_status::timeout);
    const auto asked = Clock::now();
    seat.stop();
    ASSERT_EQ(future.wait_for(std::chrono::milliseconds(100)), std::future_status::ready);
    EXPECT_LT(Clock::now() - asked, std::chrono::milliseconds(100));
    EXPECT_EQ(future.get().kind, K::Play);
}

// A person leaves while the other seat thinks: the Match stops it and is left at once.
TEST_F(MatchTest, LeavingStopsTheThinkingSeat) {
    auto* thinker = new StubbornSeat();
    Match match = person_against(thinker);
    match.set_listener([&](const MatchEvent& e) {
        if (e.kind == MatchEvent::Kind::Asking)
            match.submit(0, SeatAction::play(move(*match.snapshot(), "7g7f")));
    });
    std::promise<Match::Outcome> outcome;
    auto done = outcome.get_future();
    std::thread runner([&] { outcome.set_value(match.run()); });
    while (!thinker->thinking) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const auto asked = Clock::now();
    match.leave();
    ASSERT_EQ(done.wait_for(std::chrono::milliseconds(100)), std::future_status::ready);
    EXPECT_LT(Clock::now() - asked, std::chrono::milliseconds(100));
    runner.join();
    EXPECT_EQ(done.get(), Match::Outcome::Left);
    EXPECT_EQ(saved(file_).moves, (std::vector<std::string>{"7g7f"}));
}

// A seat whose search throws leaves the game (saved) instead of ending the program.
TEST_F(MatchTest, ASeatThatThrowsLeavesTheGame) {
    class ThrowingSeat : public ThreadedSeat {
      public:
        ~ThrowingSeat() override { finish(); }
        std::string spec() const override { return "random:3"; }

      protected:
        SeatAction choose(const Game&, const MoveBudget&) override {
            throw std::runtime_error("the search failed");
        }
    };
    std::vector<std::unique_ptr<Seat>> seats;
    seats.push_back(std::make_unique<ThrowingSeat>());
    seats.push_back(std::make_unique<PersonSeat>());
    Match match(Game(v_, testing::position(*v_, "start")), std::move(seats),
                {"seireigi", file_, "", {}});
    EXPECT_EQ(match.run(), Match::Outcome::Left);
    EXPECT_TRUE(saved(file_).moves.empty());
}

// A person takes a move back while the other seat thinks: the seat is stopped, its late answer
// is dropped, and the person is asked again at once.
TEST_F(MatchTest, UndoWhileTheOtherSeatThinks) {
    auto* thinker = new StubbornSeat();
    Match match = person_against(thinker);
    std::atomic<int> asked{0};
    match.set_listener([&](const MatchEvent& e) {
        if (e.kind != MatchEvent::Kind::Asking) return;
        if (++asked == 1)
            match.submit(0, SeatAction::play(move(*match.snapshot(), "7g7f")));
        else
            match.submit(0, SeatAction::of(K::Quit));
    });
    std::thread runner([&] { match.run(); });
    while (!thinker->thinking) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const auto asked_at = Clock::now();
    EXPECT_EQ(match.submit(0, SeatAction::of(K::Undo)), std::nullopt);
    runner.join();
    EXPECT_LT(Clock::now() - asked_at, std::chrono::milliseconds(100));
    EXPECT_EQ(asked, 2);
    EXPECT_TRUE(saved(file_).moves.empty());
}

}  // namespace
}  // namespace seireigi
