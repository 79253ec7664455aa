// Static exchange evaluation (SEE): what a move wins or loses on its destination square t when
// the players keep capturing there, by the swap rule. One definition for every engine; the
// positions implement see(m) and see_ge(m, threshold), and the kind cross-check compares them
// with the rule played out with real moves (check/exchange_reference.h).
//
//  * The mover plays m (a drop, a quiet move or a capture). Then two sides take turns capturing
//    on t: the mover's side (the mover alone) and the opponents' side (every other active
//    player: with three or four players any opponent may recapture, and the opponents count as
//    one side, since the result is the mover's). Pieces of eliminated players never capture.
//  * A side captures with its least valuable attacker of t: the lowest face value (the value
//    of the face on the board), royals last, ties to the lowest canonical square. An attacker is
//    a piece one of whose moves captures on t with the board as it stands after the captures so
//    far (pins and checks ignored, so a slider behind a piece that went to t joins in); a royal
//    only where the capture is legal (afterwards no piece of another owner attacks t). Nothing
//    captures a royal: a royal on t ends the exchange.
//  * A capture wins the value the captured piece has in the captor's hand: the hand value of
//    its base type (piece_values.h), whatever face it showed. A capture that may promote (a
//    promotable piece starting or ending in its zone) promotes when it must or when promoting
//    gains; a promotion wins value(promoted face) - value(base face). The move m promotes as it
//    says.
//  * Each side may stop instead of capturing (but the mover must play m); the result is the
//    mover's total under best play of both sides, from the list of gains by negamax.
// see_ge(m, threshold) is see(m) >= threshold.
#pragma once

#include <algorithm>
#include <array>
#include <limits>

#include "core/types.h"
#include "rules/variant.h"

namespace seireigi {

// The value of a piece's face on the board.
inline int exchange_face_value(const Variant& v, PieceCode pc) {
    return v.types[static_cast<std::size_t>(v.mover_type(face_of(pc)))].value;
}
// What capturing the piece wins: its base type's value in the captor's hand.
inline int exchange_capture_value(const Variant& v, PieceCode pc) {
    return v.types[static_cast<std::size_t>(type_of(pc))].hand_value;
}
// What promoting a piece of base type t wins (0 for a type that does not promote).
inline int exchange_promotion_gain(const Variant& v, PieceType t) {
    const PieceTypeInfo& info = v.types[static_cast<std::size_t>(t)];
    if (info.promotes_to == kNoType) return 0;
    return v.types[static_cast<std::size_t>(info.promotes_to)].value - info.value;
}
// The order in which a side's attackers capture (lowest first; ties: lowest canonical square).
inline constexpr int kRoyalAttackerOrder = std::numeric_limits<int>::max() - 1;
inline int exchange_attacker_order(const Variant& v, PieceCode pc) {
    return v.types[static_cast<std::size_t>(type_of(pc))].royal ? kRoyalAttackerOrder
                                                                : exchange_face_value(v, pc);
}
// Whether a capture that may both promote and stay unpromoted promotes.
inline bool exchange_promotes(bool may_promote, bool may_stay, int promotion_gain) {
    return may_promote && (!may_stay || promotion_gain > 0);
}

// The swap list: the gains of the captures on t, each from the view of the side that makes it,
// resolved by negamax (each side stops when capturing on would lose).
class SwapList {
  public:
    // Exchanges longer than this are cut (no real position comes near).
    static constexpr int kCapacity = 128;

    // `first_gain`: what the mover's move wins (capture and promotion).
    explicit SwapList(int first_gain) { gains_[0] = first_gain; }
    bool full() const { return size_ == kCapacity; }
    // The next side captures the piece standing on t, winning `gain` (capture and promotion).
    void capture(int gain) {
        gains_[static_cast<std::size_t>(size_)] =
            gain - gains_[static_cast<std::size_t>(size_ - 1)];
        ++size_;
    }
    // The mover's result: every side after the mover captures only when that pays.
    int resolve() const {
        int v = gains_[static_cast<std::size_t>(size_ - 1)];
        for (int i = size_ - 2; i >= 0; --i) v = std::min(gains_[static_cast<std::size_t>(i)], -v);
        return v;
    }

  private:
    // Not initialised: only the first size_ entries are read, each written before (zeroing
    // the room cost a call per exchange test).
    std::array<int, kCapacity> gains_;
    int size_ = 1;
};

}  // namespace seireigi
