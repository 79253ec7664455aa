// Kinds of move generation for a search: every kind yields legal moves only.
//  * Legal: every legal move;
//  * Captures: captures and promotions (what quiescence searches);
//  * Quiets: every move that is neither a capture nor a promotion, drops included;
//  * Evasions: every legal move when the player to move is in check, none otherwise;
//  * Checks: the moves that leave another player in check.
// The definitions below are the reference: positions may generate faster, and the kind
// cross-check (`seireigi cross-check --kinds`) compares what they generate with these.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace seireigi {

enum class MoveKind : std::uint8_t { Legal, Captures, Quiets, Evasions, Checks };

inline constexpr MoveKind kAllMoveKinds[] = {MoveKind::Legal, MoveKind::Captures, MoveKind::Quiets,
                                             MoveKind::Evasions, MoveKind::Checks};

const char* move_kind_name(MoveKind k);

// Whether the legal move m of the player to move in `pos` belongs to kind k.
template <class P>
bool is_of_kind(const P& pos, Move m, MoveKind k) {
    const bool capture = !m.is_drop() && pos.piece_on(m.to()) != kEmpty;
    switch (k) {
        case MoveKind::Legal:
            return true;
        case MoveKind::Captures:
            return capture || m.promotes();
        case MoveKind::Quiets:
            return !capture && !m.promotes();
        case MoveKind::Evasions:
            return pos.in_check(pos.side_to_move());
        case MoveKind::Checks:
            return pos.gives_check(m);
    }
    return false;
}

}  // namespace seireigi
