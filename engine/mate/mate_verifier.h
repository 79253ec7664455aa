// The independent check of a proven mate: replays it with the generic position's legal moves
// alone (none of the solver's tables or move kinds) as a plain AND/OR search bounded by the
// proven length. At every defender node every legal reply is tried; at every attacker node the
// proof's move is tried first, then the others; a position's fourth occurrence ends the game
// short of mate, as the rules say, and a mate given by dropping a piece whose drop may not mate
// is refused. It also plays the line: every move legal, every attacker move a check in the
// tsume mode, no position repeated, the last move leaving the defender without a move.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mate/mate_types.h"
#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::mate {

struct Verdict {
    bool ok = false;
    std::string why;  // when !ok
    std::uint64_t nodes = 0;
};

// The position after `moves` from `start`, as the solver was given it (the defender's hand
// already filled where the solver filled it).
Verdict verify_mate(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                    const std::vector<Move>& moves, Mode mode, const MateResult& result,
                    std::uint64_t max_nodes = 50'000'000);

}  // namespace seireigi::mate
