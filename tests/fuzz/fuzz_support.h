// Shared by the libFuzzer targets (tests/fuzz/README.md): built-in variants loaded once, and a
// failure that stops the fuzzer with a message.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "rules/variant.h"
#include "rules/variant_loader.h"

namespace seireigi::fuzz {

// A property that must hold did not: libFuzzer records the input as a crash.
[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz property failed: %s\n", what.c_str());
    std::abort();
}

inline std::shared_ptr<const Variant> built_in(const std::string& name) {
    static std::map<std::string, std::shared_ptr<const Variant>> cache;
    auto& v = cache[name];
    if (!v) {
        auto r = load_variant(name);
        if (!r.spec) fail("built-in variant " + name + " does not load");
        v = build_variant(*r.spec);
    }
    return v;
}

// The built-in variants a byte chooses among: two, four players, 5x5, 9x9, 15x15.
inline std::shared_ptr<const Variant> built_in_by_byte(unsigned char b) {
    static const char* const kNames[] = {"seireigi",
                                         "shogi",
                                         "minishogi",
                                         "dai-seireigi",
                                         "yonin-seireigi-compact",
                                         "yonin-seireigi-complete"};
    return built_in(kNames[b % 6]);
}

}  // namespace seireigi::fuzz
