// Attack tables of the fast 9x9 Seireigi engine: steps and leaps by lookup, slides by rays.
//
// Pieces are (color, kind). Kinds follow YaneuraOu's order so that promoting is "+ 8" for every
// promotable kind, the Gold included (Seireigi promotes Golds to Great Elephants).
//
// Slides: every sliding move is one of eight rays. A ray's squares appear in the bitboard in
// strictly increasing or strictly decreasing bit order (bitboard.h), so the squares a slider
// reaches are found with two's-complement arithmetic on the 128-bit word, no table per
// occupancy: for an increasing ray, x ^ (x - 1) marks everything up to the first blocker; for a
// decreasing ray, the highest blocker is found with a count of leading zeros.
// Where the processor can gather and scatter bits (BMI2's pext and pdep), whole lines are looked
// up instead: a line's occupancy is gathered into at most nine bits, a table gives the squares
// reached along it, and they are scattered back (line_attacks(); a quarter of the instructions
// of two rays).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "fast/bitboard.h"

namespace seireigi::fast {

enum Color : int { kBlack = 0, kWhite = 1 };  // Sente (faces rank a), Gote
constexpr Color operator~(Color c) {
    return static_cast<Color>(c ^ 1);
}

enum Kind : int {
    kNoKind,
    kPawn,
    kLance,
    kKnight,
    kSilver,
    kBishop,
    kRook,
    kGold,
    kKing,
    kTokin,     // +P: moves as a Gold
    kTiger,     // +L Free Tiger: sRvWsN
    kHeavenly,  // +N Heavenly Horse: FfWbNfAfD
    kWolf,      // +S Running Wolf: vRfFsW
    kHorse,     // +B Dragon Horse: BW
    kDragon,    // +R Dragon King: RF
    kElephant,  // +G Great Elephant: fBbFsfW
    kKinds
};
constexpr int kPromoted = 8;
constexpr bool promotable(int kind) {
    return kind >= kPawn && kind <= kGold;
}
// Kinds that go to a hand (the base kinds but the King).
constexpr int kHandKinds = 8;  // index 1..7 used

using Piece = int;  // kind | color << 4; 0 = empty
constexpr Piece make_piece(Color c, int kind) {
    return kind | (c << 4);
}
constexpr int kind_of(Piece p) {
    return p & 15;
}
constexpr Color color_of(Piece p) {
    return static_cast<Color>(p >> 4);
}
// The kind a piece returns to a hand as.
constexpr int base_of(int kind) {
    return kind > kKing ? kind - kPromoted : kind;
}

// Ray directions. The increasing ones (in bit order) come first.
enum Direction : int { kS, kE, kNE, kSE, kN, kW, kSW, kNW, kDirections };
constexpr bool increasing(int d) {
    return d < kN;
}
constexpr int opposite(int d) {
    return d < kN ? d + 4 : d - 4;
}

// The four lines through a square: each is two opposite rays and the square.
enum Line : int { kFileLine, kRankLine, kRisingLine, kFallingLine, kLines };  // kNE-kSW, kSE-kNW

// A line through a square, for lookups by line: its squares in each word of the bitboard, how
// many of them lie in the low word, and the square's place along the line (in bit order).
// For a file, which lies in one word as nine consecutive bits, `shift` is the bit of its first
// square in that word.
struct LineMask {
    std::uint64_t lo = 0, hi = 0;
    std::uint8_t lo_count = 0, place = 0, shift = 0;
    Bitboard bits() const { return Bitboard(lo, hi); }
};

struct Tables {
    // Step and leap attacks (everything but the slides) of every kind, per color.
    std::array<std::array<std::array<Bitboard, kSquares>, kKinds>, 2> step{};
    // Empty-board rays, the square itself excluded.
    std::array<std::array<Bitboard, kSquares>, kDirections> ray{};
    // The direction from one square to another along a line, or -1.
    std::array<std::array<std::int8_t, kSquares>, kSquares> direction{};
    std::array<Bitboard, kSquares + 1> square{};  // [kNoSq] is empty
    // Squares within two steps in every direction: every step or leap of every piece lands
    // inside, so no piece outside can attack the square without sliding.
    std::array<Bitboard, kSquares> near{};
    // Squares within three steps: every piece that attacks a square next to this one by a step
    // or leap stands inside.
    std::array<Bitboard, kSquares> near3{};
    // Squares within d steps (Chebyshev distance), d = 0..8.
    std::array<std::array<Bitboard, 9>, kSquares> within{};
    // The union of the eight rays: no slider off these lines can attack the square.
    std::array<Bitboard, kSquares> lines{};
    std::array<std::array<LineMask, kSquares>, kLines> line{};
    // Along a line of up to nine squares: from the square at `place`, with the line's
    // occupancy as bits in line order, the squares reached (the first blocker each way included).
    std::array<std::array<std::uint16_t, 512>, 9> line_reach{};
    // Canonical square (types.h) of an internal square, and back.
    std::array<std::uint8_t, kSquares> canonical{};
    std::array<std::uint8_t, kSquares> internal{};
};

extern const Tables kTables;

inline Bitboard square_bb(int sq) {
    return kTables.square[sq];
}
inline Bitboard step_attacks(Color c, int kind, int sq) {
    return kTables.step[c][kind][sq];
}
inline Bitboard ray_bb(int d, int sq) {
    return kTables.ray[d][sq];
}

// The squares strictly between a and b on a line, empty when they share no line.
inline Bitboard between(int a, int b) {
    const int d = kTables.direction[a][b];
    return d < 0 ? Bitboard() : kTables.ray[d][a] & kTables.ray[opposite(d)][b];
}
// Where a piece pinned on `pinned` to the King on `ksq` may go: the squares between the King
// and the pinner, the pinner included. Not the whole ray: a leaper (a Heavenly Horse's fD)
// could jump over its pinner and land beyond it.
inline Bitboard pin_ray(int ksq, int pinned, Bitboard occ) {
    const int d = kTables.direction[ksq][pinned];
    const Bitboard beyond = kTables.ray[d][pinned] & occ;
    const int pinner = increasing(d) ? beyond.first() : beyond.last();
    return between(ksq, pinner) | kTables.square[pinner];
}

// The squares a slider on `sq` reaches along ray `D`, the first occupied square included.
template <int D>
inline Bitboard ray_attacks(int sq, Bitboard occ) {
    const u128 ray = kTables.ray[D][sq].raw();
    if constexpr (increasing(D)) {
        const u128 x = occ.raw() & ray;
        return Bitboard((x ^ (x - 1)) & ray);
    } else {
        // Bit 0 as a sentinel: a ray toward lower bits that meets no blocker keeps every square.
        const u128 x = (occ.raw() & ray) | 1;
        const std::uint64_t h = static_cast<std::uint64_t>(x >> 64);
        const int top =
            h ? 127 - std::countl_zero(h) : 63 - std::countl_zero(static_cast<std::uint64_t>(x));
        return Bitboard(ray & -(static_cast<u128>(1) << top));
    }
}

// The same for a direction known only at run time.
inline Bitboard ray_attacks(int d, int sq, Bitboard occ) {
    switch (d) {
        case kS:
            return ray_attacks<kS>(sq, occ);
        case kE:
            return ray_attacks<kE>(sq, occ);
        case kNE:
            return ray_attacks<kNE>(sq, occ);
        case kSE:
            return ray_attacks<kSE>(sq, occ);
        case kN:
            return ray_attacks<kN>(sq, occ);
        case kW:
            return ray_attacks<kW>(sq, occ);
        case kSW:
            return ray_attacks<kSW>(sq, occ);
        default:
            return ray_attacks<kNW>(sq, occ);
    }
}

// The squares a slider on `sq` reaches along both rays of line L, from the rays.
template <int L>
inline Bitboard line_attacks_by_rays(int sq, Bitboard occ) {
    if constexpr (L == kFileLine) return ray_attacks<kN>(sq, occ) | ray_attacks<kS>(sq, occ);
    if constexpr (L == kRankLine) return ray_attacks<kW>(sq, occ) | ray_attacks<kE>(sq, occ);
    if constexpr (L == kRisingLine) return ray_attacks<kNE>(sq, occ) | ray_attacks<kSW>(sq, occ);
    if constexpr (L == kFallingLine) return ray_attacks<kSE>(sq, occ) | ray_attacks<kNW>(sq, occ);
    return Bitboard();
}

// The same, looked up: a file on every build, the other lines where the processor gathers and
// scatters bits (BMI2); elsewhere from the rays.
template <int L>
inline Bitboard line_attacks(int sq, Bitboard occ) {
    if constexpr (L == kFileLine) {
        // A shift gathers a file, one word's mask (the other's is empty) picks its word.
        const LineMask& m = kTables.line[L][sq];
        const std::uint64_t bits = ((occ.lo() & m.lo) | (occ.hi() & m.hi)) >> m.shift;
        const std::uint64_t reach = std::uint64_t{kTables.line_reach[m.place][bits]} << m.shift;
        return Bitboard(reach & m.lo, reach & m.hi);
    }
#ifdef __BMI2__
    const LineMask& m = kTables.line[L][sq];
    const std::uint64_t bits = _pext_u64(occ.lo(), m.lo) | _pext_u64(occ.hi(), m.hi) << m.lo_count;
    const std::uint64_t reach = kTables.line_reach[m.place][bits];
    return Bitboard(_pdep_u64(reach, m.lo), _pdep_u64(reach >> m.lo_count, m.hi));
#else
    return line_attacks_by_rays<L>(sq, occ);
#endif
}

inline Bitboard file_attacks(int sq, Bitboard occ) {
    return line_attacks<kFileLine>(sq, occ);
}
inline Bitboard rank_attacks(int sq, Bitboard occ) {
    return line_attacks<kRankLine>(sq, occ);
}
inline Bitboard rook_attacks(int sq, Bitboard occ) {
    return file_attacks(sq, occ) | rank_attacks(sq, occ);
}
inline Bitboard bishop_attacks(int sq, Bitboard occ) {
    return line_attacks<kRisingLine>(sq, occ) | line_attacks<kFallingLine>(sq, occ);
}
// Forward for Black is north (toward rank a).
template <Color C>
inline Bitboard lance_attacks(int sq, Bitboard occ) {
    return C == kBlack ? ray_attacks<kN>(sq, occ) : ray_attacks<kS>(sq, occ);
}
template <Color C>
inline Bitboard forward_diagonal_attacks(int sq, Bitboard occ) {
    return C == kBlack ? ray_attacks<kNE>(sq, occ) | ray_attacks<kNW>(sq, occ)
                       : ray_attacks<kSE>(sq, occ) | ray_attacks<kSW>(sq, occ);
}

// Every square a piece of color C and kind `kind` on `sq` attacks.
template <Color C>
[[gnu::always_inline]] inline Bitboard attacks(int kind, int sq, Bitboard occ) {
    const Bitboard step = step_attacks(C, kind, sq);
    switch (kind) {
        case kLance:
            return lance_attacks<C>(sq, occ);
        case kBishop:
            return bishop_attacks(sq, occ);
        case kRook:
            return rook_attacks(sq, occ);
        case kTiger:
            return step | rank_attacks(sq, occ);
        case kWolf:
            return step | file_attacks(sq, occ);
        case kHorse:
            return step | bishop_attacks(sq, occ);
        case kDragon:
            return step | rook_attacks(sq, occ);
        case kElephant:
            return step | forward_diagonal_attacks<C>(sq, occ);
        default:
            return step;
    }
}

// Per color and kind, bit d set when the piece slides along ray direction d (read from
// attacks() on an empty board, so the two cannot disagree).
extern const std::array<std::array<std::uint8_t, kKinds>, 2> kSlides;

// Whether a piece of color C and kind `kind` on `from` attacks `target`: one step lookup, or
// a slide along the line between them when nothing stands between (cheaper than the piece's
// whole attack set when one square is asked).
template <Color C>
inline bool attacks_square(int kind, int from, int target, Bitboard occ) {
    if (step_attacks(C, kind, from).test(target)) return true;
    const int d = kTables.direction[from][target];
    return d >= 0 && (kSlides[C][kind] >> d & 1) && !(between(from, target) & occ);
}

}  // namespace seireigi::fast
