// PositionState: a position as plain data (board, hands, player to move, active players), the
// form in which positions are written, read, compared and handed between engines.
#pragma once

#include <cstdint>
#include <vector>

#include "types.h"

namespace seireigi {

struct Variant;

struct PositionState {
    std::vector<PieceCode> board;           // one entry per square
    std::vector<std::vector<int>> hands;    // [player][base type] counts
    Player to_move = 0;
    std::uint8_t active = 0x3;              // bit p set while player p is in the game
    int move_number = 1;                    // informational (not part of equality)

    // Equality of the game-relevant parts (board, hands, mover, active players).
    friend bool operator==(const PositionState& a, const PositionState& b) {
        return a.board == b.board && a.hands == b.hands && a.to_move == b.to_move &&
               a.active == b.active;
    }
};

// An empty state for a variant: empty board, empty hands, first player to move, all active.
PositionState empty_state(const Variant& v);
// The variant's starting position.
PositionState start_state(const Variant& v);

}  // namespace seireigi
