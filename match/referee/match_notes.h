// The referee's notes in the records `seireigi match --out` saves: comment lines after the first
// line, which read_record skips and `--merge` reads back. They name the player in each seat
// (as the match's table names it), the game's number, the referee's decision if the rules did
// not end the game (the move limit ...), and whether the game counts (an engine failure does
// not).
//   # match-player 1 engine:1
//   # match-player 2 random
//   # match-game 7
//   # match-adjudication move limit: draw
//   # match-not-counted
#pragma once

#include <string>
#include <vector>

#include "record/game_record.h"

namespace seireigi {

struct MatchNotes {
    std::vector<std::string> seat_players;  // [seat]: its player's name ("" where not noted)
    int game = 0;                           // 0: not noted
    std::string adjudication;               // "": the rules ended the game
    bool counted = true;

    // Whether a match saved the record: every seat's player and the game's number are noted.
    bool complete() const;
};

// The record's text with the notes inserted after its first line.
std::string annotated_record(const GameRecord& record, const MatchNotes& notes);

MatchNotes read_match_notes(const std::string& record_text);

}  // namespace seireigi
