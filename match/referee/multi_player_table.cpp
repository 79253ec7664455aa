#include "referee/multi_player_table.h"

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <map>

namespace seireigi {

void MultiPlayerTable::Tally::add(Standing s) {
    (s == Standing::Won ? wins : s == Standing::Lost ? losses : draws) += 1;
}

std::string MultiPlayerTable::Tally::text() const {
    return std::to_string(wins) + "/" + std::to_string(draws) + "/" + std::to_string(losses);
}

MultiPlayerTable::MultiPlayerTable(const Variant& variant, std::vector<std::string> players)
    : variant_name_(variant.name) {
    for (const auto& p : variant.players) seat_names_.push_back(p.name);
    for (const std::string& p : players) row_of(p);
}

std::size_t MultiPlayerTable::row_of(const std::string& player) {
    const auto it = std::find(players_.begin(), players_.end(), player);
    if (it != players_.end()) return static_cast<std::size_t>(it - players_.begin());
    players_.push_back(player);
    total_.emplace_back();
    by_seat_.emplace_back(seat_names_.size());
    return players_.size() - 1;
}

void MultiPlayerTable::add(const std::vector<std::string>& seat_players,
                           const std::vector<Standing>& standings) {
    bool single = false;
    for (std::size_t seat = 0; seat < seat_players.size() && seat < standings.size(); ++seat) {
        const std::size_t row = row_of(seat_players[seat]);
        total_[row].add(standings[seat]);
        by_seat_[row][seat].add(standings[seat]);
        single = single || standings[seat] == Standing::Won;
    }
    ++games_;
    no_single_winner_ += !single;
}

void MultiPlayerTable::print(std::ostream& out, std::size_t arrangements) const {
    out << games_ << " games of " << variant_name_ << ", " << arrangements
        << " seat arrangements in turn; last-survivor "
        << "wins/draws/losses (a seat held in a game counts once):\n";
    std::size_t width = 6;
    for (const auto& name : players_) width = std::max(width, name.size());
    out << std::left << std::setw(static_cast<int>(width)) << "player"
        << "  " << std::setw(12) << "total" << std::setw(8) << "win %";
    for (const std::string& seat : seat_names_) out << std::setw(12) << seat;
    out << "\n";
    for (std::size_t i = 0; i < players_.size(); ++i) {
        char pct[16];
        std::snprintf(pct, sizeof pct, "%.1f",
                      total_[i].games() ? 100.0 * total_[i].wins / total_[i].games() : 0.0);
        out << std::setw(static_cast<int>(width)) << players_[i] << "  " << std::setw(12)
            << total_[i].text() << std::setw(8) << pct;
        for (const Tally& t : by_seat_[i]) out << std::setw(12) << t.text();
        out << "\n";
    }
    out << "games without a single survivor (draws, move limit): " << no_single_winner_ << "\n";
}

std::size_t distinct_arrangements(const std::vector<std::string>& seat_players) {
    std::map<std::string, int> repeats;
    std::size_t result = 1;
    int seats = 0;
    for (const std::string& p : seat_players) {
        ++seats;
        result = result * static_cast<std::size_t>(seats) /
                 static_cast<std::size_t>(++repeats[p]);  // stays whole: a binomial product
    }
    return result;
}

}  // namespace seireigi
