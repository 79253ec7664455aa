#include "seats/seat_factory.h"

#include <charconv>
#include <string>

#include "match/random_seat.h"
#include "seats/engine_seat.h"
#include "seats/usi_seat.h"

namespace seireigi {

std::variant<std::unique_ptr<Seat>, Diagnostic> make_seat(std::string_view spec) {
    if (spec == "human") return std::unique_ptr<Seat>(std::make_unique<PersonSeat>());
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
    if (spec == "engine" || spec.starts_with("engine:"))
        return Diagnostic{"", "an engine seat needs to know the variant here"};
    return Diagnostic{"",
                      "unknown seat '" + std::string(spec) +
                          "'; choose human, engine, engine:LEVEL (1-20), random or random:SEED"};
}

bool engine_plays(const Variant& variant, std::string* why) {
    if (variant.num_players() == 2) return true;
    if (why)
        *why = "the engine plays two-player variants only so far; " + variant.name + " has " +
               std::to_string(variant.num_players()) + " players";
    return false;
}

std::variant<std::unique_ptr<Seat>, Diagnostic> make_seat(
    std::string_view spec, const std::shared_ptr<const Variant>& variant) {
    if (spec.starts_with("usi:")) {
        auto usi = make_usi_seat(spec, {}, {});
        if (auto* d = std::get_if<Diagnostic>(&usi)) return *d;
        return std::unique_ptr<Seat>(std::move(std::get<std::unique_ptr<UsiSeat>>(usi)));
    }
    if (spec != "engine" && !spec.starts_with("engine:")) return make_seat(spec);
    EngineSeatSettings settings;
    if (spec.starts_with("engine:")) {
        const std::string_view digits = spec.substr(7);
        int level = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), level);
        if (ec != std::errc() || end != digits.data() + digits.size() || level < 1 || level > 20)
            return Diagnostic{"", "the level in '" + std::string(spec) +
                                      "' must be a whole number from 1 (weakest) to 20 (full "
                                      "strength), e.g. engine:5"};
        settings.level = level;
    }
    std::string why;
    if (!engine_plays(*variant, &why)) return Diagnostic{"", why};
    try {
        return std::unique_ptr<Seat>(std::make_unique<EngineSeat>(variant, settings));
    } catch (const std::invalid_argument& e) {
        return Diagnostic{"", e.what()};
    }
}

}  // namespace seireigi
