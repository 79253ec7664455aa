#include "base/proven_mate.h"

#include <stdexcept>

#include "mate/mate_solver.h"
#include "text/notation.h"

namespace seireigi::cli {

std::optional<mate::MateResult> proven_mate(const std::shared_ptr<const Variant>& variant,
                                            const PositionState& start,
                                            const std::vector<Move>& moves, int movetime_ms) {
    if (variant->num_players() != 2) return std::nullopt;
    mate::MateOptions o;
    o.movetime_ms = movetime_ms;
    o.hash_mb = 16;
    try {
        mate::MateResult r = mate::solve_mate(variant, start, moves, o);
        if (r.outcome == mate::Outcome::Mate) return r;
    } catch (const std::invalid_argument&) {
        // a position the solver does not take (checked by the caller's own input handling)
    }
    return std::nullopt;
}

std::string describe_proven_mate(const Variant& v, const mate::MateResult& r) {
    std::string text = "mate proven in ";
    if (!r.shortest_proven) text += "at most ";
    text += std::to_string(r.plies) + " plies:";
    for (Move m : r.line) {
        text += ' ';
        text += write_move(v, m);
    }
    return text;
}

}  // namespace seireigi::cli
