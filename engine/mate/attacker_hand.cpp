#include "mate/attacker_hand.h"

#include <bit>

namespace seireigi::mate {

HandLayout::HandLayout(const Variant& v, const PositionState& state, Player attacker)
    : attacker_(attacker) {
    // A promoted face on the board goes to hand as its base type when captured.
    std::vector<std::size_t> base(v.types.size());
    for (std::size_t t = 0; t < v.types.size(); ++t) base[t] = t;
    for (std::size_t t = 0; t < v.types.size(); ++t)
        if (const PieceType face = v.types[t].promotes_to;
            face != kNoType && static_cast<std::size_t>(face) < base.size())
            base[static_cast<std::size_t>(face)] = t;
    std::vector<int> total(v.types.size(), 0);
    for (PieceCode pc : state.board)
        if (pc != kEmpty) ++total[base[static_cast<std::size_t>(type_of(pc))]];
    for (const auto& hand : state.hands)
        for (std::size_t t = 0; t < hand.size() && t < total.size(); ++t) total[t] += hand[t];
    int word = 0;
    int used = 0;
    for (PieceType t : v.hand_types) {
        const int most = total[static_cast<std::size_t>(t)];
        if (most == 0) continue;  // never in hand during this solve
        const int width = std::bit_width(static_cast<unsigned>(most)) + 1;  // + the guard bit
        if (used + width > 64) {
            ++word;
            used = 0;
        }
        if (word > 1) {
            dominance_ = false;
            break;
        }
        fields_.push_back({t, word, used});
        guards_[word] |= 1ull << (used + width - 1);
        used += width;
    }
    if (!dominance_) {
        fields_.clear();
        for (PieceType t : v.hand_types) fields_.push_back({t, 0, 0});
        guards_[0] = guards_[1] = 0;
    }
}

}  // namespace seireigi::mate
