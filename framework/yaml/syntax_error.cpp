#include "yaml/syntax_error.h"

#include <optional>
#include <vector>

namespace seireigi::yaml {

namespace {

struct Line {
    int number = 0;        // 1-based
    std::string_view raw;  // without the newline
};

std::vector<Line> split_lines(std::string_view text) {
    std::vector<Line> out;
    int number = 1;
    for (std::size_t start = 0; start <= text.size(); ++number) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view raw = text.substr(start, end - start);
        if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
        out.push_back({number, raw});
        start = end + 1;
    }
    return out;
}

// Calls visit(i) for each character of `s` outside quotes (the quotes themselves excluded) until
// it returns false; returns the position where it stopped, or s.size().
template <class Visit>
std::size_t for_each_unquoted(std::string_view s, Visit visit) {
    char quote = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (!visit(i)) {
            return i;
        }
    }
    return s.size();
}

// The line without a trailing comment (a '#' at the start or after a space, outside quotes).
std::string_view strip_comment(std::string_view s) {
    return s.substr(0, for_each_unquoted(s, [&](std::size_t i) {
                        return !(s[i] == '#' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t'));
                    }));
}

std::string_view trim_right(std::string_view s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::string spaces(int n) {
    return std::to_string(n) + (n == 1 ? " space" : " spaces");
}

// A tab before the first visible character of a line up to `last_line`.
std::optional<PlainSyntaxError> tab_in_indentation(const std::vector<Line>& lines, int last_line) {
    for (const Line& l : lines) {
        if (l.number > last_line) break;
        for (std::size_t i = 0; i < l.raw.size() && (l.raw[i] == ' ' || l.raw[i] == '\t'); ++i)
            if (l.raw[i] == '\t')
                return PlainSyntaxError{l.number, static_cast<int>(i) + 1,
                                        "a tab character in the indentation: YAML indents with "
                                        "spaces only; replace the tab with spaces"};
    }
    return std::nullopt;
}

// The first '[' or '{' never closed, outside quotes and comments.
std::optional<PlainSyntaxError> unclosed_bracket(const std::vector<Line>& lines, int error_line) {
    struct Open {
        char c;
        int line;
        int column;
    };
    std::vector<Open> open;
    for (const Line& l : lines) {
        const std::string_view s = strip_comment(l.raw);
        for_each_unquoted(s, [&](std::size_t i) {
            const char c = s[i];
            if (c == '[' || c == '{')
                open.push_back({c, l.number, static_cast<int>(i) + 1});
            else if ((c == ']' || c == '}') && !open.empty())
                open.pop_back();
            return true;
        });
    }
    if (open.empty()) return std::nullopt;
    const Open& o = open.front();
    const bool list = o.c == '[';
    return PlainSyntaxError{o.line, o.column,
                            std::string("the ") + (list ? "list" : "map") + " opened with '" + o.c +
                                "' here is never closed with '" + (list ? "]" : "}") +
                                "' (the file reads on to line " + std::to_string(error_line) +
                                " without it)"};
}

// Follows the indentation of block maps and lists down to the parser's stop, and names the
// first line that does not line up.
std::optional<PlainSyntaxError> misaligned_line(const std::vector<Line>& lines, int error_line) {
    struct Level {
        int indent;
        bool list;
        int line;  // where the block begins
    };
    std::vector<Level> levels;
    bool previous_opens_block = true;  // the top of the file
    int previous_line = 0;
    int block_scalar_indent = -1;  // inside "key: |" text: lines deeper than this
    int flow_depth = 0;            // inside [ ] or { } spanning lines
    for (const Line& l : lines) {
        if (l.number > error_line) break;
        const std::string_view body = trim_right(strip_comment(l.raw));
        std::size_t first = body.find_first_not_of(' ');
        if (first == std::string_view::npos) continue;
        const int indent = static_cast<int>(first);
        if (block_scalar_indent >= 0 && indent > block_scalar_indent) continue;
        block_scalar_indent = -1;
        std::string_view content = body.substr(first);
        if (content == "---" || content == "...") continue;
        const bool continues_flow = flow_depth > 0;
        for (char c : content) {
            if (c == '[' || c == '{') ++flow_depth;
            if ((c == ']' || c == '}') && flow_depth > 0) --flow_depth;
        }
        if (continues_flow) continue;
        const bool item = content == "-" || content.starts_with("- ");
        std::optional<Level> popped;  // the innermost block this line leaves
        while (!levels.empty() && levels.back().indent > indent) {
            if (!popped) popped = levels.back();
            levels.pop_back();
        }
        const std::string here = "line " + std::to_string(l.number);
        if (!levels.empty() && levels.back().indent == indent) {
            const Level& level = levels.back();
            if (level.list && !item)
                return PlainSyntaxError{l.number, indent + 1,
                                        here + " is not an item of the list that begins on line " +
                                            std::to_string(level.line) +
                                            " (items start with '- '); to continue " +
                                            "an item, indent it further"};
        } else if (popped) {
            std::string message = here + " is indented by " + spaces(indent) +
                                  ", which lines up with no block: the block that begins on "
                                  "line " +
                                  std::to_string(popped->line) + " is indented by " +
                                  spaces(popped->indent);
            if (!levels.empty())
                message += " and the one around it (from line " +
                           std::to_string(levels.back().line) + ") by " +
                           spaces(levels.back().indent);
            message += "; indent line " + std::to_string(l.number) + " like one of them";
            return PlainSyntaxError{l.number, indent + 1, message};
        } else if (!levels.empty() && !previous_opens_block) {
            return PlainSyntaxError{
                l.number, indent + 1,
                here + " is indented more than line " + std::to_string(previous_line) +
                    ", which already has its value; indent it like line " +
                    std::to_string(previous_line) + " (or give line " +
                    std::to_string(previous_line) + " no value, to start a block under it)"};
        }
        if (levels.empty() || levels.back().indent < indent)
            levels.push_back({indent, item, l.number});
        // What this line opens: "key:" a block; "- key:" a map inside the item, and deeper.
        std::string_view rest = content;
        int rest_indent = indent;
        if (item) {
            rest = content.size() > 1 ? content.substr(2) : std::string_view{};
            const std::size_t skip = rest.find_first_not_of(' ');
            rest = skip == std::string_view::npos ? std::string_view{} : rest.substr(skip);
            rest_indent = indent + 2 + static_cast<int>(skip == std::string_view::npos ? 0 : skip);
            if (!rest.empty() && (rest.find(": ") != std::string_view::npos || rest.back() == ':'))
                levels.push_back({rest_indent, false, l.number});
        }
        previous_opens_block = rest.empty() || rest.back() == ':';
        if (rest.ends_with(": |") || rest.ends_with(": >") || rest.ends_with(": |-") ||
            rest.ends_with(": >-"))
            block_scalar_indent = indent;
        if (flow_depth > 0) previous_opens_block = false;
        previous_line = l.number;
    }
    return std::nullopt;
}

}  // namespace

PlainSyntaxError explain_syntax_error(std::string_view text, int error_line, int error_column,
                                      std::string_view parser_message) {
    const std::vector<Line> lines = split_lines(text);
    if (auto tab = tab_in_indentation(lines, error_line + 1)) return *tab;
    if (parser_message.find("flow") != std::string_view::npos)
        if (auto open = unclosed_bracket(lines, error_line)) return *open;
    if (auto bad = misaligned_line(lines, error_line)) return *bad;
    // What the parser said, in words.
    std::string message = "YAML syntax error: " + std::string(parser_message);
    if (parser_message == "illegal map value")
        message =
            "a ':' where no key can start (is the line indented too far, or does a text "
            "value containing ': ' need quotes?)";
    else if (parser_message == "end of map not found" ||
             parser_message == "end of sequence not found")
        message =
            "this line does not line up with the block it belongs to; check its "
            "indentation against the lines above";
    return {error_line, error_column, message};
}

}  // namespace seireigi::yaml
