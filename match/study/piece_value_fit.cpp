#include "study/piece_value_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "search/eval_fit.h"

namespace seireigi {

namespace {

struct GamePositions {
    std::vector<search::ScoredPosition> positions;
    std::vector<int> presence;  // [type]: positions in which the type stands on board or in hand
};

// The fitted positions of one game, each with the game's result for its side to move.
GamePositions positions_of(const StudyGame& g, const search::Evaluator& eval) {
    const Variant& v = g.game.variant();
    GamePositions out;
    out.presence.assign(v.types.size(), 0);
    double sente_points = 0.5;
    if (g.game.over()) {
        const Standing first = g.game.result().standings[0];
        sente_points = first == Standing::Won ? 1.0 : first == Standing::Lost ? 0.0 : 0.5;
    }
    Game replay(g.game.variant_ptr(), g.game.start());
    for (Move m : g.game.moves()) {
        if (replay.over()) break;
        if (replay.ply() >= kFitFromPly && (replay.ply() - kFitFromPly) % kFitEvery == 0) {
            auto pos = std::make_shared<GenericPosition>(g.game.variant_ptr(), replay.current());
            if (search::settle_captures(*pos, eval)) {
                const double result = pos->side_to_move() == 0 ? sente_points : 1 - sente_points;
                out.positions.push_back({pos, result});
                const PositionState& st = replay.current();
                std::vector<bool> seen(v.types.size(), false);
                for (PieceCode pc : st.board)
                    if (pc != kEmpty)
                        seen[is_promoted(pc) ? v.types[type_of(pc)].promotes_to : type_of(pc)] =
                            true;
                for (const auto& hand : st.hands)
                    for (std::size_t t = 0; t < hand.size() && t < seen.size(); ++t)
                        if (hand[t] > 0) seen[t] = true;
                for (std::size_t t = 0; t < seen.size(); ++t) out.presence[t] += seen[t] ? 1 : 0;
            }
        }
        try {
            replay.play(m);
        } catch (const std::logic_error&) {
            break;
        }
    }
    return out;
}

// The fitted value of each non-royal type (in the variant's order) on these positions.
std::vector<int> fit(const std::shared_ptr<const Variant>& v,
                     std::vector<search::ScoredPosition> positions, double* scale) {
    search::EvalFit f(v, std::move(positions), search::EvalWeights{}, true, false);
    const double k = f.fit_scale();
    if (scale) *scale = k;
    f.run(3, [](int, std::size_t, double) {});
    std::vector<int> values;
    for (const search::FitParameter& p : f.parameters()) values.push_back(p.value);
    return values;
}

// A small deterministic generator (splitmix64), the same on every platform.
std::uint64_t next_random(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace

PieceValueFit fit_piece_values(const StudyGames& study, int resamples,
                               const std::function<void(int, int)>& progress) {
    PieceValueFit out;
    const auto& v = study.variant;
    const search::Evaluator eval(*v, search::EvalWeights{});
    std::vector<GamePositions> per_game;
    std::vector<search::ScoredPosition> all;
    std::vector<int> presence(v->types.size(), 0);
    for (const StudyGame& g : study.games) {
        per_game.push_back(positions_of(g, eval));
        const GamePositions& gp = per_game.back();
        all.insert(all.end(), gp.positions.begin(), gp.positions.end());
        for (std::size_t t = 0; t < presence.size(); ++t) presence[t] += gp.presence[t];
    }
    out.games = static_cast<int>(study.games.size());
    out.positions = static_cast<int>(all.size());
    for (std::size_t t = 0; t < v->types.size(); ++t) {
        const PieceTypeInfo& info = v->types[t];
        if (info.royal) continue;
        out.values.push_back({info.id, info.name, info.value, info.value, 0, 0, 0, presence[t]});
    }
    if (all.empty()) return out;
    const std::vector<int> fitted = fit(v, all, &out.scale);
    for (std::size_t i = 0; i < out.values.size(); ++i) out.values[i].fitted = fitted[i];

    std::vector<double> sum(fitted.size(), 0), sum_sq(fitted.size(), 0);
    std::uint64_t state = 20261128;
    const std::size_t n = per_game.size();
    for (int r = 0; r < resamples; ++r) {
        std::vector<search::ScoredPosition> drawn;
        for (std::size_t i = 0; i < n; ++i) {
            const GamePositions& gp = per_game[next_random(state) % n];
            drawn.insert(drawn.end(), gp.positions.begin(), gp.positions.end());
        }
        const std::vector<int> repeat = drawn.empty() ? fitted : fit(v, std::move(drawn), nullptr);
        for (std::size_t i = 0; i < repeat.size(); ++i) {
            sum[i] += repeat[i];
            sum_sq[i] += static_cast<double>(repeat[i]) * repeat[i];
        }
        progress(r + 1, resamples);
    }
    out.resamples = resamples;
    for (std::size_t i = 0; i < out.values.size(); ++i) {
        FittedValue& f = out.values[i];
        if (resamples > 1) {
            const double mean = sum[i] / resamples;
            const double var =
                std::max(0.0, sum_sq[i] / resamples - mean * mean) * resamples / (resamples - 1);
            f.spread = std::sqrt(var);
        }
        f.low = f.fitted - 1.96 * f.spread;
        f.high = f.fitted + 1.96 * f.spread;
    }
    return out;
}

}  // namespace seireigi
