// A score in words for players, from the side it names: "+1.20 for Sente" (never "-1.20" for
// the side to move), "Gote mates in 3 plies", "even". With three or four players the score is the
// player's standing (docs/engine.md: its own score minus the average of the others'), named for
// the player to move: "-0.35 for P2".
#pragma once

#include <string>

#include "rules/variant.h"
#include "search/engine.h"

namespace seireigi::cli {

// `score` is from the view of `mover`, the player to move.
std::string score_words(const Variant& v, Player mover, const search::Score& score);

}  // namespace seireigi::cli
