// FastPosition::pseudo_legal and legal (fast_position.h): one move decided from the tables, with
// the rules the generator applies (move_rules.h) and its King safety (checkers, pins, King steps,
// drop-pawn mate). They must agree exactly with membership in the generated list; the kind
// cross-check (check/kind_check.h) and tests/move_validation_test.cpp hold them to it.
#include <tuple>

#include "fast/fast_position.h"
#include "fast/move_rules.h"
#include "fast/variant_keys.h"

namespace seireigi {

using namespace fast;

// The moves the generator makes if the mover's King could be left in check and drop-pawn mate
// were allowed, decided for this one move: the same tables and the same rules.
bool FastPosition::pseudo_legal(Move m) const {
    if (!m.well_formed() || m.to() >= kSquares) return false;
    const int to = kTables.internal[m.to()];
    const Piece target = board_[to];
    if (m.is_drop()) {
        static_assert(std::tuple_size_v<decltype(keys_->kind_of_type)> > 0x7F);  // dropped()
        const int kind = keys_->kind_of_type[m.dropped()];
        if (target || kind < kPawn || kind >= kKing || !hand_[us_][kind]) return false;
        if (dead_squares(us_, kind).test(to)) return false;
        // Nifu: no file holding one of our unpromoted Pawns.
        return kind != kPawn || !occupied_files(pieces(us_, kPawn)).test(to);
    }
    if (m.from() >= kSquares) return false;
    const int from = kTables.internal[m.from()];
    const Piece p = board_[from];
    if (!p || color_of(p) != us_) return false;
    // Nor does the generator capture a King.
    if (target && (color_of(target) == us_ || kind_of(target) == kKing)) return false;
    const int kind = kind_of(p);
    const Bitboard reach = us_ == kBlack ? attacks<kBlack>(kind, from, occupied())
                                         : attacks<kWhite>(kind, from, occupied());
    return reach.test(to) && promotion_choice_allowed(us_, kind, from, to, m.promotes());
}

// What generate_for() decides for the one move: a King step onto a square the enemy does not
// attack; in check, only evasions; a pinned piece stays on its pin ray; no drop-pawn mate.
bool FastPosition::legal(Move m) const {
    if (!pseudo_legal(m)) return false;
    const int ksq = king_[us_];
    const int to = kTables.internal[m.to()];
    const int from = m.is_drop() ? kNoSq : kTables.internal[m.from()];
    if (from != kNoSq && from == ksq)  // sliders see through where the King stood
        return !attackers_to(~us_, to, occupied() ^ square_bb(ksq));
    if (checkers_) {
        if (checkers_.more_than_one()) return false;  // only the King may move
        // Take the checker or step between, as in generate_for().
        const int csq = checkers_.first();
        const Bitboard block = kind_of(board_[csq]) == kHeavenly ? Bitboard() : between(ksq, csq);
        if (!(m.is_drop() ? block : block | checkers_).test(to)) return false;
    }
    if (m.is_drop()) {
        if (keys_->kind_of_type[m.dropped()] != kPawn ||
            to != pawn_checking_square(us_, king_[~us_]))
            return true;
        return us_ == kBlack ? !drop_pawn_mates<kBlack>(to) : !drop_pawn_mates<kWhite>(to);
    }
    if (ksq == kNoSq || kTables.direction[ksq][from] < 0) return true;  // cannot be pinned
    const Bitboard occ = occupied();
    return !pinned(us_, occ).test(from) || pin_ray(ksq, from, occ).test(to);
}

}  // namespace seireigi
