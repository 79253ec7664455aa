// Helpers shared by the test suites: loading variants and positions, failing loudly.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include "position/position_state.h"
#include "rules/variant.h"
#include "rules/variant_loader.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace seireigi::testing {

// `s` without the spaces and tabs at its ends (the fields of the test data files).
inline std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    const auto e = s.find_last_not_of(" \t");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// The built program's path, read through a volatile pointer so that the optimizer cannot know
// its length: where it knew it, in the callers that join the path into a command, GCC 12 with
// link-time optimization warned falsely of a string overflow, for some lengths of the build
// directory's path.
inline const char* cli_path() {
    static const char* volatile path = SEIREIGI_CLI;
    return path;
}

// Whether the program under test is built with AddressSanitizer, which reserves terabytes of
// address space for its shadow memory at start: an address-space limit (ulimit -v) stops such a
// program before main, so the tests that bound memory that way run in the plain build only.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif

inline std::string source_path(const std::string& relative) {
    return std::string(SEIREIGI_SOURCE_DIR) + "/" + relative;
}

// A built-in variant by name, or a file by path; throws with every loader message.
inline std::shared_ptr<const Variant> variant(const std::string& name_or_path) {
    auto r = load_variant(name_or_path);
    if (!r.spec) {
        std::string all;
        for (const auto& d : r.errors) all += d.text() + "\n";
        throw std::runtime_error("cannot load " + name_or_path + ":\n" + all);
    }
    return build_variant(*r.spec);
}

inline PositionState position(const Variant& v, const std::string& text) {
    if (text == "start") return start_state(v);
    auto r = read_position(v, text);
    if (auto* d = std::get_if<Diagnostic>(&r)) throw std::runtime_error(d->text());
    return std::get<PositionState>(r);
}

// A fresh, empty folder `name` in the system's temporary folder. Its name carries the process id:
// two builds' tests running at once on one machine (a CI run beside a developer's) must not empty
// each other's folders.
inline std::filesystem::path fresh_temporary_folder(const std::string& name) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace seireigi::testing
