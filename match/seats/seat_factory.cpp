#include "seats/seat_factory.h"

#include <charconv>
#include <optional>
#include <string>
#include <utility>

#include "nnue/network_source.h"
#include "seats/engine_seat.h"
#include "seats/random_seat.h"
#include "seats/usi_seat.h"

namespace seireigi {

namespace {

// A spec as a message shows it: it may come from anywhere, so at most 60 characters of it.
std::string shortened(std::string_view spec) {
    std::string shown(spec.substr(0, 60));
    if (spec.size() > shown.size()) shown += "...";
    return shown;
}

}  // namespace

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
    return Diagnostic{"", "unknown seat '" + shortened(spec) +
                              "'; choose human, engine, engine:LEVEL (1-20), random or "
                              "random:SEED"};
}

bool engine_plays(const Variant& variant, std::string* why) {
    if (variant.num_players() >= 2 && variant.num_players() <= kMaxPlayers) return true;
    if (why)
        *why = "the engine plays two to four players; " + variant.name + " has " +
               std::to_string(variant.num_players());
    return false;
}

std::optional<Diagnostic> read_engine_spec(std::string_view spec, EngineSeatSettings& settings) {
    std::string_view rest = spec.substr(6);
    auto bad = [&](std::string_view what) {
        std::string message = "'";
        message.append(shortened(spec))
            .append("': ")
            .append(what)
            .append(
                "; write engine, engine:LEVEL (1 weakest to 20 full strength), engine:ALGORITHM or "
                "engine:ALGORITHM:LEVEL, with ALGORITHM brs or paranoid (three or four players), "
                "e.g. engine:paranoid:5");
        return Diagnostic{"", message};
    };
    if (rest.empty()) return std::nullopt;
    if (rest.front() != ':') return bad("unknown seat");
    rest.remove_prefix(1);
    for (auto [name, algorithm] :
         {std::pair{std::string_view("brs"), search::MultiPlayerAlgorithm::BestReplyPlus},
          std::pair{std::string_view("paranoid"), search::MultiPlayerAlgorithm::Paranoid}}) {
        if (!rest.starts_with(name)) continue;
        const std::string_view after = rest.substr(name.size());
        if (!after.empty() && after.front() != ':') continue;
        settings.multi_player = algorithm;
        if (after.empty()) return std::nullopt;
        rest = after.substr(1);
        break;
    }
    int level = 0;
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), level);
    if (rest.empty() || ec != std::errc() || end != rest.data() + rest.size() || level < 1 ||
        level > 20)
        return bad("the level must be a whole number from 1 to 20");
    settings.level = level;
    return std::nullopt;
}

std::variant<std::unique_ptr<Seat>, Diagnostic> make_seat(
    std::string_view spec, const std::shared_ptr<const Variant>& variant) {
    if (spec != "engine" && !spec.starts_with("engine:") && !spec.starts_with("engine,"))
        return make_seat(spec);
    EngineSeatSettings settings;
    // After a comma, the evaluation: eval=nnue (the variant's own network) or eval=classical;
    // without one, the variant's default.
    const std::size_t comma = spec.find(',');
    if (comma != std::string_view::npos) {
        const std::string_view eval = spec.substr(comma + 1);
        if (eval == "eval=nnue" || eval == "eval=classical") {
            settings.eval = eval.substr(5);
        } else {
            // Built by appending: GCC 12 warns falsely (-Wrestrict) on "'" + string.
            std::string message = "'";
            message += shortened(spec);
            message += "': after the comma, eval=nnue or eval=classical";
            return Diagnostic{"", message};
        }
        spec = spec.substr(0, comma);
    }
    if (auto d = read_engine_spec(spec, settings)) return *d;
    std::string why;
    if (!engine_plays(*variant, &why)) return Diagnostic{"", why};
    if (settings.eval == "nnue") {
        auto net = nnue::variant_network(*variant);
        if (auto* d = std::get_if<Diagnostic>(&net)) return *d;
        settings.network = std::get<std::shared_ptr<const nnue::Network>>(net);
    } else if (settings.eval.empty()) {
        settings.network = nnue::usable_default_network(*variant);
    }
    try {
        return std::unique_ptr<Seat>(std::make_unique<EngineSeat>(variant, settings));
    } catch (const std::invalid_argument& e) {
        return Diagnostic{"", e.what()};
    }
}

std::variant<std::unique_ptr<Seat>, Diagnostic> make_command_line_seat(
    std::string_view spec, const std::shared_ptr<const Variant>& variant) {
    if (!spec.starts_with("usi:")) return make_seat(spec, variant);
    auto usi = make_usi_seat(spec, {}, {});
    if (auto* d = std::get_if<Diagnostic>(&usi)) return *d;
    return std::unique_ptr<Seat>(std::move(std::get<std::unique_ptr<UsiSeat>>(usi)));
}

std::unique_ptr<Seat> make_record_seat(std::string_view spec,
                                       const std::shared_ptr<const Variant>& variant,
                                       std::string_view fallback, std::string* replaced) {
    if (spec.empty()) spec = fallback;
    auto made = make_seat(spec, variant);
    if (auto* seat = std::get_if<std::unique_ptr<Seat>>(&made)) return std::move(*seat);
    const bool engine = engine_plays(*variant);
    if (replaced) {
        *replaced = "the record's seat '" + shortened(spec) + "' is " +
                    (spec.starts_with("usi:") ? "an external program, which a record may not start"
                                              : "not one seireigi knows") +
                    "; " + (engine ? "the engine" : "the random mover") + " plays it instead";
    }
    auto substitute = make_seat(engine ? "engine" : "random", variant);
    return std::move(std::get<std::unique_ptr<Seat>>(substitute));
}

}  // namespace seireigi
