// Where a variant's evaluation network comes from: the file its variant file names
// (`network:`), built into the binary for the built-in variants and read from disk for others,
// or a file a person names (USI's EvalFile, `--eval-file`).
#pragma once

#include <filesystem>
#include <memory>
#include <variant>

#include "core/types.h"
#include "nnue/network.h"
#include "rules/variant.h"

namespace seireigi::nnue {

// The variant's own network; a Diagnostic says why there is none or why it cannot be used.
std::variant<std::shared_ptr<const Network>, Diagnostic> variant_network(const Variant& v);

// The evaluation a search uses when nobody chooses one: the variant's own network when its file
// names one (null, the hand-written evaluation, when it names none); a named network that cannot
// be used is a Diagnostic.
std::variant<std::shared_ptr<const Network>, Diagnostic> default_network(const Variant& v);

// default_network where nobody is told why a named network cannot be used (a seat, a hint, an
// analysis): the hand-written evaluation then. A variant that extends Seireigi and changes its
// rules inherits `network:` but not the fingerprint, and plays this way.
std::shared_ptr<const Network> usable_default_network(const Variant& v);

// The network in the file at `path`, for `v`.
std::variant<std::shared_ptr<const Network>, Diagnostic> network_file(
    const std::filesystem::path& path, const Variant& v);

}  // namespace seireigi::nnue
