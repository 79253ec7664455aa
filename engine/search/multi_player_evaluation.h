// The evaluation for 3 and 4 players (docs/rules.md §D), read from the variant's data like the
// two-player one: a score per player, then the root's view of it.
//
// A player's score is its material on the board (by face) and in hand (by hand value), its
// promotion potential, and the safety of its King: own pieces next to it defend it, pieces of
// anyone else (opponents and neutral pieces alike: both give check) near it press on it, and
// each empty square next to it is a hole weighed by the largest hand among the other active
// players. Neutral pieces score for nobody, and an eliminated player scores nothing: its hand
// went to the mating player, where it counts.
//
// The root's value is its own score minus the best score among the other active players: a
// player who is far ahead is the one to stop, whoever he is. What players are shown is each
// one's standing instead: its own score minus the average of the other active players', 0 for
// everyone in a symmetric position.
#pragma once

#include <array>

#include "core/types.h"
#include "position/generic_position.h"
#include "rules/variant.h"
#include "search/evaluation.h"

namespace seireigi::search {

using PlayerScores = std::array<int, kMaxPlayers>;

class MultiPlayerEvaluator {
  public:
    explicit MultiPlayerEvaluator(const Variant& v);

    // Every player's score (0 for players out of the game).
    PlayerScores scores(const GenericPosition& pos) const;
    // `player`'s score minus the best score of the other active players.
    static int relative(const GenericPosition& pos, const PlayerScores& s, Player player);
    // `player`'s score minus the average score of the other active players.
    static int standing(const GenericPosition& pos, const PlayerScores& s, Player player);
    int evaluate(const GenericPosition& pos, Player root) const {
        return relative(pos, scores(pos), root);
    }

    // Values for move ordering (the two-player evaluator's tables).
    const Evaluator& values() const { return values_; }

  private:
    const Variant& v_;
    Evaluator values_;
    EvalWeights w_;
    int players_;
    std::size_t squares_;
    std::vector<std::uint8_t> royal_face_;  // by face
    std::vector<int> promotion_pst_;        // [player][base type][square]
};

}  // namespace seireigi::search
