// Splitting a line of text: into words at white space (protocol lines), or into fields at a
// separator (comma lists such as `--player engine:5,hash=64`).
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace seireigi {

inline std::vector<std::string> split_words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// Every field, empty ones included: "a,,b" gives "a", "", "b".
inline std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (;;) {
        const std::size_t at = text.find(sep, start);
        fields.push_back(text.substr(start, at == std::string::npos ? at : at - start));
        if (at == std::string::npos) return fields;
        start = at + 1;
    }
}

}  // namespace seireigi
