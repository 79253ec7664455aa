// What each piece is worth on each square, summed per player by a position as its pieces move:
// the evaluation's material and square terms then cost a lookup instead of a walk over the
// board (Stockfish keeps its piece-square score the same way). The value of each player's hand
// is summed the same way, as pieces are captured and dropped.
//
// The evaluation hands a position its worth functions with an id of its own
// (keep_square_sums); the position reads them once into tables of its own layout and updates
// the sums on every placement, removal, capture and drop. An evaluation uses the sums only when the
// position holds its id, so another evaluation's values (other weights, another variant) are
// never mistaken for its own.
#pragma once

#include <atomic>
#include <cstdint>

namespace seireigi {

struct SquareWorth {
    int score = 0;     // what the evaluation adds for the piece there (value and square terms)
    int material = 0;  // the piece's value alone

    SquareWorth& operator+=(const SquareWorth& o) {
        score += o.score;
        material += o.material;
        return *this;
    }
    SquareWorth& operator-=(const SquareWorth& o) {
        score -= o.score;
        material -= o.material;
        return *this;
    }
};

// A new id for a set of worth values (never 0, which means "none").
inline std::uint64_t new_square_sums_id() {
    static std::atomic<std::uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace seireigi
