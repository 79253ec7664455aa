// Seating: which device holds which seat of the web board's game, who is the host, and the
// take-back one person asks of the others (docs/web.md, "A seat per device").
//
// A device is a browser, known by the secret the page keeps in its storage and sends with every
// request (X-Seireigi-Device). A person's seat is free until a device takes it; from then on only
// that device acts for it, also after a reload or a closed tab. A free seat is played by whoever
// holds the page (several people at one screen). The host is the device that started the game:
// only it starts or loads another. With seats held by two or more devices, a take-back needs the
// consent of every other device at the table. Until a device takes a seat, the page works as on
// one shared screen: anyone who holds it starts games.
#pragma once

#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"

namespace seireigi::cli {
class JsonWriter;
}

namespace seireigi::web {

// A device's secret as the page sends it, or "" when the text is not one (32 hex digits).
std::string device_of(const std::string& header);

class Seating {
  public:
    using Clock = std::chrono::steady_clock;
    // A device not heard from for this long is away: its seats are shown as disconnected.
    static constexpr std::chrono::milliseconds kAway{15000};

    // `away`: how long a device may be silent before it counts as away (tests shorten it).
    explicit Seating(std::chrono::milliseconds away = kAway) : away_(away) {}

    // A new game: `people[p]` tells whether player p is played by a person; `host`: the device
    // that started it ("" when the server did).
    void reset(std::vector<bool> people, std::string host);
    // `device` takes `player`'s seat; a refusal in a player's words.
    std::optional<std::string> sit(Player player, const std::string& device,
                                   const std::vector<std::string>& names);
    std::optional<std::string> leave(Player player, const std::string& device,
                                     const std::vector<std::string>& names);
    // Why `device` may not act for `player` (the seat is another device's), or nothing.
    std::optional<std::string> may_act(Player player, const std::string& device,
                                       const std::vector<std::string>& names) const;
    // Why `device` may not start or load a game (another device is the host), or nothing.
    std::optional<std::string> may_host(const std::string& device) const;
    // How many seats devices hold.
    std::size_t seated() const;
    // The seats `device` holds.
    std::vector<Player> seats_of(const std::string& device) const;
    void heard_from(const std::string& device);
    // Whether a seat is held by a device that is away (its person cannot play: the web board
    // holds the clocks meanwhile).
    bool someone_away() const;

    // A take-back asked by `player` (held by `device`): true when it needs the others' consent
    // (seats held by other devices), which is then awaited; false when it may happen at once.
    bool ask_undo(Player player, const std::string& device);
    enum class Answer { Waiting, Granted, Refused, NotAsked };
    // `device`'s answer to the take-back asked; Granted once every other device allowed it
    // (the request is then over, as it is when one refuses). `by` is set to who asked.
    Answer answer_undo(const std::string& device, bool allow, Player* by,
                       const std::vector<std::string>& names);
    void drop_undo();

    // "seating": taken, yours, connected (per player), host (whether `device` is the host),
    // hosted (whether the game has a host), undo (null, or {by, waiting: [players]}),
    // undo_news (who refused the last take-back asked, "" otherwise).
    void write_json(cli::JsonWriter& j, const std::string& device) const;

  private:
    bool connected_locked(const std::string& device) const;
    void drop_undo_locked();
    std::vector<Player> waiting_locked() const;

    const std::chrono::milliseconds away_;
    mutable std::mutex mutex_;
    std::vector<bool> people_;
    std::vector<std::string> holder_;  // per player: the device, "" while free
    std::string host_;
    std::vector<std::pair<std::string, Clock::time_point>> seen_;
    Player undo_by_ = -1;
    std::vector<std::string> undo_allowed_;  // devices that allowed the take-back asked
    std::string undo_news_;                  // how the last take-back asked ended, if refused
};

}  // namespace seireigi::web
