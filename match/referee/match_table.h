// The result table of `seireigi match`: wins, draws and losses of the first player overall and
// per colour, the score, the Elo difference with its 95% interval, and the SPRT state. The same
// table is printed after a match and after merging the records of several shards.
#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include "referee/match_statistics.h"

namespace seireigi {

class MatchTable {
  public:
    MatchTable(std::string first, std::string second)
        : names_{std::move(first), std::move(second)} {}
    // One finished game: whether the first player had the first move, the first player's points,
    // and the pair it belongs to (the two games of one opening with the colours swapped).
    void add(bool first_moves_first, double first_points, const std::string& pair_key);

    const Tally& first_total() const { return total_; }
    PairTally complete_pairs() const;
    int games() const { return total_.games(); }

    // `colour_names`: the variant's names for the first and second player to move.
    void print(std::ostream& out, const std::pair<std::string, std::string>& colour_names,
               const std::optional<SprtSettings>& sprt_settings) const;

  private:
    std::pair<std::string, std::string> names_;
    Tally total_, moving_first_, moving_second_;
    std::map<std::string, std::pair<int, double>> pairs_;  // games and points per pair
};

// A short line on the standing so far, for progress: "engine:1 3.5/4, Elo +190.8 [...]".
std::string standing_line(const std::string& first_name, const MatchTable& table);

}  // namespace seireigi
