#include "web_game.h"

#include <algorithm>
#include <iostream>
#include <stdexcept>
#include <variant>

#include "seats/seat_factory.h"

namespace seireigi::web {

namespace {

// Between two moves of a game without people, so that someone watching can follow it.
constexpr std::chrono::milliseconds kWatchPause{300};

}  // namespace

SeatAction WebGame::PageInput::ask_action(const Game&) {
    throw std::logic_error("the web board's people move through the page, not through a seat");
}

WebGame::WebGame(std::filesystem::path autosave) : autosave_(std::move(autosave)) {
    computer_ = std::thread([this] { run_computer_seats(); });
}

WebGame::~WebGame() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    computer_.join();
}

std::optional<std::string> WebGame::start(std::string variant_name,
                                          std::shared_ptr<const Variant> variant,
                                          const PositionState& start,
                                          const std::vector<std::string>& seat_specs) {
    if (auto why = Game::unfit_for_play(*variant, start)) return *why;
    if (static_cast<int>(seat_specs.size()) != variant->num_players())
        return variant->name + " has " + std::to_string(variant->num_players()) +
               " players: name a seat for each";
    std::vector<std::unique_ptr<Seat>> seats;
    std::vector<std::string> specs;
    for (std::size_t p = 0; p < seat_specs.size(); ++p) {
        auto seat = make_seat(seat_specs[p], &page_input_);
        if (auto* d = std::get_if<Diagnostic>(&seat))
            return variant->players[p].name + "'s seat: " + d->text();
        specs.push_back(std::get<std::unique_ptr<Seat>>(seat)->spec());
        seats.push_back(std::move(std::get<std::unique_ptr<Seat>>(seat)));
    }
    std::lock_guard lock(mutex_);
    game_.emplace(std::move(variant), start);
    variant_name_ = std::move(variant_name);
    seats_ = std::move(seats);
    seat_specs_ = std::move(specs);
    changed();
    return std::nullopt;
}

std::optional<std::string> WebGame::resume(const GameRecord& record,
                                           std::shared_ptr<const Variant> variant) {
    auto replayed = replay_record(record, variant);
    if (auto* d = std::get_if<Diagnostic>(&replayed)) return d->text();
    std::vector<std::string> specs = record.seats;
    specs.resize(variant->num_players(), "human");
    for (auto& s : specs)
        if (s.empty()) s = "human";
    Game& g = std::get<Game>(replayed);
    const PositionState start = g.start();
    if (auto why = this->start(record.variant, variant, start, specs)) return why;
    std::lock_guard lock(mutex_);
    game_.emplace(std::move(g));
    changed();
    return std::nullopt;
}

bool WebGame::any_person() const {
    return std::any_of(seats_.begin(), seats_.end(), [](const auto& s) { return s->is_human(); });
}

std::optional<std::string> WebGame::person_to_move() const {
    if (!game_) return "no game is in progress: start one";
    if (game_->over()) return "the game is over: " + describe_result(*game_);
    const Player p = game_->to_move();
    if (!seats_[p]->is_human())
        return game_->variant().players[p].name + " is played by the computer (" +
               seats_[p]->spec() + "); wait for its move";
    return std::nullopt;
}

std::optional<std::string> WebGame::play(std::string_view move_text) {
    std::lock_guard lock(mutex_);
    if (auto why = person_to_move()) return why;
    auto read = game_->read_move(move_text);
    if (auto* d = std::get_if<Diagnostic>(&read)) return d->text();
    game_->play(std::get<Move>(read));
    changed();
    return std::nullopt;
}

std::optional<std::string> WebGame::undo() {
    std::lock_guard lock(mutex_);
    if (!game_) return "no game is in progress";
    if (!game_->undo()) return "there is nothing to take back";
    if (any_person())
        while (game_->ply() > 0 && !seats_[game_->to_move()]->is_human()) game_->undo();
    changed();
    return std::nullopt;
}

std::optional<std::string> WebGame::resign() {
    std::lock_guard lock(mutex_);
    if (auto why = person_to_move()) return why;
    game_->resign(game_->to_move());
    changed();
    return std::nullopt;
}

std::optional<std::string> WebGame::declare_impasse() {
    std::lock_guard lock(mutex_);
    if (auto why = person_to_move()) return why;
    if (auto why = game_->impasse_refusal()) return "no impasse: " + *why;
    const Player declarer = game_->to_move();
    const Variant& v = game_->variant();
    for (Player q = 0; q < v.num_players(); ++q)
        if (q != declarer && game_->position().is_active(q) &&
            !seats_[q]->accept_impasse(*game_, q, declarer))
            return v.players[q].name + " declines the impasse; play on";
    game_->declare_impasse(declarer);
    changed();
    return std::nullopt;
}

bool WebGame::has_game() const {
    std::lock_guard lock(mutex_);
    return game_.has_value();
}

void WebGame::read(const std::function<void(const GameView&)>& f) const {
    std::lock_guard lock(mutex_);
    if (game_) f(GameView{*game_, variant_name_, seat_specs_, version_});
}

GameRecord WebGame::record() const {
    std::lock_guard lock(mutex_);
    if (!game_) return {};
    return record_of(*game_, variant_name_, seat_specs_);
}

std::uint64_t WebGame::wait_for_change(std::uint64_t seen,
                                       std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, timeout, [&] { return version_ != seen || stopping_; });
    return version_;
}

void WebGame::changed() {
    ++version_;
    const std::string text = write_record(record_of(*game_, variant_name_, seat_specs_));
    // A person's moves are worth an fsync each; games between computer players are not.
    if (auto error = write_file_atomically(autosave_, text, any_person()))
        std::cerr << "warning: autosave failed: " << *error << "\n";
    changed_.notify_all();
}

void WebGame::run_computer_seats() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        if (!game_ || game_->over() || seats_[game_->to_move()]->is_human()) {
            changed_.wait(lock);
            continue;
        }
        if (!any_person()) {
            const std::uint64_t seen = version_;
            changed_.wait_for(lock, kWatchPause, [&] { return stopping_ || version_ != seen; });
            if (stopping_ || version_ != seen) continue;
        }
        const Player p = game_->to_move();
        const SeatAction a = seats_[p]->choose(*game_);
        if (a.kind == SeatAction::Kind::Play)
            game_->play(a.move);
        else if (a.kind == SeatAction::Kind::Resign)
            game_->resign(p);
        else {
            // The computer seats only move or resign; anything else waits for the people.
            changed_.wait(lock);
            continue;
        }
        changed();
    }
}

}  // namespace seireigi::web
