// The slow reference for static exchange: the swap rule of position/static_exchange.h played out
// with real moves, for any position of the contract. The kind cross-check compares each
// position's see() with it.
//
// Which captures a player has on t comes from the engine's own legal move generation on a copy
// of the position with that player to move: for the non-royal pieces with the player's royals
// replaced by a piece of another owner (the board's occupancy unchanged, so nothing is pinned
// and nothing is in check: the swap rule ignores both), for the royals on the position as it is
// (a royal's capture must be legal). The capture chosen is then made on the copied state, and
// the next side looks again, until a side has no capture.
#pragma once

#include <limits>
#include <memory>
#include <vector>

#include "position/position_contract.h"
#include "position/static_exchange.h"

namespace seireigi {

namespace exchange_reference_detail {

struct Choice {
    Square from = kNoSquare;
    int order = std::numeric_limits<int>::max();
    bool may_promote = false, may_stay = false;
};

// The moves of `p` in `st` (its to_move set to p) that capture on t, by origin square.
template <class P>
void collect(const std::shared_ptr<const Variant>& v, PositionState st, Player p, Square t,
             bool royals, std::vector<Choice>& by_from) {
    st.to_move = p;
    auto royal = [&](PieceCode pc) { return v->types[type_of(pc)].royal; };
    if (!royals) {
        // Replace p's royals by a non-royal piece of another owner: occupancy unchanged.
        PieceType plain = 0;
        while (!v->types[plain].is_base || v->types[plain].royal) ++plain;
        const PieceCode stand_in = make_piece((p + 1) % v->num_players(), plain, false);
        for (PieceCode& pc : st.board)
            if (pc != kEmpty && owner_of(pc) == p && royal(pc)) pc = stand_in;
    }
    const P pos(v, st);
    MoveList moves;
    pos.legal_moves(moves);
    for (Move m : moves) {
        if (m.is_drop() || m.to() != t || royal(st.board[m.from()]) != royals) continue;
        Choice& c = by_from[static_cast<std::size_t>(m.from())];
        c.from = m.from();
        c.order = exchange_attacker_order(*v, st.board[m.from()]);
        (m.promotes() ? c.may_promote : c.may_stay) = true;
    }
}

// Plays the capture (or m) of the piece on `from` (kNoSquare: a drop of `dropped`) on st.
inline void play_on(PositionState& st, Player p, Square from, PieceType dropped, Square t,
                    bool promote) {
    const PieceCode victim = st.board[t];
    if (victim != kEmpty) ++st.hands[p][type_of(victim)];
    if (from == kNoSquare) {
        --st.hands[p][dropped];
        st.board[t] = make_piece(p, dropped, false);
    } else {
        st.board[t] = promote ? static_cast<PieceCode>(st.board[from] | 0x80) : st.board[from];
        st.board[from] = kEmpty;
    }
}

}  // namespace exchange_reference_detail

// The swap rule's result for the move m (legal for the player to move in `pos`).
template <PositionContract P>
int reference_exchange(const std::shared_ptr<const Variant>& v, const P& pos, Move m) {
    using namespace exchange_reference_detail;
    const Variant& var = *v;
    const Player mover = pos.side_to_move();
    const Square t = m.to();
    PositionState st = pos.state();
    int first_gain = 0;
    if (!m.is_drop()) {
        if (st.board[t] != kEmpty) first_gain = exchange_capture_value(var, st.board[t]);
        if (m.promotes()) first_gain += exchange_promotion_gain(var, type_of(st.board[m.from()]));
    }
    play_on(st, mover, m.from(), m.dropped(), t, m.promotes());
    SwapList swap(first_gain);
    for (bool mover_side = false; !var.types[type_of(st.board[t])].royal && !swap.full();
         mover_side = !mover_side) {
        // Every capture on t of the side, by origin square; the least valuable one, lowest
        // square first.
        std::vector<Choice> by_from(static_cast<std::size_t>(var.geo.squares()));
        for (Player p = 0; p < var.num_players(); ++p) {
            if (!((st.active >> p) & 1) || (p == mover) != mover_side) continue;
            collect<P>(v, st, p, t, false, by_from);
            collect<P>(v, st, p, t, true, by_from);
        }
        Choice best;
        for (const Choice& c : by_from)
            if (c.from != kNoSquare && c.order < best.order) best = c;
        if (best.from == kNoSquare) break;
        const PieceCode captor = st.board[best.from];
        const int promotion_gain = exchange_promotion_gain(var, type_of(captor));
        const bool promote = exchange_promotes(best.may_promote, best.may_stay, promotion_gain);
        swap.capture(exchange_capture_value(var, st.board[t]) + (promote ? promotion_gain : 0));
        play_on(st, owner_of(captor), best.from, kNoType, t, promote);
    }
    return swap.resolve();
}

}  // namespace seireigi
