#include "text/start_position.h"

#include <stdexcept>

#include "text/notation.h"

namespace seireigi {

std::variant<PositionState, Diagnostic> read_start_position(const Variant& v) {
    if (v.setup_position.empty()) return start_state(v);
    auto read = read_position(v, v.setup_position);
    auto* d = std::get_if<Diagnostic>(&read);
    if (!d) return read;
    // The reader names "character N" of the text; the variant file knows where the text is.
    const std::string prefix = "character ";
    std::string where = v.setup_position_at.file;
    if (d->where.starts_with(prefix) && !where.empty())
        where = v.setup_position_at.of_character(std::stoi(d->where.substr(prefix.size())));
    return Diagnostic{where, "setup.position is not a valid position: " + d->message};
}

PositionState start_state(const Variant& v) {
    if (!v.setup_position.empty()) {
        auto read = read_start_position(v);
        if (auto* d = std::get_if<Diagnostic>(&read)) throw std::runtime_error(d->text());
        return std::get<PositionState>(read);
    }
    PositionState st = empty_state(v);
    for (const auto& [square, piece] : v.setup) st.board[square] = piece;
    return st;
}

}  // namespace seireigi
