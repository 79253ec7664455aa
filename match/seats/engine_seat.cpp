#include "seats/engine_seat.h"

#include <algorithm>
#include <stdexcept>

#include "nnue/network_source.h"
#include "search/think_time.h"

namespace seireigi {

EngineSeat::EngineSeat(std::shared_ptr<const Variant> variant, SeatSpec spec)
    : variant_(std::move(variant)), spec_(std::move(spec)) {
    if (spec_.eval.empty()) {
        network_ = nnue::usable_default_network(*variant_);
    } else if (spec_.eval == "nnue") {
        auto net = spec_.eval_file.empty() ? nnue::variant_network(*variant_)
                                           : nnue::network_file(spec_.eval_file, *variant_);
        if (auto* d = std::get_if<Diagnostic>(&net)) throw std::invalid_argument(d->text());
        network_ = std::get<std::shared_ptr<const nnue::Network>>(net);
    }
    make_engine(0);
}

void EngineSeat::make_engine(std::uint64_t seed) {
    search::Options o;
    o.skill = spec_.level;
    o.hash_mb = spec_.hash_mb;
    o.implementation = spec_.implementation;
    o.seed = seed;
    o.multi_player = spec_.algorithm;
    o.network = network_;
    std::string why;
    engine_ = search::Engine::create(variant_, o, &why);
    if (!engine_) throw std::invalid_argument(why);
}

void EngineSeat::new_game(int number, Player seat) {
    make_engine(static_cast<std::uint64_t>(number) * 16 + static_cast<std::uint64_t>(seat));
}

void set_engine_position(search::Engine& engine, const Game& game) {
    const bool left_without_move =
        std::any_of(game.events().begin(), game.events().end(), [](const GameEvent& e) {
            return e.kind == EventKind::Resignation || e.kind == EventKind::PerpetualCheck;
        });
    if (left_without_move)
        engine.set_position_with_history(game.current(), game.key_history());
    else
        engine.set_position(game.start(), game.moves());
}

search::Limits limits_of(const MoveBudget& budget) {
    search::Limits limits;
    if (!budget.limited()) {
        limits.movetime_ms = search::kDefaultMoveMs;
        return limits;
    }
    limits.nodes = budget.nodes;
    limits.depth = budget.depth;
    limits.movetime_ms = budget.movetime_ms;
    // The player's clock: the time manager shares it out over the game.
    limits.time_ms = budget.has_clock() || !budget.byoyomi_ms ? budget.time_ms : 0;
    limits.increment_ms = budget.increment_ms;
    limits.byoyomi_ms = budget.byoyomi_ms;
    limits.moves_to_go = budget.moves_to_go;
    return limits;
}

SeatAction EngineSeat::choose(const Game& game, const MoveBudget& budget) {
    set_engine_position(*engine_, game);
    search::Limits limits = limits_of(budget);
    if (stop_requested()) limits.depth = 1;  // asked to stop before it began: answer at once
    const search::Result r = engine_->search(limits, {});
    if (r.best.is_null()) return SeatAction::of(SeatAction::Kind::Resign);
    return SeatAction::play(r.best, r.nodes);
}

}  // namespace seireigi
