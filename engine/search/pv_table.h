// The principal variations of a search: for every node on the current path, the best line found
// from it so far. A node starts empty; a better move at `ply` becomes that move followed by the
// line of the node below it, so the root's row holds the whole principal variation.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include "core/types.h"
#include "search/score.h"

namespace seireigi::search {

class PvTable {
  public:
    static constexpr std::size_t kRows = kMaxPly + 8;

    // The node at `ply` has no line yet.
    void start(int ply) { length_[row(ply)] = ply; }
    // `m` is the best move at `ply` so far: its line is m, then the line found below it.
    void update(int ply, Move m) {
        const std::size_t p = row(ply);
        moves_[p][p] = m;
        for (int i = ply + 1; i < length_[p + 1]; ++i) moves_[p][row(i)] = moves_[p + 1][row(i)];
        length_[p] = std::max(length_[p + 1], ply + 1);
    }
    // `m` ends the line at `ply` (a mate found without searching below).
    void end_with(int ply, Move m) {
        moves_[row(ply)][row(ply)] = m;
        length_[row(ply)] = ply + 1;
    }
    bool root_empty() const { return length_[0] == 0; }
    std::vector<Move> root_line() const {
        return {moves_[0].begin(), moves_[0].begin() + length_[0]};
    }

  private:
    static std::size_t row(int ply) { return static_cast<std::size_t>(ply); }

    std::array<std::array<Move, kRows>, kRows> moves_{};
    std::array<int, kRows> length_{};
};

}  // namespace seireigi::search
