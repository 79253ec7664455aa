// The history heuristic: per player, a score for each quiet move (from-square or dropped type,
// to-square) that rises when the move causes a cut-off and falls when it was tried before the
// move that did. Move ordering sorts the quiet moves by it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdlib>
#include <vector>

#include "core/types.h"

namespace seireigi::search {

class HistoryTable {
  public:
    // Every score zero, for a board of `squares` squares.
    void reset(int squares) {
        squares_ = static_cast<std::size_t>(squares);
        for (auto& h : table_) h.assign((squares_ + kDroppedTypes) * squares_, 0);
    }
    void clear() {
        for (auto& h : table_) std::fill(h.begin(), h.end(), 0);
    }
    // Whether the table is sized for a board of `squares` squares.
    bool fits(int squares) const {
        return squares_ == static_cast<std::size_t>(squares) && !table_[0].empty();
    }
    // Every score halved: what the last search learned still counts, less.
    void age() {
        for (auto& h : table_)
            for (int& v : h) v /= 2;
    }
    // Scores per player (the number of moves it tells apart).
    std::size_t size() const { return table_[0].size(); }

    int& at(Player p, Move m) { return table_[static_cast<std::size_t>(p)][index(m)]; }
    // Player p's scores, indexed by index(m): a search that orders many moves takes it once.
    const int* row(Player p) const { return table_[static_cast<std::size_t>(p)].data(); }
    // Where m's score lies in a row (from-square or dropped type, to-square).
    std::size_t index(Move m) const {
        return m.origin_index(squares_) * squares_ + static_cast<std::size_t>(m.to());
    }

    // `cut` (quiet) ended the node of player `p` at `depth`: it gains, and the quiet moves tried
    // before it (`tried`, `cut` included) lose, by depth squared, with a gravity that keeps the
    // scores within +-16384.
    void reward_cut(Player p, Move cut, const std::vector<Move>& tried, int depth) {
        const int bonus = depth * depth;
        for (Move q : tried) {
            int& h = at(p, q);
            const int b = q == cut ? bonus : -bonus;
            h += b - h * std::abs(b) / 16384;
        }
    }

  private:
    static constexpr std::size_t kDroppedTypes = 128;  // rows for drops, after the squares

    std::size_t squares_ = 0;
    std::array<std::vector<int>, kMaxPlayers> table_;
};

}  // namespace seireigi::search
