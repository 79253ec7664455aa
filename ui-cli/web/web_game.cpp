#include "web/web_game.h"

#include <iostream>
#include <variant>

#include "search/think_time.h"
#include "seats/seat_factory.h"

namespace seireigi::web {

namespace {

// How long an action of a person may take the match to deal with before the page is answered
// anyway (it then shows the game as it stands, and polls on).
constexpr std::chrono::seconds kSettleTimeout{10};
constexpr int kMostClockMs = 10 * 3600 * 1000;
constexpr int kMostMoveMs = 3600 * 1000;
constexpr const char* kNotPlayed =
    "this game is no longer played (a computer player failed, or it was left): start a new game "
    "or load it";

}  // namespace

std::optional<std::string> time_control_problem(const MoveBudget& budget) {
    if (budget.time_ms < 0) {
        if (budget.movetime_ms < 10 || budget.movetime_ms > 600000)
            return "the engine's time per move must be from 0.01 to 600 seconds";
        return std::nullopt;
    }
    if (budget.time_ms > kMostClockMs) return "the main time on the clocks may be at most 10 hours";
    if (budget.increment_ms < 0 || budget.increment_ms > kMostMoveMs || budget.byoyomi_ms < 0 ||
        budget.byoyomi_ms > kMostMoveMs)
        return "the increment and the byoyomi may be at most an hour each";
    if (budget.time_ms == 0 && budget.byoyomi_ms == 0)
        return "a clock needs main time or byoyomi (with neither, every move would be too late)";
    return std::nullopt;
}

WebGame::WebGame(std::filesystem::path autosave, std::chrono::milliseconds watch_pause)
    : watch_pause_(watch_pause), autosave_(std::move(autosave)) {}

WebGame::~WebGame() {
    std::lock_guard control(control_);
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    end_match();
}

void WebGame::end_match() {
    Match* match = nullptr;
    {
        std::lock_guard lock(mutex_);
        match = match_.get();
    }
    if (match) {
        {
            std::lock_guard lock(mutex_);
            leaving_ = true;
        }
        changed_.notify_all();
        match->leave();
    }
    // The match's thread calls on_event, which takes mutex_: join without it.
    if (runner_.joinable()) runner_.join();
    std::lock_guard lock(mutex_);
    match_.reset();
    running_ = false;
    asked_ = -1;
}

std::optional<std::string> WebGame::start(std::string variant_name,
                                          std::shared_ptr<const Variant> variant,
                                          const PositionState& start,
                                          const std::vector<std::string>& seat_specs,
                                          MoveBudget budget, const std::vector<std::string>& moves,
                                          std::vector<std::string> notices) {
    if (auto why = Game::unfit_for_play(*variant, start)) return *why;
    if (static_cast<int>(seat_specs.size()) != variant->num_players())
        return variant->name + " has " + std::to_string(variant->num_players()) +
               " players: name a seat for each";
    if (auto why = time_control_problem(budget)) return *why;
    std::vector<std::unique_ptr<Seat>> seats;
    for (std::size_t p = 0; p < seat_specs.size(); ++p) {
        auto made = make_seat(seat_specs[p], variant);
        if (auto* d = std::get_if<Diagnostic>(&made))
            return variant->players[p].name + "'s seat: " + d->text();
        seats.push_back(std::move(std::get<std::unique_ptr<Seat>>(made)));
    }
    Game game(variant, start);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        auto read = game.read_move(moves[i]);
        if (auto* d = std::get_if<Diagnostic>(&read))
            return "move " + std::to_string(i + 1) + " (" + moves[i] + "): " + d->text();
        game.play(std::get<Move>(read));
    }
    return launch(std::move(game), std::move(seats), std::move(variant_name), budget,
                  std::move(notices));
}

std::optional<std::string> WebGame::resume(const GameRecord& record,
                                           std::shared_ptr<const Variant> variant) {
    auto replayed = replay_record(record, variant);
    if (auto* d = std::get_if<Diagnostic>(&replayed)) return d->text();
    // The record's seat lines describe who played; none of them starts a program.
    std::vector<std::unique_ptr<Seat>> seats;
    std::vector<std::string> notices;
    for (Player p = 0; p < variant->num_players(); ++p) {
        const std::string spec =
            p < static_cast<Player>(record.seats.size()) ? record.seats[p] : std::string();
        std::string replaced;
        seats.push_back(make_record_seat(spec, variant, "human", &replaced));
        if (!replaced.empty()) notices.push_back(variant->players[p].name + ": " + replaced);
    }
    // The engine's time per move as the record has it (else as last chosen); the clocks as the
    // record has them.
    MoveBudget budget;
    {
        std::lock_guard lock(mutex_);
        budget.movetime_ms = budget_.movetime_ms;
    }
    MoveBudget recorded = budget_of_ms(record.move_time_ms);
    if (record.move_time_ms >= 0 && !time_control_problem(recorded))
        budget.movetime_ms = record.move_time_ms;  // a web game's is always within the limits
    budget.time_ms = record.clock_main_ms;
    budget.increment_ms = record.clock_increment_ms;
    budget.byoyomi_ms = record.clock_byoyomi_ms;
    if (record.clock_main_ms >= 0)
        if (auto why = time_control_problem(budget)) return "the record's clock: " + *why;
    return launch(std::move(std::get<Game>(replayed)), std::move(seats), record.variant, budget,
                  std::move(notices), &record);
}

std::optional<std::string> WebGame::launch(Game game, std::vector<std::unique_ptr<Seat>> seats,
                                           std::string variant_name, MoveBudget budget,
                                           std::vector<std::string> notices,
                                           const GameRecord* clocks_of) {
    std::lock_guard control(control_);
    end_match();
    MatchSettings settings;
    settings.variant_name = variant_name;
    settings.autosave = autosave_.string();
    settings.budget = budget;
    settings.clocks_held = clocks_held_;
    if (clocks_of) {
        settings.clock_left_ms = clocks_of->clock_left_ms;
        settings.out_of_time = clocks_of->out_of_time;
    }
    auto match = std::make_unique<Match>(std::move(game), std::move(seats), std::move(settings));
    Match* m = match.get();
    m->set_listener([this, m](const MatchEvent& e) { on_event(*m, e); });
    std::uint64_t before = 0;
    {
        std::lock_guard lock(mutex_);
        shown_ = m->snapshot();
        variant_name_ = std::move(variant_name);
        seat_specs_ = m->seat_specs();
        notices_ = std::move(notices);
        unsaved_.clear();
        budget_ = budget;
        refusal_.reset();
        leaving_ = false;
        match_ = std::move(match);
        running_ = true;
        before = settled_;
        ++version_;
    }
    changed();
    runner_ = std::thread([this, m] {
        m->run();
        const std::optional<std::string> failure = m->save_failure();
        {
            std::lock_guard lock(mutex_);
            unsaved_ = failure.value_or("");
            running_ = false;
            asked_ = -1;
            ++settled_;
            ++version_;
        }
        changed();
    });
    // Answer once the match asks its first question, so that the page's next action finds it.
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, kSettleTimeout, [&] { return settled_ != before; });
    return std::nullopt;
}

void WebGame::on_event(Match& match, const MatchEvent& e) {
    using K = MatchEvent::Kind;
    // The page sees the game only when the match is ready for the next action (it asks a person,
    // a computer thinks, or the game is over or left): a person who answers at once finds the
    // match waiting for the answer.
    bool settles = false;
    bool shows_clocks = false;  // only the clocks changed: the page reads them again
    bool accept_for_person = false;
    std::optional<std::string> refusal;
    switch (e.kind) {
        case K::Asking:
            // The declarer's confirmation on the page covers the other people at the board.
            accept_for_person = e.question == Question::AcceptImpasse;
            settles = !accept_for_person;
            break;
        case K::Thinking:
        case K::Over:
        case K::Left:
            settles = true;
            break;
        case K::ClocksHeld:
        case K::ClocksRun:
            shows_clocks = true;
            break;
        case K::ImpasseRefused:
            refusal = "no impasse: " + e.text;
            break;
        case K::ImpasseDeclined:
            refusal = match.variant().players[e.player].name + " declines the impasse; play on";
            break;
        case K::Warning:
            std::cerr << "warning: " << e.text << "\n";
            break;
        default:
            break;
    }
    std::shared_ptr<const Game> game;
    std::optional<std::string> failure;
    if (settles) {
        game = match.snapshot();
        failure = match.save_failure();
    }
    {
        std::lock_guard lock(mutex_);
        if (refusal) refusal_ = refusal;
        if (e.kind == K::Asking) {
            asked_ = e.player;
            question_ = e.question;
        } else if (e.kind == K::Thinking) {
            asked_ = -1;
        }
        if (settles) {
            shown_ = std::move(game);
            unsaved_ = failure.value_or("");
            ++settled_;
        }
        if (settles || shows_clocks) ++version_;
    }
    if (settles || shows_clocks) changed();
    if (e.kind == K::Thinking && match.people() == 0) {
        // The listener runs on the match's thread: waiting here paces the game.
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, watch_pause_, [this] { return leaving_; });
    }
    if (accept_for_person) match.submit(e.player, SeatAction::of(SeatAction::Kind::AcceptImpasse));
}

std::variant<Player, std::string> WebGame::person_to_move() const {
    if (!shown_) return std::string("no game is in progress: start one");
    const Game& g = *shown_;
    if (g.over()) return "the game is over: " + describe_result(g);
    if (!running_) return std::string(kNotPlayed);
    const Player p = g.to_move();
    if (!match_->is_person(p))
        return g.variant().players[p].name + " is played by the computer (" + seat_specs_[p] +
               "); wait for its move";
    return p;
}

std::optional<std::string> WebGame::submit(Player person, SeatAction action) {
    std::uint64_t before = 0;
    Match* match = nullptr;
    {
        std::lock_guard lock(mutex_);
        before = settled_;
        match = match_.get();
    }
    if (auto why = match->submit(person, action)) return why;
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, kSettleTimeout, [&] { return settled_ != before; });
    return std::nullopt;
}

std::optional<std::string> WebGame::play(std::string_view move_text, const Gate& may_act) {
    std::lock_guard control(control_);
    std::shared_ptr<const Game> game;
    std::variant<Player, std::string> who;
    {
        std::lock_guard lock(mutex_);
        who = person_to_move();
        game = shown_;
    }
    if (auto* why = std::get_if<std::string>(&who)) return *why;
    if (may_act)
        if (auto why = may_act(std::get<Player>(who))) return why;
    auto read = game->read_move(move_text);
    if (auto* d = std::get_if<Diagnostic>(&read)) return d->text();
    return submit(std::get<Player>(who), SeatAction::play(std::get<Move>(read)));
}

std::variant<Player, std::string> WebGame::undoer() const {
    std::lock_guard lock(mutex_);
    return undoer_locked();
}

std::variant<Player, std::string> WebGame::undoer_locked() const {
    if (!shown_) return std::string("no game is in progress");
    if (!running_) return std::string(kNotPlayed);
    const Game& g = *shown_;
    Player who = -1;
    // After the game the match asks the person whose declaration or move ended it.
    if (asked_ >= 0 && question_ == Question::AfterGame) who = asked_;
    for (int i = g.ply() - 1; who < 0 && i >= 0; --i)
        if (match_->is_person(g.mover_of(i))) who = g.mover_of(i);
    if (who < 0 && g.over() && asked_ >= 0) who = asked_;
    if (who < 0) return std::string("there is nothing to take back");
    return who;
}

std::optional<std::string> WebGame::undo(std::optional<Player> person, const Gate& may_act) {
    std::lock_guard control(control_);
    Player who = -1;
    {
        std::lock_guard lock(mutex_);
        if (person) {
            if (!shown_) return "no game is in progress";
            if (!running_) return kNotPlayed;
            who = *person;
        } else {
            auto chosen = undoer_locked();
            if (auto* why = std::get_if<std::string>(&chosen)) return *why;
            who = std::get<Player>(chosen);
        }
    }
    if (may_act)
        if (auto why = may_act(who)) return why;
    return submit(who, SeatAction::of(SeatAction::Kind::Undo));
}

void WebGame::touch() {
    {
        std::lock_guard lock(mutex_);
        ++version_;
    }
    changed();
}

std::optional<std::string> WebGame::resign(const Gate& may_act) {
    std::lock_guard control(control_);
    std::variant<Player, std::string> who;
    {
        std::lock_guard lock(mutex_);
        who = person_to_move();
    }
    if (auto* why = std::get_if<std::string>(&who)) return *why;
    if (may_act)
        if (auto why = may_act(std::get<Player>(who))) return why;
    return submit(std::get<Player>(who), SeatAction::of(SeatAction::Kind::Resign));
}

std::optional<std::string> WebGame::declare_impasse(const Gate& may_act) {
    std::lock_guard control(control_);
    std::variant<Player, std::string> who;
    {
        std::lock_guard lock(mutex_);
        who = person_to_move();
        refusal_.reset();
    }
    if (auto* why = std::get_if<std::string>(&who)) return *why;
    if (may_act)
        if (auto why = may_act(std::get<Player>(who))) return why;
    if (auto why = submit(std::get<Player>(who), SeatAction::of(SeatAction::Kind::DeclareImpasse)))
        return why;
    std::lock_guard lock(mutex_);
    return refusal_;
}

bool WebGame::has_game() const {
    std::lock_guard lock(mutex_);
    return shown_ != nullptr;
}

void WebGame::read(const std::function<void(const GameView&)>& f) const {
    std::lock_guard lock(mutex_);
    if (!shown_) return;
    // The match never holds its lock while it calls on_event (which takes mutex_).
    const ClockReading clocks = match_ ? match_->clocks() : ClockReading{};
    f(GameView{*shown_, variant_name_, seat_specs_, notices_, unsaved_, version_, budget_, clocks});
}

GameRecord WebGame::record() const {
    std::lock_guard lock(mutex_);
    if (!shown_) return {};
    // The match's record has the clocks; it can be a move ahead of the game as shown.
    if (match_) return match_->record();
    return record_of(*shown_, variant_name_, seat_specs_);
}

void WebGame::changed() {
    changed_.notify_all();
    if (notify_) notify_();
}

std::uint64_t WebGame::version() const {
    std::lock_guard lock(mutex_);
    return version_;
}

std::uint64_t WebGame::wait_for_change(std::uint64_t seen,
                                       std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, timeout, [&] { return version_ != seen || stopping_; });
    return version_;
}

}  // namespace seireigi::web
