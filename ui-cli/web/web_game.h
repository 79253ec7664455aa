// WebGame: the one game that every browser tab shows, and every change made to it (moves, undo,
// resignation, impasse, a new or loaded game), with the seats that choose the computer players'
// moves (random mover, engine) on a thread of their own and the autosave after every change.
//
// This is the only file of the web board that drives the Game and the seats directly: when the
// Match (framework/match) lands it takes over this job, and only this file changes.
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
#include <vector>

#include "game/game.h"
#include "match/seat.h"
#include "record/game_record.h"

namespace seireigi::web {

// What the page shows besides the Game: how the variant was named, who sits where.
struct GameView {
    const Game& game;
    const std::string& variant_name;
    const std::vector<std::string>& seats;  // Seat::spec() per player
    std::uint64_t version;                  // changes with every change of the game
};

class WebGame {
  public:
    // `autosave`: the record rewritten after every change (its folder must exist).
    explicit WebGame(std::filesystem::path autosave);
    ~WebGame();
    WebGame(const WebGame&) = delete;
    WebGame& operator=(const WebGame&) = delete;

    // Each returns a message for the player when it changes nothing. Seats: "human",
    // "random[:SEED]", "engine[:LEVEL]" (level 1-20) thinking `engine_ms` per move.
    std::optional<std::string> start(std::string variant_name,
                                     std::shared_ptr<const Variant> variant,
                                     const PositionState& start,
                                     const std::vector<std::string>& seat_specs,
                                     int engine_ms = 1000);
    std::optional<std::string> resume(const GameRecord& record,
                                      std::shared_ptr<const Variant> variant);
    std::optional<std::string> play(std::string_view move_text);
    // Takes back the last move, and the computer players' moves before it, back to a person's
    // turn.
    std::optional<std::string> undo();
    // The person to move resigns / declares an impasse (the computer players answer it; the
    // other people at the board accept it by the declarer's confirmation on the page).
    std::optional<std::string> resign();
    std::optional<std::string> declare_impasse();

    bool has_game() const;
    // Calls `f` with the game while no change can happen.
    void read(const std::function<void(const GameView&)>& f) const;
    GameRecord record() const;
    // Waits until the version differs from `seen` or `timeout` passes; returns the version.
    std::uint64_t wait_for_change(std::uint64_t seen, std::chrono::milliseconds timeout) const;

  private:
    // A person at the page: the page sends the moves, so this is asked only to accept an
    // impasse, which the declarer's confirmation covers.
    class PageInput : public HumanInput {
      public:
        SeatAction ask_action(const Game&) override;
        bool ask_accept_impasse(const Game&, Player, Player) override { return true; }
    };

    std::optional<std::string> person_to_move() const;  // why a person cannot act now
    bool any_person() const;
    void changed();        // after every change: version, autosave, wake the waiters
    void stop_thinking();  // an engine's search for a position that is no longer on the board
    void run_computer_seats();

    std::filesystem::path autosave_;
    PageInput page_input_;
    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    std::optional<Game> game_;
    std::string variant_name_;
    // Shared with the thread that runs a computer seat's search outside the lock.
    std::vector<std::shared_ptr<Seat>> seats_;
    std::shared_ptr<Seat> thinking_;  // the computer seat choosing a move now, if any
    int engine_ms_ = 1000;
    std::vector<std::string> seat_specs_;
    std::uint64_t version_ = 0;
    bool stopping_ = false;
    std::thread computer_;  // plays the computer seats' moves
};

}  // namespace seireigi::web
