// AttackCounter: the attack sets of a player's pieces added one by one, counted per square up to
// two (once, twice) and summed over the open squares (the mobility).
//
// Two ways to count, by what the processor offers: where a population count is one instruction,
// each piece's open squares are counted as it is added (two word operations for once and twice);
// without it (a portable build, where a count costs a few dozen instructions), the attackers of
// each square are counted bit-sliced, bit i of every square's count in count_[i], as a binary
// adder does, and the mobility is three counts at the end. Eight or more attackers on one square
// overflow the bit-sliced counter: the caller then counts the mobility another way.
#pragma once

#include "fast/bitboard.h"

namespace seireigi::fast {

class AttackCounter {
  public:
    explicit AttackCounter(Bitboard open) : open_(open) {}

#ifdef __POPCNT__
    void add(Bitboard to) {
        twice_ |= once_ & to;
        once_ |= to;
        mobility_ += (to & open_).count();
    }
    Bitboard once() const {
        return once_;
    }
    Bitboard twice() const {
        return twice_;
    }
    bool overflowed() const {
        return false;
    }
    int mobility() const {
        return mobility_;
    }

  private:
    Bitboard once_, twice_;
    int mobility_ = 0;
#else
    void add(Bitboard to) {
        const Bitboard carry0 = count_[0] & to;
        count_[0] ^= to;
        const Bitboard carry1 = count_[1] & carry0;
        count_[1] ^= carry0;
        overflow_ |= count_[2] & carry1;
        count_[2] ^= carry1;
    }
    Bitboard once() const {
        return count_[0] | count_[1] | count_[2] | overflow_;
    }
    Bitboard twice() const {
        return count_[1] | count_[2] | overflow_;
    }
    bool overflowed() const {
        return static_cast<bool>(overflow_);
    }
    int mobility() const {
        return (count_[0] & open_).count() + 2 * (count_[1] & open_).count() +
               4 * (count_[2] & open_).count();
    }

  private:
    Bitboard count_[3], overflow_;
#endif
    Bitboard open_;
};

}  // namespace seireigi::fast
