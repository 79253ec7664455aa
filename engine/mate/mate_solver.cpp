#include "mate/mate_solver.h"

#include <algorithm>
#include <stdexcept>

#include "fast/fast_position.h"
#include "mate/defender_hand.h"
#include "mate/df_pn.h"
#include "mate/mate_verifier.h"
#include "position/generic_position.h"
#include "text/notation.h"

namespace seireigi::mate {

namespace {

// The longest mate a limit is sought for when the first proof had none (the table's lengths).
constexpr int kMaxLimit = 999;

template <SearchPosition P>
MateResult run(const std::shared_ptr<const Variant>& variant, const PositionState& start,
               const std::vector<Move>& moves, const MateOptions& o) {
    P pos(variant, start);
    for (Move m : moves) {
        if (!pos.is_legal(m))
            throw std::invalid_argument("move " + write_move(*variant, m) + " is not legal");
        pos.do_move(m);
    }
    const PositionState root = pos.state();
    const HandLayout layout(*variant, root, root.to_move);
    MateTable table(o.hash_mb);
    MateBudget budget(o.nodes, o.movetime_ms, o.stop, o.on_progress);
    DfPn<P> solver(*variant, table, layout, o.mode, budget, pos.key_history().ply());

    MateResult r;
    const int first_limit = o.max_plies > 0 ? o.max_plies : kUnlimited;
    const NodeValue v = solver.solve(pos, first_limit);
    if (v.proven()) {
        r.first_mate_nodes = budget.nodes();
        r.first_mate_ms = std::max(1, budget.elapsed_ms());
        // What is claimed rests on searches under ply limits only: a mate within `upper` plies
        // proven, none within `lower` (a mate's length is odd; -1: nothing ruled out yet). The
        // lengths the table stores guide the choice of limits but prove nothing.
        int upper = first_limit == kUnlimited ? kUnlimited : first_limit - (first_limit % 2 == 0);
        int lower = -1;
        int hint = v.length;
        bool sound_lower = true;
        bool extended = false;
        // One solve within `limit` plies, narrowing the bounds; false when the budget stopped it.
        auto narrow = [&](int limit) {
            const NodeValue w = solver.solve(pos, limit);
            if (w.proven()) {
                upper = limit;
                hint = w.length;
            } else if (w.disproven()) {
                lower = limit;
                sound_lower = !w.path_dependent();
            }
            return w.proven() || w.disproven();
        };
        if (upper == kUnlimited) {
            // A limit the mate is proven within: the length found, or longer if that was not it.
            for (int limit = hint; limit <= kMaxLimit && upper == kUnlimited; limit += 2) {
                if (narrow(limit)) continue;
                if (!o.finish_proven_mate) break;
                budget.extend();  // the limit came first: a proven mate is worth finishing
                extended = true;
                if (!narrow(limit)) break;  // stopped
            }
        }
        // Shorter mates, each limit between the bounds, until they meet or the effort is spent.
        if (o.shorten_effort > 0)
            budget.cap(budget.nodes() +
                       std::max(kShortenFloorNodes,
                                r.first_mate_nodes * static_cast<std::uint64_t>(o.shorten_effort)));
        while (o.shorten_effort != 0 && upper != kUnlimited && upper - lower > 2 && !extended &&
               !budget.exhausted()) {
            const int limit = std::clamp(hint, lower + 2, upper - 2);
            if (narrow(limit) && lower == limit) hint = limit + 2;
        }
        budget.lift_cap();
        r.shortest_proven = upper != kUnlimited && upper - lower <= 2 && sound_lower;
        r.repetition_disproof = !sound_lower;
        if (o.finish_proven_mate) budget.extend();  // the line of a proven mate is worth finishing
        // The line: for a mate proven shortest, every defender reply on it proven to last.
        std::vector<Move> line;
        if (upper != kUnlimited && solver.extract(pos, upper, r.shortest_proven, r.proof, line)) {
            r.outcome = Outcome::Mate;
            r.line = std::move(line);
            r.plies = upper;
        } else {
            r.proof.clear();  // no line: the mate is not claimed
            r.shortest_proven = false;
        }
    } else if (v.disproven()) {
        r.repetition_disproof = v.path_dependent();
        r.outcome = v.path_dependent() ? Outcome::Unknown : Outcome::NoMate;
    }
    r.nodes = budget.nodes();
    r.time_ms = budget.elapsed_ms();
    return r;
}

}  // namespace

MateResult solve_mate(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                      const std::vector<Move>& moves, const MateOptions& options) {
    if (variant->num_players() != 2)
        throw std::invalid_argument("the mate solver is for two players; " + variant->name +
                                    " has " + std::to_string(variant->num_players()));
    if (options.mode == Mode::Any && options.max_plies <= 0)
        throw std::invalid_argument("the any mode needs a ply limit");
    if (options.max_plies < 0 || options.max_plies > 999)
        throw std::invalid_argument("the ply limit must be between 1 and 999");
    const PositionState first = options.defender_holds_rest && moves.empty()
                                    ? with_defender_holding_rest(*variant, start)
                                    : start;
    if (options.defender_holds_rest && !moves.empty())
        throw std::invalid_argument(
            "the defender can hold the rest only of a position without moves");
    std::string why;
    const bool fast = FastPosition::supports(*variant, &why);
    if (options.implementation == Implementation::Fast && !fast)
        throw std::invalid_argument("the fast position solves only standard Seireigi: " + why);
    MateResult r;
    if (fast && options.implementation != Implementation::Generic) {
        r = run<FastPosition>(variant, first, moves, options);
        r.implementation = "fast";
    } else {
        r = run<GenericPosition>(variant, first, moves, options);
        r.implementation = "generic";
    }
    // Never a false proof: a mate the independent verifier does not confirm is not claimed.
    if (r.outcome == Outcome::Mate && options.verify) {
        const Verdict verdict = verify_mate(variant, first, moves, options.mode, r);
        r.nodes += verdict.nodes;
        if (!verdict.ok) {
            r.outcome = Outcome::Unknown;
            r.unverified = verdict.why;
            r.line.clear();
            r.plies = 0;
            r.proof.clear();
        }
    }
    return r;
}

const char* outcome_name(Outcome o) {
    switch (o) {
        case Outcome::Mate:
            return "mate";
        case Outcome::NoMate:
            return "no mate";
        case Outcome::Unknown:
            return "unknown";
    }
    return "unknown";
}

}  // namespace seireigi::mate
