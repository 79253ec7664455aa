#include "referee/self_play.h"

#include <algorithm>
#include <random>
#include <set>
#include <stdexcept>

#include "core/splitmix64.h"
#include "game/game.h"
#include "text/start_position.h"

namespace seireigi::training {

namespace {

// What a searched position becomes in the data, before the result is known.
struct Kept {
    PositionState state;
    int score;
    int ply;
};

// Filters of the field: a position is learnt from when it is quiet, which the search's choice
// tells: not in check, and the best move neither captures nor promotes (the score of a position
// with a capture pending says little about the position itself); and not a mate score.
bool worth_learning(const Game& game, const search::Result& r) {
    if (game.in_check() || r.score.mate || r.best.is_null()) return false;
    if (r.best.promotes()) return false;
    return r.best.is_drop() || game.position().piece_on(r.best.to()) == kEmpty;
}

}  // namespace

SelfPlayGame play_self_play_game(const std::shared_ptr<const Variant>& variant,
                                 const SelfPlaySettings& settings, std::uint32_t index) {
    std::string why;
    auto engine = search::Engine::create(variant, settings.engine, &why);
    if (!engine) throw std::invalid_argument(why);
    std::mt19937_64 rng(splitmix64(settings.seed * 0x9E3779B97F4A7C15ull + index));

    SelfPlayGame out;
    out.data.index = index;
    Game game(variant, start_state(*variant));
    const int random_plies =
        settings.random_plies_min +
        static_cast<int>(rng() % static_cast<std::uint64_t>(settings.random_plies_max -
                                                            settings.random_plies_min + 1));
    const int opening_plies = random_plies + settings.sampled_plies;
    search::Limits limits;
    limits.nodes = settings.nodes;
    limits.depth = settings.depth;

    std::vector<Kept> kept;
    std::set<std::uint64_t> seen;  // a position met again in the game is kept once
    while (!game.over() && game.ply() < settings.max_plies) {
        const MoveList& legal = game.legal_moves();
        if (game.ply() < random_plies) {
            game.play(legal[static_cast<std::size_t>(rng() % legal.size())]);
            continue;
        }
        engine->set_position(game.start(), game.moves());
        if (game.ply() < opening_plies) {
            // The near-best moves: the root lines of a multi-line search.
            search::Limits sample = limits;
            sample.multipv = settings.sample_lines;
            std::vector<search::Info> lines(static_cast<std::size_t>(settings.sample_lines));
            int deepest = 0;
            engine->search(sample, [&](const search::Info& i) {
                if (i.pv.empty() || i.multipv < 1 || i.multipv > settings.sample_lines) return;
                deepest = std::max(deepest, i.depth);
                lines[static_cast<std::size_t>(i.multipv - 1)] = i;
            });
            std::vector<Move> near;
            const search::Info& best = lines[0];
            for (const auto& l : lines)
                if (l.depth == deepest && !l.pv.empty() && !l.score.mate && !best.score.mate &&
                    l.score.cp >= best.score.cp - settings.sample_margin_cp)
                    near.push_back(l.pv[0]);
            if (near.empty()) near.push_back(best.pv.empty() ? legal[0] : best.pv[0]);
            game.play(near[static_cast<std::size_t>(rng() % near.size())]);
            continue;
        }
        const search::Result r = engine->search(limits, {});
        if (r.best.is_null()) break;
        ++out.searched;
        if (worth_learning(game, r) && seen.insert(game.position().key()).second)
            kept.push_back({game.current(), r.score.cp, game.ply()});
        game.play(r.best);
    }
    out.plies = game.ply();
    Player winner = -1;
    if (game.over()) {
        for (Player p = 0; p < 2; ++p)
            if (game.result().standings[static_cast<std::size_t>(p)] == Standing::Won) winner = p;
        out.end = describe_result(game);
    } else {
        out.end = "draw at the move limit";
    }
    for (const Kept& k : kept) {
        nnue::TrainingPosition p;
        p.state = k.state;
        p.score = std::clamp(k.score, -nnue::kScoreLimit, nnue::kScoreLimit);
        p.result = winner < 0 ? 0 : (winner == k.state.to_move ? 1 : -1);
        p.ply = k.ply;
        out.data.positions.push_back(std::move(p));
    }
    return out;
}

}  // namespace seireigi::training
