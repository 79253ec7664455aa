// ReferencePosition: the naive reference move generator (docs/architecture.md decision 7).
//
// It exists to check the real engines, so it is written to be obviously right rather than
// fast, and it shares nothing with them but the compiled moves (Variant::compiled) and the rule
// tables of the Variant (zones, may_stay_unpromoted, may_drop):
//  * the board is a plain vector indexed by Square; every step is x/y arithmetic checked with
//    Geometry::on_board;
//  * pseudo-legal moves are walked straight from the leaps, slides and path trees;
//  * a move is legal when, after playing it on a copy of the position, no piece of any other
//    owner has a capture onto one of the mover's royal squares (every square is scanned and
//    every such piece's captures generated);
//  * drop mate is found by generating every reply of the player who would be mated;
//  * undo_move restores a full snapshot, and key() is computed from scratch each time;
//  * with three or more players, do_move follows docs/rules.md §D.4 step by step on the state.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "position/position_contract.h"
#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi {

class ReferencePosition {
  public:
    ReferencePosition(std::shared_ptr<const Variant> variant, const PositionState& state);

    const Variant& variant() const { return *variant_; }
    PositionState state() const;
    Player side_to_move() const { return st_.to_move; }
    PieceCode piece_on(Square s) const { return st_.board[s]; }
    int hand_count(Player p, PieceType t) const { return st_.hands[p][t]; }
    bool is_active(Player p) const { return (st_.active >> p) & 1; }
    std::uint64_t key() const;

    void legal_moves(MoveList& list) const {
        if (!game_over_) generate_legal(st_, st_.to_move, list);
    }
    bool is_legal(Move m) const;
    void do_move(Move m);
    void undo_move();
    bool in_check(Player p) const { return in_check(st_, p); }
    bool has_legal_move(Player p) const;
    bool gives_check(Move m) const;
    bool game_over() const { return game_over_; }
    TurnEvents last_events() const { return history_.empty() ? TurnEvents{} : events_; }

  private:
    // Destinations are computed for two purposes: real moves, which never capture a royal
    // piece (docs/rules.md §D.3), and attack tests, where reaching a royal counts unless the move
    // may not take a royal (victim_not_royal, docs/rules.md §C.3).
    enum class Purpose { Move, Attack };

    // Appends every square the piece on `from` can reach; a square reached in two ways is
    // appended twice.
    void reach(const PositionState& st, Square from, Purpose purpose,
               std::vector<Square>& out) const;
    void walk_path(const PositionState& st, const CompiledMoves& cm, int node, Square start,
                   PieceCode mover, Purpose purpose, std::vector<Square>& out) const;
    // Whether `mover` may end a move on the occupied square `target` by capturing there.
    bool may_capture(const PositionState& st, PieceCode mover, Square target, Purpose purpose,
                     bool victim_not_royal) const;

    bool is_royal(PieceCode pc) const { return variant_->types[type_of(pc)].royal; }
    // Whether some piece not owned by `defender` can capture on `target`.
    bool attacked(const PositionState& st, Square target, Player defender) const;
    bool in_check(const PositionState& st, Player p) const;

    // Board moves and drops of `p`, before king safety and drop mate.
    void generate_pseudo(const PositionState& st, Player p, MoveList& list) const;
    void add_board_moves(const PositionState& st, Player p, Square from, Square to,
                         MoveList& list) const;
    void add_drops(const PositionState& st, Player p, MoveList& list) const;
    // The position after `p` plays m (board and hands; the player to move is unchanged).
    PositionState after(const PositionState& st, Player p, Move m) const;
    bool is_legal_for(const PositionState& st, Player p, Move m) const;
    bool is_illegal_drop_mate(const PositionState& st, Player p, Move m) const;
    void generate_legal(const PositionState& st, Player p, MoveList& list) const;
    bool has_legal_move(const PositionState& st, Player p) const;
    Player next_player(Player after) const;
    int active_count() const;
    // docs/rules.md §D.4 after mover x's move, on st_ (three or more players).
    void turn_procedure(Player x);
    bool finished() const;  // the game of st_ is over (a state given to the constructor)

    std::shared_ptr<const Variant> variant_;
    PositionState st_;
    bool game_over_ = false;
    TurnEvents events_;  // of the last move
    // Everything as it was before each move played.
    struct Snapshot {
        PositionState st;
        bool game_over;
        TurnEvents events;
    };
    std::vector<Snapshot> history_;
};

static_assert(PositionContract<ReferencePosition>);

}  // namespace seireigi
