// Bitboard: a set of squares of the 9x9 board as one 128-bit word, laid out by file.
//
// Layout (the internal square numbering of the fast engine, not the canonical one of types.h):
//   internal square i = x * 9 + y, x = column from the left (0 = file 9), y = row from the top
//   (0 = rank a). Squares 0..62 (files 9..3) are bits 0..62 of the low 64-bit word; squares
//   63..80 (files 2 and 1) are bits 0..17 of the high word. Bit 63 is never used.
// Why by file: a file is 9 consecutive bits that never straddle the two words, so a step forward
// or backward is a shift by one and lance / vertical slides stay in one word (YaneuraOu's
// layout). Why the gap at bit 63: files 9..3 fill the low word exactly (7 * 9 = 63).
// Every ray from a square visits bits in increasing or decreasing order, which the slider
// attacks in attacks.h rely on (the gap keeps the order: square i >= 63 sits at bit i + 1).
#pragma once

#include <bit>
#include <cstdint>

namespace seireigi::fast {

__extension__ typedef unsigned __int128 u128;

constexpr int kSquares = 81;
constexpr int kNoSq = 81;  // "no square": its bitboard is empty

constexpr int sq_of(int x, int y) {
    return x * 9 + y;
}
constexpr int x_of(int sq) {
    return sq / 9;
}
constexpr int y_of(int sq) {
    return sq % 9;
}
constexpr int bit_of(int sq) {
    return sq < 63 ? sq : sq + 1;
}

// The number of set bits of a bitboard's two words. Without the popcnt instruction
// std::popcount is a library call per word, which costs more than counting a few moves; the
// inline version adds the two words' per-byte counts (at most 8 each) before one multiply sums
// the bytes.
constexpr int popcount2(std::uint64_t a, std::uint64_t b) {
#ifdef __POPCNT__
    return std::popcount(a) + std::popcount(b);
#else
    constexpr std::uint64_t k1 = 0x5555555555555555ull, k2 = 0x3333333333333333ull,
                            k4 = 0x0F0F0F0F0F0F0F0Full, k8 = 0x0101010101010101ull;
    a -= (a >> 1) & k1;
    b -= (b >> 1) & k1;
    a = (a & k2) + ((a >> 2) & k2);
    b = (b & k2) + ((b >> 2) & k2);
    const std::uint64_t s = (a & k4) + ((a >> 4) & k4) + (b & k4) + ((b >> 4) & k4);
    return static_cast<int>((s * k8) >> 56);
#endif
}

class Bitboard {
  public:
    constexpr Bitboard() = default;
    constexpr explicit Bitboard(u128 v) : v_(v) {}
    constexpr Bitboard(std::uint64_t lo, std::uint64_t hi)
        : v_((static_cast<u128>(hi) << 64) | lo) {}
    static constexpr Bitboard square(int sq) {
        return sq >= kSquares ? Bitboard() : Bitboard(static_cast<u128>(1) << bit_of(sq));
    }
    static constexpr Bitboard all() { return Bitboard((1ull << 63) - 1, (1ull << 18) - 1); }

    constexpr u128 raw() const { return v_; }
    constexpr std::uint64_t lo() const { return static_cast<std::uint64_t>(v_); }
    constexpr std::uint64_t hi() const { return static_cast<std::uint64_t>(v_ >> 64); }

    constexpr explicit operator bool() const { return v_ != 0; }
    // Which word holds a square is a comparison; avoids a variable 128-bit shift.
    constexpr bool test(int sq) const {
        return sq < 63 ? (lo() >> sq) & 1 : sq < kSquares && ((hi() >> (sq - 63)) & 1);
    }
    constexpr int count() const { return popcount2(lo(), hi()); }
    constexpr bool more_than_one() const { return (v_ & (v_ - 1)) != 0; }
    // The lowest square (the set must not be empty).
    constexpr int first() const {
        const std::uint64_t l = lo();
        return l ? std::countr_zero(l) : 63 + std::countr_zero(hi());
    }
    // The highest square (the set must not be empty).
    constexpr int last() const {
        const std::uint64_t h = hi();
        return h ? 126 - std::countl_zero(h) : 63 - std::countl_zero(lo());
    }
    // Removes and returns the lowest square.
    constexpr int pop() {
        const int sq = first();
        v_ &= v_ - 1;
        return sq;
    }

    constexpr Bitboard operator&(Bitboard b) const { return Bitboard(v_ & b.v_); }
    constexpr Bitboard operator|(Bitboard b) const { return Bitboard(v_ | b.v_); }
    constexpr Bitboard operator^(Bitboard b) const { return Bitboard(v_ ^ b.v_); }
    // Complement within the 81 squares.
    constexpr Bitboard operator~() const { return Bitboard(v_ ^ all().v_); }
    constexpr Bitboard andnot(Bitboard b) const { return Bitboard(v_ & ~b.v_); }
    constexpr Bitboard& operator&=(Bitboard b) { return v_ &= b.v_, *this; }
    constexpr Bitboard& operator|=(Bitboard b) { return v_ |= b.v_, *this; }
    constexpr Bitboard& operator^=(Bitboard b) { return v_ ^= b.v_, *this; }
    friend constexpr bool operator==(Bitboard, Bitboard) = default;

    // One step toward rank a / toward the last rank, for sets with no square on rank a (resp.
    // rank i): a file never straddles the words, so each word shifts on its own.
    constexpr Bitboard up() const { return Bitboard(lo() >> 1, hi() >> 1); }
    constexpr Bitboard down() const { return Bitboard(lo() << 1, hi() << 1); }

    // Calls f(square) for every square in increasing order, a word at a time (cheaper than
    // removing squares from the 128-bit value).
    template <class F>
    constexpr void for_each(F&& f) const {
        for (std::uint64_t l = lo(); l; l &= l - 1) f(std::countr_zero(l));
        for (std::uint64_t h = hi(); h; h &= h - 1) f(63 + std::countr_zero(h));
    }

  private:
    u128 v_ = 0;
};

// Rank and file masks.
constexpr Bitboard file_bb(int x) {
    Bitboard b;
    for (int y = 0; y < 9; ++y) b |= Bitboard::square(sq_of(x, y));
    return b;
}
constexpr Bitboard rank_bb(int y) {
    Bitboard b;
    for (int x = 0; x < 9; ++x) b |= Bitboard::square(sq_of(x, y));
    return b;
}
// Ranks y0..y1 (inclusive).
constexpr Bitboard ranks_bb(int y0, int y1) {
    Bitboard b;
    for (int y = y0; y <= y1; ++y) b |= rank_bb(y);
    return b;
}

// The files that hold at least one square of `b`, as a full-file mask. SWAR over the 9-bit file
// fields: adding 511 to a field carries into its 10th bit exactly when the field is non-zero;
// even and odd files are done apart so that the carry lands in a masked-out neighbour.
constexpr Bitboard occupied_files(Bitboard b) {
    constexpr std::uint64_t kField = 0x1FF;
    constexpr std::uint64_t kEvenLo =
        kField | kField << 18 | kField << 36 | kField << 54;                     // x 0,2,4,6
    constexpr std::uint64_t kOddLo = kField << 9 | kField << 27 | kField << 45;  // x 1,3,5
    constexpr std::uint64_t kEvenOnes = 1ull | 1ull << 18 | 1ull << 36 | 1ull << 54;
    constexpr std::uint64_t kOddOnes = 1ull << 9 | 1ull << 27 | 1ull << 45;
    auto fill = [](std::uint64_t w, std::uint64_t mask, std::uint64_t ones) {
        const std::uint64_t carry = (((w & mask) + ones * kField) >> 9) & ones;
        return carry * kField;
    };
    const std::uint64_t lo = fill(b.lo(), kEvenLo, kEvenOnes) | fill(b.lo(), kOddLo, kOddOnes);
    // High word: x = 7 (bits 0..8) and x = 8 (bits 9..17).
    const std::uint64_t h = b.hi();
    const std::uint64_t hi = ((h & kField) ? kField : 0) | ((h >> 9 & kField) ? kField << 9 : 0);
    return Bitboard(lo, hi);
}

}  // namespace seireigi::fast
