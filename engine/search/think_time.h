// How long the engine thinks when nobody says: one place for every front end's default, so that
// `play`, `serve`, the seats, `match` and `analyse` cannot drift apart.
#pragma once

namespace seireigi::search {

// A move against a person (play, serve, a seat without a budget, XBoard before a time control).
inline constexpr int kDefaultMoveMs = 1000;
// A move in a refereed match or study: many games, each move short.
inline constexpr int kDefaultMatchMoveMs = 200;
// `analyse` of one position without a depth, node or time limit.
inline constexpr int kDefaultAnalysisMs = 5000;

}  // namespace seireigi::search
