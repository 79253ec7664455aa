// Loading piece catalogues (pieces/*.yaml) and variant files (variants/*.yaml) into checked
// VariantSpec values. Every error is reported, each with file:line:column.
//
// Where files come from: a name ("seireigi") is looked up in --data-dir if given, else among the
// files built into the binary; anything with a '/' or ending in ".yaml" is a path on disk.
// The formats are documented in docs/formats.md.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"
#include "rules/variant_spec.h"

namespace seireigi {

struct DataSource {
    std::optional<std::filesystem::path> data_dir;  // overrides the built-in files
};

struct VariantLoadResult {
    std::optional<VariantSpec> spec;  // set when there are no errors
    std::vector<Diagnostic> errors;   // every error found, in file order
};

// Loads a variant by name or path, with its catalogues and `extends:` chain.
VariantLoadResult load_variant(std::string_view name_or_path, const DataSource& source = {});

// Checks one piece catalogue or variant file (told apart by its content); returns every error.
// A variant file without errors is also stored in `variant`, if given, for the checks that
// need the built variant (its start position).
std::vector<Diagnostic> validate_file(const std::filesystem::path& file,
                                      const DataSource& source = {},
                                      std::optional<VariantSpec>* variant = nullptr);

struct VariantListing {
    std::string id;  // "seireigi"
    std::string name;
    std::string description;
};
// The variants available from the source (built-in files, or --data-dir).
std::vector<VariantListing> list_variants(const DataSource& source = {});

}  // namespace seireigi
