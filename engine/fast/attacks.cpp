#include "fast/attacks.h"

#include <bit>
#include <cstdlib>
#include <initializer_list>

namespace seireigi::fast {

namespace {

// A step or leap relative to the owner: sideways (either side: every piece is symmetric) and
// forward. The moves are docs/rules.md §B.1; the slides are added in attacks(), not here.
struct Rel {
    int side, fwd;
};

std::initializer_list<Rel> steps_of(int kind) {
    static const std::initializer_list<Rel> pawn{{0, 1}};
    static const std::initializer_list<Rel> knight{{1, 2}, {-1, 2}};
    static const std::initializer_list<Rel> silver{{0, 1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    static const std::initializer_list<Rel> gold{{0, 1}, {1, 1}, {-1, 1}, {1, 0}, {-1, 0}, {0, -1}};
    static const std::initializer_list<Rel> king{{0, 1},  {1, 1},  {-1, 1}, {1, 0},
                                                 {-1, 0}, {0, -1}, {1, -1}, {-1, -1}};
    // Heavenly Horse FfWbNfAfD: F, fW, bN, fA, fD (the leaps jump).
    static const std::initializer_list<Rel> heavenly{{1, 1},  {-1, 1},  {1, -1}, {-1, -1}, {0, 1},
                                                     {1, -2}, {-1, -2}, {2, 2},  {-2, 2},  {0, 2}};
    // Free Tiger sRvWsN: the steps vW and the leaps sN = (±2, ±1); the sideways slide elsewhere.
    static const std::initializer_list<Rel> tiger{{0, 1},  {0, -1}, {2, 1},
                                                  {-2, 1}, {2, -1}, {-2, -1}};
    // Running Wolf vRfFsW: fF and sW; the vertical slide elsewhere.
    static const std::initializer_list<Rel> wolf{{1, 1}, {-1, 1}, {1, 0}, {-1, 0}};
    // Great Elephant fBbFsfW: bF, sW, fW; the forward diagonal slides elsewhere.
    static const std::initializer_list<Rel> elephant{{1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}};
    // Dragon Horse (BW) and Dragon King (RF): the King's steps, the slides covering the rest.
    static const std::initializer_list<Rel> none{};
    switch (kind) {
        case kPawn:
            return pawn;
        case kKnight:
            return knight;
        case kSilver:
            return silver;
        case kGold:
        case kTokin:
            return gold;
        case kKing:
        case kHorse:
        case kDragon:
            return king;
        case kHeavenly:
            return heavenly;
        case kTiger:
            return tiger;
        case kWolf:
            return wolf;
        case kElephant:
            return elephant;
        default:
            return none;
    }
}

constexpr int kDx[kDirections] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDy[kDirections] = {1, 0, -1, 1, -1, 0, 1, -1};

bool on_board(int x, int y) {
    return x >= 0 && x < 9 && y >= 0 && y < 9;
}

Tables build() {
    Tables t;
    for (int sq = 0; sq < kSquares; ++sq) {
        t.square[sq] = Bitboard::square(sq);
        // Canonical: y * 9 + x.
        t.canonical[sq] = static_cast<std::uint8_t>(y_of(sq) * 9 + x_of(sq));
        t.internal[y_of(sq) * 9 + x_of(sq)] = static_cast<std::uint8_t>(sq);
    }
    for (int c = 0; c < 2; ++c)
        for (int kind = 0; kind < kKinds; ++kind)
            for (int sq = 0; sq < kSquares; ++sq)
                for (const Rel r : steps_of(kind)) {
                    // Black faces north (toward y = 0): to_board of types.h.
                    const int dx = c == kBlack ? r.side : -r.side;
                    const int dy = c == kBlack ? -r.fwd : r.fwd;
                    const int x = x_of(sq) + dx, y = y_of(sq) + dy;
                    if (on_board(x, y)) t.step[c][kind][sq] |= Bitboard::square(sq_of(x, y));
                }
    for (int a = 0; a < kSquares; ++a) {
        for (int b = 0; b < kSquares; ++b)
            for (int d = std::max(std::abs(x_of(a) - x_of(b)), std::abs(y_of(a) - y_of(b))); d < 9;
                 ++d)
                t.within[a][d] |= Bitboard::square(b);
        t.near[a] = t.within[a][2].andnot(Bitboard::square(a));
        t.near3[a] = t.within[a][3].andnot(Bitboard::square(a));
    }
    for (int a = 0; a < kSquares; ++a) {
        t.direction[a].fill(-1);
        for (int d = 0; d < kDirections; ++d) {
            int x = x_of(a) + kDx[d], y = y_of(a) + kDy[d];
            for (; on_board(x, y); x += kDx[d], y += kDy[d]) {
                t.ray[d][a] |= Bitboard::square(sq_of(x, y));
                t.direction[a][sq_of(x, y)] = static_cast<std::int8_t>(d);
            }
            t.lines[a] |= t.ray[d][a];
        }
    }
    // Lines: two opposite rays each, the increasing one first: the square's place along the
    // line is the length of the decreasing one.
    constexpr int kLineRays[kLines][2] = {{kS, kN}, {kE, kW}, {kNE, kSW}, {kSE, kNW}};
    for (int line = 0; line < kLines; ++line)
        for (int a = 0; a < kSquares; ++a) {
            const Bitboard squares =
                t.ray[kLineRays[line][0]][a] | t.ray[kLineRays[line][1]][a] | Bitboard::square(a);
            LineMask& m = t.line[line][a];
            m.lo = squares.lo();
            m.hi = squares.hi();
            m.lo_count = static_cast<std::uint8_t>(std::popcount(m.lo));
            m.place = static_cast<std::uint8_t>(t.ray[kLineRays[line][1]][a].count());
            m.shift = static_cast<std::uint8_t>(std::countr_zero(m.lo | m.hi));
        }
    for (int place = 0; place < 9; ++place)
        for (int occ = 0; occ < 512; ++occ) {
            int reach = 0;
            for (int i = place + 1; i < 9; ++i) {
                reach |= 1 << i;
                if (occ >> i & 1) break;
            }
            for (int i = place - 1; i >= 0; --i) {
                reach |= 1 << i;
                if (occ >> i & 1) break;
            }
            t.line_reach[place][occ] = static_cast<std::uint16_t>(reach);
        }
    return t;
}

// Slide directions from attacks() itself: a square three steps away along a ray is beyond every
// step and leap, so a piece reaches it on an empty board only by sliding.
std::array<std::array<std::uint8_t, kKinds>, 2> build_slides() {
    std::array<std::array<std::uint8_t, kKinds>, 2> slides{};
    const int center = sq_of(4, 4);
    for (int kind = 0; kind < kKinds; ++kind)
        for (int d = 0; d < kDirections; ++d) {
            const int far = sq_of(4 + 3 * kDx[d], 4 + 3 * kDy[d]);
            if (attacks<kBlack>(kind, center, Bitboard()).test(far))
                slides[kBlack][kind] |= static_cast<std::uint8_t>(1u << d);
            if (attacks<kWhite>(kind, center, Bitboard()).test(far))
                slides[kWhite][kind] |= static_cast<std::uint8_t>(1u << d);
        }
    return slides;
}

}  // namespace

const Tables kTables = build();
const std::array<std::array<std::uint8_t, kKinds>, 2> kSlides = build_slides();  // after kTables

}  // namespace seireigi::fast
