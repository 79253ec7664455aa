#include "referee/referee_game.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "position/reference_position.h"
#include "text/notation.h"

namespace seireigi {

namespace {

// Adds what the referee decided to the outcome's words (a game of more than two players may
// see several decisions: a player out on time, then the move limit).
void note(RefereeOutcome& out, const std::string& decision) {
    if (!out.adjudication.empty()) out.adjudication += "; ";
    out.adjudication += decision;
}

// At the move limit with two players: by impasse points when both Kings stand in their zones
// (as if the side to move declared it and the other accepted), else a draw. With more: the
// players still in draw, as at an agreed end of play.
void adjudicate_move_limit(RefereeOutcome& out, int max_moves) {
    Game& g = out.game;
    const std::string limit = "the move limit of " + std::to_string(max_moves) + " moves";
    out.standings = g.result().standings;
    if (g.variant().num_players() > 2) {
        for (Standing& s : out.standings)
            if (s == Standing::Playing) s = Standing::Drawn;
        note(out, "adjudicated at " + limit + ": the players still in draw");
        return;
    }
    if (!g.impasse_refusal()) {
        const std::vector<int> scores = g.impasse_scores();
        g.declare_impasse(g.to_move());
        out.standings = g.result().standings;
        note(out, "adjudicated at " + limit + " by impasse points (" + std::to_string(scores[0]) +
                      " to " + std::to_string(scores[1]) + ")");
        return;
    }
    out.standings = two_player_standings(0.5);
    note(out, "adjudicated a draw at " + limit + " (" + *g.impasse_refusal() + ")");
}

bool reference_refuses(const Game& g, Move m) {
    const ReferencePosition reference(g.variant_ptr(), g.current());
    return m.is_null() || !reference.is_legal(m);
}

}  // namespace

double RefereeOutcome::points(Player p) const {
    const Standing s = standings.at(static_cast<std::size_t>(p));
    return s == Standing::Won ? 1.0 : s == Standing::Drawn ? 0.5 : 0.0;
}

std::string RefereeOutcome::description() const {
    if (adjudication.empty()) return describe_result(game);
    // With more than two players the game may go on after the referee put a player out.
    if (game.variant().num_players() > 2 && game.over())
        return describe_result(game) + " (" + adjudication + ")";
    return adjudication;
}

std::vector<Standing> two_player_standings(double first_points) {
    if (first_points > 0.75) return {Standing::Won, Standing::Lost};
    if (first_points < 0.25) return {Standing::Lost, Standing::Won};
    return {Standing::Drawn, Standing::Drawn};
}

RefereeOutcome play_refereed_game(std::shared_ptr<const Variant> variant,
                                  const PositionState& start, const std::vector<Move>& opening,
                                  const std::vector<Seat*>& seats, const RefereeRules& rules) {
    const int n = variant->num_players();
    if (static_cast<int>(seats.size()) != n)
        throw std::invalid_argument("one seat per player is needed");
    RefereeOutcome out{Game(variant, start), {}, "", true, "", 0, 0};
    Game& g = out.game;
    for (Move m : opening) {
        if (g.over()) break;
        g.play(m);
    }
    std::vector<int> clock(static_cast<std::size_t>(n), rules.budget.time_ms);
    // A player the referee put out: with two players the game ends, with more it goes on.
    auto put_out = [&](Player p, const std::string& why) {
        g.resign(p);
        note(out, variant->players[p].name + " " + why);
    };
    while (!g.over()) {
        if (rules.max_moves > 0 && g.ply() >= rules.max_moves) {
            adjudicate_move_limit(out, rules.max_moves);
            return out;
        }
        const Player p = g.to_move();
        const auto pi = static_cast<std::size_t>(p);
        MoveBudget budget = rules.budget;
        budget.time_ms = clock[pi];
        budget.opponent_time_ms = n == 2 ? clock[1 - pi] : -1;
        const auto began = std::chrono::steady_clock::now();
        const SeatAction a = seats[pi]->choose_now(g, budget);
        const int used = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                              std::chrono::steady_clock::now() - began)
                                              .count());
        if (a.nodes) {
            ++out.searched_moves;
            out.nodes += a.nodes;
        }
        if (clock[pi] >= 0) {
            const int allowed = clock[pi] + budget.byoyomi_ms + rules.overrun_margin_ms;
            if (used > allowed) {
                put_out(p, "lost on time (" + std::to_string(used) + " ms used, " +
                               std::to_string(allowed) + " ms allowed)");
                continue;
            }
            clock[pi] = std::max(0, clock[pi] - used) + budget.increment_ms;
        }
        if (a.kind != SeatAction::Kind::Play) {
            const std::string failure = seats[pi]->failure();
            if (failure.empty()) {
                g.resign(p);  // the player's own resignation: the rules' end, no adjudication
                continue;
            }
            out.counted = out.counted && seats[pi]->failure_counts();
            put_out(p, "lost: " + failure);
            continue;
        }
        if (rules.check_reference && reference_refuses(g, a.move)) {
            out.failure = "ply " + std::to_string(g.ply()) + ": " + variant->players[p].name +
                          "'s move " + write_move(*variant, a.move) +
                          " is not legal by the reference generator in " +
                          write_position(*variant, g.current());
            break;
        }
        const MoveList& legal = g.legal_moves();
        if (std::find(legal.begin(), legal.end(), a.move) == legal.end()) {
            put_out(p, "lost by an illegal move");
            continue;
        }
        g.play(a.move);
    }
    out.standings = g.result().standings;
    return out;
}

}  // namespace seireigi
