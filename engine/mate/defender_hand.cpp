#include "mate/defender_hand.h"

#include <algorithm>

#include "text/start_position.h"

namespace seireigi::mate {

PositionState with_defender_holding_rest(const Variant& v, const PositionState& state) {
    const PositionState start = start_state(v);
    std::vector<int> left(v.types.size(), 0);
    auto count = [&](const PositionState& s, int sign, bool defender_hand_too) {
        for (PieceCode pc : s.board)
            if (pc != kEmpty) left[static_cast<std::size_t>(type_of(pc))] += sign;
        for (Player p = 0; p < static_cast<Player>(s.hands.size()); ++p) {
            if (!defender_hand_too && p != s.to_move) continue;
            for (std::size_t t = 0; t < s.hands[static_cast<std::size_t>(p)].size(); ++t)
                left[t] += sign * s.hands[static_cast<std::size_t>(p)][t];
        }
    };
    count(start, 1, true);
    count(state, -1, false);
    PositionState out = state;
    const auto defender = static_cast<std::size_t>(state.to_move ^ 1);
    for (PieceType t : v.hand_types)
        out.hands[defender][static_cast<std::size_t>(t)] =
            std::max(0, left[static_cast<std::size_t>(t)]);
    return out;
}

}  // namespace seireigi::mate
