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
#include "seats/move_budget.h"

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
    std::uint64_t nodes = 0;  // what the choice cost an engine (for progress figures)

    static SeatAction play(Move m, std::uint64_t nodes = 0) { return {Kind::Play, m, nodes}; }
    static SeatAction of(Kind k) { return {k, Move(), 0}; }
};

class Seat {
  public:
    using Reply = std::function<void(SeatAction)>;

    virtual ~Seat() = default;
    // How the seat is written in records and on the command line: "human", "random:42".
    virtual std::string spec() const = 0;
    // A person answers through a front end (Match::submit), never through a reply.
    virtual bool is_person() const { return false; }
    // Before game `number` (from 1) of a series, in which this seat plays player `seat`: seeds
    // vary with both, and an engine starts afresh, so that game N is the same game whichever
    // games a process played before it (a shard, a resumed run, --concurrency).
    virtual void new_game(int /*number*/, Player /*seat*/) {}

    // Starts choosing the action of the player to move in `game` (not over). The seat calls
    // `reply` exactly once, from any thread, possibly before this returns.
    virtual void start_thinking(std::shared_ptr<const Game> game, MoveBudget budget,
                                Reply reply) = 0;
    // The same, answered on the caller's thread (a referee with nothing else to do meanwhile).
    virtual SeatAction choose_now(const Game& game, const MoveBudget& budget);
    // Starts deciding whether `self` accepts the impasse `declarer` declared in `game`; replies
    // AcceptImpasse or DeclineImpasse.
    virtual void consider_impasse(std::shared_ptr<const Game> game, Player self, Player declarer,
                                  Reply reply) = 0;
    // Makes a thinking seat reply within 100 ms (with the best it has). Thread-safe and quick: it
    // must not wait for the reply (the Match calls it holding its lock). Does nothing when the
    // seat is not thinking.
    virtual void stop() {}

    // Why the last action was a resignation the player did not choose (an external engine's
    // illegal or unreadable move, crash or silence); empty otherwise.
    virtual std::string failure() const { return ""; }
    // Whether that failure says something about the player's play (a move our rules reject) or
    // only about its setting up or the machine (a crash, silence): a referee lists a game lost by
    // the latter but does not count it.
    virtual bool failure_counts() const { return true; }
};

// A person: the front end the person uses submits the actions.
class PersonSeat : public Seat {
  public:
    std::string spec() const override { return "human"; }
    bool is_person() const override { return true; }
    void start_thinking(std::shared_ptr<const Game>, MoveBudget, Reply) override {}
    // Nobody answers for a person on the spot: the person leaves (a referee takes no people).
    SeatAction choose_now(const Game&, const MoveBudget&) override {
        return SeatAction::of(SeatAction::Kind::Quit);
    }
    void consider_impasse(std::shared_ptr<const Game>, Player, Player, Reply) override {}
};

}  // namespace seireigi
