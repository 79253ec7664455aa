// A series of refereed games for three and four players: the players (engine algorithms and
// levels, random movers) take the seats in every distinct arrangement in turn, and the table gives
// each player's last-survivor wins, draws and losses overall and per seat held. Games run
// `concurrency` at a time, `--shard I/N` plays every N-th game, and a series given the folder of
// an earlier, stopped run counts the games saved there instead of playing them again.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "position/position_state.h"
#include "referee/multi_player_table.h"
#include "referee/referee_game.h"
#include "referee/shard.h"
#include "rules/variant.h"

namespace seireigi {

struct MultiPlayerSeriesSettings {
    // Seat specs from the command line (seat_spec.h): as many as the variant has players, or a
    // divisor of that number.
    std::vector<std::string> players;
    int games = 0;
    RefereeRules rules;        // the budget (empty: search::kDefaultMatchMoveMs) and move limit
    std::string out;           // directory for the records ("": none)
    std::string variant_name;  // as the records name it
    int concurrency = 1;       // games at a time
    Shard shard;               // the games this run plays (every N-th)
    // Game g (from 1) opens with this many random plies, seeded with g: engines at a node limit
    // then play a different game each time, also when one engine holds every seat.
    int opening_plies = 0;
};

// One finished game, for progress: its number, the player in each seat, the result.
struct MultiPlayerSeriesGame {
    int number = 0;
    const std::vector<std::string>* seat_players = nullptr;
    const RefereeOutcome* outcome = nullptr;
    bool from_record = false;  // counted from the record of an earlier run, not played
};

struct MultiPlayerSeriesResult {
    MultiPlayerTable table;
    std::size_t arrangements = 0;  // distinct seatings the series went through
};

// Plays the series; `on_game` sees each game as it ends, one call at a time. Throws MatchError for
// players or settings it cannot use and for a record it cannot save.
MultiPlayerSeriesResult play_multi_player_series(
    const std::shared_ptr<const Variant>& variant, const PositionState& start,
    const MultiPlayerSeriesSettings& settings,
    const std::function<void(const MultiPlayerSeriesGame&)>& on_game);

}  // namespace seireigi
