#include "base/json_text.h"

#include <cmath>
#include <cstdio>

namespace seireigi::cli {

std::string json_quote(std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    return out + "\"";
}

void JsonWriter::separate() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (need_comma_) out_ += ',';
}

JsonWriter& JsonWriter::open(char c) {
    separate();
    out_ += c;
    need_comma_ = false;
    return *this;
}

JsonWriter& JsonWriter::close(char c) {
    out_ += c;
    need_comma_ = true;
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
    separate();
    out_ += json_quote(k);
    out_ += ':';
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
    separate();
    out_ += json_quote(s);
    need_comma_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(long long n) {
    separate();
    out_ += std::to_string(n);
    need_comma_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(double x, int digits) {
    if (!std::isfinite(x)) return null();
    separate();
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    out_ += buf;
    need_comma_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(bool b) {
    separate();
    out_ += b ? "true" : "false";
    need_comma_ = true;
    return *this;
}

JsonWriter& JsonWriter::null() {
    separate();
    out_ += "null";
    need_comma_ = true;
    return *this;
}

}  // namespace seireigi::cli
