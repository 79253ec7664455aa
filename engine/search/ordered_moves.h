// A node's moves with their ordering scores (move_order.h), handed out best first by pick(i),
// ties to the smaller canonical Move, so that every position implementation searches the same
// tree. The first few are selected one by one (a cut-off often comes early); past them the rest
// is sorted once by the same order, so the sequence is the same either way.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "position/position_contract.h"

namespace seireigi::search {

struct OrderedMoves {
    MoveList moves;
    std::vector<int> scores;  // scores[i] is moves[i]'s

    // Scores every move with score_of(Move).
    template <class ScoreOf>
    void score(ScoreOf&& score_of) {
        scores.resize(moves.size());
        for (std::size_t i = 0; i < moves.size(); ++i) scores[i] = score_of(moves[i]);
    }

    // The move to try i-th: call with i = 0, 1, 2 ... in turn.
    Move pick(std::size_t i) {
        constexpr std::size_t kSelectedOneByOne = 3;
        const auto before = [&](std::size_t a, std::size_t b) {
            return scores[a] > scores[b] || (scores[a] == scores[b] && moves[a] < moves[b]);
        };
        if (i < kSelectedOneByOne) {
            std::size_t best = i;
            for (std::size_t j = i + 1; j < moves.size(); ++j)
                if (before(j, best)) best = j;
            std::swap(moves[i], moves[best]);
            std::swap(scores[i], scores[best]);
        } else if (i == kSelectedOneByOne && moves.size() - i > 1) {
            sorting_room_.clear();
            for (std::size_t j = i; j < moves.size(); ++j)
                sorting_room_.push_back({scores[j], moves[j]});
            std::sort(sorting_room_.begin(), sorting_room_.end(), [](const auto& a, const auto& b) {
                return a.first > b.first || (a.first == b.first && a.second < b.second);
            });
            for (std::size_t j = i; j < moves.size(); ++j) {
                scores[j] = sorting_room_[j - i].first;
                moves[j] = sorting_room_[j - i].second;
            }
        }
        return moves[i];
    }

  private:
    std::vector<std::pair<int, Move>> sorting_room_;
};

}  // namespace seireigi::search
