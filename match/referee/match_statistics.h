// The statistics of a match between two players: score, Elo difference with a 95% interval, and
// the sequential probability ratio test that stops a match once it has decided between two
// hypotheses. Pure functions, so that they can be tested on known inputs; docs/match.md derives
// the formulas.
//
// Elo here is the logistic Elo of chess ratings: a player expected to score s (0 < s < 1) is
// -400 * log10(1/s - 1) points stronger than its opponent.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace seireigi {

// Games seen from one player: wins, draws, losses.
struct Tally {
    int wins = 0;
    int draws = 0;
    int losses = 0;
    int games() const { return wins + draws + losses; }
    // Points per game: a win 1, a draw 1/2. 0 without games.
    double score() const;
    Tally& operator+=(const Tally& o);
    friend bool operator==(const Tally&, const Tally&) = default;
};

// Pairs of games played from the same opening with the colours swapped, counted by the points
// the player took from the pair: counts[k] pairs scored k/2 points (0, 1/2, 1, 3/2, 2).
struct PairTally {
    std::array<int, 5> counts{};
    int pairs() const;
    void add(double pair_points);  // 0, 0.5, 1, 1.5 or 2
};

double elo_from_score(double score);  // +-infinity at 1 and 0
double score_from_elo(double elo);

struct EloEstimate {
    double elo = 0;
    double low = 0;  // 95% interval; may be +-infinity when the score is 0 or 1
    double high = 0;
    double score = 0;         // mean points per game
    double stderr_score = 0;  // standard error of the mean score per game
};

// Normal approximation over single games (trinomial: win, draw, loss). Nothing without games.
std::optional<EloEstimate> elo_trinomial(const Tally& t);
// Normal approximation over game pairs (pentanomial), which removes the variance that the
// openings add when each is played with both colours. Nothing without pairs.
std::optional<EloEstimate> elo_pentanomial(const PairTally& p);

// Sequential probability ratio test of H0 "Elo = elo0" against H1 "Elo = elo1", with error
// probabilities alpha (accepting H1 when H0 holds) and beta (accepting H0 when H1 holds).
struct SprtSettings {
    double elo0 = 0;
    double elo1 = 5;
    double alpha = 0.05;
    double beta = 0.05;
};
// Reads "elo0,elo1,alpha,beta", e.g. "0,10,0.05,0.05"; nothing and `why` when it cannot.
std::optional<SprtSettings> read_sprt_settings(const std::string& text, std::string* why);

struct SprtState {
    double llr = 0;    // log-likelihood ratio of H1 against H0
    double lower = 0;  // log(beta / (1 - alpha)): at or below it, accept H0
    double upper = 0;  // log((1 - beta) / alpha): at or above it, accept H1
    enum class Verdict : std::uint8_t { Continue, AcceptH0, AcceptH1 } verdict = Verdict::Continue;
};
// The generalized SPRT on the games so far (normal approximation of the log-likelihood ratio,
// as in fishtest): on game pairs when `pairs` has any, else on single games.
SprtState sprt(const SprtSettings& s, const Tally& games, const PairTally& pairs);

// "+35.2 [+12.0, +58.9]" with "inf" for infinite ends.
std::string describe_elo(const EloEstimate& e);

}  // namespace seireigi
