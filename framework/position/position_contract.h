// The Position contract: what perft, cross-check and search need from a position, as a C++20
// concept. The generic position, the naive reference generator and the hand-optimized 9x9
// position all implement it, and one typed test suite (tests/position_contract_test.cpp) checks
// every implementation.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/types.h"
#include "position/key_history.h"
#include "position/move_kind.h"
#include "position/position_state.h"
#include "position/scored_move_list.h"
#include "rules/variant.h"

namespace seireigi {

// A growable list: Dai Seireigi positions can have thousands of drops.
using MoveList = std::vector<Move>;

template <class P>
concept PositionContract = std::constructible_from < P,
        std::shared_ptr<const Variant>,
const PositionState& > &&std::copy_constructible<P>&& requires(P& p, const P& cp, Move m,
                                                               MoveList& list, Player player,
                                                               Square s, PieceType t) {
    { cp.variant() } -> std::same_as<const Variant&>;
    { cp.state() } -> std::same_as<PositionState>;  // board, hands, mover, active players
    { cp.side_to_move() } -> std::same_as<Player>;
    { cp.piece_on(s) } -> std::same_as<PieceCode>;
    { cp.hand_count(player, t) } -> std::same_as<int>;
    { cp.is_active(player) } -> std::same_as<bool>;
    cp.legal_moves(list);  // appends every legal move of the side to move
    { cp.is_legal(m) } -> std::same_as<bool>;
    p.do_move(m);   // m must be legal
    p.undo_move();  // undoes the last do_move exactly, key included
    { cp.in_check(player) } -> std::same_as<bool>;
    { cp.has_legal_move(player) } -> std::same_as<bool>;  // as if `player` were to move
    { cp.gives_check(m) } -> std::same_as<bool>;          // m leaves some other player in check
    { cp.key() } -> std::same_as<std::uint64_t>;          // Zobrist key, equal across engines
};

// The search part of the contract: what the generic and the fast position add for a search (the
// naive reference generator stays naive). Same meaning on every engine; the kind cross-check
// (check/kind_check.h) compares each with its definition.
template <class P>
concept SearchPosition = PositionContract<P> &&
    requires(P& p, const P& cp, Move m, MoveList& list, ScoredMoveList& scored, MoveKind kind,
             int threshold, Player player, Square s, PieceType t, Square* out) {
    cp.generate(kind, list);    // position/move_kind.h
    cp.generate(kind, scored);  // the same moves, on the stack with a score slot each
    { cp.pseudo_legal(m) } -> std::same_as<bool>;
    { cp.legal(m) } -> std::same_as<bool>;  // any bit pattern may be asked
    p.do_null_move();                       // two players, not in check
    p.undo_null_move();
    // Static exchange by the swap rule of position/static_exchange.h.
    { cp.see(m) } -> std::same_as<int>;
    { cp.see_ge(m, threshold) } -> std::same_as<bool>;
    // How many pieces of `player` attack square s: pieces that could capture a King of another
    // player standing there, with the board as it is (pins ignored; the occupant of s does not
    // matter). The evaluation's King safety counts attackers and defenders with it.
    { cp.attackers(player, s) } -> std::same_as<int>;
    // The number of squares `player`'s pieces other than royals can move to or capture on,
    // each piece's squares counted once (pins and checks ignored, a royal's square not
    // counted, drops not counted): the evaluation's mobility.
    { cp.mobility(player) } -> std::same_as<int>;
    // The empty squares onto which a piece of hand type t of `player` would attack square s by
    // a leap or a slide (whether the drop is allowed there, and multi-leg moves, not asked),
    // written to `out` (room for every square), each once, in any order; returns how many:
    // the evaluation's checks the opponent could drop.
    { cp.drop_attacks(player, t, s, out) } -> std::same_as<int>;
    // The keys of the line that led here, the game before a search's root included.
    { cp.key_history() } -> std::same_as<const KeyHistory&>;
    { cp.repetition(threshold) } -> std::same_as<Repetition>;  // since that ply
};

}  // namespace seireigi
