// One game of `seireigi match`, refereed: the opening is played, then the two players move in
// turn under the time control until the rules end the game, a player overruns its clock, or the
// move limit is reached and the referee adjudicates. This is the only place the referee runs a
// game, so that moving it onto the Match (match/live) stays a local change.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/game.h"
#include "referee/match_player.h"

namespace seireigi {

struct RefereeRules {
    int max_moves = 0;          // plies; 0: no limit
    MoveBudget budget;          // the time control (time_ms: the main time at the start)
    int overrun_margin_ms = 0;  // a move may exceed the clock by this much before it loses
};

struct RefereeOutcome {
    Game game;
    std::array<double, 2> points{};  // Sente's and Gote's
    // What the referee decided that the rules did not, in words ("" when the rules ended it):
    // the move-limit draw or impasse count, a loss on time.
    std::string adjudication;
    // False for a game an external engine lost by a crash, silence or no answer in time: it
    // says nothing about the players' strength, so the table leaves it out (and lists it).
    bool counted = true;
    bool decided() const { return game.over() || !adjudication.empty(); }
};

RefereeOutcome play_refereed_game(std::shared_ptr<const Variant> variant,
                                  const PositionState& start, const std::vector<Move>& opening,
                                  const std::array<MatchPlayer*, 2>& players,
                                  const RefereeRules& rules);

}  // namespace seireigi
