// The fast position's per-variant data: Zobrist keys by internal piece and square, the variant's
// type indices for our kinds (which depend on catalogue order), and static-exchange values.
#pragma once

#include <array>
#include <cstdint>

#include "core/types.h"
#include "fast/attacks.h"
#include "fast/bitboard.h"

namespace seireigi::fast {

// Keys and type indices of one variant, built once per position construction (a few
// microseconds) and shared by copies (fast_position.h).
struct VariantKeys {
    std::array<std::array<std::uint64_t, kSquares>, 32> board{};  // [piece][internal square]
    std::array<std::array<std::uint64_t, kHandKinds>, 2> hand{};
    std::array<std::uint64_t, 2> side_change{};  // to_move(~c) - to_move(c)
    std::uint64_t to_move[2]{};
    std::uint64_t active = 0;
    std::array<PieceType, kKing + 1> type_of_kind{};  // base kinds 1..8 -> variant type
    std::array<PieceCode, 32> code{};                 // internal piece -> PieceCode (0: kEmpty)
    std::array<std::int8_t, 128> kind_of_type{};      // variant base type -> kind, or -1
    // Variant type -> its kind's slot in a hand, or kNoKind (a slot that stays empty) for the
    // types that never go to a hand: a hand count is one lookup.
    std::array<std::uint8_t, 128> hand_slot{};
    std::array<std::uint32_t, kHandKinds> drop_bits{};  // Move::drop(type, 0)
    // Static exchange (position/static_exchange.h), by kind: what capturing it wins, what
    // promoting it wins, and the kinds in the order attackers capture (ties share an order).
    std::array<int, kKinds> capture_value{};
    std::array<int, kKinds> promotion_gain{};
    int most_promotion_gain = 0;  // the largest of promotion_gain
    std::array<int, kKinds> attacker_order{};
    std::array<int, kKinds - 1> kinds_by_order{};
};

}  // namespace seireigi::fast
