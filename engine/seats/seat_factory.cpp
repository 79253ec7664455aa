#include "seats/seat_factory.h"

#include <charconv>
#include <string>

#include "match/random_seat.h"

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
    return Diagnostic{
        "", "unknown seat '" + std::string(spec) + "'; choose human, random or random:SEED"};
}

}  // namespace seireigi
