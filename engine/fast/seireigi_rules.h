// The rules the fast engine was written for: variant_rules_text() of variants/seireigi.yaml
// (variant_fingerprint.h explains the format). FastPosition refuses any variant whose rules text
// differs. Regenerate only together with a change of the engine that implements the new rules;
// tests/fast_position_test.cpp checks that the built-in seireigi.yaml still matches.
#pragma once

#include <cstdint>

namespace seireigi {

// The raw string starts with a newline, skipped by taking its second character onwards.
inline constexpr const char* kSeireigiRules = &R"rules(
board 9x9
players north south
starting-player 0
zone-depth 3
drops on
drop-mate-reading narrow
piece 0: moves L(0,-1) | promotes L(-1,-1) L(-1,0) L(0,-1) L(0,1) L(1,-1) L(1,0) | royal 0 nifu 1 no-drop-mate 1 | p0 no-drop 9a,8a,7a,6a,5a,4a,3a,2a,1a must-promote 9a,8a,7a,6a,5a,4a,3a,2a,1a | p1 no-drop 9i,8i,7i,6i,5i,4i,3i,2i,1i must-promote 9i,8i,7i,6i,5i,4i,3i,2i,1i
piece 1: moves S(0,-1)*0 | promotes L(-2,-1) L(-2,1) L(0,-1) L(0,1) L(2,-1) L(2,1) S(-1,0)*0 S(1,0)*0 | royal 0 nifu 0 no-drop-mate 0 | p0 no-drop 9a,8a,7a,6a,5a,4a,3a,2a,1a must-promote 9a,8a,7a,6a,5a,4a,3a,2a,1a | p1 no-drop 9i,8i,7i,6i,5i,4i,3i,2i,1i must-promote 9i,8i,7i,6i,5i,4i,3i,2i,1i
piece 2: moves L(-1,-2) L(1,-2) | promotes L(-1,-1) L(-1,1) L(-1,2) L(-2,-2) L(0,-1) L(0,-2) L(1,-1) L(1,1) L(1,2) L(2,-2) | royal 0 nifu 0 no-drop-mate 0 | p0 no-drop 9a,8a,7a,6a,5a,4a,3a,2a,1a,9b,8b,7b,6b,5b,4b,3b,2b,1b must-promote 9a,8a,7a,6a,5a,4a,3a,2a,1a,9b,8b,7b,6b,5b,4b,3b,2b,1b | p1 no-drop 9h,8h,7h,6h,5h,4h,3h,2h,1h,9i,8i,7i,6i,5i,4i,3i,2i,1i must-promote 9h,8h,7h,6h,5h,4h,3h,2h,1h,9i,8i,7i,6i,5i,4i,3i,2i,1i
piece 3: moves L(-1,-1) L(-1,1) L(0,-1) L(1,-1) L(1,1) | promotes L(-1,-1) L(-1,0) L(1,-1) L(1,0) S(0,-1)*0 S(0,1)*0 | royal 0 nifu 0 no-drop-mate 0 | p0 no-drop - must-promote - | p1 no-drop - must-promote -
piece 4: moves L(-1,-1) L(-1,0) L(0,-1) L(0,1) L(1,-1) L(1,0) | promotes L(-1,0) L(-1,1) L(0,-1) L(1,0) L(1,1) S(-1,-1)*0 S(1,-1)*0 | royal 0 nifu 0 no-drop-mate 0 | p0 no-drop - must-promote - | p1 no-drop - must-promote -
piece 5: moves S(-1,-1)*0 S(-1,1)*0 S(1,-1)*0 S(1,1)*0 | promotes L(-1,0) L(0,-1) L(0,1) L(1,0) S(-1,-1)*0 S(-1,1)*0 S(1,-1)*0 S(1,1)*0 | royal 0 nifu 0 no-drop-mate 0 | p0 no-drop - must-promote - | p1 no-drop - must-promote -
piece 6: moves S(-1,0)*0 S(0,-1)*0 S(0,1)*0 S(1,0)*0 | promotes L(-1,-1) L(-1,1) L(1,-1) L(1,1) S(-1,0)*0 S(0,-1)*0 S(0,1)*0 S(1,0)*0 | royal 0 nifu 0 no-drop-mate 0 | p0 no-drop - must-promote - | p1 no-drop - must-promote -
piece 7: moves L(-1,-1) L(-1,0) L(-1,1) L(0,-1) L(0,1) L(1,-1) L(1,0) L(1,1) | promotes no | royal 1 nifu 0 no-drop-mate 0 | p0 no-drop - | p1 no-drop -
)rules"[1];

inline constexpr std::uint64_t kSeireigiFingerprint = 0x4e915421a6df0cedull;

}  // namespace seireigi
