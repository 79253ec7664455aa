// Search scores: centipawns from the point of view of the player to move, with mate scores at
// the ends of the range. A mate found `ply` plies from the root scores kMate - ply, so nearer
// mates score higher.
#pragma once

namespace seireigi::search {

// Wide enough for a 15x15 board with full hands: material alone reached 37,000 on Dai Seireigi.
inline constexpr int kInfinite = 1000001;
inline constexpr int kMate = 1000000;
inline constexpr int kMaxPly = 128;
inline constexpr int kMateBound = kMate - 2 * kMaxPly;    // scores beyond are mates
inline constexpr int kMaxEvaluation = kMateBound - 1000;  // static evaluations stay within

constexpr int mate_in(int ply) {
    return kMate - ply;
}
constexpr int mated_in(int ply) {
    return -kMate + ply;
}
constexpr bool is_mate_score(int s) {
    return s >= kMateBound || s <= -kMateBound;
}

}  // namespace seireigi::search
