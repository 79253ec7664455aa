#include "position/position_state.h"

#include "rules/variant.h"

namespace seireigi {

PositionState empty_state(const Variant& v) {
    PositionState st;
    st.board.assign(v.geo.squares(), kEmpty);
    st.hands.assign(v.num_players(), std::vector<int>(v.types.size(), 0));
    st.to_move = v.starting_player;
    st.active = static_cast<std::uint8_t>((1u << v.num_players()) - 1);
    return st;
}

}  // namespace seireigi
