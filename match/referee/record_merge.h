// The tables of a match recomputed from the records it saved (`seireigi match --merge DIR...`):
// records of two-player games make the two-player table, those of three- and four-player games
// the table of last-survivor results. Records the match did not save, unfinished games and games
// between other players are left out, each with the reason.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "referee/match_table.h"
#include "referee/multi_player_table.h"
#include "referee/saved_game.h"
#include "referee/series.h"
#include "rules/variant.h"

namespace seireigi {

struct MergedRecords {
    std::optional<MatchTable> table;              // the two-player games, if any
    std::pair<std::string, std::string> colours;  // the variant's names of its two sides
    std::vector<RefereeDecision> decisions;       // of the two-player games
    std::optional<MultiPlayerTable> multi_table;  // the three- and four-player games, if any
    std::size_t multi_arrangements = 0;           // distinct seatings of their players
    std::vector<std::string> skipped;             // "FILE: why", one per record left out
};

// Reads every `.txt` record in the folders, in name order. Throws MatchError for a folder that
// cannot be read and for a record that cannot be read or replayed.
MergedRecords merge_match_records(const std::vector<std::string>& folders,
                                  const VariantByName& variant_named);

}  // namespace seireigi
