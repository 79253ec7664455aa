#include "seats/seat_factory.h"

#include <stdexcept>
#include <utility>

#include "seats/engine_seat.h"
#include "seats/random_seat.h"
#include "seats/usi_seat.h"

namespace seireigi {

namespace {

using Made = std::variant<std::unique_ptr<Seat>, Diagnostic>;

Made read_and_make(std::string_view text, const std::shared_ptr<const Variant>& variant,
                   SpecSource source, const std::vector<std::string>& usi_options) {
    auto read = read_seat_spec(text, source);
    if (auto* d = std::get_if<Diagnostic>(&read)) return *d;
    return make_seat(std::get<SeatSpec>(read), variant, usi_options);
}

}  // namespace

bool engine_plays(const Variant& variant, std::string* why) {
    if (variant.num_players() >= 2 && variant.num_players() <= kMaxPlayers) return true;
    if (why)
        *why = "the engine plays two to four players; " + variant.name + " has " +
               std::to_string(variant.num_players());
    return false;
}

Made make_seat(const SeatSpec& spec, const std::shared_ptr<const Variant>& variant,
               const std::vector<std::string>& usi_options) {
    if (!usi_options.empty() && spec.kind != SeatSpec::Kind::Usi)
        return Diagnostic{"",
                          "engine options (--option) are for external engines "
                          "(usi:COMMAND); '" +
                              spec.text() + "' takes none"};
    switch (spec.kind) {
        case SeatSpec::Kind::Person:
            return std::unique_ptr<Seat>(std::make_unique<PersonSeat>());
        case SeatSpec::Kind::Random:
            return std::unique_ptr<Seat>(std::make_unique<RandomSeat>(spec.seed));
        case SeatSpec::Kind::Usi: {
            if (variant && variant->num_players() != 2)
                return Diagnostic{"", "'" + spec.text() +
                                          "': an external USI engine plays "
                                          "two-player games; " +
                                          variant->name + " has " +
                                          std::to_string(variant->num_players()) + " players"};
            auto usi = make_usi_seat(spec.text(), usi_options);
            if (auto* d = std::get_if<Diagnostic>(&usi)) return *d;
            return std::unique_ptr<Seat>(std::move(std::get<std::unique_ptr<UsiSeat>>(usi)));
        }
        case SeatSpec::Kind::Engine:
            break;
    }
    if (!variant) return Diagnostic{"", "an engine seat needs to know the variant here"};
    std::string why;
    if (!engine_plays(*variant, &why)) return Diagnostic{"", why};
    try {
        return std::unique_ptr<Seat>(std::make_unique<EngineSeat>(variant, spec));
    } catch (const std::invalid_argument& e) {
        return Diagnostic{"",
                          "'" + spec.text() + "' cannot play " + variant->name + ": " + e.what()};
    }
}

Made make_seat(std::string_view spec, const std::shared_ptr<const Variant>& variant) {
    return read_and_make(spec, variant, SpecSource::Anyone, {});
}

Made make_seat(std::string_view spec) {
    return read_and_make(spec, nullptr, SpecSource::Anyone, {});
}

Made make_command_line_seat(std::string_view spec, const std::shared_ptr<const Variant>& variant,
                            const std::vector<std::string>& usi_options) {
    return read_and_make(spec, variant, SpecSource::LocalCommandLine, usi_options);
}

std::unique_ptr<Seat> make_record_seat(std::string_view spec,
                                       const std::shared_ptr<const Variant>& variant,
                                       std::string_view fallback, std::string* replaced) {
    if (spec.empty()) spec = fallback;
    auto made = make_seat(spec, variant);
    if (auto* seat = std::get_if<std::unique_ptr<Seat>>(&made)) return std::move(*seat);
    const bool engine = engine_plays(*variant);
    if (replaced)
        *replaced = "the record's seat " + std::get<Diagnostic>(made).message + "; " +
                    (engine ? "the engine" : "the random mover") + " plays it instead";
    auto substitute = make_seat(engine ? "engine" : "random", variant);
    return std::move(std::get<std::unique_ptr<Seat>>(substitute));
}

}  // namespace seireigi
