// `seireigi match` for three and four players: the players (engine algorithms and levels, random
// movers) take the seats in every distinct arrangement in turn, and the table gives each
// player's last-survivor wins, draws and losses overall and per seat held.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::cli {

struct MultiPlayerMatchSettings {
    std::vector<std::string> players;  // as many as the variant has players, or a divisor
    int games = 0;
    std::uint64_t nodes = 0;
    int movetime_ms = 0;
    int max_moves = 0;         // 0: none
    std::string out;           // directory for the records ("": none)
    std::string variant_name;  // as the records name it
};

// Plays the match, printing progress to stderr and the table to stdout. Throws UserError (after
// saying why) for players or settings it cannot use.
void run_multi_player_match(const std::shared_ptr<const Variant>& variant,
                            const PositionState& start, const MultiPlayerMatchSettings& settings);

}  // namespace seireigi::cli
