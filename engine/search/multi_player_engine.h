// The Engine (engine.h) for three and four players: the multi-player search over the generic
// position. Engine::create hands variants with more than two players here.
#pragma once

#include <memory>

#include "search/engine.h"

namespace seireigi::search {

std::unique_ptr<Engine> make_multi_player_engine(std::shared_ptr<const Variant> variant,
                                                 Options options);

// "brs+" or "paranoid".
const char* algorithm_name(MultiPlayerAlgorithm a);

}  // namespace seireigi::search
