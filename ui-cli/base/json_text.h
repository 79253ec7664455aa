// Writing JSON text (the web board's answers, the study report): a string quoted and escaped,
// and a small builder for objects and arrays that places the commas.
#pragma once

#include <string>
#include <string_view>

namespace seireigi::cli {

// `s` as a JSON string literal, quotes included; control characters escaped.
std::string json_quote(std::string_view s);

// Appends JSON values to one text; begin/end calls must nest. Keys are written only inside
// objects (key() before each value).
class JsonWriter {
  public:
    JsonWriter& begin_object() { return open('{'); }
    JsonWriter& end_object() { return close('}'); }
    JsonWriter& begin_array() { return open('['); }
    JsonWriter& end_array() { return close(']'); }
    JsonWriter& key(std::string_view k);
    JsonWriter& value(std::string_view s);
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
    JsonWriter& value(long long n);
    JsonWriter& value(int n) { return value(static_cast<long long>(n)); }
    JsonWriter& value(bool b);
    // A number with up to `digits` significant digits; null when it is not finite (JSON has no
    // infinity).
    JsonWriter& value(double x, int digits = 6);
    JsonWriter& null();
    // A member "k": v, in one call.
    template <class T>
    JsonWriter& field(std::string_view k, const T& v) {
        return key(k).value(v);
    }
    // An array of every element of `list`, in one call.
    template <class List>
    JsonWriter& values(const List& list) {
        begin_array();
        for (const auto& v : list) value(v);
        return end_array();
    }
    const std::string& text() const { return out_; }

  private:
    JsonWriter& open(char c);
    JsonWriter& close(char c);
    void separate();
    std::string out_;
    bool need_comma_ = false;
    bool after_key_ = false;
};

}  // namespace seireigi::cli
