#include "protocols/protocol_variants.h"

#include <exception>

namespace seireigi::cli {

std::shared_ptr<const Variant> load_two_player_variant(std::string_view name_or_path,
                                                       const DataSource& source,
                                                       std::string& error) {
    VariantLoadResult r = load_variant(name_or_path, source);
    if (!r.spec) {
        error = r.errors.empty() ? "cannot load variant '" + std::string(name_or_path) + "'"
                                 : r.errors.front().text();
        if (r.errors.size() > 1)
            error += " (and " + std::to_string(r.errors.size() - 1) + " more errors)";
        return nullptr;
    }
    std::shared_ptr<const Variant> v;
    try {
        v = build_variant(*r.spec);
    } catch (const std::exception& e) {
        error = std::string(name_or_path) + ": " + e.what();
        return nullptr;
    }
    if (v->num_players() != 2) {
        error = "variant '" + v->id + "' is for " + std::to_string(v->num_players()) +
                " players; this protocol plays two-player variants only";
        return nullptr;
    }
    return v;
}

std::vector<std::string> two_player_variant_ids(const DataSource& source) {
    std::vector<std::string> ids;
    for (const VariantListing& listing : list_variants(source)) {
        std::string error;
        if (load_two_player_variant(listing.id, source, error)) ids.push_back(listing.id);
    }
    return ids;
}

}  // namespace seireigi::cli
