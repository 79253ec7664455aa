#include "web/seating.h"

#include <algorithm>

#include "base/json_text.h"

namespace seireigi::web {

std::string device_of(const std::string& header) {
    if (header.size() != 32 || header.find_first_not_of("0123456789abcdef") != std::string::npos)
        return "";
    return header;
}

void Seating::reset(std::vector<bool> people, std::string host) {
    std::lock_guard lock(mutex_);
    holder_.assign(people.size(), "");
    people_ = std::move(people);
    host_ = std::move(host);
    undo_news_.clear();
    undo_by_ = -1;
    undo_allowed_.clear();
}

std::optional<std::string> Seating::sit(Player player, const std::string& device,
                                        const std::vector<std::string>& names) {
    std::lock_guard lock(mutex_);
    if (device.empty()) return std::string("this page has no device secret: reload it");
    if (player < 0 || player >= static_cast<Player>(people_.size()))
        return std::string("there is no such seat");
    const std::string& name = names[static_cast<std::size_t>(player)];
    if (!people_[static_cast<std::size_t>(player)])
        return name + " is played by the computer: no one can take that seat";
    std::string& holder = holder_[static_cast<std::size_t>(player)];
    if (!holder.empty() && holder != device)
        return name + " is taken by another device; you can watch, or take a free seat";
    holder = device;
    return std::nullopt;
}

std::optional<std::string> Seating::leave(Player player, const std::string& device,
                                          const std::vector<std::string>& names) {
    std::lock_guard lock(mutex_);
    if (player < 0 || player >= static_cast<Player>(holder_.size()) || device.empty() ||
        holder_[static_cast<std::size_t>(player)] != device)
        return "this device does not hold " +
               (player >= 0 && player < static_cast<Player>(names.size())
                    ? names[static_cast<std::size_t>(player)] + "'s seat"
                    : std::string("that seat"));
    holder_[static_cast<std::size_t>(player)].clear();
    if (undo_by_ == player) drop_undo_locked();
    return std::nullopt;
}

std::optional<std::string> Seating::may_act(Player player, const std::string& device,
                                            const std::vector<std::string>& names) const {
    std::lock_guard lock(mutex_);
    if (player < 0 || player >= static_cast<Player>(holder_.size())) return std::nullopt;
    const std::string& holder = holder_[static_cast<std::size_t>(player)];
    if (holder.empty() || holder == device) return std::nullopt;
    return names[static_cast<std::size_t>(player)] +
           " is played from another device: only that device moves for it";
}

std::optional<std::string> Seating::may_host(const std::string& device) const {
    std::lock_guard lock(mutex_);
    // The host's right matters once people play from devices of their own: before any seat is
    // taken, whoever holds the page starts games, as at one shared screen.
    const bool seated = std::any_of(holder_.begin(), holder_.end(),
                                    [](const std::string& h) { return !h.empty(); });
    if (!seated || host_.empty() || host_ == device) return std::nullopt;
    return std::string(
        "only the host (the device that started this game) may start or load another game");
}

std::vector<Player> Seating::seats_of(const std::string& device) const {
    std::lock_guard lock(mutex_);
    std::vector<Player> out;
    for (std::size_t p = 0; p < holder_.size(); ++p)
        if (!device.empty() && holder_[p] == device) out.push_back(static_cast<Player>(p));
    return out;
}

void Seating::heard_from(const std::string& device) {
    if (device.empty()) return;
    std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    for (auto& [d, when] : seen_)
        if (d == device) {
            when = now;
            return;
        }
    // Devices long gone make room for new ones (a bounded list).
    std::erase_if(seen_, [&](const auto& s) { return now - s.second > 10 * away_; });
    if (seen_.size() < 1000) seen_.emplace_back(device, now);
}

bool Seating::connected_locked(const std::string& device) const {
    const auto now = Clock::now();
    return std::any_of(seen_.begin(), seen_.end(),
                       [&](const auto& s) { return s.first == device && now - s.second <= away_; });
}

std::size_t Seating::seated() const {
    std::lock_guard lock(mutex_);
    return static_cast<std::size_t>(
        std::count_if(holder_.begin(), holder_.end(), [](const auto& h) { return !h.empty(); }));
}

bool Seating::someone_away() const {
    std::lock_guard lock(mutex_);
    return std::any_of(holder_.begin(), holder_.end(),
                       [&](const std::string& h) { return !h.empty() && !connected_locked(h); });
}

bool Seating::ask_undo(Player player, const std::string& device) {
    std::lock_guard lock(mutex_);
    const bool others = std::any_of(holder_.begin(), holder_.end(), [&](const std::string& h) {
        return !h.empty() && h != device;
    });
    if (!others) return false;
    undo_by_ = player;
    undo_allowed_ = {device};
    undo_news_.clear();
    return true;
}

std::vector<Player> Seating::waiting_locked() const {
    std::vector<Player> out;
    if (undo_by_ < 0) return out;
    for (std::size_t p = 0; p < holder_.size(); ++p)
        if (!holder_[p].empty() && std::find(undo_allowed_.begin(), undo_allowed_.end(),
                                             holder_[p]) == undo_allowed_.end())
            out.push_back(static_cast<Player>(p));
    return out;
}

Seating::Answer Seating::answer_undo(const std::string& device, bool allow, Player* by,
                                     const std::vector<std::string>& names) {
    std::lock_guard lock(mutex_);
    const std::vector<Player> waiting = waiting_locked();
    const bool asked = std::any_of(waiting.begin(), waiting.end(), [&](Player p) {
        return holder_[static_cast<std::size_t>(p)] == device;
    });
    if (!asked) return Answer::NotAsked;
    *by = undo_by_;
    if (!allow) {
        for (Player p : waiting)
            if (holder_[static_cast<std::size_t>(p)] == device) {
                undo_news_ = names[static_cast<std::size_t>(p)] + " refused " +
                             names[static_cast<std::size_t>(undo_by_)] + "'s take-back";
                break;
            }
        drop_undo_locked();
        return Answer::Refused;
    }
    undo_allowed_.push_back(device);
    if (!waiting_locked().empty()) return Answer::Waiting;
    drop_undo_locked();
    return Answer::Granted;
}

void Seating::drop_undo() {
    std::lock_guard lock(mutex_);
    drop_undo_locked();
}

void Seating::drop_undo_locked() {
    undo_by_ = -1;
    undo_allowed_.clear();
}

void Seating::write_json(cli::JsonWriter& j, const std::string& device) const {
    std::lock_guard lock(mutex_);
    std::vector<bool> taken, yours, connected;
    for (const std::string& h : holder_) {
        taken.push_back(!h.empty());
        yours.push_back(!h.empty() && h == device);
        connected.push_back(h.empty() || connected_locked(h));
    }
    j.key("seating").begin_object();
    j.key("taken").values(taken);
    j.key("yours").values(yours);
    j.key("connected").values(connected);
    j.field("host", !host_.empty() && host_ == device).field("hosted", !host_.empty());
    j.key("undo");
    if (undo_by_ < 0) {
        j.null();
    } else {
        j.begin_object().field("by", undo_by_);
        j.key("waiting").values(waiting_locked());
        j.end_object();
    }
    j.field("undo_news", undo_news_);
    j.end_object();
}

}  // namespace seireigi::web
