#include "position_state.h"

#include <stdexcept>

#include "notation.h"
#include "variant.h"

namespace seireigi {

PositionState empty_state(const Variant& v) {
    PositionState st;
    st.board.assign(v.geo.squares(), kEmpty);
    st.hands.assign(v.num_players(), std::vector<int>(v.types.size(), 0));
    st.to_move = v.starting_player;
    st.active = static_cast<std::uint8_t>((1u << v.num_players()) - 1);
    return st;
}

PositionState start_state(const Variant& v) {
    if (!v.setup_position.empty()) {
        auto read = read_position(v, v.setup_position);
        if (auto* d = std::get_if<Diagnostic>(&read))
            throw std::runtime_error("the setup of " + v.name +
                                     " is not a valid position: " + d->text());
        return std::get<PositionState>(read);
    }
    PositionState st = empty_state(v);
    for (const auto& [square, piece] : v.setup) st.board[square] = piece;
    return st;
}

}  // namespace seireigi
