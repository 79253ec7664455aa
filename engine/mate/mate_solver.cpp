#include "mate/mate_solver.h"

#include <stdexcept>

#include "fast/fast_position.h"
#include "mate/defender_hand.h"
#include "mate/df_pn.h"
#include "mate/mate_verifier.h"
#include "position/generic_position.h"
#include "text/notation.h"

namespace seireigi::mate {

namespace {

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
    NodeValue v = solver.solve(pos, first_limit);
    int proven_limit = first_limit;
    if (v.proven()) {
        // Shorter mates: each limit below the best length found, until one is disproven.
        int length = v.length;
        while (o.shortest && length >= 3 && !budget.exhausted()) {
            const int limit = length - 2;
            const NodeValue shorter = solver.solve(pos, limit);
            if (shorter.proven()) {
                length = shorter.length;
                proven_limit = limit;
            } else {
                r.shortest_proven = shorter.disproven() && !shorter.path_dependent();
                r.repetition_disproof = shorter.disproven() && shorter.path_dependent();
                break;
            }
        }
        if (length <= 1) r.shortest_proven = true;
        budget.extend();  // the line of a proven mate is worth finishing
        std::vector<Move> line;
        if (solver.extract(pos, proven_limit, r.proof, line)) {
            r.outcome = Outcome::Mate;
            r.line = std::move(line);
            r.plies = static_cast<int>(r.line.size());
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
