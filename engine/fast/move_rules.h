// The Seireigi move rules that the fast position's generator (fast_position.cpp) and its
// one-move validation (move_validation.cpp) share (docs/rules.md §A.1): the promotion zone, the
// squares where a piece could not move again, the promotion choices, and the square from which
// a dropped Pawn checks the enemy King (drop-pawn mate is decided there).
#pragma once

#include "fast/attacks.h"
#include "fast/bitboard.h"

namespace seireigi::fast {

inline constexpr Bitboard kZone[2] = {ranks_bb(0, 2), ranks_bb(6, 8)};
inline constexpr Bitboard kLastRank[2] = {rank_bb(0), rank_bb(8)};
inline constexpr Bitboard kLastTwo[2] = {ranks_bb(0, 1), ranks_bb(7, 8)};

// The squares where a piece of `kind` could not move again: Pawn and Lance on the last rank,
// Knight on the last two. It must promote on arriving there and may not be dropped there.
constexpr Bitboard dead_squares(Color c, int kind) {
    return kind == kPawn || kind == kLance ? kLastRank[c]
           : kind == kKnight               ? kLastTwo[c]
                                           : Bitboard();
}

inline bool must_promote(Color c, int kind, int to) {
    return dead_squares(c, kind).test(to);
}

// The promotion choices: a promotable piece (the Gold included) may promote when it starts or
// ends in the zone, and must where it could not move again. The generator applies them to a
// set of destinations, this to one move.
inline bool promotion_choice_allowed(Color c, int kind, int from, int to, bool promotes) {
    if (promotes) return promotable(kind) && (kZone[c].test(from) || kZone[c].test(to));
    return !must_promote(c, kind, to);
}

// The square from which a Pawn of `us` would check the King on `king`; kNoSq when there is no
// King or it stands on the rank where such a Pawn could not stand.
inline int pawn_checking_square(Color us, int king) {
    if (king == kNoSq || y_of(king) == (us == kBlack ? 8 : 0)) return kNoSq;
    return us == kBlack ? king + 1 : king - 1;
}

}  // namespace seireigi::fast
