// What a study's games say about the variant, counted from the games themselves: the score of
// each seat (two players: Sente's score and the first-move advantage as Elo, with 95% intervals;
// three and four players: each seat's last-survivor wins and the order in which seats were
// eliminated), draws, how games ended, their lengths, the branching factor by ply, and how often
// each piece type moved, captured, was dropped and promoted. docs/study.md gives the formulas.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee/match_statistics.h"
#include "study/study_records.h"

namespace seireigi {

// A proportion or a score per game with its 95% interval and its standard error.
struct Estimate {
    double value = 0;
    double low = 0;
    double high = 0;
    double stderr_value = 0;
};

struct SeatOutcome {
    std::string name;  // the variant's name of the seat ("Sente", "P1" ...)
    Tally tally;       // its wins, draws and losses (three or four players: last survivor)
    Estimate score;    // points per game (a draw 1/2); three or four players: the win rate
};

struct EndingCount {
    std::string how;  // "checkmate", "repetition", "move limit (draw)" ...
    int games = 0;
    int decisive = 0;  // of them, games with a winner
};

struct PlyBranching {
    int positions = 0;  // games that reached the ply with a move played there
    double moves = 0;   // mean legal moves
    double drops = 0;   // of them, drops
};

struct PieceActivity {
    std::string name;
    int moves = 0;       // board moves made by a piece of this face
    int captures = 0;    // of them, captures
    int drops = 0;       // a base piece dropped from hand
    int promotions = 0;  // a base piece promoting
};

struct StudyStatistics {
    std::string variant;  // the variant's name
    int players = 2;
    int games = 0;
    std::vector<SeatOutcome> seats;
    std::optional<EloEstimate> first_move_elo;  // two players: Sente's Elo over Gote
    Estimate draw_rate;
    std::vector<EndingCount> endings;  // most frequent first
    std::vector<int> lengths;          // plies of each game, in game order
    double mean_length = 0;
    double median_length = 0;
    std::vector<PlyBranching> branching;  // [ply]
    std::vector<PieceActivity> pieces;    // every face, in the variant's order
    // Three or four players: [seat][k] games in which the seat was eliminated k-th (from 0);
    // survivors: games it won; at_end: games it was still in when the referee ended them.
    std::vector<std::vector<int>> eliminated;
    std::vector<int> survivors;
    std::vector<int> at_end;
};

// A proportion of `count` in `n` with its 95% interval (Wilson's score interval).
Estimate proportion(int count, int n);

StudyStatistics study_statistics(const StudyGames& games);

}  // namespace seireigi
