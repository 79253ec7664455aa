#include "yaml/yaml_reader.h"

#include <algorithm>
#include <charconv>

namespace seireigi::yaml {

void Reader::error(const Where& where, std::string message) {
    problems_.push_back({where, std::move(message)});
}

bool Reader::map(const Node& node, std::string_view what, const Where& owner, KeyList allowed,
                 KeyList required) {
    if (!node.is_map()) {
        error(node.where,
              std::string(what) + ": expected a map (key: value lines), found " + show(node));
        return false;
    }
    const std::vector<std::string> allowed_words(allowed.begin(), allowed.end());
    for (const auto& [key, value] : node.entries) {
        if (std::find(allowed.begin(), allowed.end(), key.scalar) != allowed.end()) continue;
        std::string message = "unknown key '" + key.scalar + "' in " + std::string(what);
        if (auto guess = closest(key.scalar, allowed_words))
            message += " (did you mean '" + *guess + "'?)";
        error(key.where, message + "; allowed keys: " + join(allowed));
    }
    for (const auto key : required)
        if (!node.entry(key))
            error(owner,
                  std::string(what) + " is missing the required key '" + std::string(key) + "'");
    return true;
}

std::optional<std::string> Reader::text(const Node& node, std::string_view what) {
    if (node.is_scalar()) return node.scalar;
    error(node.where, std::string(what) + ": expected text, found " + show(node));
    return std::nullopt;
}

std::optional<int> Reader::integer(const Node& node, std::string_view what, int min, int max) {
    const std::string range = std::to_string(min) + " to " + std::to_string(max);
    if (node.is_scalar()) {
        const std::string& s = node.scalar;
        int value = 0;
        const char* first = s.data() + (!s.empty() && s[0] == '+' ? 1 : 0);
        const auto [end, ec] = std::from_chars(first, s.data() + s.size(), value);
        if (ec == std::errc() && end == s.data() + s.size() && first != end) {
            if (value >= min && value <= max) return value;
            error(node.where, std::string(what) + ": " + s + " is out of range; expected " + range);
            return std::nullopt;
        }
        if (ec == std::errc::result_out_of_range) {
            error(node.where, std::string(what) + ": " + s + " is out of range; expected " + range);
            return std::nullopt;
        }
    }
    error(node.where,
          std::string(what) + ": expected a whole number from " + range + ", found " + show(node));
    return std::nullopt;
}

std::optional<bool> Reader::boolean(const Node& node, std::string_view what) {
    if (node.is_scalar() && node.scalar == "true") return true;
    if (node.is_scalar() && node.scalar == "false") return false;
    error(node.where, std::string(what) + ": expected true or false, found " + show(node));
    return std::nullopt;
}

std::optional<std::string> Reader::choice(const Node& node, std::string_view what,
                                          KeyList choices) {
    if (node.is_scalar() && std::find(choices.begin(), choices.end(), node.scalar) != choices.end())
        return node.scalar;
    error(node.where,
          std::string(what) + ": expected one of " + join(choices) + "; found " + show(node));
    return std::nullopt;
}

std::optional<std::vector<const Node*>> Reader::list(const Node& node, std::string_view what,
                                                     bool single_ok) {
    std::vector<const Node*> out;
    if (node.is_null()) return out;
    if (node.is_sequence()) {
        for (const auto& item : node.items) out.push_back(&item);
        return out;
    }
    if (single_ok && node.is_scalar()) return std::vector<const Node*>{&node};
    error(node.where, std::string(what) + ": expected a list, e.g. [a, b], found " + show(node));
    return std::nullopt;
}

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = up;
        }
    }
    return row[b.size()];
}

}  // namespace

std::optional<std::string> closest(std::string_view word,
                                   const std::vector<std::string>& candidates) {
    const std::size_t limit = word.size() <= 4 ? 1 : 2;
    std::optional<std::string> best;
    std::size_t best_distance = limit + 1;
    for (const auto& c : candidates) {
        const std::size_t d = edit_distance(word, c);
        if (d < best_distance) {
            best = c;
            best_distance = d;
        }
    }
    return best;
}

std::string join(KeyList words) {
    std::string out;
    for (const auto w : words) {
        if (!out.empty()) out += ", ";
        out += w;
    }
    return out;
}

std::string show(const Node& node) {
    if (node.is_scalar()) return "\"" + node.scalar + "\"";
    return std::string(node.kind_name());
}

}  // namespace seireigi::yaml
