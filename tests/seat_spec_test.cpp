// The one seat grammar (match/seats/seat_spec.h) and the one refereed game loop
// (match/referee/referee_game.h): specs read and written back, what a spec from anyone may not
// ask for, the messages of bad specs, and games of two and four seats under the referee (the
// same seeds give the same game; a flagged player of four is out and the others play on).
#include "seats/seat_spec.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "referee/referee_game.h"
#include "seats/random_seat.h"
#include "seats/seat_factory.h"
#include "test_support.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

std::string message_of(std::string_view text, SpecSource source) {
    auto read = read_seat_spec(text, source);
    return std::holds_alternative<Diagnostic>(read) ? std::get<Diagnostic>(read).message : "";
}

std::string written_back(std::string_view text) {
    auto read = read_seat_spec(text, SpecSource::LocalCommandLine);
    EXPECT_TRUE(std::holds_alternative<SeatSpec>(read))
        << text << ": " << message_of(text, SpecSource::LocalCommandLine);
    return std::holds_alternative<SeatSpec>(read) ? std::get<SeatSpec>(read).text() : "";
}

TEST(SeatSpec, EveryKindIsReadAndWrittenBack) {
    EXPECT_EQ(written_back("human"), "human");
    EXPECT_EQ(written_back("random"), "random:1");
    EXPECT_EQ(written_back("random:42"), "random:42");
    EXPECT_EQ(written_back("engine"), "engine");
    EXPECT_EQ(written_back("engine:5"), "engine:5");
    EXPECT_EQ(written_back("engine:paranoid"), "engine:paranoid");
    EXPECT_EQ(written_back("engine:brs:7"), "engine:brs:7");
    EXPECT_EQ(written_back("engine:paranoid:3,hash=64,position=generic,eval=classical"),
              "engine:paranoid:3,hash=64,position=generic,eval=classical");
    EXPECT_EQ(written_back("engine,evalfile=net.nnue,hash=16"), "engine,evalfile=net.nnue");
    EXPECT_EQ(written_back("usi:/opt/fsf --flag"), "usi:/opt/fsf --flag");
    const SeatSpec s = std::get<SeatSpec>(read_seat_spec("engine:paranoid:3", SpecSource::Anyone));
    EXPECT_EQ(s.kind, SeatSpec::Kind::Engine);
    EXPECT_EQ(s.level, 3);
    EXPECT_EQ(s.algorithm, search::MultiPlayerAlgorithm::Paranoid);
}

TEST(SeatSpec, AnyoneMayNotStartAProgramReadAFileOrTakeMemory) {
    EXPECT_NE(message_of("usi:touch /tmp/x", SpecSource::Anyone)
                  .find("may only be named on the command line"),
              std::string::npos);
    for (const char* spec :
         {"engine,hash=16384", "engine,evalfile=/etc/passwd", "engine,position=generic"})
        EXPECT_NE(message_of(spec, SpecSource::Anyone).find("for the command line only"),
                  std::string::npos)
            << spec;
    EXPECT_EQ(message_of("engine:brs:3,eval=classical", SpecSource::Anyone), "");
    // The seat factory that builds specs from anyone refuses them the same way.
    auto v = testing::variant("seireigi");
    EXPECT_TRUE(std::holds_alternative<Diagnostic>(make_seat("usi:true", v)));
    EXPECT_TRUE(std::holds_alternative<Diagnostic>(make_seat("engine,hash=64", v)));
}

TEST(SeatSpec, BadSpecsSayWhatIsWrongAndWhatIsAllowed) {
    const auto local = SpecSource::LocalCommandLine;
    EXPECT_NE(message_of("engine:25", local).find("from 1 to 20"), std::string::npos);
    EXPECT_NE(
        message_of("engine:greedy", local).find("'greedy' is neither brs, paranoid nor a level"),
        std::string::npos);
    EXPECT_NE(message_of("engine:3:4", local).find("write engine[:brs|paranoid][:LEVEL]"),
              std::string::npos);
    EXPECT_NE(message_of("engine,depth=3", local).find("unknown engine setting 'depth=3'"),
              std::string::npos);
    EXPECT_NE(message_of("engine,hash=0", local).find("from 1 to 16384"), std::string::npos);
    EXPECT_NE(message_of("random:x", local).find("whole number"), std::string::npos);
    EXPECT_NE(message_of("usi:", local).find("usi:COMMAND"), std::string::npos);
    EXPECT_NE(message_of("robot", local).find("unknown seat"), std::string::npos);
    // A spec from anywhere is shown cut short.
    EXPECT_LT(message_of(std::string(5000, 'x'), local).size(), 400u);
    // An external engine plays two-player games only.
    auto yonin = testing::variant("yonin-seireigi-compact");
    auto made = make_command_line_seat("usi:true", yonin);
    ASSERT_TRUE(std::holds_alternative<Diagnostic>(made));
    EXPECT_NE(std::get<Diagnostic>(made).message.find("plays two-player games"), std::string::npos);
}

// Seats of `specs` for game `number`.
std::vector<std::unique_ptr<Seat>> seats_of(const std::shared_ptr<const Variant>& v,
                                            const std::vector<std::string>& specs, int number) {
    std::vector<std::unique_ptr<Seat>> seats;
    for (Player p = 0; p < static_cast<Player>(specs.size()); ++p) {
        seats.push_back(
            std::get<std::unique_ptr<Seat>>(make_seat(specs[static_cast<std::size_t>(p)], v)));
        seats.back()->new_game(number, p);
    }
    return seats;
}

std::vector<Seat*> pointers(const std::vector<std::unique_ptr<Seat>>& seats) {
    std::vector<Seat*> out;
    for (const auto& s : seats) out.push_back(s.get());
    return out;
}

TEST(Referee, GameNIsTheSameGameWhateverCameBefore) {
    auto v = testing::variant("seireigi");
    RefereeRules rules;
    rules.budget.nodes = 300;
    rules.max_moves = 60;
    auto play = [&](int number) {
        auto seats = seats_of(v, {"engine:5", "random:3"}, number);
        return play_refereed_game(v, start_state(*v), {}, pointers(seats), rules).game.moves();
    };
    const auto first = play(2);
    play(7);  // another game in between
    EXPECT_EQ(play(2), first);
    EXPECT_NE(play(3), first);
}

// A seat that thinks longer than its clock allows.
class SlowSeat : public RandomSeat {
  public:
    SlowSeat() : RandomSeat(9) {}
    SeatAction choose_now(const Game& game, const MoveBudget&) override {
        std::this_thread::sleep_for(std::chrono::milliseconds(60));
        return choose(game);
    }
};

TEST(Referee, AFlaggedPlayerOfFourIsOutAndTheOthersPlayOn) {
    auto v = testing::variant("yonin-seireigi-compact");
    auto seats = seats_of(v, {"random:1", "random:2", "random:3", "random:4"}, 1);
    seats[1] = std::make_unique<SlowSeat>();
    RefereeRules rules;
    rules.budget.time_ms = 20;  // 20 ms for the whole game: the slow seat flags on its first move
    rules.max_moves = 40;
    const RefereeOutcome o = play_refereed_game(v, start_state(*v), {}, pointers(seats), rules);
    EXPECT_EQ(o.standings[1], Standing::Lost);
    EXPECT_NE(o.adjudication.find("lost on time"), std::string::npos) << o.adjudication;
    EXPECT_GT(o.game.ply(), 3);  // the other three played on
    int still_in = 0;
    for (Player p : {0, 2, 3})
        still_in += o.standings[static_cast<std::size_t>(p)] != Standing::Lost;
    EXPECT_GE(still_in, 1);
    EXPECT_NE(o.description().find("lost on time"), std::string::npos) << o.description();
}

TEST(Referee, AtTheMoveLimitTheFourPlayersStillInDraw) {
    auto v = testing::variant("yonin-seireigi-compact");
    auto seats = seats_of(v, {"random:1", "random:2", "random:3", "random:4"}, 1);
    RefereeRules rules;
    rules.max_moves = 8;
    const RefereeOutcome o = play_refereed_game(v, start_state(*v), {}, pointers(seats), rules);
    EXPECT_EQ(o.game.ply(), 8);
    for (Standing s : o.standings) EXPECT_EQ(s, Standing::Drawn);
    EXPECT_NE(o.adjudication.find("the players still in draw"), std::string::npos);
}

}  // namespace
}  // namespace seireigi
