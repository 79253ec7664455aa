// A series of refereed two-player games between the same two players: the colours alternate every
// game, each pair of games plays one opening, the table counts every game the referee counted, and
// an SPRT may stop the series. Games run `concurrency` at a time; `--shard I/N` plays every N-th
// pair; each game may be saved as an annotated record, and a series given the folder of an
// earlier, stopped run counts the games saved there instead of playing them again. Unpaired
// (self-play), every game has an opening of its own.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "referee/match_statistics.h"
#include "referee/match_table.h"
#include "referee/openings.h"
#include "referee/referee_game.h"
#include "referee/shard.h"

namespace seireigi {

// A game the referee decided, not the rules (the move limit, a loss on time, an external engine's
// illegal move), for the listing after the table.
struct RefereeDecision {
    int game = 0;                           // its number in the series, from 1
    std::array<std::string, 2> seat_names;  // the players of the first and second seat
    double first_seat_points = 0;           // the points of the player who moved first
    std::string adjudication;
    bool counted = true;  // false: an engine failure, left out of the table
};

struct SeriesSettings {
    int games = 2;
    RefereeRules rules;
    // Pair k plays openings[k % size]; unpaired, game g (from 0) plays openings[g % size].
    std::vector<Opening> openings{Opening{}};
    std::optional<SprtSettings> sprt;  // stop once it decides
    std::string out;                   // folder for the records ("": none)
    std::string variant_name;          // as the records name the variant
    int concurrency = 1;               // games at a time (one pair of players each)
    Shard shard;                       // the pairs of games this run plays
    // False for an engine playing itself (`seireigi study`): swapping the colours of an opening
    // would replay the same game, so each game has an opening of its own and shards hold games.
    bool paired = true;
};

// One finished game, for progress: its number, the players in their seats, the outcome.
struct SeriesGame {
    int number = 0;
    std::array<std::string, 2> seat_names;
    const RefereeOutcome* outcome = nullptr;
    bool from_record = false;  // counted from the record of an earlier run, not played
};

struct SeriesResult {
    MatchTable table;
    std::vector<RefereeDecision> decisions;
    int stopped_by_sprt_after = 0;  // games played when the SPRT decided (0: it did not)
};

// Plays the series between the players `names` (as the table shows them): `seats` holds one
// pair of their seats for each game at a time (settings.concurrency pairs, each seat a separate
// engine or program), the first player's seat first. `on_game` sees each game as it ends, with
// the table so far, one call at a time. Throws MatchError when a record cannot be saved, or when
// the folder holds games of other players.
SeriesResult play_series(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                         const std::array<std::string, 2>& names,
                         const std::vector<std::array<Seat*, 2>>& seats,
                         const SeriesSettings& settings,
                         const std::function<void(const SeriesGame&, const MatchTable&)>& on_game);

}  // namespace seireigi
