// Seat: whoever chooses the moves of one player. The Match asks the seat of the player to move
// for an action and never needs to know who sits there: a person at a front end, the seeded
// random mover, an engine.
//
// Asking is asynchronous, so that a front end stays responsive and a search can be stopped: the
// Match calls start_thinking() with its own copy of the game and a time budget, and the seat
// answers later, from any thread, through the reply it was given. stop() makes a thinking seat
// answer within 100 ms. A person's seat answers nothing by itself: the front end the person uses
// hands the person's action to the Match (Match::submit).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/types.h"
#include "game/game.h"

namespace seireigi {

struct SeatAction {
    enum class Kind : std::uint8_t {
        Play,  // play `move`
        Resign,
        DeclareImpasse,  // the Match checks the rule and asks the other seats to accept
        AcceptImpasse,   // the answer to another player's impasse declaration
        DeclineImpasse,
        Undo,  // take back this seat's last move and everything after it
        Quit,  // leave the game unfinished (it stays saved)
    };
    Kind kind = Kind::Play;
    Move move;

    static SeatAction play(Move m) { return {Kind::Play, m}; }
    static SeatAction of(Kind k) { return {k, Move()}; }
};

// How long a seat may think about one action: a fixed time, or the player's clock (what is left
// of its main time, what each move adds back, the byoyomi each move may use once the main time is
// spent: the fields of a referee's MoveBudget). Zero (-1 for time_ms) means none of that kind.
struct TimeBudget {
    int movetime_ms = 0;
    int time_ms = -1;  // the player's main time left; -1: no clock
    int increment_ms = 0;
    int byoyomi_ms = 0;
};

class Seat {
  public:
    using Reply = std::function<void(SeatAction)>;

    virtual ~Seat() = default;
    // How the seat is written in records and on the command line: "human", "random:42".
    virtual std::string spec() const = 0;
    // A person answers through a front end (Match::submit), never through a reply.
    virtual bool is_person() const { return false; }

    // Starts choosing the action of the player to move in `game` (not over). The seat calls
    // `reply` exactly once, from any thread, possibly before this returns.
    virtual void start_thinking(std::shared_ptr<const Game> game, TimeBudget budget,
                                Reply reply) = 0;
    // Starts deciding whether `self` accepts the impasse `declarer` declared in `game`; replies
    // AcceptImpasse or DeclineImpasse.
    virtual void consider_impasse(std::shared_ptr<const Game> game, Player self, Player declarer,
                                  Reply reply) = 0;
    // Makes a thinking seat reply within 100 ms (with the best it has). Thread-safe and quick: it
    // must not wait for the reply (the Match calls it holding its lock). Does nothing when the
    // seat is not thinking.
    virtual void stop() {}
};

// A person: the front end the person uses submits the actions.
class PersonSeat : public Seat {
  public:
    std::string spec() const override { return "human"; }
    bool is_person() const override { return true; }
    void start_thinking(std::shared_ptr<const Game>, TimeBudget, Reply) override {}
    void consider_impasse(std::shared_ptr<const Game>, Player, Player, Reply) override {}
};

}  // namespace seireigi
