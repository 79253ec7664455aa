// The position an Engine searches from, carrying the keys of the game before it (the search
// treats a repetition of them as the game does): replayed from the game's start and moves, or
// given as it stands with the game's key history, when the moves alone do not replay the game
// (three or more players: a player left without a move).
#pragma once

#include <memory>
#include <stdexcept>
#include <vector>

#include "position/key_history.h"
#include "position/position_state.h"
#include "rules/variant.h"
#include "text/notation.h"

namespace seireigi::search {

// Throws std::invalid_argument naming the first move that is not legal.
template <class P>
P replayed_position(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                    const std::vector<Move>& moves) {
    P pos(variant, start);
    for (Move m : moves) {
        if (!pos.is_legal(m))
            throw std::invalid_argument("move " + write_move(*variant, m) + " is not legal");
        pos.do_move(m);
    }
    return pos;
}

// Throws std::invalid_argument when `history` does not end in `current`.
template <class P>
P position_with_history(const std::shared_ptr<const Variant>& variant, const PositionState& current,
                        const KeyHistory& history) {
    P pos(variant, current);
    pos.set_history(history);
    return pos;
}

}  // namespace seireigi::search
