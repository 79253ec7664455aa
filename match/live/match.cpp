#include "live/match.h"

#include <algorithm>
#include <stdexcept>

#include "record/kif.h"

namespace seireigi {

Match::Match(Game game, std::vector<std::unique_ptr<Seat>> seats, MatchSettings settings)
    : variant_(game.variant_ptr()),
      settings_(std::move(settings)),
      game_(std::move(game)),
      seats_(std::move(seats)) {
    if (static_cast<int>(seats_.size()) != variant_->num_players())
        throw std::invalid_argument("a match needs one seat per player");
    const std::size_t n = seats_.size();
    if (has_clocks()) {
        clock_ms_ = settings_.clock_left_ms.size() == n
                        ? settings_.clock_left_ms
                        : std::vector<int>(n, settings_.budget.time_ms);
        out_of_time_.assign(n, false);
        for (Player p : settings_.out_of_time)
            if (p >= 0 && p < static_cast<Player>(n)) out_of_time_[p] = true;
    }
}

Match::TimePoint Match::now() const {
    return settings_.now ? settings_.now() : std::chrono::steady_clock::now();
}

int Match::used_ms_locked() const {
    if (running_ < 0) return 0;
    const TimePoint end = held_ ? std::max(held_since_, turn_began_) : now();
    const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(end - turn_began_);
    return static_cast<int>(std::max<long long>(0, used.count()));
}

void Match::update_hold_locked() {
    const bool hold = settings_.clocks_held && settings_.clocks_held();
    if (hold == held_) return;
    const TimePoint t = now();
    if (hold) {
        held_since_ = t;
    } else {
        // The time held is not charged: the turn began that much later (or now, if it began
        // while the clocks were held).
        turn_began_ += t - std::max(held_since_, turn_began_);
    }
    held_ = hold;
}

ClockReading Match::clocks() const {
    std::lock_guard lock(mutex_);
    ClockReading r;
    if (!has_clocks()) return r;
    r.left_ms = clock_ms_;
    r.out_of_time = out_of_time_;
    r.running = running_;
    r.held = held_;
    if (running_ >= 0) {
        const int used = used_ms_locked();
        const int main = clock_ms_[running_];
        r.left_ms[running_] = std::max(0, main - used);
        r.byoyomi_left_ms = std::max(0, settings_.budget.byoyomi_ms - std::max(0, used - main));
    }
    return r;
}

Match::~Match() {
    for (auto& seat : seats_) seat->stop();
}

int Match::people() const {
    return static_cast<int>(
        std::count_if(seats_.begin(), seats_.end(), [](const auto& s) { return s->is_person(); }));
}

std::vector<std::string> Match::seat_specs() const {
    std::vector<std::string> specs;
    for (const auto& s : seats_) specs.push_back(s->spec());
    return specs;
}

std::shared_ptr<const Game> Match::snapshot() const {
    std::lock_guard lock(mutex_);
    return std::make_shared<const Game>(game_);
}

GameRecord Match::record() const {
    std::lock_guard lock(mutex_);
    GameRecord r = record_of(game_, settings_.variant_name, seat_specs());
    if (has_clocks()) {
        r.clock_main_ms = settings_.budget.time_ms;
        r.clock_increment_ms = settings_.budget.increment_ms;
        r.clock_byoyomi_ms = settings_.budget.byoyomi_ms;
        r.clock_left_ms = clock_ms_;
        if (running_ >= 0)
            r.clock_left_ms[running_] = std::max(0, clock_ms_[running_] - used_ms_locked());
        for (Player p = 0; p < players(); ++p)
            if (out_of_time_[p]) r.out_of_time.push_back(p);
    } else if (settings_.budget.movetime_ms > 0) {
        r.move_time_ms = settings_.budget.movetime_ms;
    }
    return r;
}

void Match::emit(MatchEvent e) const {
    if (listener_) listener_(e);
}

std::optional<std::string> Match::submit(Player person, SeatAction action) {
    using K = SeatAction::Kind;
    Player interrupted = -1;
    {
        std::lock_guard lock(mutex_);
        if (person < 0 || person >= players() || !seats_[person]->is_person())
            return "player " + std::to_string(person + 1) + " is not played by a person";
        const std::string& name = variant_->players[person].name;
        const bool asked = waiting_ && asked_ == person;
        if (asked) {
            bool fits = action.kind == K::Quit || action.kind == K::Undo;
            switch (question_) {
                case Question::Move:
                    fits = fits || action.kind == K::Play || action.kind == K::Resign ||
                           action.kind == K::DeclareImpasse;
                    break;
                case Question::AcceptImpasse:
                    fits = action.kind == K::Quit || action.kind == K::AcceptImpasse ||
                           action.kind == K::DeclineImpasse;
                    break;
                case Question::AfterGame:
                    break;
            }
            if (!fits) return name + " is asked something else now";
            if (action.kind == K::Play) {
                const MoveList& legal = game_.legal_moves();
                if (std::find(legal.begin(), legal.end(), action.move) == legal.end())
                    return "that move is not legal now";
            }
        } else if (action.kind == K::Undo || action.kind == K::Quit) {
            if (!waiting_) return "the game is busy; try again";
            interrupted = asked_;
        } else {
            return "it is not " + name + "'s turn";
        }
        inbox_.push_back({ticket_, person, action});
        // Under the lock, so that the stop cannot reach the seat's next request.
        if (interrupted >= 0) seats_[interrupted]->stop();
    }
    arrived_.notify_all();
    return std::nullopt;
}

void Match::leave() {
    {
        std::lock_guard lock(mutex_);
        leaving_ = true;
        if (waiting_) {
            inbox_.push_back({ticket_, asked_, SeatAction::of(SeatAction::Kind::Quit)});
            seats_[asked_]->stop();
        }
    }
    arrived_.notify_all();
}

void Match::deliver(std::uint64_t ticket, Player from, SeatAction action) {
    {
        std::lock_guard lock(mutex_);
        if (!waiting_ || ticket != ticket_) return;  // stopped or interrupted meanwhile
        inbox_.push_back({ticket, from, action});
    }
    arrived_.notify_all();
}

Match::Answer Match::ask(Player p, Question q, Player by) {
    std::shared_ptr<const Game> game;
    std::uint64_t ticket = 0;
    MoveBudget budget = settings_.budget;
    {
        std::lock_guard lock(mutex_);
        inbox_.clear();
        ticket = ++ticket_;
        asked_ = p;
        question_ = q;
        waiting_ = true;
        if (leaving_) inbox_.push_back({ticket, p, SeatAction::of(SeatAction::Kind::Quit)});
        if (!seats_[p]->is_person()) game = std::make_shared<const Game>(game_);
        if (has_clocks() && q == Question::Move) {
            running_ = p;
            turn_began_ = now();
            budget.time_ms = clock_ms_[p];
            budget.movetime_ms = 0;
        }
    }
    Seat& seat = *seats_[p];
    if (seat.is_person()) {
        MatchEvent e;
        e.kind = MatchEvent::Kind::Asking;
        e.player = p;
        e.by = by;
        e.question = q;
        emit(e);
    } else {
        auto reply = [this, ticket, p](SeatAction a) { deliver(ticket, p, a); };
        if (q == Question::AcceptImpasse) {
            seat.consider_impasse(game, p, by, reply);
        } else {
            emit(MatchEvent::of(MatchEvent::Kind::Thinking, p));
            {
                // The listener may pause before the computer thinks (to let people watch): the
                // clock starts now.
                std::lock_guard lock(mutex_);
                if (running_ == p) turn_began_ = now();
            }
            seat.start_thinking(game, budget, reply);
        }
    }
    std::unique_lock lock(mutex_);
    Answer a;
    const int byoyomi = settings_.budget.byoyomi_ms;
    for (;;) {
        if (!inbox_.empty()) {
            a = inbox_.front();
            break;
        }
        if (running_ < 0) {
            arrived_.wait(lock);
            continue;
        }
        const bool was_held = held_;
        update_hold_locked();
        if (held_ != was_held) {
            const auto kind = held_ ? MatchEvent::Kind::ClocksHeld : MatchEvent::Kind::ClocksRun;
            const Player running = running_;
            lock.unlock();
            emit(MatchEvent::of(kind, running));
            lock.lock();
            continue;
        }
        const int left = clock_ms_[running_] + byoyomi - used_ms_locked();
        if (left < 0) {
            a = {ticket, p, SeatAction::of(SeatAction::Kind::Quit), true};
            seats_[p]->stop();  // a thinking seat's late answer is dropped (deliver)
            break;
        }
        // Slices of at most 100 ms: a clock given by a test moves without waking anyone.
        arrived_.wait_for(lock, std::chrono::milliseconds(std::min(left + 1, 100)));
    }
    inbox_.clear();
    waiting_ = false;
    if (running_ >= 0) {
        const int used = used_ms_locked();
        running_ = -1;
        // A move (or declaration) of the player that came after its time ran out is too late.
        using K = SeatAction::Kind;
        const bool moves = a.action.kind == K::Play || a.action.kind == K::DeclareImpasse;
        if (a.from == p && moves && used > clock_ms_[p] + byoyomi) a.out_of_time = true;
        if (a.out_of_time) {
            clock_ms_[p] = 0;
        } else {
            clock_ms_[p] = std::max(0, clock_ms_[p] - used);
            if (a.from == p && a.action.kind == SeatAction::Kind::Play)
                clock_ms_[p] += settings_.budget.increment_ms;
        }
    }
    return a;
}

Match::Outcome Match::run() {
    using K = SeatAction::Kind;
    emit(MatchEvent::of(MatchEvent::Kind::Started));
    save();
    bool over_told = false;
    for (;;) {
        {
            std::lock_guard lock(mutex_);
            if (leaving_) break;
        }
        if (game_.over()) {
            if (!over_told) emit(MatchEvent::of(MatchEvent::Kind::Over));
            over_told = true;
            const Player person = person_after_game();
            if (person < 0) return Outcome::Over;
            const Answer a = ask(person, Question::AfterGame);
            if (a.action.kind != K::Undo) return Outcome::Over;
            undo_for(a.from);
            over_told = game_.over();
            continue;
        }
        const Player p = game_.to_move();
        const Answer a = ask(p, Question::Move);
        if (a.out_of_time) {
            run_out_of_time(p);
            continue;
        }
        switch (a.action.kind) {
            case K::Play:
                if (std::find(game_.legal_moves().begin(), game_.legal_moves().end(),
                              a.action.move) == game_.legal_moves().end()) {
                    MatchEvent e = MatchEvent::of(MatchEvent::Kind::Warning);
                    e.player = p;
                    e.text = seats_[p]->spec() +
                             " answered a move that is not legal; the game "
                             "is left";
                    emit(e);
                    return leave_now();
                }
                play(p, a.action.move);
                break;
            case K::Resign:
                resign(p);
                break;
            case K::DeclareImpasse:
                if (!declare_impasse(p)) return leave_now();
                break;
            case K::Undo:
                undo_for(a.from);
                break;
            case K::Quit:
                return leave_now();
            case K::AcceptImpasse:
            case K::DeclineImpasse:
                break;  // not a question asked now: ask again
        }
    }
    return leave_now();
}

void Match::play(Player p, Move m) {
    const std::size_t before = game_.events().size();
    {
        std::lock_guard lock(mutex_);
        game_.play(m);
    }
    MatchEvent e = MatchEvent::of(MatchEvent::Kind::Played);
    e.player = p;
    e.move = m;
    emit(e);
    report_since(p, before);
    save();
}

void Match::resign(Player p) {
    const std::size_t before = game_.events().size();
    {
        std::lock_guard lock(mutex_);
        game_.resign(p);
    }
    report_since(p, before);
    save();
}

void Match::run_out_of_time(Player p) {
    {
        std::lock_guard lock(mutex_);
        out_of_time_[p] = true;
    }
    emit(MatchEvent::of(MatchEvent::Kind::OutOfTime, p));
    resign(p);
}

bool Match::declare_impasse(Player p) {
    if (auto why = game_.impasse_refusal()) {
        MatchEvent e = MatchEvent::of(MatchEvent::Kind::ImpasseRefused);
        e.player = p;
        e.text = *why;
        emit(e);
        return true;
    }
    for (Player q = 0; q < players(); ++q) {
        if (q == p || !game_.position().is_active(q)) continue;
        const Answer a = ask(q, Question::AcceptImpasse, p);
        if (a.action.kind == SeatAction::Kind::Quit) return false;
        if (a.action.kind == SeatAction::Kind::Undo) {
            undo_for(a.from);
            return true;
        }
        if (a.action.kind != SeatAction::Kind::AcceptImpasse) {
            MatchEvent e = MatchEvent::of(MatchEvent::Kind::ImpasseDeclined);
            e.player = q;
            e.by = p;
            emit(e);
            return true;
        }
    }
    const std::size_t before = game_.events().size();
    {
        std::lock_guard lock(mutex_);
        game_.declare_impasse(p);
    }
    report_since(p, before);
    save();
    return true;
}

namespace {

// Whether `e` is a declaration of `p`: its resignation or its impasse.
bool declared_by(const GameEvent& e, Player p) {
    switch (e.kind) {
        case EventKind::Resignation:
            return e.player == p;
        case EventKind::Impasse:
        case EventKind::ImpassePending:
            return e.by == p;
        default:
            return false;
    }
}

}  // namespace

void Match::undo_for(Player p) {
    bool has_something = false;
    for (int i = 0; i < game_.ply() && !has_something; ++i) has_something = game_.mover_of(i) == p;
    for (const GameEvent& e : game_.events()) has_something = has_something || declared_by(e, p);
    MatchEvent e =
        MatchEvent::of(has_something ? MatchEvent::Kind::Undone : MatchEvent::Kind::NothingToUndo);
    e.player = p;
    if (!has_something) {
        emit(e);
        return;
    }
    // Take back one action at a time until the one that was `p`'s: a move or a declaration.
    for (;;) {
        const int ply = game_.ply();
        const Player last_mover = ply > 0 ? game_.mover_of(ply - 1) : -1;
        const std::vector<GameEvent> events = game_.events();
        bool undone = false;
        {
            std::lock_guard lock(mutex_);
            undone = game_.undo();
        }
        if (!undone) break;
        if (game_.ply() < ply) {
            if (last_mover == p) break;
            continue;
        }
        const bool declaration =
            std::any_of(events.begin() + static_cast<std::ptrdiff_t>(game_.events().size()),
                        events.end(), [p](const GameEvent& g) { return declared_by(g, p); });
        if (declaration) break;
    }
    // A player whose time ran out is in the game again once that loss is taken back (with no
    // time given back).
    {
        std::lock_guard lock(mutex_);
        for (Player q = 0; q < static_cast<Player>(out_of_time_.size()); ++q)
            out_of_time_[q] =
                out_of_time_[q] &&
                std::any_of(game_.events().begin(), game_.events().end(), [q](const GameEvent& g) {
                    return g.kind == EventKind::Resignation && g.player == q;
                });
    }
    emit(e);
    save();
}

void Match::report_since(Player mover, std::size_t events_before) {
    const std::vector<GameEvent>& events = game_.events();
    std::vector<Player> skipped;
    for (std::size_t i = events_before; i < events.size(); ++i) {
        MatchEvent e = MatchEvent::of(MatchEvent::Kind::Happened);
        e.game_event = events[i];
        emit(e);
        if (events[i].kind == EventKind::Skipped) skipped.push_back(events[i].player);
    }
    // With three or four players a checked player moves first (docs/rules.md §D.4): name the
    // players whose turn it was, which they lose.
    if (players() <= 2 || game_.over() || !game_.in_check()) return;
    MatchEvent e = MatchEvent::of(MatchEvent::Kind::OutOfTurn);
    e.player = game_.to_move();
    for (int i = 1; i < players(); ++i) {
        const Player q = (mover + i) % players();
        if (q == e.player) break;
        if (game_.position().is_active(q) &&
            std::find(skipped.begin(), skipped.end(), q) == skipped.end())
            e.passed_over.push_back(q);
    }
    if (!e.passed_over.empty()) emit(e);
}

void Match::save() {
    // A person's moves are worth an fsync each; games between programs (tests, demonstrations)
    // would spend most of their time waiting for the disk.
    const bool sync = people() > 0;
    std::optional<std::string> failure;
    if (!settings_.autosave.empty())
        if (auto error = write_file_atomically(settings_.autosave, write_record(record()), sync))
            failure = "autosave failed: " + *error;
    if (!settings_.kif.empty())
        if (auto error = write_file_atomically(settings_.kif, write_kif(game_, seat_specs()), sync))
            failure =
                (failure ? *failure + "; " : std::string()) + "writing the KIF failed: " + *error;
    {
        std::lock_guard lock(mutex_);
        save_failure_ = failure;
    }
    if (failure) {
        MatchEvent e = MatchEvent::of(MatchEvent::Kind::Warning);
        e.text = *failure;
        emit(e);
    }
}

std::optional<std::string> Match::save_failure() const {
    std::lock_guard lock(mutex_);
    return save_failure_;
}

Match::Outcome Match::leave_now() {
    save();
    emit(MatchEvent::of(MatchEvent::Kind::Left));
    return Outcome::Left;
}

Player Match::person_after_game() const {
    const auto person = [this](Player p) { return p >= 0 && seats_[p]->is_person(); };
    if (!game_.events().empty()) {
        const GameEvent& last = game_.events().back();
        if (declared_by(last, last.player) && person(last.player)) return last.player;
        if (person(last.by)) return last.by;
    }
    if (game_.ply() > 0 && person(game_.mover_of(game_.ply() - 1)))
        return game_.mover_of(game_.ply() - 1);
    for (Player p = 0; p < players(); ++p)
        if (person(p)) return p;
    return -1;
}

}  // namespace seireigi
