#include "yaml/yaml_tree.h"

#include "yaml/syntax_error.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <sstream>
#include <unordered_map>

namespace seireigi::yaml {

std::string Where::text() const {
    if (line <= 0) return file;
    return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

const Entry* Node::entry(std::string_view key) const {
    for (const auto& e : entries)
        if (e.first.scalar == key) return &e;
    return nullptr;
}

const Node* Node::find(std::string_view key) const {
    const auto* e = entry(key);
    return e ? &e->second : nullptr;
}

std::string_view Node::kind_name() const {
    switch (kind) {
        case Kind::Null:
            return "nothing";
        case Kind::Scalar:
            return "text";
        case Kind::Sequence:
            return "a list";
        case Kind::Map:
            return "a map";
    }
    return "";
}

namespace {

class Converter {
  public:
    Converter(std::string_view text, const std::string& file, std::vector<Problem>& problems)
        : text_(text), file_(file), problems_(problems) {
        // Per byte: how many characters (bytes that are not UTF-8 tails) precede it, and where
        // its line starts; computed once, so that locating a node costs no walk along its line
        // (a line of 40,000 list items would otherwise take quadratic time).
        characters_before_.resize(text_.size() + 1);
        line_starts_.push_back(0);
        std::uint32_t characters = 0;
        for (std::size_t i = 0; i < text_.size(); ++i) {
            characters_before_[i] = characters;
            if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++characters;
            if (text_[i] == '\n') line_starts_.push_back(i + 1);
        }
        characters_before_[text_.size()] = characters;
    }

    // yaml-cpp marks count bytes from 0; editors count characters from 1.
    Where where_of(const YAML::Mark& mark, bool skip_quote) const {
        if (mark.is_null() || mark.pos < 0 || static_cast<std::size_t>(mark.pos) > text_.size())
            return {file_, 1, 1};
        const auto pos = static_cast<std::size_t>(mark.pos);
        // The last line start at or before pos (a mark on a '\n' belongs to the line it ends).
        const std::size_t line_start =
            *(std::upper_bound(line_starts_.begin(), line_starts_.end(), pos) - 1);
        int column = static_cast<int>(characters_before_[pos] - characters_before_[line_start]) + 1;
        if (skip_quote && pos < text_.size() && (text_[pos] == '"' || text_[pos] == '\'')) ++column;
        return {file_, mark.line + 1, column};
    }

    Node convert(const YAML::Node& y, const Where* key_where) {
        Node n;
        switch (y.Type()) {
            case YAML::NodeType::Undefined:
            case YAML::NodeType::Null:
                n.kind = Node::Kind::Null;
                // yaml-cpp marks an empty value at the next token; its key is the useful spot.
                n.where = key_where ? *key_where : where_of(y.Mark(), false);
                return n;
            case YAML::NodeType::Scalar:
                n.kind = Node::Kind::Scalar;
                n.scalar = y.Scalar();
                n.where = where_of(y.Mark(), true);
                return n;
            case YAML::NodeType::Sequence:
                n.kind = Node::Kind::Sequence;
                n.where = where_of(y.Mark(), false);
                for (const auto& item : y) n.items.push_back(convert(item, nullptr));
                return n;
            case YAML::NodeType::Map:
                break;
        }
        n.kind = Node::Kind::Map;
        n.where = where_of(y.Mark(), false);
        std::unordered_map<std::string, Where> seen;
        // Iterating a yaml-cpp 0.7 map yields every pair, duplicates included (operator[] would
        // silently return the first), so duplicates are caught here.
        for (const auto& pair : y) {
            Node key = convert(pair.first, nullptr);
            if (!key.is_scalar()) {
                problems_.push_back(
                    {key.where, "a key must be plain text, not " + std::string(key.kind_name())});
                continue;
            }
            if (auto it = seen.find(key.scalar); it != seen.end()) {
                problems_.push_back({key.where, "duplicate key '" + key.scalar +
                                                    "' (first given at line " +
                                                    std::to_string(it->second.line) + ", column " +
                                                    std::to_string(it->second.column) + ")"});
                continue;
            }
            seen.emplace(key.scalar, key.where);
            Node value = convert(pair.second, &key.where);
            n.entries.push_back({std::move(key), std::move(value)});
        }
        return n;
    }

  private:
    std::string_view text_;
    const std::string& file_;
    std::vector<Problem>& problems_;
    std::vector<std::uint32_t> characters_before_;
    std::vector<std::size_t> line_starts_;  // byte offsets, ascending
};

// Notes where documents start, to find a second document in a file, and where the first alias
// is. YAML::LoadAll would tell the documents, but yaml-cpp 0.7 loops forever (allocating) on
// some malformed input such as a lone ',' (yaml-cpp issue #1040), so documents are counted with
// the event parser instead, at most two, and a "second document" that starts where the first
// did is that bug, not a document.
class DocumentScan : public YAML::EventHandler {
  public:
    std::vector<YAML::Mark> starts;
    std::optional<YAML::Mark> first_alias;
    void OnDocumentStart(const YAML::Mark& mark) override { starts.push_back(mark); }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
        if (!first_alias) first_alias = mark;
    }
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  const std::string&) override {}
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                         YAML::EmitterStyle::value) override {}
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                    YAML::EmitterStyle::value) override {}
    void OnMapEnd() override {}
};

struct Scanned {
    std::optional<YAML::Mark> second_document;
    std::optional<YAML::Mark> first_alias;  // in the first document
};

Scanned scan_documents(const std::string& text) {
    std::istringstream in(text);
    YAML::Parser parser(in);
    DocumentScan handler;
    Scanned out;
    try {
        if (parser.HandleNextDocument(handler)) {
            out.first_alias = handler.first_alias;
            parser.HandleNextDocument(handler);
        }
    } catch (const YAML::Exception&) {
        // A syntax error: YAML::Load reports it in the first document; after it, the start of
        // the second is known already.
    }
    if (!out.first_alias) out.first_alias = handler.first_alias;
    if (handler.starts.size() >= 2 && handler.starts[1].pos > handler.starts[0].pos)
        out.second_document = handler.starts[1];
    return out;
}

}  // namespace

Node parse(std::string_view text, const std::string& file, std::vector<Problem>& problems) {
    // yaml-cpp leaves a byte-order mark out of its positions; drop it so positions match.
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    const std::string owned(text);
    Converter converter(text, file, problems);
    const Scanned scanned = scan_documents(owned);
    // An alias repeats the value it names; converted, aliases of aliases grow exponentially (a
    // file of 700 bytes to billions of nodes), and no file of ours needs one.
    if (scanned.first_alias) {
        problems.push_back({converter.where_of(*scanned.first_alias, false),
                            "aliases (*name) are not read: write the value out in full"});
        return Node{Node::Kind::Null, {file, 1, 1}, {}, {}, {}};
    }
    YAML::Node document;
    try {
        document = YAML::Load(owned);  // the first document only
    } catch (const YAML::Exception& e) {
        const Where at = converter.where_of(e.mark, false);
        const PlainSyntaxError plain = explain_syntax_error(text, at.line, at.column, e.msg);
        problems.push_back({{file, plain.line, plain.column}, plain.message});
        return Node{Node::Kind::Null, {file, 1, 1}, {}, {}, {}};
    }
    if (auto second = scanned.second_document)
        problems.push_back({converter.where_of(*second, false),
                            "a file holds a single YAML document; remove the second one (after "
                            "'---')"});
    Where top{file, 1, 1};
    return converter.convert(document, &top);
}

Node merge(const Node& base, const Node& over) {
    if (!base.is_map() || !over.is_map()) return over;
    Node out = base;
    out.where = over.where;
    for (const auto& [key, value] : over.entries) {
        auto it = out.entries.begin();
        while (it != out.entries.end() && it->first.scalar != key.scalar) ++it;
        if (value.is_null()) {
            if (it != out.entries.end()) out.entries.erase(it);
        } else if (it == out.entries.end()) {
            out.entries.push_back({key, value});
        } else {
            it->second = merge(it->second, value);
        }
    }
    return out;
}

}  // namespace seireigi::yaml
