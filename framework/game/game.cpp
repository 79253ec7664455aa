#include "game/game.h"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>

#include "game/move_refusal.h"
#include "text/notation.h"

namespace seireigi {

namespace {

constexpr std::array<std::pair<EventKind, std::string_view>, 11> kEventWords{{
    {EventKind::Checkmate, "checkmate"},
    {EventKind::Stalemate, "stalemate"},
    {EventKind::Resignation, "resignation"},
    {EventKind::PerpetualCheck, "perpetual-check"},
    {EventKind::Repetition, "repetition"},
    {EventKind::MutualPerpetualCheck, "mutual-perpetual-check"},
    {EventKind::Impasse, "impasse"},
    {EventKind::Skipped, "skipped"},
    {EventKind::AllSkipped, "all-skipped"},
    {EventKind::ImpassePending, "impasse-pending"},
    {EventKind::ImpasseReached, "impasse-reached"},
}};

bool is_draw_event(EventKind k) {
    return k == EventKind::Repetition || k == EventKind::MutualPerpetualCheck ||
           k == EventKind::AllSkipped;
}

// Events that decide nobody's result by themselves.
bool is_informational(EventKind k) {
    return k == EventKind::Skipped || k == EventKind::ImpassePending;
}

// The square of p's King, or kNoSquare.
Square king_square(const Variant& v, const PositionState& st, Player p) {
    for (Square s = 0; s < v.geo.squares(); ++s) {
        const PieceCode pc = st.board[s];
        if (pc != kEmpty && owner_of(pc) == p && v.types[type_of(pc)].royal) return s;
    }
    return kNoSquare;
}

}  // namespace

std::string_view event_word(EventKind k) {
    for (const auto& [kind, word] : kEventWords)
        if (kind == k) return word;
    return "?";
}

bool is_declaration(EventKind k) {
    return k == EventKind::Resignation || k == EventKind::Impasse || k == EventKind::ImpassePending;
}

std::optional<EventKind> event_from_word(std::string_view word) {
    for (const auto& [kind, w] : kEventWords)
        if (w == word) return kind;
    return std::nullopt;
}

std::optional<std::string> Game::unfit_for_play(const Variant& v, const PositionState& st) {
    for (Player p = 0; p < v.num_players(); ++p) {
        if (!((st.active >> p) & 1)) continue;
        int kings = 0;
        for (Square s = 0; s < v.geo.squares(); ++s) {
            const PieceCode pc = st.board[s];
            if (pc != kEmpty && owner_of(pc) == p && v.types[type_of(pc)].royal) ++kings;
        }
        if (kings != 1)
            return "a game needs exactly one King for each player, and " + v.players[p].name +
                   " has " + std::to_string(kings);
    }
    if (v.num_players() > 2) {
        // The turn procedure chooses who moves after each move; a given position must already
        // be one it could choose: two or more players, and the player to move able to move.
        const GenericPosition pos(std::shared_ptr<const Variant>(&v, [](const Variant*) {}), st);
        if (std::popcount(st.active) < 2) return "a game needs two or more players in it";
        if (!pos.is_active(st.to_move))
            return v.players[st.to_move].name + " is to move but is out of the game";
        if (!pos.has_legal_move(st.to_move))
            return v.players[st.to_move].name + " is to move but has no legal move";
    }
    return std::nullopt;
}

Game::Game(std::shared_ptr<const Variant> variant, const PositionState& start)
    : variant_(std::move(variant)), start_(start), pos_(variant_, start) {
    if (auto why = unfit_for_play(*variant_, start)) throw std::invalid_argument(*why);
    history_.push_back(current_entry());
    keys_ = KeyHistory(pos_.key());
    result_ = compute_result();
    refresh_legal();
    // The start itself may leave the player to move without a legal move.
    conclude();
}

void Game::refresh_legal() {
    legal_.clear();
    pos_.legal_moves(legal_);
}

std::variant<Move, Diagnostic> Game::read_move(std::string_view text) const {
    if (over()) return Diagnostic{"", "the game is over: " + describe_result(*this)};
    return read_legal_move(pos_, legal_, text);
}

void Game::play(Move m) {
    if (over()) throw std::logic_error("Game::play after the end of the game");
    if (std::find(legal_.begin(), legal_.end(), m) == legal_.end())
        throw std::logic_error("Game::play with an illegal move " + write_move(*variant_, m));
    const Player mover = to_move();
    actions_.push_back({true, events_.size(), pos_.ply()});
    pos_.do_move(m);
    moves_.push_back(m);
    bool check = false;
    for (Player p = 0; p < variant_->num_players() && !check; ++p)
        if (p != mover && pos_.is_active(p)) check = pos_.in_check(p);
    history_.push_back(current_entry());
    keys_.push(pos_.key(), mover, check);
    if (many_players()) record_turn_events(mover, 0);
    refresh_legal();
    conclude();
}

Game::Entry Game::current_entry() const {
    Entry e{pos_.state()};
    for (Player p = 0; p < variant_->num_players(); ++p)
        if (pos_.is_active(p) && pos_.in_check(p)) e.checked |= static_cast<std::uint8_t>(1u << p);
    return e;
}

const PositionState& Game::state_after(int ply) const {
    return history_.at(static_cast<std::size_t>(ply)).state;
}

std::vector<Player> Game::checked_after(int ply) const {
    std::vector<Player> out;
    if (ply < 0 || ply >= static_cast<int>(history_.size())) return out;
    for (Player p = 0; p < variant_->num_players(); ++p)
        if ((history_[static_cast<std::size_t>(ply)].checked >> p) & 1) out.push_back(p);
    return out;
}

void Game::record_turn_events(Player mating, int already_recorded) {
    const TurnEvents ev = pos_.last_events();
    for (int i = already_recorded; i < ev.eliminated.count; ++i)
        events_.push_back({EventKind::Checkmate, ply(), ev.eliminated.players[i], mating});
    for (Player p : ev.skipped) events_.push_back({EventKind::Skipped, ply(), p, -1});
    if (ev.game_over && std::popcount(current_active()) >= 2)
        events_.push_back({EventKind::AllSkipped, ply(), -1, -1});
    result_ = compute_result();
}

std::uint8_t Game::current_active() const {
    std::uint8_t mask = 0;
    for (Player p = 0; p < variant_->num_players(); ++p)
        if (pos_.is_active(p)) mask |= static_cast<std::uint8_t>(1u << p);
    return mask;
}

void Game::forfeit(Player loser, Player beneficiary) {
    pos_.forfeit(loser, beneficiary);
    // The position after these moves is now the one without the loser.
    history_.back() = current_entry();
    keys_.replace_last_key(pos_.key());
    record_turn_events(beneficiary, 1);  // the loser's own event is the caller's
    refresh_legal();
}

Player Game::last_mover_except(const std::vector<Player>& losers) const {
    for (int j = static_cast<int>(history_.size()) - 1; j > 0; --j) {
        const Player m = keys_.mover(j);
        if (pos_.is_active(m) && std::find(losers.begin(), losers.end(), m) == losers.end())
            return m;
    }
    return -1;
}

void Game::conclude() {
    if (over()) return;
    if (many_players()) {
        // The Position has mated, eliminated and skipped (§D.4); the events are recorded.
        if (pos_.game_over()) return;
        if (impasse_pending()) {
            // §D.6: the first player to reach the threshold after a move wins.
            const std::vector<int> scores = impasse_scores();
            for (Player p = 0; p < variant_->num_players(); ++p)
                if (pos_.is_active(p) && scores[p] >= variant_->impasse_threshold) {
                    end_with({{EventKind::ImpasseReached, ply(), -1, p}});
                    return;
                }
        }
    } else if (legal_.empty()) {
        // No legal move loses, in check or not (§A.1).
        const Player p = to_move();
        const Player by = ply() > 0 ? keys_.mover(keys_.ply()) : -1;
        end_with({{in_check() ? EventKind::Checkmate : EventKind::Stalemate, ply(), p, by}});
        return;
    }
    const std::vector<GameEvent> repetition = repetition_events();
    if (repetition.empty()) return;
    if (!many_players() || repetition.front().kind != EventKind::PerpetualCheck) {
        end_with(repetition);
        return;
    }
    // §D.7: each perpetual checker leaves by the after-loss procedure; the others play on.
    for (const GameEvent& e : repetition) {
        events_.push_back(e);
        forfeit(e.player, e.by);
    }
}

std::vector<GameEvent> Game::repetition_events() const {
    if (keys_.repetition(0).occurrences < 4) return {};
    // Confirmed with full positions (docs/architecture.md decision 8): the occurrences whose key
    // and position both equal the current ones.
    const int now = keys_.ply();
    int first = -1, occurrences = 0;
    for (int i = 0; i <= now; ++i)
        if (keys_.key(i) == keys_.key(now) && history_[i].state == history_[now].state) {
            if (first < 0) first = i;
            ++occurrences;
        }
    if (occurrences < 4) return {};

    // §A.4 steps 2-3 over the span from the 1st occurrence to now ("a continuous and unending
    // series of checks", not only the last cycle): the players who moved in the span and left
    // another player's King in check with every move there. If that is every active player, the
    // repetition is a draw (mutual perpetual check); otherwise each of them loses.
    std::vector<Player> checkers;
    for (Player p : keys_.repetition(first).perpetual_checkers())
        if (pos_.is_active(p)) checkers.push_back(p);
    int active = 0;
    for (Player p = 0; p < variant_->num_players(); ++p) active += pos_.is_active(p);
    if (checkers.empty()) return {{EventKind::Repetition, ply(), -1, -1}};
    if (static_cast<int>(checkers.size()) == active)
        return {{EventKind::MutualPerpetualCheck, ply(), -1, -1}};
    // The beneficiary is the most recent mover who is not a loser (§D.7: the loser's hand must
    // not go to a loser).
    const Player by = last_mover_except(checkers);
    std::vector<GameEvent> out;
    for (Player loser : checkers) out.push_back({EventKind::PerpetualCheck, ply(), loser, by});
    return out;
}

void Game::end_with(const std::vector<GameEvent>& ending) {
    events_.insert(events_.end(), ending.begin(), ending.end());
    result_ = compute_result();
}

GameResult Game::compute_result() const {
    const int n = variant_->num_players();
    GameResult r;
    r.standings.assign(n, Standing::Playing);
    for (Player p = 0; p < n; ++p)
        if (!pos_.is_active(p)) r.standings[p] = Standing::Lost;
    for (const GameEvent& e : events_) {
        if (is_informational(e.kind)) continue;
        r.final = e;
        if (is_draw_event(e.kind)) {
            for (auto& s : r.standings)
                if (s == Standing::Playing) s = Standing::Drawn;
        } else if (e.kind == EventKind::Impasse || e.kind == EventKind::ImpasseReached) {
            // Below the threshold loses; reaching it is safe (§A.1, §D.6). If only one player
            // reaches it, that player wins; if several do, they draw.
            r.impasse_scores = impasse_scores();
            for (Player p = 0; p < n; ++p)
                if (r.standings[p] == Standing::Playing)
                    r.standings[p] = r.impasse_scores[p] < variant_->impasse_threshold
                                         ? Standing::Lost
                                         : Standing::Drawn;
        } else {
            r.standings[e.player] = Standing::Lost;
        }
    }
    // The last player standing wins: the only one not lost, or the only safe one at impasse.
    std::vector<Player> alive;
    for (Player p = 0; p < n; ++p)
        if (r.standings[p] == Standing::Playing || r.standings[p] == Standing::Drawn)
            alive.push_back(p);
    if (alive.size() == 1 && r.final) r.standings[alive.front()] = Standing::Won;
    r.over = std::none_of(r.standings.begin(), r.standings.end(),
                          [](Standing s) { return s == Standing::Playing; });
    return r;
}

bool Game::undo() {
    if (actions_.empty()) return false;
    const Action a = actions_.back();
    actions_.pop_back();
    while (pos_.ply() > a.position_ply_before) pos_.undo_move();
    events_.resize(a.events_before);
    if (a.move) {
        moves_.pop_back();
        history_.pop_back();
        keys_.pop();
    } else {
        // A forfeit had replaced the current position.
        history_.back() = current_entry();
        keys_.replace_last_key(pos_.key());
    }
    result_ = compute_result();
    refresh_legal();
    return true;
}

void Game::resign(Player p) {
    if (over()) throw std::logic_error("Game::resign after the end of the game");
    if (!pos_.is_active(p)) throw std::logic_error("Game::resign by a player out of the game");
    actions_.push_back({false, events_.size(), pos_.ply()});
    if (!many_players()) {
        end_with({{EventKind::Resignation, ply(), p, -1}});
        return;
    }
    const Player by = last_mover_except({p});
    events_.push_back({EventKind::Resignation, ply(), p, by});
    forfeit(p, by);
}

std::vector<int> Game::impasse_scores() const {
    const Variant& v = *variant_;
    const PositionState& st = current();
    std::vector<int> scores(v.num_players(), 0);
    for (Square s = 0; s < v.geo.squares(); ++s) {
        const PieceCode pc = st.board[s];
        // Pieces of an eliminated player are neutral and score for no one (§D.5).
        if (pc != kEmpty && pos_.is_active(owner_of(pc)))
            scores[owner_of(pc)] += v.types[type_of(pc)].impasse_value;
    }
    for (Player p = 0; p < v.num_players(); ++p)
        for (PieceType t : v.hand_types) scores[p] += st.hands[p][t] * v.types[t].impasse_value;
    return scores;
}

std::optional<std::string> Game::impasse_refusal() const {
    const Variant& v = *variant_;
    if (v.impasse_threshold <= 0) return v.name + " has no impasse rule.";
    if (over()) return "The game is over.";
    for (Player p = 0; p < v.num_players(); ++p) {
        if (!pos_.is_active(p)) continue;
        const Square k = king_square(v, current(), p);
        if (k == kNoSquare || !v.in_zone(p, k))
            return "An impasse needs every King in its own promotion zone, and " +
                   v.players[p].name + "'s King on " + v.geo.name(k) + " is not.";
    }
    if (impasse_pending())
        return "An impasse is already agreed: the first player to reach " +
               std::to_string(v.impasse_threshold) + " points wins.";
    // With two players somebody always has the points; with more, nobody reaching them makes
    // the impasse pending (§D.6).
    if (!many_players() && !someone_reaches_impasse_threshold())
        return "No player has the " + std::to_string(v.impasse_threshold) +
               " points that an impasse needs, so it could not decide the game.";
    return std::nullopt;
}

bool Game::someone_reaches_impasse_threshold() const {
    const std::vector<int> scores = impasse_scores();
    for (Player p = 0; p < variant_->num_players(); ++p)
        if (pos_.is_active(p) && scores[p] >= variant_->impasse_threshold) return true;
    return false;
}

bool Game::impasse_pending() const {
    return !over() && std::any_of(events_.begin(), events_.end(), [](const GameEvent& e) {
        return e.kind == EventKind::ImpassePending;
    });
}

void Game::declare_impasse(Player declarer) {
    if (auto why = impasse_refusal()) throw std::logic_error("Game::declare_impasse: " + *why);
    actions_.push_back({false, events_.size(), pos_.ply()});
    if (someone_reaches_impasse_threshold())
        end_with({{EventKind::Impasse, ply(), -1, declarer}});
    else
        events_.push_back({EventKind::ImpassePending, ply(), -1, declarer});
}

std::string describe_result(const Game& game) {
    const GameResult& r = game.result();
    if (!r.over || !r.final) return "";
    const Variant& v = game.variant();
    auto name = [&](Player p) { return p >= 0 ? v.players[p].name : std::string("?"); };
    std::vector<Player> winners;
    for (Player p = 0; p < v.num_players(); ++p)
        if (r.standings[p] == Standing::Won) winners.push_back(p);
    std::string outcome;
    if (winners.size() == 1) {
        outcome = name(winners.front()) + " wins.";
    } else {
        std::vector<std::string> drawn;
        for (Player p = 0; p < v.num_players(); ++p)
            if (r.standings[p] == Standing::Drawn) drawn.push_back(name(p));
        outcome = drawn.size() == static_cast<std::size_t>(v.num_players()) ? "Draw." : "Draw for";
        if (outcome != "Draw.") {
            for (std::size_t i = 0; i < drawn.size(); ++i) outcome += (i ? ", " : " ") + drawn[i];
            outcome += ".";
        }
    }
    const GameEvent& e = *r.final;
    switch (e.kind) {
        case EventKind::Checkmate:
            return name(e.player) + " is checkmated: " + outcome;
        case EventKind::Stalemate:
            return name(e.player) + " has no legal move (stalemate, which loses): " + outcome;
        case EventKind::Resignation:
            return name(e.player) + " resigns: " + outcome;
        case EventKind::PerpetualCheck:
            return "Fourfold repetition by perpetual check from " + name(e.player) +
                   ", which loses: " + outcome;
        case EventKind::Repetition:
            return "Fourfold repetition: " + outcome;
        case EventKind::MutualPerpetualCheck:
            return "Fourfold repetition with every side checking on every move: " + outcome;
        case EventKind::AllSkipped:
            return "Every player in the game had to skip a turn in a row: " + outcome;
        case EventKind::Impasse:
        case EventKind::ImpasseReached: {
            std::string s = e.kind == EventKind::Impasse
                                ? "Impasse declared by " + name(e.by) + " and accepted. Points:"
                                : "Impasse: " + name(e.by) + " reached the " +
                                      std::to_string(v.impasse_threshold) +
                                      " points first. Points:";
            for (Player p = 0; p < v.num_players(); ++p)
                s += (p ? ", " : " ") + name(p) + " " + std::to_string(r.impasse_scores[p]);
            return s + " (" + std::to_string(v.impasse_threshold) + " needed not to lose). " +
                   outcome;
        }
        case EventKind::Skipped:
        case EventKind::ImpassePending:
            break;  // never final
    }
    return outcome;
}

}  // namespace seireigi

namespace seireigi {

std::string describe_event(const Variant& v, const GameEvent& e) {
    auto name = [&](Player p) { return p >= 0 ? v.players[p].name : std::string("?"); };
    // Where a leaving player's hand goes (docs/rules.md §D.4 step 3, §D.7).
    auto hand_to = [&]() {
        if (v.num_players() <= 2) return std::string(".");
        return e.by >= 0 ? "; " + name(e.player) +
                               "'s pieces stay as neutral pieces and the hand "
                               "goes to " +
                               name(e.by) + "."
                         : "; " + name(e.player) +
                               "'s pieces stay as neutral pieces and the hand leaves play.";
    };
    switch (e.kind) {
        case EventKind::Checkmate:
            return name(e.player) + " is checkmated" + (e.by >= 0 ? " by " + name(e.by) : "") +
                   hand_to();
        case EventKind::Stalemate:
            return name(e.player) + " has no legal move and loses.";
        case EventKind::Resignation:
            return name(e.player) + " resigns" + hand_to();
        case EventKind::PerpetualCheck:
            return name(e.player) + " loses by perpetual check" + hand_to();
        case EventKind::Repetition:
            return "Fourfold repetition: a draw.";
        case EventKind::MutualPerpetualCheck:
            return "Fourfold repetition with every side checking: a draw.";
        case EventKind::Impasse:
            return "Impasse declared by " + name(e.by) + " and accepted.";
        case EventKind::Skipped:
            return name(e.player) + " is skipped: no legal move.";
        case EventKind::AllSkipped:
            return "Every player had to skip a turn in a row: a draw.";
        case EventKind::ImpassePending:
            return "Impasse declared by " + name(e.by) + " and accepted, but nobody has the " +
                   std::to_string(v.impasse_threshold) +
                   " points: play goes on, and the first player to reach them wins.";
        case EventKind::ImpasseReached:
            return name(e.by) + " reaches the " + std::to_string(v.impasse_threshold) +
                   " impasse points first.";
    }
    return "";
}

}  // namespace seireigi
