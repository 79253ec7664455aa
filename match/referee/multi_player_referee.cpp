#include "referee/multi_player_referee.h"

#include <stdexcept>

#include "position/reference_position.h"
#include "seats/engine_seat.h"
#include "seats/random_seat.h"
#include "text/notation.h"

namespace seireigi {

MultiPlayerGameResult play_multi_player_game(const std::shared_ptr<const Variant>& variant,
                                             const PositionState& start,
                                             const std::vector<MultiPlayerContestant>& seats,
                                             const MultiPlayerGameSettings& settings) {
    if (static_cast<int>(seats.size()) != variant->num_players())
        throw std::invalid_argument("one contestant per player is needed");
    std::vector<std::unique_ptr<search::Engine>> engines(seats.size());
    for (std::size_t p = 0; p < seats.size(); ++p) {
        if (!seats[p].engine) continue;
        search::Options o;
        o.hash_mb = settings.hash_mb;
        o.skill = seats[p].level;
        o.seed = seats[p].seed;
        o.multi_player = seats[p].algorithm;
        std::string why;
        engines[p] = search::Engine::create(variant, o, &why);
        if (!engines[p]) throw std::invalid_argument(why);
    }
    Game game(variant, start);
    MultiPlayerGameResult result;
    while (!game.over() && game.ply() < settings.max_plies) {
        const Player p = game.to_move();
        const MultiPlayerContestant& seat = seats[static_cast<std::size_t>(p)];
        Move m;
        if (game.ply() < settings.opening_plies) {
            m = RandomSeat(settings.opening_seed).choose(game).move;
        } else if (!seat.engine) {
            m = RandomSeat(seat.seed).choose(game).move;
        } else {
            search::Engine& engine = *engines[static_cast<std::size_t>(p)];
            set_engine_position(engine, game);
            search::Limits limits;
            if (settings.nodes)
                limits.nodes = settings.nodes;
            else
                limits.movetime_ms = settings.movetime_ms;
            const search::Result r = engine.search(limits, {});
            m = r.best;
            ++result.engine_moves;
            result.engine_nodes += r.nodes;
            if (settings.check_reference) {
                const ReferencePosition reference(variant, game.current());
                if (m.is_null() || !reference.is_legal(m)) {
                    // Built by appending: GCC 12 warns falsely (-Wrestrict) on "..." + string.
                    std::string& f = result.failure;
                    f = "ply ";
                    f += std::to_string(game.ply());
                    f += ": the engine's move ";
                    f += m.is_null() ? std::string("(none)") : write_move(*variant, m);
                    f += " is not legal by the reference generator in ";
                    f += write_position(*variant, game.current());
                    break;
                }
            }
        }
        game.play(m);
    }
    result.plies = game.ply();
    result.standings = game.result().standings;
    result.ply_limit = !game.over();
    for (Standing& s : result.standings)
        if (s == Standing::Playing) s = Standing::Drawn;
    result.description =
        result.ply_limit ? "ply limit: the players still in draw" : describe_result(game);
    result.game = std::make_shared<const Game>(std::move(game));
    return result;
}

}  // namespace seireigi
