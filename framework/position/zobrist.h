// Zobrist keys, defined as functions of the piece and square so that every engine computes the
// same key for the same position. Keys are additive (sums modulo 2^64): a board term per piece
// (owner, base type, promoted, square), one term per piece in each hand, the player to move and
// the set of active players.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace seireigi::zobrist {

constexpr std::uint64_t mix(std::uint64_t x) {
    // splitmix64 finaliser: a fixed, well-spread function of its input.
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

constexpr std::uint64_t board(PieceCode piece, Square s) {
    return mix((1ull << 40) | (static_cast<std::uint64_t>(piece) << 16) |
               static_cast<std::uint64_t>(s));
}
constexpr std::uint64_t hand(Player p, PieceType t) {
    return mix((2ull << 40) | (static_cast<std::uint64_t>(p) << 8) | static_cast<std::uint64_t>(t));
}
constexpr std::uint64_t to_move(Player p) {
    return mix((3ull << 40) | static_cast<std::uint64_t>(p));
}
constexpr std::uint64_t active(std::uint8_t mask) {
    return mix((4ull << 40) | static_cast<std::uint64_t>(mask));
}

}  // namespace seireigi::zobrist
