// AttackCounter: the attack sets of a player's pieces added one by one, counted per square up to
// two (once, twice) and summed over the open squares (the mobility).
//
// Three ways to count, by what the processor offers: where vector registers count bits
// (AVX-512 VPOPCNTDQ), a set's two words sit in one register, so once, twice and the count of
// open squares are one instruction each; where a population count is one instruction, each
// piece's open squares are counted as it is added (two word operations for once and twice);
// without it (a portable build, where a count costs a few dozen instructions), the attackers of
// each square are counted bit-sliced, bit i of every square's count in count_[i], as a binary
// adder does, and the mobility is three counts at the end. Eight or more attackers on one square
// overflow the bit-sliced counter: the caller then counts the mobility another way.
#pragma once

#if defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__)
#include <immintrin.h>
#endif

#include "fast/bitboard.h"

namespace seireigi::fast {

#if defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__)
// Vector registers: the open squares are counted per word, and the two words summed at the end.
class AttackCounter {
  public:
    explicit AttackCounter(Bitboard open) : open_(vector(open)) {}
    void add(Bitboard to) {
        const __m128i t = vector(to);
        twice_ = _mm_ternarylogic_epi64(twice_, once_, t, 0xF8);  // twice | (once & t)
        once_ = _mm_or_si128(once_, t);
        counts_ = _mm_add_epi64(counts_, _mm_popcnt_epi64(_mm_and_si128(t, open_)));
    }
    Bitboard once() const { return bitboard(once_); }
    Bitboard twice() const { return bitboard(twice_); }
    bool overflowed() const { return false; }
    int mobility() const {
        return static_cast<int>(_mm_cvtsi128_si64(counts_) + _mm_extract_epi64(counts_, 1));
    }

  private:
    static __m128i vector(Bitboard b) {
        return _mm_set_epi64x(static_cast<long long>(b.hi()), static_cast<long long>(b.lo()));
    }
    static Bitboard bitboard(__m128i v) {
        return Bitboard(static_cast<std::uint64_t>(_mm_cvtsi128_si64(v)),
                        static_cast<std::uint64_t>(_mm_extract_epi64(v, 1)));
    }
    __m128i once_ = _mm_setzero_si128(), twice_ = _mm_setzero_si128(),
            counts_ = _mm_setzero_si128();
    __m128i open_;
};
#else
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
#endif

}  // namespace seireigi::fast
