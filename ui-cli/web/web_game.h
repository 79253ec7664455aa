// WebGame: the game of one table (web/table.h), which every browser tab at that table shows. The
// game itself is a Match (match/live) running on a thread of its own: the people's moves, undo,
// resignation and impasse go to it through Match::submit, the computer seats (random mover, engine)
// are the Match's seats, and it saves the game after every change. WebGame keeps a copy of the game
// as the Match last reported it, for the page to poll.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "game/game.h"
#include "live/match.h"
#include "record/game_record.h"
#include "search/think_time.h"

namespace seireigi::web {

// What the page shows besides the Game: how the variant was named, who sits where.
struct GameView {
    const Game& game;
    const std::string& variant_name;
    const std::vector<std::string>& seats;  // Seat::spec() per player
    // What the player should know about how the game was set up (a record's seat replaced).
    const std::vector<std::string>& notices;
    // Why the game as shown is not saved (the last autosave failed); empty when it is.
    const std::string& unsaved;
    std::uint64_t version;  // changes with every change of the game
    // The time control (budget.time_ms < 0: no clocks) and the clocks as they stand now.
    const MoveBudget& budget;
    const ClockReading& clocks;
};

// Why `budget` cannot be a game's time control (a message for the player), or nothing: an
// engine's time per move from 10 ms to 10 minutes, or clocks of at most 10 hours of main time
// and an hour of increment and of byoyomi, with main time or byoyomi.
std::optional<std::string> time_control_problem(const MoveBudget& budget);

constexpr std::chrono::milliseconds kDefaultWatchPause{300};

class WebGame {
  public:
    // `autosave`: the record rewritten after every change (its folder must exist);
    // `watch_pause`: the pause between two moves of a game without people, so that someone
    // watching can follow it.
    explicit WebGame(std::filesystem::path autosave,
                     std::chrono::milliseconds watch_pause = kDefaultWatchPause);
    ~WebGame();
    WebGame(const WebGame&) = delete;
    WebGame& operator=(const WebGame&) = delete;

    // Each returns a message for the player when it changes nothing. Seats: "human",
    // "random[:SEED]", "engine[:LEVEL]" (level 1-20): the kinds anyone may name (make_seat), never
    // a program to start. A record's seats that are not of these kinds are played by the engine,
    // and the game's notices say so. `budget`: the engine's time per move (movetime_ms), or
    // every player's clock (time_ms >= 0, with increment_ms and byoyomi_ms; the Match keeps it).
    // A resumed game keeps the clocks of its record.
    // `moves` (move text) are played from `start` before the game goes on; `notices`: what the
    // page should say about the new game besides.
    std::optional<std::string> start(std::string variant_name,
                                     std::shared_ptr<const Variant> variant,
                                     const PositionState& start,
                                     const std::vector<std::string>& seat_specs,
                                     MoveBudget budget = budget_of_ms(search::kDefaultMoveMs),
                                     const std::vector<std::string>& moves = {},
                                     std::vector<std::string> notices = {});
    std::optional<std::string> resume(const GameRecord& record,
                                      std::shared_ptr<const Variant> variant);
    // Why the one asking may not act for a player (a seat held by another device), or nothing;
    // asked while no other change can happen.
    using Gate = std::function<std::optional<std::string>(Player)>;
    std::optional<std::string> play(std::string_view move_text, const Gate& may_act = {});
    // Takes back the last move of a person (or of `person`) and every move after it (the
    // computer players' replies), back to that person's turn.
    std::optional<std::string> undo(std::optional<Player> person = std::nullopt,
                                    const Gate& may_act = {});
    // The person to move resigns / declares an impasse (the computer players answer it; the
    // other people at the board accept it by the declarer's confirmation on the page).
    std::optional<std::string> resign(const Gate& may_act = {});
    std::optional<std::string> declare_impasse(const Gate& may_act = {});
    // The person whose take-back would be asked now (as undo() would choose), or a refusal.
    std::variant<Player, std::string> undoer() const;
    // Something shown with the game changed (who holds a seat): waiters are told.
    void touch();

    bool has_game() const;
    // Calls `f` with the game while no change can happen.
    void read(const std::function<void(const GameView&)>& f) const;
    GameRecord record() const;
    // Waits until the version differs from `seen` or `timeout` passes; returns the version.
    std::uint64_t wait_for_change(std::uint64_t seen, std::chrono::milliseconds timeout) const;
    // The version of the game as shown: it changes with every change.
    std::uint64_t version() const;
    // Called (from any thread, without a lock held) after every change of the version: set it
    // before the first game starts.
    void on_change(std::function<void()> notify) { notify_ = std::move(notify); }
    // While `held` returns true, the clocks of the games started from now on do not run
    // (MatchSettings::clocks_held): set it before the first game starts.
    void hold_clocks_while(std::function<bool()> held) { clocks_held_ = std::move(held); }

  private:
    std::optional<std::string> launch(Game game, std::vector<std::unique_ptr<Seat>> seats,
                                      std::string variant_name, MoveBudget budget,
                                      std::vector<std::string> notices = {},
                                      const GameRecord* clocks_of = nullptr);
    void end_match();  // leaves the running match (saved) and waits for its thread
    void on_event(Match& match, const MatchEvent& e);
    // Why the person to move cannot act now (no game, over, a computer's turn); else the player.
    std::variant<Player, std::string> person_to_move() const;
    std::variant<Player, std::string> undoer_locked() const;
    // Hands `action` of `person` to the match and waits until the match has dealt with it.
    std::optional<std::string> submit(Player person, SeatAction action);
    void changed();  // tells every waiter that the version changed

    std::function<void()> notify_;
    std::function<bool()> clocks_held_;
    const std::chrono::milliseconds watch_pause_;

    std::filesystem::path autosave_;
    std::mutex control_;  // one change at a time: held by start, resume, play, undo, ...

    mutable std::mutex mutex_;  // guards everything below
    mutable std::condition_variable changed_;
    std::unique_ptr<Match> match_;
    std::thread runner_;  // runs match_
    bool running_ = false;
    std::shared_ptr<const Game> shown_;  // the game as the match last reported it
    std::string variant_name_;
    std::vector<std::string> seat_specs_;
    std::vector<std::string> notices_;
    std::string unsaved_;
    MoveBudget budget_ = budget_of_ms(search::kDefaultMoveMs);
    Player asked_ = -1;  // the person the match waits for, if any
    Question question_ = Question::Move;
    std::uint64_t settled_ = 0;           // counts the match's returns to waiting
    std::optional<std::string> refusal_;  // why the last impasse declaration came to nothing
    std::uint64_t version_ = 0;
    bool stopping_ = false;
    bool leaving_ = false;  // the running match is being left: no pause before its moves
};

}  // namespace seireigi::web
