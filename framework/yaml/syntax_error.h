// YAML syntax errors in plain words. yaml-cpp says "end of map not found" or "illegal map
// value"; a person editing a variant file needs "a tab character in the indentation", "line 4
// lines up with no block: the map that begins on line 3 is indented by 2 spaces", or "the list
// opened with '[' on line 4 is never closed". The file's text is read again for that: tabs,
// indentation levels and unclosed brackets, up to the line where the parser stopped.
#pragma once

#include <string>
#include <string_view>

namespace seireigi::yaml {

struct PlainSyntaxError {
    int line = 1;  // 1-based, where the person should look
    int column = 1;
    std::string message;
};

// `error_line` and `error_column` (1-based) are where the parser stopped, `parser_message` what
// it said.
PlainSyntaxError explain_syntax_error(std::string_view text, int error_line, int error_column,
                                      std::string_view parser_message);

}  // namespace seireigi::yaml
