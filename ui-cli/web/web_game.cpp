#include "web_game.h"

#include <algorithm>
#include <iostream>
#include <stdexcept>
#include <variant>

#include "seats/engine_seat.h"
#include "seats/seat_factory.h"

namespace seireigi::web {

namespace {

// Between two moves of a game without people, so that someone watching can follow it.
constexpr std::chrono::milliseconds kWatchPause{300};

// "engine" or "engine:LEVEL"; nothing if `spec` names another kind of seat.
std::optional<std::variant<std::shared_ptr<Seat>, Diagnostic>> engine_seat(
    const std::string& spec, const std::shared_ptr<const Variant>& variant, int engine_ms) {
    if (spec != "engine" && !spec.starts_with("engine:")) return std::nullopt;
    EngineSeatSettings settings;
    settings.movetime_ms = engine_ms;
    if (spec != "engine") {
        const std::string level = spec.substr(7);
        if (level.empty() || level.size() > 2 ||
            level.find_first_not_of("0123456789") != std::string::npos || std::stoi(level) < 1 ||
            std::stoi(level) > 20)
            return Diagnostic{"", "the level in '" + spec + "' must be 1 to 20, e.g. engine:10"};
        settings.level = std::stoi(level);
    }
    try {
        return std::shared_ptr<Seat>(std::make_shared<EngineSeat>(variant, settings));
    } catch (const std::exception& e) {
        return Diagnostic{"", std::string("no engine for this variant: ") + e.what()};
    }
}

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
        stop_thinking();
    }
    changed_.notify_all();
    computer_.join();
}

std::optional<std::string> WebGame::start(std::string variant_name,
                                          std::shared_ptr<const Variant> variant,
                                          const PositionState& start,
                                          const std::vector<std::string>& seat_specs,
                                          int engine_ms) {
    if (auto why = Game::unfit_for_play(*variant, start)) return *why;
    if (static_cast<int>(seat_specs.size()) != variant->num_players())
        return variant->name + " has " + std::to_string(variant->num_players()) +
               " players: name a seat for each";
    if (engine_ms < 10 || engine_ms > 600000)
        return "the engine's time per move must be from 0.01 to 600 seconds";
    std::vector<std::shared_ptr<Seat>> seats;
    std::vector<std::string> specs;
    for (std::size_t p = 0; p < seat_specs.size(); ++p) {
        std::variant<std::shared_ptr<Seat>, Diagnostic> seat;
        if (auto engine = engine_seat(seat_specs[p], variant, engine_ms)) {
            seat = std::move(*engine);
        } else {
            auto made = make_seat(seat_specs[p], &page_input_);
            if (auto* d = std::get_if<Diagnostic>(&made))
                seat = *d;
            else
                seat = std::shared_ptr<Seat>(std::move(std::get<std::unique_ptr<Seat>>(made)));
        }
        if (auto* d = std::get_if<Diagnostic>(&seat))
            return variant->players[p].name + "'s seat: " + d->text();
        specs.push_back(std::get<std::shared_ptr<Seat>>(seat)->spec());
        seats.push_back(std::move(std::get<std::shared_ptr<Seat>>(seat)));
    }
    std::lock_guard lock(mutex_);
    engine_ms_ = engine_ms;
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
    int engine_ms = 1000;
    {
        std::lock_guard lock(mutex_);
        engine_ms = engine_ms_;
    }
    if (auto why = this->start(record.variant, variant, start, specs, engine_ms)) return why;
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

void WebGame::stop_thinking() {
    if (auto* engine = dynamic_cast<EngineSeat*>(thinking_.get())) engine->stop();
}

void WebGame::changed() {
    ++version_;
    stop_thinking();
    const std::string text = write_record(record_of(*game_, variant_name_, seat_specs_));
    // A person's moves are worth an fsync each; games between computer players are not.
    if (auto error = write_file_atomically(autosave_, text, any_person()))
        std::cerr << "warning: autosave failed: " << *error << "\n";
    changed_.notify_all();
}

namespace {

// A seat's choice; a failing seat (an exception) chooses nothing, and the server and the game
// outlive it: the people can undo or start anew.
SeatAction choose_unlocked(Seat& seat, const Game& game) {
    try {
        return seat.choose(game);
    } catch (const std::exception& e) {
        std::cerr << "warning: " << seat.spec() << " could not choose a move: " << e.what() << "\n";
        return {SeatAction::Kind::Quit, Move()};
    }
}

}  // namespace

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
        // The seat chooses on a copy of the game without the lock (an engine thinks for its
        // time per move); its answer counts only if the game did not change meanwhile.
        const Player p = game_->to_move();
        const std::uint64_t asked_at = version_;
        const Game snapshot = *game_;
        const std::shared_ptr<Seat> seat = seats_[p];
        thinking_ = seat;
        lock.unlock();
        const SeatAction a = choose_unlocked(*seat, snapshot);
        lock.lock();
        thinking_.reset();
        if (stopping_ || version_ != asked_at) continue;
        const MoveList& legal = game_->legal_moves();
        if (a.kind == SeatAction::Kind::Play &&
            std::find(legal.begin(), legal.end(), a.move) != legal.end())
            game_->play(a.move);
        else if (a.kind == SeatAction::Kind::Resign)
            game_->resign(p);
        else {
            // The computer seats only move (legally) or resign; anything else waits for the
            // people.
            changed_.wait(lock);
            continue;
        }
        changed();
    }
}

}  // namespace seireigi::web
