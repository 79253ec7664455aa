// The variants an engine protocol offers: the built-in (or --data-dir) variants for two players,
// and loading one by name or file path with a one-line reason when it cannot be played.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/variant.h"
#include "rules/variant_loader.h"

namespace seireigi::cli {

// The ids of the two-player variants available from `source`, in listing order.
std::vector<std::string> two_player_variant_ids(const DataSource& source);

// The variant named or found at `name_or_path`; null with `error` set (the first loader
// message with its location) when it cannot be loaded or is not for two players.
std::shared_ptr<const Variant> load_two_player_variant(std::string_view name_or_path,
                                                       const DataSource& source,
                                                       std::string& error);

}  // namespace seireigi::cli
