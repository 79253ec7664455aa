#include "seats/seat_spec.h"

#include <charconv>
#include <optional>
#include <vector>

namespace seireigi {

namespace {

constexpr std::string_view kEngineGrammar =
    "engine[:brs|paranoid][:LEVEL][,hash=MB][,position=fast|generic][,eval=nnue|classical]"
    "[,evalfile=FILE]";

template <class T>
bool read_number(std::string_view text, T& out) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

// A spec as a message shows it: it may come from anywhere, so at most 60 characters of it.
std::string shortened(std::string_view spec) {
    std::string shown(spec.substr(0, 60));
    if (spec.size() > shown.size()) shown += "...";
    return shown;
}

Diagnostic problem(std::string_view spec, std::string_view what) {
    // Built by appending: GCC 12 warns falsely (-Wrestrict) on "'" + string.
    std::string message = "'";
    message += shortened(spec);
    message += "': ";
    message += what;
    return Diagnostic{"", message};
}

std::vector<std::string_view> split_at(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    for (std::size_t from = 0;;) {
        const std::size_t at = text.find(separator, from);
        parts.push_back(text.substr(from, at == std::string_view::npos ? at : at - from));
        if (at == std::string_view::npos) return parts;
        from = at + 1;
    }
}

// "engine[:ALGORITHM][:LEVEL]": the part before the first comma.
std::optional<Diagnostic> read_engine_head(std::string_view spec, std::string_view head,
                                           SeatSpec& out) {
    const std::vector<std::string_view> parts = split_at(head, ':');
    std::size_t i = 1;
    if (i < parts.size() && (parts[i] == "brs" || parts[i] == "paranoid")) {
        out.algorithm = parts[i] == "brs" ? search::MultiPlayerAlgorithm::BestReplyPlus
                                          : search::MultiPlayerAlgorithm::Paranoid;
        out.algorithm_named = true;
        ++i;
    }
    if (i < parts.size()) {
        if (!read_number(parts[i], out.level))
            return problem(spec, "'" + shortened(parts[i]) +
                                     "' is neither brs, paranoid nor a level; write " +
                                     std::string(kEngineGrammar));
        if (out.level < 1 || out.level > 20)
            return problem(spec,
                           "the level is a whole number from 1 to 20 (1 weakest, 20 full "
                           "strength), e.g. engine:5 or engine:paranoid:5");
        ++i;
    }
    if (i < parts.size())
        return problem(spec, "write " + std::string(kEngineGrammar) +
                                 " (ALGORITHM brs or paranoid: three or four players)");
    return std::nullopt;
}

std::optional<Diagnostic> read_engine_setting(std::string_view spec, std::string_view setting,
                                              SpecSource source, SeatSpec& out) {
    const bool local = source == SpecSource::LocalCommandLine;
    if (setting == "eval=nnue" || setting == "eval=classical") {
        out.eval = std::string(setting.substr(5));
    } else if (setting.starts_with("evalfile=") && local) {
        out.eval = "nnue";
        out.eval_file = std::string(setting.substr(9));
        if (out.eval_file.empty()) return problem(spec, "evalfile= needs a network file");
    } else if (setting.starts_with("hash=") && local) {
        if (!read_number(setting.substr(5), out.hash_mb) || out.hash_mb < 1 || out.hash_mb > 16384)
            return problem(spec, "the hash size is a whole number of MB from 1 to 16384");
    } else if (setting == "position=fast" && local) {
        out.implementation = search::Implementation::Fast;
    } else if (setting == "position=generic" && local) {
        out.implementation = search::Implementation::Generic;
    } else if (!local && (setting.starts_with("evalfile=") || setting.starts_with("hash=") ||
                          setting.starts_with("position="))) {
        return problem(spec,
                       "hash=, position= and evalfile= are for the command line only; "
                       "here an engine takes eval=nnue or eval=classical");
    } else {
        return problem(spec, "unknown engine setting '" + shortened(setting) + "'; write " +
                                 std::string(kEngineGrammar));
    }
    return std::nullopt;
}

}  // namespace

std::variant<SeatSpec, Diagnostic> read_seat_spec(std::string_view text, SpecSource source) {
    SeatSpec spec;
    if (text == "human") {
        spec.kind = SeatSpec::Kind::Person;
        return spec;
    }
    if (text == "random" || text.starts_with("random:")) {
        spec.kind = SeatSpec::Kind::Random;
        if (text.size() > 6 && !read_number(text.substr(7), spec.seed))
            return problem(text, "the seed must be a whole number, e.g. random:42");
        return spec;
    }
    if (text.starts_with("usi:")) {
        if (source != SpecSource::LocalCommandLine)
            return problem(text,
                           "an external program (usi:) may only be named on the command "
                           "line of the person who runs seireigi");
        if (text.size() == 4)
            return problem(text, "expected usi:COMMAND, e.g. usi:/path/to/engine");
        spec.kind = SeatSpec::Kind::Usi;
        spec.command = std::string(text.substr(4));
        return spec;
    }
    if (text == "engine" || text.starts_with("engine:") || text.starts_with("engine,")) {
        const std::vector<std::string_view> parts = split_at(text, ',');
        if (auto d = read_engine_head(text, parts.front(), spec)) return *d;
        for (std::size_t i = 1; i < parts.size(); ++i)
            if (auto d = read_engine_setting(text, parts[i], source, spec)) return *d;
        return spec;
    }
    return problem(text, std::string("unknown seat; a seat is human, random[:SEED], ") +
                             std::string(kEngineGrammar) +
                             (source == SpecSource::LocalCommandLine ? " or usi:COMMAND" : ""));
}

std::string SeatSpec::text() const {
    switch (kind) {
        case Kind::Person:
            return "human";
        case Kind::Random:
            return "random:" + std::to_string(seed);
        case Kind::Usi:
            return "usi:" + command;
        case Kind::Engine:
            break;
    }
    std::string s = "engine";
    if (algorithm_named)
        s += algorithm == search::MultiPlayerAlgorithm::Paranoid ? ":paranoid" : ":brs";
    // Each piece appended apart: GCC 12 warns falsely (-Wrestrict) on ":" + string.
    if (level != 20) {
        s += ':';
        s += std::to_string(level);
    }
    if (hash_mb != kDefaultSeatHashMb) {
        s += ",hash=";
        s += std::to_string(hash_mb);
    }
    if (implementation != search::Implementation::Auto)
        s +=
            implementation == search::Implementation::Fast ? ",position=fast" : ",position=generic";
    if (!eval_file.empty()) {
        s += ",evalfile=";
        s += eval_file;
    } else if (!eval.empty()) {
        s += ",eval=";
        s += eval;
    }
    return s;
}

}  // namespace seireigi
