// The attacker's hand packed into two words, so that the mate table can compare hands: a position
// whose attacker holds at least the pieces of a proven one (same board, same player to move) is
// proven too, and one whose attacker holds at most those of a disproven one is disproven (hand
// dominance). Within one solve the pieces are conserved, so with the board fixed the attacker's
// extra pieces are exactly the defender's missing ones.
//
// Each hand type gets a field wide enough for every piece of its kind in the position, with a
// guard bit above it; fields never straddle the two words, so one subtraction per word compares
// all fields at once. A hand that does not fit in 128 bits is hashed instead and compared only
// for equality (dominance off).
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.h"
#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::mate {

struct PackedHand {
    std::uint64_t word[2] = {0, 0};
    friend bool operator==(const PackedHand&, const PackedHand&) = default;
};

class HandLayout {
  public:
    HandLayout() = default;
    // Fields sized for the pieces in `state` (board and both hands), for `attacker`'s hand.
    HandLayout(const Variant& v, const PositionState& state, Player attacker);

    bool dominance() const { return dominance_; }
    Player attacker() const { return attacker_; }

    template <class P>
    PackedHand pack(const P& pos) const {
        PackedHand h;
        if (!dominance_) {
            std::uint64_t hash = 0x9E3779B97F4A7C15ull;
            for (const Field& f : fields_)
                hash = (hash ^ static_cast<std::uint64_t>(pos.hand_count(attacker_, f.type))) *
                       0x100000001B3ull;
            h.word[0] = hash;
            return h;
        }
        for (const Field& f : fields_)
            h.word[f.word] |= static_cast<std::uint64_t>(pos.hand_count(attacker_, f.type))
                              << f.shift;
        return h;
    }

    // Whether every count of `a` is at least that of `b` (equality only without dominance).
    bool covers(const PackedHand& a, const PackedHand& b) const {
        if (!dominance_) return a == b;
        for (int w = 0; w < 2; ++w)
            if ((((a.word[w] | guards_[w]) - b.word[w]) & guards_[w]) != guards_[w]) return false;
        return true;
    }

  private:
    struct Field {
        PieceType type;
        int word;
        int shift;
    };
    std::vector<Field> fields_;
    std::uint64_t guards_[2] = {0, 0};
    Player attacker_ = 0;
    bool dominance_ = true;
};

}  // namespace seireigi::mate
