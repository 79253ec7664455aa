// Tuning without a rebuild: a struct of whole-number weights changed by a text
// "name=value,name=value" (from an environment variable of a tuning run; docs/engine.md).
#pragma once

#include <cstdlib>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace seireigi::search {

template <class Weights>
using NamedWeight = std::pair<std::string_view, int Weights::*>;

// `w` with the changes in `text` to the fields named in `fields`. Throws std::invalid_argument
// naming the bad part (`what` names the weights in the message).
template <class Weights>
Weights with_changes(Weights w, std::type_identity_t<std::span<const NamedWeight<Weights>>> fields,
                     const std::string& text, const std::string& what) {
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(',', start);
        if (end == std::string::npos) end = text.size();
        const std::string part = text.substr(start, end - start);
        start = end + 1;
        if (part.empty()) continue;
        const std::size_t eq = part.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument(what + " '" + part + "': expected NAME=VALUE");
        const std::string name = part.substr(0, eq), value = part.substr(eq + 1);
        int Weights::*field = nullptr;
        for (const auto& [known, member] : fields)
            if (known == name) field = member;
        if (!field) throw std::invalid_argument("unknown " + what + " '" + name + "'");
        std::size_t used = 0;
        int number = 0;
        try {
            number = std::stoi(value, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != value.size())
            throw std::invalid_argument(what + " " + name + ": '" + value +
                                        "' is not a whole number");
        w.*field = number;
    }
    return w;
}

// The text of an environment variable, or empty.
inline std::string environment_text(const char* name) {
    const char* text = std::getenv(name);
    return text ? text : "";
}

}  // namespace seireigi::search
