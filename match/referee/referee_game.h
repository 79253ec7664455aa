// One refereed game of two to four players, the only game loop of `seireigi match`, `study` and
// the long tests: the opening is played, then the seats move in turn within the time control
// until the rules end the game or the move limit does. Every move is checked by our rules (and,
// when asked, by the naive reference generator too). The referee keeps the clocks: a player
// whose clock runs out, who plays an illegal move or whose program fails loses the game with two
// players and leaves it as if resigned with more. At the move limit, two players are adjudicated
// by impasse points (both Kings in their zones) or drawn; with more, the players still in draw.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game/game.h"
#include "seats/seat.h"

namespace seireigi {

struct RefereeRules {
    int max_moves = 0;          // plies; 0: no limit
    MoveBudget budget;          // the time control (time_ms: each player's main time at the start)
    int overrun_margin_ms = 0;  // a move may exceed the clock by this much before it loses
    // Every move is first checked against the reference generator (position/reference_position.h)
    // in the position as it stands: a move it does not list ends the game with `failure` set.
    bool check_reference = false;
};

struct RefereeOutcome {
    Game game;
    std::vector<Standing> standings;  // per player, as the game ended or the referee ended it
    // What the referee decided that the rules did not, in words ("" when the rules ended it):
    // the move-limit draw or impasse count, a loss on time, a program's failure.
    std::string adjudication;
    // False for a game an external engine lost by a crash, silence or no answer in time: it
    // says nothing about the players' strength, so a table leaves it out (and lists it).
    bool counted = true;
    std::string failure;     // a move the reference generator refused (check_reference)
    int searched_moves = 0;  // moves that cost a search, and its nodes (progress figures)
    std::uint64_t nodes = 0;

    // 1 for a win, 1/2 for a draw, 0 for a loss.
    double points(Player p) const;
    // How the game ended, in words: the rules' end, the referee's decisions, or both.
    std::string description() const;
};

// `seats[p]` plays player p; each is asked with Seat::choose_now. No seat may be a person.
RefereeOutcome play_refereed_game(std::shared_ptr<const Variant> variant,
                                  const PositionState& start, const std::vector<Move>& opening,
                                  const std::vector<Seat*>& seats, const RefereeRules& rules);

// The standings of a two-player game in which the first player scored `first_points`.
std::vector<Standing> two_player_standings(double first_points);

}  // namespace seireigi
