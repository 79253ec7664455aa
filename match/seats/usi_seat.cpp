#include "seats/usi_seat.h"

#include <algorithm>

#include "search/think_time.h"
#include "text/notation.h"

namespace seireigi {

UsiSeat::UsiSeat(UsiClientConfig config) : command_(config.command), client_(std::move(config)) {}

bool UsiSeat::failure_counts() const {
    return last_.status == UsiAnswer::Status::Move || last_.status == UsiAnswer::Status::Win;
}

SeatAction UsiSeat::choose(const Game& game, const MoveBudget& budget) {
    failure_.clear();
    const Variant& v = game.variant();
    std::vector<std::string> moves;
    for (Move m : game.moves()) moves.push_back(write_move(v, m));
    const std::string start = "sfen " + write_position(v, game.start());
    // A game that does not continue the last one is a new game: tell the engine.
    const bool continues = start == last_start_ && moves.size() >= last_moves_.size() &&
                           std::equal(last_moves_.begin(), last_moves_.end(), moves.begin());
    if (!continues) {
        std::string error;
        client_.new_game(error);
    }
    last_start_ = start;
    last_moves_ = moves;
    UsiGo go;
    if (budget.has_clock() || budget.byoyomi_ms) {
        // Only the clocks of the player to move and the next are known: in a game of more than
        // two players the USI engine sees those two.
        const bool sente = game.to_move() == 0;
        const int mine = std::max(0, budget.time_ms);
        const int theirs = budget.opponent_time_ms >= 0 ? budget.opponent_time_ms : mine;
        go.btime_ms = sente ? mine : theirs;
        go.wtime_ms = sente ? theirs : mine;
        go.binc_ms = go.winc_ms = budget.increment_ms;
        go.byoyomi_ms = budget.byoyomi_ms;
    }
    go.movetime_ms = budget.movetime_ms;
    go.nodes = static_cast<long long>(std::min<std::uint64_t>(budget.nodes, 1ULL << 62));
    go.depth = budget.depth;
    if (!budget.limited()) go.movetime_ms = search::kDefaultMoveMs;
    last_ = client_.think(start, moves, go);
    SeatAction resign{SeatAction::Kind::Resign, Move()};
    switch (last_.status) {
        case UsiAnswer::Status::Move: {
            auto read = game.read_move(last_.move);
            if (auto* d = std::get_if<Diagnostic>(&read)) {
                failure_ = "illegal move " + last_.move + ": " + d->message;
                return resign;
            }
            return {SeatAction::Kind::Play, std::get<Move>(read)};
        }
        case UsiAnswer::Status::Resign:
            return resign;
        case UsiAnswer::Status::Win:
            failure_ = "declared a win (bestmove win), which these rules do not allow here";
            return resign;
        case UsiAnswer::Status::Timeout:
            failure_ = "lost on time: " + last_.detail;
            return resign;
        case UsiAnswer::Status::Crashed:
            failure_ = "engine crashed: " + last_.detail;
            return resign;
        case UsiAnswer::Status::Failed:
            failure_ = "engine failed: " + last_.detail;
            return resign;
    }
    return resign;
}

std::variant<std::unique_ptr<UsiSeat>, Diagnostic> make_usi_seat(
    std::string_view spec, const std::vector<std::string>& options) {
    constexpr std::string_view prefix = "usi:";
    if (spec.substr(0, prefix.size()) != prefix || spec.size() == prefix.size())
        return Diagnostic{"", "expected 'usi:COMMAND', e.g. usi:/path/to/engine, not '" +
                                  std::string(spec) + "'"};
    UsiClientConfig config;
    config.command = std::string(spec.substr(prefix.size()));
    for (const std::string& option : options) {
        const std::size_t eq = option.find('=');
        if (eq == std::string::npos || eq == 0 || option.find(' ') < eq)
            return Diagnostic{"", "engine option '" + option +
                                      "': expected NAME=VALUE, e.g. USI_Variant=seireigi"};
        config.options.emplace_back(option.substr(0, eq), option.substr(eq + 1));
    }
    return std::make_unique<UsiSeat>(std::move(config));
}

}  // namespace seireigi
