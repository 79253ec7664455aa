#include "seat.h"

#include <charconv>

namespace seireigi {

namespace {

// SplitMix64: a small, well-mixed hash, so that neighbouring plies and seeds give unrelated
// choices.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

}  // namespace

SeatAction RandomSeat::choose(const Game& game) {
    const MoveList& legal = game.legal_moves();
    if (legal.empty()) return {SeatAction::Kind::Resign, Move()};
    const std::uint64_t r = mix(mix(seed_) ^ static_cast<std::uint64_t>(game.ply()));
    return {SeatAction::Kind::Play, legal[r % legal.size()]};
}

bool RandomSeat::accept_impasse(const Game& game, Player self, Player /*declarer*/) {
    return game.impasse_scores()[self] >= game.variant().impasse_threshold;
}

std::variant<std::unique_ptr<Seat>, Diagnostic> make_seat(std::string_view spec,
                                                          HumanInput* human) {
    if (spec == "human") {
        if (!human) return Diagnostic{"", "a human seat needs a terminal here"};
        return std::unique_ptr<Seat>(std::make_unique<HumanSeat>(*human));
    }
    if (spec == "random") return std::unique_ptr<Seat>(std::make_unique<RandomSeat>(1));
    if (spec.starts_with("random:")) {
        const std::string_view digits = spec.substr(7);
        std::uint64_t seed = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), seed);
        if (ec == std::errc() && end == digits.data() + digits.size() && !digits.empty())
            return std::unique_ptr<Seat>(std::make_unique<RandomSeat>(seed));
        return Diagnostic{
            "", "the seed in '" + std::string(spec) + "' must be a whole number, e.g. random:42"};
    }
    return Diagnostic{
        "", "unknown seat '" + std::string(spec) + "'; choose human, random or random:SEED"};
}

}  // namespace seireigi
