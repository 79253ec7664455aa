// PositionState: a position as plain data (board, hands, player to move, active players), the
// form in which positions are written, read, compared and handed between engines.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/types.h"

namespace seireigi {

struct Variant;

struct PositionState {
    std::vector<PieceCode> board;         // one entry per square
    std::vector<std::vector<int>> hands;  // [player][base type] counts
    Player to_move = 0;
    std::uint8_t active = 0x3;  // bit p set while player p is in the game
    int move_number = 1;        // informational (not part of equality)

    // Equality of the game-relevant parts (board, hands, mover, active players).
    friend bool operator==(const PositionState& a, const PositionState& b) {
        return a.board == b.board && a.hands == b.hands && a.to_move == b.to_move &&
               a.active == b.active;
    }
};

// A short ordered list of players (at most one entry per player).
struct PlayerList {
    std::array<Player, kMaxPlayers> players{};
    int count = 0;
    void push(Player p) { players[static_cast<std::size_t>(count++)] = p; }
    const Player* begin() const { return players.data(); }
    const Player* end() const { return players.data() + count; }
    bool empty() const { return count == 0; }
    friend bool operator==(const PlayerList& a, const PlayerList& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
};

// What the turn procedure of three- and four-player variants did after a move (docs/rules.md §D.4),
// for the game layer and the terminal: who was mated (cascades included, in the order of
// elimination), whose turns were skipped for want of a legal move, and whether the game ended.
struct TurnEvents {
    PlayerList eliminated;
    PlayerList skipped;
    bool game_over = false;  // at most one player left, or every player skipped (a draw)
    friend bool operator==(const TurnEvents&, const TurnEvents&) = default;
};

// An empty state for a variant: empty board, empty hands, first player to move, all active.
PositionState empty_state(const Variant& v);

}  // namespace seireigi
