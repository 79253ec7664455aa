// Zobrist keys, defined as functions of the piece and square so that every engine computes the
// same key for the same position. Keys are additive (sums modulo 2^64): a board term per piece
// (owner, base type, promoted, square), one term per piece in each hand, the player to move and
// the set of active players.
#pragma once

#include <cstdint>

#include "core/splitmix64.h"
#include "core/types.h"

namespace seireigi::zobrist {

constexpr std::uint64_t board(PieceCode piece, Square s) {
    return splitmix64((1ull << 40) | (static_cast<std::uint64_t>(piece) << 16) |
                      static_cast<std::uint64_t>(s));
}
constexpr std::uint64_t hand(Player p, PieceType t) {
    return splitmix64((2ull << 40) | (static_cast<std::uint64_t>(p) << 8) |
                      static_cast<std::uint64_t>(t));
}
constexpr std::uint64_t to_move(Player p) {
    return splitmix64((3ull << 40) | static_cast<std::uint64_t>(p));
}
constexpr std::uint64_t active(std::uint8_t mask) {
    return splitmix64((4ull << 40) | static_cast<std::uint64_t>(mask));
}

}  // namespace seireigi::zobrist
