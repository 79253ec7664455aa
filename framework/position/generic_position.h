// GenericPosition: the board-size-agnostic position of the generic rules engine.
//
// It implements the Position contract (position_contract.h) for any variant: 2-4 players, any
// rectangular board, every piece the XBetza grammar describes. The board is a mailbox with a
// border of off-board cells (mailbox.h). Move generation is pseudo-legal generation followed by
// a king-safety test that is skipped where it provably cannot fail.
//
// do_move applies the variant's whole per-move procedure. With two players that is only the
// move and the turn passing. With three or four it is docs/rules.md §D.4: the mate test of every
// checked player, the after-loss procedure (King removed, hand to the mover, the loser's pieces
// neutral: they keep their owner, who is inactive), cascades, the next player (a checked player
// first) and stalemate skips. undo_move restores all of it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "position/key_history.h"
#include "position/mailbox.h"
#include "position/move_kind.h"
#include "position/position_contract.h"
#include "position/position_state.h"
#include "position/scored_move_list.h"
#include "rules/variant.h"

namespace seireigi {

class GenericPosition {
  public:
    GenericPosition(std::shared_ptr<const Variant> variant, const PositionState& state);

    const Variant& variant() const { return *variant_; }
    const std::shared_ptr<const Variant>& variant_ptr() const { return variant_; }
    PositionState state() const;
    Player side_to_move() const { return to_move_; }
    PieceCode piece_on(Square s) const { return board_[mb_->cell_of[s]]; }
    int hand_count(Player p, PieceType t) const { return hands_[p * num_types_ + t]; }
    bool is_active(Player p) const { return (active_ >> p) & 1; }
    std::uint64_t key() const { return key_; }
    int ply() const { return static_cast<int>(history_.size()); }

    // Nothing once the game is over (docs/rules.md §0.4: an ended game counts 0 in perft).
    void legal_moves(MoveList& list) const {
        if (!game_over_) generate_legal(to_move_, list);
    }
    bool is_legal(Move m) const { return legal(m); }
    // Whether m could be played here if it did not expose the mover's King, and whether it is
    // legal, without generating every move (to validate a hash or killer move). Any bit
    // pattern may be asked.
    bool pseudo_legal(Move m) const;
    bool legal(Move m) const;
    // Appends the legal moves of `kind` (position/move_kind.h) of the player to move.
    void generate(MoveKind kind, MoveList& list) const { generate_kind(kind, list); }
    void generate(MoveKind kind, ScoredMoveList& list) const { generate_kind(kind, list); }
    void do_move(Move m);
    // Three or more players: `loser` leaves the game without a move (resignation, perpetual
    // check; docs/rules.md §D.7) by the after-loss procedure, with `beneficiary` receiving the hand
    // (-1: the hand leaves play). Then, as after a move, cascade mates (attributed to the
    // beneficiary) and the choice of the next player, searching from the player to move
    // (who keeps the turn if still active and nobody is in check). Undone by undo_move.
    void forfeit(Player loser, Player beneficiary);
    void undo_move();
    // Two players only: the side to move passes (a search's null move); undone by
    // undo_null_move. The side to move must not be in check.
    void do_null_move();
    void undo_null_move() { undo_move(); }
    bool in_check(Player p) const;
    bool has_legal_move(Player p) const;
    bool gives_check(Move m) const;
    // Static exchange evaluation of m by the swap rule of position/static_exchange.h (any
    // number of players), and whether it reaches `threshold`. Plays the captures on the board
    // and takes them back, like the legality tests.
    int see(Move m) const;
    bool see_ge(Move m, int threshold) const { return see(m) >= threshold; }
    // The number of pieces of `by` that could capture a royal of another player on s.
    int attackers(Player by, Square s) const;
    // The squares p's non-royal pieces can move to or capture on (search contract).
    int mobility(Player p) const;
    int drop_attacks(Player by, PieceType t, Square s, Square* out) const;

    // Three or more players: at most one player is left, or every active player had to skip
    // (a draw, docs/rules.md §D.4 step 7). Always false for two players (mate ends the move list).
    bool game_over() const { return game_over_; }
    // What the turn procedure did after the last move (empty before any move).
    TurnEvents last_events() const {
        return events_.empty() || history_.empty() ? TurnEvents{} : events_.back();
    }

    // The keys since construction, with who moved and whether each move gave check (a null
    // move and a forfeit count as nobody's move); set_history replaces them by a longer history
    // that ends in this position (a search's root: the game before it).
    const KeyHistory& key_history() const { return key_history_; }
    void set_history(KeyHistory history);
    Repetition repetition(int since_ply) const { return key_history_.repetition(since_ply); }

    // The legal moves of `p` as if `p` were to move.
    void generate_legal(Player p, MoveList& list) const;
    // The key computed from scratch (tests compare it with the incremental key).
    std::uint64_t compute_key() const;
    // The squares the path legs of the piece on `from` step onto to decide whether it could
    // capture a royal on `target` (tests bound this work: it follows only the lines that can
    // reach `target`).
    long path_attack_steps(Square from, Square target) const;
    // The squares the path legs of the piece on `from` step onto to list its destinations (tests
    // bound this work by the states the legs reach, not by the routes that reach them).
    long path_destination_steps(Square from) const;

  private:
    static constexpr PieceCode kOffBoard = 0xFFFF;

    struct Undo {
        Move move;
        PieceCode moved = kEmpty;  // the piece as it stood on `from` (board moves)
        PieceCode captured = kEmpty;
        Player mover = 0;         // the player to move before (for a forfeit too)
        Player beneficiary = -1;  // a forfeit's beneficiary; a move's is the mover
        std::uint64_t key = 0;
        std::uint8_t active = 0;  // before the move
        bool game_over = false;   // before the move
    };

    bool is_piece(PieceCode pc) const { return pc != kEmpty && pc != kOffBoard; }
    const DeltaMoves& moves_of(PieceCode pc) const { return mb_->moves[mb_->mover_index[pc]]; }
    bool is_royal(PieceCode pc) const { return variant_->types[type_of(pc)].royal; }

    // Pseudo-legal destinations of the piece on `cell`; calls emit(to_cell) once per square
    // (paths deduplicated where the piece's components can overlap).
    template <class Emit>
    void for_each_destination(int cell, PieceCode pc, Emit&& emit) const;
    // The paths of the piece on `cell`, and one leg `node` of them from `start`; `walk` numbers
    // this walk for entered_before.
    template <class Emit, class StepCount>
    void walk_paths(int cell, PieceCode pc, Emit& emit, StepCount& count) const;
    template <class Emit, class StepCount>
    void walk_path(const CompiledMoves& cm, int node, int start, Player owner, std::uint32_t walk,
                   Emit& emit, StepCount& count) const;
    // A number for a new walk of paths, none of whose marks are in path_memo_ yet. (A walk
    // started inside another's emit would only make the outer one walk some states again.)
    std::uint32_t next_path_walk() const;
    // Whether walk `walk` has entered a leg in PathNode state `state` on `cell` before; marks it.
    bool entered_before(int state, int cell, std::uint32_t walk) const;

    // Whether a royal of `defender` standing on `cell` could be captured by any piece not
    // owned by `defender` (active or eliminated).
    bool royal_attacked(int cell, Player defender) const;
    // Calls visit(attacker cell, slide delta or 0 for a leap, steps) for every leap and slide of
    // a piece `enemy(piece code)` accepts that could capture a royal on `cell` (paths apart),
    // until visit returns true; whether it did.
    template <class Enemy, class Visit>
    bool visit_leap_and_slide_attacks(int cell, Enemy&& enemy, Visit&& visit) const;
    // Whether such a royal could be captured by a multi-leg move (a path).
    bool path_attacked(int cell, Player defender) const;
    // Whether the piece on `from` attacks `target` as a royal victim; path_attacks: by a path.
    bool piece_attacks(int from, int target) const;
    bool path_attacks(int from, int target) const;
    template <class StepCount>
    bool path_attacks(int from, int target, StepCount& count) const;
    template <class StepCount>
    bool path_captures_royal_at(const CompiledMoves& cm, const std::vector<OffsetBox>& reach,
                                int node, int start, int target, Vec to_target,
                                StepCount& count) const;
    // King safety of `p` after the pseudo-legal move m, tested by playing it on the board
    // (against paths only, when the move cannot open a leap or slide onto the King).
    bool leaves_king_safe(Player p, Move m, bool paths_only = false) const;
    bool drop_mates_illegally(Player p, Move m) const;
    // What can expose p's King to a move of p: a check, enemy pieces whose paths turn corners
    // (any board move may open one), and enemy paths over a screen (a drop may open one).
    struct KingExposure {
        bool check = false;
        bool paths = false;
        bool hops = false;
        // Without paths or hops: how many pieces give check (2 for two or more) and, for one,
        // its cell and the slide it checks along (delta 0 for a leap), whose `steps - 1` cells
        // next to the King a piece can block.
        int checkers = 0;
        int checker = -1;
        int check_delta = 0;
        int check_steps = 0;
        bool blockable() const { return check && !paths && !hops; }
        // Whether `cell` lies between the one checking slider and the King on king_cell.
        bool between(int king_cell, int cell) const {
            if (check_delta == 0) return false;
            const int diff = king_cell - cell;
            return diff % check_delta == 0 && diff / check_delta > 0 &&
                   diff / check_delta < check_steps;
        }
    };
    KingExposure king_exposure(Player p) const;
    // In check from leaps and slides only, a drop can help only on a line through the King:
    // those squares (by square), else nullptr (every square).
    const std::uint8_t* drop_squares_in_check(Player p, const KingExposure& exposure) const;

    // Static exchange (see()): whether the piece on `from` captures on `target` with the board
    // as it stands, and the capture the side (`mover` alone, or else every other active player)
    // makes next on `target` (cell -1: none).
    bool captures_on(int from, PieceCode pc, int target) const;
    struct ExchangeCapture {
        int cell = -1;
        bool promote = false;
    };
    ExchangeCapture least_valuable_capture(int target, Player mover, bool mover_side) const;
    bool royal_capture_legal(int from, int target) const;
    // Generation into a MoveList or a ScoredMoveList (defined and used in the .cpp only).
    template <class List>
    void push_board_move(Player p, int from, int to, PieceCode pc, List& list) const;
    template <class List>
    void generate_pseudo(Player p, List& list) const;
    // The pseudo-legal moves of p's pieces on the board (generate_pseudo without the drops).
    template <class List>
    void generate_board_pseudo(Player p, List& list) const;
    // The drops of p (only on the squares `only_on` marks, where given, and where
    // `keep(type, square)` says so: a cheap test before the rules' ones).
    struct AnyDrop {
        bool operator()(PieceType, Square) const { return true; }
    };
    template <class List, class Keep = AnyDrop>
    void generate_drops(Player p, List& list, const std::uint8_t* only_on = nullptr,
                        Keep keep = {}) const;
    template <class List>
    void generate_legal_into(Player p, List& list) const;
    template <class List>
    void generate_kind(MoveKind kind, List& list) const;
    // Two players: the legal checking moves (MoveKind::Checks), and the quick test that lets a
    // move through to the exact ones (the King of the other player on king_cell).
    template <class List>
    void generate_checks(List& list) const;
    bool may_check(Move m, int king_cell, Square king_square) const;
    // Whether the piece pc could attack a King on king_cell from `cell` on some board.
    bool may_attack_from(PieceCode pc, int cell, int king_cell) const;

    // A trial move on the board only (no key, no hands), for legality tests.
    struct Trial {
        int from = -1, to = -1;
        PieceCode moved = kEmpty, captured = kEmpty;
        int king_from = -1;
        bool pushed_path = false;
    };
    Trial trial_move(Player p, Move m) const;
    void undo_trial(Player p, const Trial& t) const;

    void put(int cell, PieceCode pc);
    PieceCode take(int cell);
    Player next_player(Player after) const;
    // Whether the pseudo-legal move m of p is legal (king safety, drop mate).
    bool legal_pseudo(Player p, Move m, const KingExposure& exposure) const;
    // docs/rules.md §D.4 steps 1-7 (three or more players): mates and cascades attributed to
    // `mating` (who is never mated by it; -1 for none), then the next player: the first checked
    // player clockwise after `after`, else the next active player after `after`, and skips.
    void turn_procedure(Player mating, Player after, TurnEvents& events);
    void eliminate(Player loser, Player beneficiary);
    // Whether a player other than `mover` is in check (after mover's move).
    bool other_in_check(Player mover) const;
    void restore_eliminated(Player loser, Player beneficiary);
    void set_active(std::uint8_t mask);
    void set_to_move(Player p);
    int active_count() const;
    // Whether no active player can move (the all-skipped draw), for positions given as a state.
    bool nobody_can_move() const;

    std::shared_ptr<const Variant> variant_;
    std::shared_ptr<const MailboxTables> tables_;  // shared per variant (mailbox_tables)
    const MailboxTables* mb_;
    int num_types_;
    // Board and king cells are mutable: legality tests play a move on the board and take it
    // back inside const functions.
    mutable std::vector<PieceCode> board_;  // by cell
    mutable std::vector<int> hands_;        // [player * num_types + type]; mutable like board_
    mutable std::array<int, kMaxPlayers> king_cell_{-1, -1, -1, -1};
    // Cells that held pieces whose paths can capture royals (hooks, cannons). Entries may go
    // stale during trial moves; readers check the piece found there.
    mutable std::vector<int> path_cells_;
    Player to_move_ = 0;
    std::uint8_t active_ = 0x3;
    std::uint64_t key_ = 0;
    bool game_over_ = false;
    std::vector<Undo> history_;
    KeyHistory key_history_;
    // What the turn procedure did, one entry per move (three or more players only, which keeps
    // the two-player Undo record small).
    std::vector<TurnEvents> events_;
    // What eliminations took away, so that undo_move can give it back: per eliminated player (in
    // the order of elimination) the King's cell and piece, and the hand counts by type.
    std::vector<std::pair<int, PieceCode>> lost_kings_;
    std::vector<int> lost_hands_;
    int move_number_ = 1;
    mutable std::vector<std::uint32_t> stamp_;  // destination deduplication
    mutable std::uint32_t stamp_counter_ = 0;
    // [PathNode state * cells + cell]: the last walk that entered a leg in that state there, so
    // that a walk follows each (state, square) once however many routes lead to it.
    mutable std::vector<std::uint32_t> path_memo_;
    mutable std::uint32_t path_walk_ = 0;
};

static_assert(SearchPosition<GenericPosition>);

}  // namespace seireigi
