// Game: a position with its history, and the rules that need the history or the players'
// agreement: results with their reasons, repetition, perpetual check, impasse, resignation, undo.
//
// The Position applies the per-move procedure (docs/architecture.md); the Game owns the rest:
//  * No legal move for the player to move loses, in check (checkmate) or not (stalemate)
//    (docs/rules.md §A.1).
//  * The 4th occurrence of a position ends the game (§A.4): a draw, unless every move of one
//    side in the span since the 1st occurrence gave check; then that side loses. If both sides
//    checked throughout (mutual perpetual check) it is a draw. Occurrences are counted by key
//    and confirmed by comparing full positions (docs/architecture.md decision 8).
//  * Impasse: declared by one player while every King stands in its owner's promotion zone,
//    accepted by the others; each player scores its pieces on the board and in hand by the
//    variant's values; below the threshold loses, the threshold or more is safe (§A.1, §A.3).
//  * Resignation loses.
//
// Results are kept per player and built from events, because the four-player game (§D)
// eliminates players one by one while the game goes on: an event names whom it befell and who
// caused it ("the mating player"). With two players the first event ends the game. With three
// or four (docs/rules.md §D.4-§D.7):
//  * the Position's turn procedure mates, eliminates and skips; the Game records each as an
//    event (checkmate by the mover, skipped), and "every player skipped in a row" as a draw;
//  * a perpetual checker and a resigning player leave by the after-loss procedure
//    (GenericPosition::forfeit), the hand going to the most recent mover who does not lose now
//    (none: the hand leaves play), and the game goes on while two or more players remain;
//  * an impasse that nobody would survive is "pending": play goes on, and the first player
//    whose score reaches the threshold after a move wins (§D.6).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/types.h"
#include "position/generic_position.h"
#include "position/key_history.h"
#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi {

enum class EventKind : std::uint8_t {
    Checkmate,             // `player` had no legal move while in check; `by` made the last move
    Stalemate,             // `player` had no legal move, not in check
    Resignation,           // `player` resigned
    PerpetualCheck,        // `player` checked on every move of a fourfold repetition and loses
    Repetition,            // fourfold repetition: a draw
    MutualPerpetualCheck,  // fourfold repetition in which every side checked throughout: a draw
    Impasse,               // declared by `by`, accepted; scored (§A.1)
    // Three or four players only:
    Skipped,         // `player` had no legal move, not in check: the turn passes (§D.4 step 7)
    AllSkipped,      // every active player was skipped in a row: a draw (§D.4 step 7)
    ImpassePending,  // declared by `by` and accepted while nobody reaches the threshold (§D.6)
    ImpasseReached,  // after a pending impasse, `by` reached the threshold first; scored
};

// Whether a record must state the event: decisions of the players (resignation, impasse). The
// others follow from the moves.
bool is_declaration(EventKind k);

// The word used in records for each kind ("checkmate", "perpetual-check" ...), and back.
std::string_view event_word(EventKind k);
std::optional<EventKind> event_from_word(std::string_view word);

struct GameEvent {
    EventKind kind = EventKind::Repetition;
    int ply = 0;         // moves played when it happened
    Player player = -1;  // whom it befell (the loser), -1 for draws and impasse
    Player by = -1;      // the mating player or the impasse declarer, -1 if none
    friend bool operator==(const GameEvent&, const GameEvent&) = default;
};

enum class Standing : std::uint8_t { Playing, Won, Lost, Drawn };

struct GameResult {
    bool over = false;
    std::vector<Standing> standings;  // per player
    std::optional<GameEvent> final;   // the event that ended the game
    std::vector<int> impasse_scores;  // per player, when the game ended by impasse
    friend bool operator==(const GameResult&, const GameResult&) = default;
};

class Game {
  public:
    // `start` must be fit for play (see unfit_for_play); throws std::invalid_argument if not.
    Game(std::shared_ptr<const Variant> variant, const PositionState& start);

    // Why a position cannot start a game, in words for the player; nothing if it can. A game
    // needs exactly one King for each active player (docs/rules.md §0.4).
    static std::optional<std::string> unfit_for_play(const Variant& v, const PositionState& st);

    const Variant& variant() const { return *variant_; }
    const std::shared_ptr<const Variant>& variant_ptr() const { return variant_; }
    const GenericPosition& position() const { return pos_; }
    const PositionState& start() const { return start_; }
    const PositionState& current() const { return history_.back().state; }
    const std::vector<Move>& moves() const { return moves_; }
    int ply() const { return static_cast<int>(moves_.size()); }
    Player to_move() const { return pos_.side_to_move(); }
    // Who made move number `index` (0-based).
    Player mover_of(int index) const { return keys_.mover(index + 1); }
    // The keys of the positions so far, with who moved and whether each move gave check (a
    // search's history before its root: see KeyHistory).
    const KeyHistory& key_history() const { return keys_; }
    bool in_check() const { return pos_.in_check(to_move()); }
    const MoveList& legal_moves() const { return legal_; }
    const std::vector<GameEvent>& events() const { return events_; }
    // The position after `ply` moves (0: the start; 0 <= ply <= ply()), and the players in
    // check there.
    const PositionState& state_after(int ply) const;
    std::vector<Player> checked_after(int ply) const;
    const GameResult& result() const { return result_; }
    bool over() const { return result_.over; }

    // Reads move text against the legal moves; a refusal names its reason (move_refusal.h).
    // Refuses every move once the game is over.
    std::variant<Move, Diagnostic> read_move(std::string_view text) const;
    // Plays a legal move and applies the end-of-game rules. Throws std::logic_error if the
    // move is not legal or the game is over (callers check with read_move or legal_moves).
    void play(Move m);
    // Takes back the last move, or a resignation or agreed impasse that ended the game without
    // a move; false when there is nothing to take back.
    bool undo();

    // `p` resigns: with two players the game ends; with more, `p` leaves by the after-loss
    // procedure and the others play on.
    void resign(Player p);

    // Each player's impasse score: its own pieces on the board and in hand, by the variant's
    // values (a promoted piece scores as its base type).
    std::vector<int> impasse_scores() const;
    // Why an impasse cannot be declared now, in words for the player; nothing if it can.
    std::optional<std::string> impasse_refusal() const;
    // The impasse, declared by `declarer` and accepted by the others. Throws std::logic_error
    // when impasse_refusal() says no. With three or four players and nobody at the threshold,
    // it is pending (see above) and the game goes on.
    void declare_impasse(Player declarer);
    bool impasse_pending() const;

  private:
    struct Entry {
        PositionState state;       // the full position, to confirm a repetition found by key
        std::uint8_t checked = 0;  // the players in check there, one bit each
    };
    // The current position as an entry of history_.
    Entry current_entry() const;

    bool many_players() const { return variant_->num_players() > 2; }
    void refresh_legal();
    // Applies the rules that follow a move (or the start): no legal move, repetition.
    void conclude();
    // Three or four players: `loser` leaves the game without a move (§D.7).
    void forfeit(Player loser, Player beneficiary);
    // Records what the Position's turn procedure did (its eliminations from index
    // `already_recorded` on, as checkmates by `mating`; skips; the all-skipped draw).
    void record_turn_events(Player mating, int already_recorded);
    std::uint8_t current_active() const;
    bool someone_reaches_impasse_threshold() const;
    // The most recent mover who is not in `losers` and is still active; -1 if none.
    Player last_mover_except(const std::vector<Player>& losers) const;
    // The events of a fourfold repetition at the current position; empty if there is none.
    std::vector<GameEvent> repetition_events() const;
    void end_with(const std::vector<GameEvent>& ending);
    GameResult compute_result() const;

    std::shared_ptr<const Variant> variant_;
    PositionState start_;  // history_.front() changes when a player leaves before any move
    GenericPosition pos_;
    std::vector<Move> moves_;
    std::vector<Entry> history_;  // history_[i]: the position after i moves
    KeyHistory keys_;             // keys_.key(i): its key
    // What undo takes back: a move, or a declaration (resignation, impasse), with what stood
    // before it. Forfeits also stand on the Position's undo stack, hence its ply.
    struct Action {
        bool move = false;
        std::size_t events_before = 0;
        int position_ply_before = 0;
    };
    std::vector<Action> actions_;
    std::vector<GameEvent> events_;
    MoveList legal_;
    GameResult result_;
};

// The result in words for players, e.g. "Gote is checkmated: Sente wins." or
// "Fourfold repetition: draw." Empty while the game goes on.
std::string describe_result(const Game& game);
// One event in words, e.g. "P3 is checkmated by P1 and leaves the game; P3's hand goes to P1."
std::string describe_event(const Variant& v, const GameEvent& e);

}  // namespace seireigi
