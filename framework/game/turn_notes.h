// What a player needs to know after each move that the move itself does not say: who is in
// check, and, with three or four players, who was passed over because a checked player moves
// first (docs/rules.md §D.4 step 6). Skips, eliminations and the end are the game's events.
#pragma once

#include <string>
#include <vector>

#include "game/game.h"

namespace seireigi {

struct TurnNote {
    std::vector<Player> checked;      // in check after the move
    std::vector<Player> passed_over;  // active, not skipped, yet not to move before `next`
    Player next = -1;                 // who moved next (or is to move); -1 after the end
};

// One note per move of the game.
std::vector<TurnNote> turn_notes(const Game& game);

// The note in words, e.g. "check: Gote" or "P2 and P3 are passed over: P4 is in check and moves
// first"; empty when there is nothing to say.
std::string describe_turn_note(const Variant& v, const TurnNote& note);

}  // namespace seireigi
