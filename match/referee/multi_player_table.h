// The result table of `seireigi match` with three or four players: for each player (an engine
// spec or a random mover, possibly in several seats of a game) the last-survivor wins, draws and
// losses, overall and per seat held, and the games nobody won alone. The same table is printed
// after a match and after merging the records of several runs (--merge).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "game/game.h"
#include "rules/variant.h"

namespace seireigi {

class MultiPlayerTable {
  public:
    // `players`: the players' names in the order of the table's rows (more join in add()).
    MultiPlayerTable(const Variant& variant, std::vector<std::string> players = {});

    // One game: the player in each seat and each seat's standing (Playing counts as drawn).
    void add(const std::vector<std::string>& seat_players, const std::vector<Standing>& standings);
    int games() const { return games_; }

    // `arrangements`: how many distinct seatings the match went through.
    void print(std::ostream& out, std::size_t arrangements) const;

  private:
    struct Tally {
        int wins = 0, draws = 0, losses = 0;
        void add(Standing s);
        int games() const { return wins + draws + losses; }
        std::string text() const;
    };
    std::size_t row_of(const std::string& player);

    std::string variant_name_;
    std::vector<std::string> seat_names_;  // the variant's names of its players (P1 ...)
    std::vector<std::string> players_;
    std::vector<Tally> total_;
    std::vector<std::vector<Tally>> by_seat_;  // [row][seat]
    int games_ = 0;
    int no_single_winner_ = 0;
};

// How many distinct seatings there are of the players `seat_players` names (one a seat, a
// player in several seats named several times): n! over the product of the repeats' factorials.
std::size_t distinct_arrangements(const std::vector<std::string>& seat_players);

}  // namespace seireigi
