// The order in which a search tries the moves of a node, as one score per move, highest first:
// the hash move; captures and promotions, the most valuable victim (its worth to the captor,
// board value plus hand value) first and among those the cheapest attacker; the killer moves;
// the other quiet moves by history. A search may move the captures that lose the exchange after
// the quiet moves (minus kCaptureOrder).
#pragma once

#include <algorithm>

#include "core/types.h"
#include "search/evaluation.h"
#include "search/killer_moves.h"

namespace seireigi::search {

inline constexpr int kHashMoveOrder = 1 << 30;
inline constexpr int kCaptureOrder = 1 << 28;
inline constexpr int kKillerOrder = 1 << 27;
inline constexpr int kHistoryOrderLimit = 1 << 26;  // history scores are clamped within +-this

template <class P>
bool is_capture(const P& pos, Move m) {
    return !m.is_drop() && pos.piece_on(m.to()) != kEmpty;
}

// A capture's or promotion's place among the others (add it to +-kCaptureOrder).
template <class P>
int capture_gain_order(const P& pos, const Evaluator& values, Move m) {
    const int victim = is_capture(pos, m) ? values.capture_gain(face_of(pos.piece_on(m.to()))) : 0;
    const int attacker = m.is_drop() ? 0 : values.face_value(face_of(pos.piece_on(m.from())));
    return victim * 16 - attacker / 8 + (m.promotes() ? 200 * 16 : 0);
}

// A quiet move's place: a killer, else its history score.
inline int quiet_order(Move m, const KillerMoves& killers, int history) {
    if (m == killers.moves[0]) return kKillerOrder + 2;
    if (m == killers.moves[1]) return kKillerOrder + 1;
    return std::clamp(history, -kHistoryOrderLimit, kHistoryOrderLimit);
}

}  // namespace seireigi::search
