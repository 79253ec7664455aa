#include "text/start_position.h"

#include <stdexcept>

#include "text/notation.h"

namespace seireigi {

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
