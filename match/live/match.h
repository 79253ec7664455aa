// Match: the one place a game between seats is run, for every front end (the terminal now; the
// engine protocols and the web board later). It keeps the Game, asks the seat of the player to
// move for an action, applies it (a move, undo, resignation, an impasse declaration that the
// other seats are asked to accept, leaving), saves the game after every change and tells a
// listener what happened.
//
// Threads: run() drives the game on the caller's thread and waits while a seat thinks. Seats
// answer from any thread; front ends call submit() and leave() from any thread, and may call
// them from inside the listener, which run() calls without holding the lock. Every seat thinks
// on its own copy of the game (a snapshot); the Match's own state is guarded by one mutex.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "game/game.h"
#include "record/game_record.h"
#include "seats/seat.h"

namespace seireigi {

struct MatchSettings {
    std::string variant_name;  // as the record names the variant: built-in name or file path
    std::string autosave;      // saved here after every change; empty: not saved
    std::string kif;           // also kept as KIF here; empty: not kept
    // Per move, for every seat that is not a person. Or, with budget.time_ms >= 0, every player's
    // clock, people's too: each starts with time_ms of main time, gets increment_ms back after
    // each move and byoyomi_ms for each move once the main time is spent; a player whose clock
    // runs out leaves the game as if resigned (docs/rules.md). Only the player asked to move has
    // a running clock; taking moves back gives no time back.
    MoveBudget budget;
    // A resumed game's clocks: each player's main time left (empty: budget.time_ms for each) and
    // the players whose time had run out.
    std::vector<int> clock_left_ms = {};
    std::vector<Player> out_of_time = {};
    // What the clocks read; null: std::chrono::steady_clock (tests give a clock of their own).
    std::function<std::chrono::steady_clock::time_point()> now = nullptr;
    // While this returns true no clock runs (the web board: a person's device is away). Asked
    // from the match's thread at least every 100 ms while a clock would run; null: never held.
    std::function<bool()> clocks_held = nullptr;
};

// The clocks as they stand, the running one read now.
struct ClockReading {
    std::vector<int> left_ms;  // each player's main time left
    Player running = -1;       // the player whose clock runs; -1: none
    int byoyomi_left_ms = 0;   // the running player's byoyomi left for this move
    std::vector<bool> out_of_time;
    bool held = false;  // the clocks are held (MatchSettings::clocks_held)
};

// What the Match asks a seat.
enum class Question : std::uint8_t {
    Move,           // the action of the player to move
    AcceptImpasse,  // whether to accept the impasse that `by` declared
    AfterGame,      // the game is over: take something back (Undo) or leave (Quit)?
};

struct MatchEvent {
    enum class Kind : std::uint8_t {
        Started,          // the game begins or continues
        Asking,           // `player`, a person, is asked `question`; answer with submit()
        Thinking,         // `player`, not a person, is choosing its move (front ends show it)
        Played,           // `player` played `move`
        Happened,         // what a move or declaration set off: `game_event`
        OutOfTurn,        // `player`, in check, moves out of turn: `passed_over` lose their turn
        ImpasseRefused,   // `player` may not declare an impasse now; `text` says why
        ImpasseDeclined,  // `player` declined the impasse `by` declared
        Undone,           // `player`'s last move (or declaration) and all after it are taken back
        NothingToUndo,    // `player` has nothing to take back
        Over,             // the game is over (describe_result says how)
        Left,             // the game is left unfinished; it stays saved
        Warning,          // `text`: saving failed, or a seat answered what it may not
        OutOfTime,        // `player`'s clock ran out: the player leaves as if resigned
        ClocksHeld,       // the clocks stop (MatchSettings::clocks_held); `player`'s was running
        ClocksRun,        // the clocks run again; `player`'s runs
    };
    Kind kind = Kind::Started;
    Player player = -1;
    Player by = -1;
    Question question = Question::Move;
    Move move;
    GameEvent game_event;
    std::vector<Player> passed_over;
    std::string text;

    static MatchEvent of(Kind k, Player p = -1) {
        MatchEvent e;
        e.kind = k;
        e.player = p;
        return e;
    }
};

class Match {
  public:
    using Listener = std::function<void(const MatchEvent&)>;
    enum class Outcome : std::uint8_t { Over, Left };

    // One seat per player of the game's variant.
    Match(Game game, std::vector<std::unique_ptr<Seat>> seats, MatchSettings settings);
    ~Match();
    Match(const Match&) = delete;
    Match& operator=(const Match&) = delete;

    // Set before run().
    void set_listener(Listener listener) { listener_ = std::move(listener); }

    // Plays until the game is over (and no person takes anything back) or is left.
    Outcome run();

    // A person's action, from the front end the person uses: the answer to the question the
    // person is asked, or at any time Undo or Quit (a thinking seat is then stopped). Returns
    // why the action is refused, or nothing.
    std::optional<std::string> submit(Player person, SeatAction action);
    // Leave the game (saved) as soon as possible, from any thread.
    void leave();

    // A copy of the game as it stands.
    std::shared_ptr<const Game> snapshot() const;
    const Variant& variant() const { return *variant_; }
    int players() const { return static_cast<int>(seats_.size()); }
    bool is_person(Player p) const { return seats_[p]->is_person(); }
    int people() const;
    std::vector<std::string> seat_specs() const;
    const MatchSettings& settings() const { return settings_; }
    // The record of the game as it stands.
    GameRecord record() const;
    // Why the last save of the autosave (or the KIF) failed; nothing once a save succeeds.
    std::optional<std::string> save_failure() const;
    bool has_clocks() const { return settings_.budget.time_ms >= 0; }
    // The clocks now (empty left_ms without clocks).
    ClockReading clocks() const;

  private:
    struct Answer {
        std::uint64_t ticket = 0;
        Player from = -1;
        SeatAction action;
        bool out_of_time = false;  // no answer: the asked player's clock ran out
    };
    using TimePoint = std::chrono::steady_clock::time_point;

    // Asks `p` and waits for the answer (or an interruption by a person).
    Answer ask(Player p, Question q, Player by = -1);
    void deliver(std::uint64_t ticket, Player from, SeatAction action);
    void play(Player p, Move m);
    void resign(Player p);
    void run_out_of_time(Player p);
    TimePoint now() const;
    // The time the running clock has run this turn (not while held); under the lock.
    int used_ms_locked() const;
    // Holds or releases the clocks as settings_.clocks_held says; under the lock.
    void update_hold_locked();
    // False when the match is being left meanwhile.
    bool declare_impasse(Player p);
    void undo_for(Player p);
    void report_since(Player mover, std::size_t events_before);
    void save();
    Outcome leave_now();
    Player person_after_game() const;
    void emit(MatchEvent e) const;

    std::shared_ptr<const Variant> variant_;
    MatchSettings settings_;
    Listener listener_;

    mutable std::mutex mutex_;  // guards everything below
    std::condition_variable arrived_;
    std::deque<Answer> inbox_;
    std::uint64_t ticket_ = 0;  // the question being asked; older answers are dropped
    bool waiting_ = false;
    Player asked_ = -1;
    Question question_ = Question::Move;
    bool leaving_ = false;
    std::optional<std::string> save_failure_;
    std::vector<int> clock_ms_;  // each player's main time left, the running turn not charged
    Player running_ = -1;        // whose clock runs: the player asked to move
    TimePoint turn_began_;
    bool held_ = false;  // the clocks are held since held_since_
    TimePoint held_since_;
    std::vector<bool> out_of_time_;
    Game game_;  // changed only by run(), under the lock
    // Last: destroyed first, so a seat's thread ends while the Match can still take its reply.
    std::vector<std::unique_ptr<Seat>> seats_;
};

}  // namespace seireigi
