// Reading typed values out of a yaml::Node tree, reporting every mismatch as a Problem with its
// location and a message for the person who wrote the file.
//
// Each getter returns nothing after reporting, so a caller checks what it got and carries on:
// one pass over a file finds all of its errors.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "yaml/yaml_tree.h"

namespace seireigi::yaml {

using KeyList = std::span<const std::string_view>;

class Reader {
  public:
    void error(const Where& where, std::string message);
    const std::vector<Problem>& problems() const { return problems_; }
    std::vector<Problem>& problems() { return problems_; }

    // Checks that `node` is a map with only `allowed` keys and every `required` one. `what` names
    // it in messages ("board"); a missing key is reported at `owner` (where the map is named).
    // Returns whether `node` is a map.
    bool map(const Node& node, std::string_view what, const Where& owner, KeyList allowed,
             KeyList required);
    std::optional<std::string> text(const Node& node, std::string_view what);
    std::optional<int> integer(const Node& node, std::string_view what, int min, int max);
    std::optional<bool> boolean(const Node& node, std::string_view what);
    // One of `choices`, e.g. an orientation.
    std::optional<std::string> choice(const Node& node, std::string_view what, KeyList choices);
    // The items of a list. Nothing (an empty value) is an empty list; with `single_ok` a single
    // scalar counts as a list of one.
    std::optional<std::vector<const Node*>> list(const Node& node, std::string_view what,
                                                 bool single_ok = false);

  private:
    std::vector<Problem> problems_;
};

// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
std::optional<std::string> closest(std::string_view word,
                                   const std::vector<std::string>& candidates);
// "a, b, c".
std::string join(KeyList words);
// How a node is shown in a message: text in quotes, or its kind.
std::string show(const Node& node);

}  // namespace seireigi::yaml
