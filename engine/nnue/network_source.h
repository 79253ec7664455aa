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

// The network in the file at `path`, for `v`.
std::variant<std::shared_ptr<const Network>, Diagnostic> network_file(
    const std::filesystem::path& path, const Variant& v);

}  // namespace seireigi::nnue
