#include "referee/referee_game.h"

#include <algorithm>
#include <chrono>

namespace seireigi {

namespace {

std::array<double, 2> points_of(const Game& g) {
    std::array<double, 2> pts{};
    for (Player p = 0; p < 2; ++p) {
        const Standing s = g.result().standings[p];
        pts[p] = s == Standing::Won ? 1.0 : s == Standing::Drawn ? 0.5 : 0.0;
    }
    return pts;
}

// At the move limit: by impasse points when both Kings stand in their zones (as if the side to
// move declared it and the other accepted), else a draw.
void adjudicate_move_limit(RefereeOutcome& out, int max_moves) {
    Game& g = out.game;
    const std::string limit = "the move limit of " + std::to_string(max_moves) + " moves";
    if (!g.impasse_refusal()) {
        const std::vector<int> scores = g.impasse_scores();
        g.declare_impasse(g.to_move());
        out.points = points_of(g);
        out.adjudication = "adjudicated at " + limit + " by impasse points (" +
                           std::to_string(scores[0]) + " to " + std::to_string(scores[1]) + ")";
        return;
    }
    out.points = {0.5, 0.5};
    out.adjudication = "adjudicated a draw at " + limit + " (" + *g.impasse_refusal() + ")";
}

}  // namespace

RefereeOutcome play_refereed_game(std::shared_ptr<const Variant> variant,
                                  const PositionState& start, const std::vector<Move>& opening,
                                  const std::array<MatchPlayer*, 2>& players,
                                  const RefereeRules& rules) {
    RefereeOutcome out{Game(variant, start), {}, ""};
    Game& g = out.game;
    for (Move m : opening) {
        if (g.over()) break;
        g.play(m);
    }
    std::array<int, 2> clock{rules.budget.time_ms, rules.budget.time_ms};
    while (!g.over()) {
        if (rules.max_moves > 0 && g.ply() >= rules.max_moves) {
            adjudicate_move_limit(out, rules.max_moves);
            return out;
        }
        const Player p = g.to_move();
        MoveBudget budget = rules.budget;
        budget.time_ms = clock[p];
        budget.opponent_time_ms = clock[1 - p];
        const auto began = std::chrono::steady_clock::now();
        const Move m = players[p]->choose(g, budget);
        const int used = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                              std::chrono::steady_clock::now() - began)
                                              .count());
        if (clock[p] >= 0) {
            const int allowed = clock[p] + budget.byoyomi_ms + rules.overrun_margin_ms;
            if (used > allowed) {
                g.resign(p);
                out.points = points_of(g);
                out.adjudication = variant->players[p].name + " lost on time (" +
                                   std::to_string(used) + " ms used, " + std::to_string(allowed) +
                                   " ms allowed)";
                return out;
            }
            clock[p] = std::max(0, clock[p] - used) + budget.increment_ms;
        }
        if (m.is_null()) {
            g.resign(p);
            const std::string failure = players[p]->failure();
            if (!failure.empty()) {
                out.points = points_of(g);
                out.adjudication = variant->players[p].name + " lost: " + failure;
                out.counted = players[p]->failure_counts();
                return out;
            }
            break;
        }
        bool legal = false;
        for (Move l : g.legal_moves()) legal = legal || l == m;
        if (!legal) {
            g.resign(p);
            out.points = points_of(g);
            out.adjudication = variant->players[p].name + " lost by an illegal move";
            return out;
        }
        g.play(m);
    }
    out.points = points_of(g);
    return out;
}

}  // namespace seireigi
