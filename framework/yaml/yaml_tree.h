// A YAML document as a small tree whose every node knows where it came from (file, line,
// column), so that any later check can name the exact spot; and the deep merge behind
// `extends:`.
//
// yaml-cpp parses the text; converting its nodes into this tree adds what yaml-cpp lacks:
// duplicate keys are reported instead of silently accepted, columns count characters (not
// bytes), and a quoted scalar's location is its first character, inside the quotes.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace seireigi::yaml {

// A spot in a file; line and column are 1-based (0 = the whole file).
struct Where {
    std::string file;
    int line = 0;
    int column = 0;
    std::string text() const;  // "file:line:column"
};

// An error found while reading YAML, before it becomes a Diagnostic.
struct Problem {
    Where where;
    std::string message;
};

// A map's entry: its key (first) and value (second). Not a std::pair, which cannot be declared
// inside the Node it holds: a vector may hold a type completed later, a pair may not.
struct Entry;

struct Node {
    enum class Kind { Null, Scalar, Sequence, Map };
    Kind kind = Kind::Null;
    Where where;                 // of the value itself (a null: of its key)
    std::string scalar;          // Kind::Scalar
    std::vector<Node> items;     // Kind::Sequence
    std::vector<Entry> entries;  // Kind::Map: (key, value); keys are unique

    bool is_null() const { return kind == Kind::Null; }
    bool is_scalar() const { return kind == Kind::Scalar; }
    bool is_sequence() const { return kind == Kind::Sequence; }
    bool is_map() const { return kind == Kind::Map; }
    // The entry with this key, or nullptr (also when this is not a map).
    const Entry* entry(std::string_view key) const;
    const Node* find(std::string_view key) const;
    // "a map", "a list", "text", "nothing": for messages.
    std::string_view kind_name() const;
};

struct Entry {
    Node first;   // the key
    Node second;  // the value
};

// Parses one YAML document. Syntax errors, duplicate keys, keys that are not plain text and
// extra documents are appended to `problems`; the returned tree keeps the first of duplicate
// keys. On a syntax error the tree is a null node.
Node parse(std::string_view text, const std::string& file, std::vector<Problem>& problems);

// `over` laid on top of `base`, for `extends:`: where both hold a map under the same key the
// maps merge recursively; otherwise the value of `over` wins (a list replaces a list). A null
// value in `over` removes the key. Keys keep base order, new keys follow.
Node merge(const Node& base, const Node& over);

}  // namespace seireigi::yaml
