#include "referee/match_statistics.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <vector>

namespace seireigi {

namespace {

constexpr double kZ95 = 1.959963984540054;  // two-sided 95% quantile of the normal distribution
constexpr double kInf = std::numeric_limits<double>::infinity();

// Mean and variance (per sample) of a distribution given as (value, count) pairs.
struct Moments {
    double n = 0, mean = 0, variance = 0;
};
Moments moments(const std::vector<std::pair<double, int>>& samples) {
    Moments m;
    for (const auto& [value, count] : samples) {
        m.n += count;
        m.mean += value * count;
    }
    if (m.n == 0) return m;
    m.mean /= m.n;
    for (const auto& [value, count] : samples)
        m.variance += count * (value - m.mean) * (value - m.mean);
    m.variance /= m.n;
    return m;
}

std::vector<std::pair<double, int>> game_samples(const Tally& t) {
    return {{1.0, t.wins}, {0.5, t.draws}, {0.0, t.losses}};
}

// Pair points scaled to points per game, so that both estimates speak of the same score.
std::vector<std::pair<double, int>> pair_samples(const PairTally& p) {
    std::vector<std::pair<double, int>> out;
    for (int k = 0; k < 5; ++k) out.push_back({k / 4.0, p.counts[k]});
    return out;
}

EloEstimate estimate(const Moments& m) {
    EloEstimate e;
    e.score = m.mean;
    e.stderr_score = std::sqrt(m.variance / m.n);
    e.elo = elo_from_score(e.score);
    e.low = elo_from_score(e.score - kZ95 * e.stderr_score);
    e.high = elo_from_score(e.score + kZ95 * e.stderr_score);
    return e;
}

std::string signed_number(double x) {
    if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f", x);
    return buf;
}

}  // namespace

double Tally::score() const {
    return games() ? (wins + 0.5 * draws) / games() : 0.0;
}

Tally& Tally::operator+=(const Tally& o) {
    wins += o.wins;
    draws += o.draws;
    losses += o.losses;
    return *this;
}

int PairTally::pairs() const {
    int n = 0;
    for (int c : counts) n += c;
    return n;
}

void PairTally::add(double pair_points) {
    const int k = static_cast<int>(std::lround(pair_points * 2));
    if (k >= 0 && k < 5) ++counts[k];
}

double elo_from_score(double score) {
    if (score >= 1) return kInf;
    if (score <= 0) return -kInf;
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) {
    return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

std::optional<EloEstimate> elo_trinomial(const Tally& t) {
    if (t.games() == 0) return std::nullopt;
    return estimate(moments(game_samples(t)));
}

std::optional<EloEstimate> elo_pentanomial(const PairTally& p) {
    if (p.pairs() == 0) return std::nullopt;
    return estimate(moments(pair_samples(p)));
}

std::optional<SprtSettings> read_sprt_settings(const std::string& text, std::string* why) {
    std::vector<double> values;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        try {
            std::size_t used = 0;
            values.push_back(std::stod(item, &used));
            if (used != item.size()) throw std::invalid_argument(item);
        } catch (const std::exception&) {
            if (why) *why = "'" + item + "' is not a number";
            return std::nullopt;
        }
    }
    if (values.size() != 4) {
        if (why) *why = "expected four numbers elo0,elo1,alpha,beta, e.g. 0,10,0.05,0.05";
        return std::nullopt;
    }
    SprtSettings s{values[0], values[1], values[2], values[3]};
    if (!(s.elo0 < s.elo1)) {
        if (why) *why = "elo0 must be below elo1";
        return std::nullopt;
    }
    if (!(s.alpha > 0 && s.alpha < 0.5 && s.beta > 0 && s.beta < 0.5)) {
        if (why) *why = "alpha and beta must lie between 0 and 0.5, e.g. 0.05";
        return std::nullopt;
    }
    return s;
}

SprtState sprt(const SprtSettings& s, const Tally& games, const PairTally& pairs) {
    SprtState st;
    st.lower = std::log(s.beta / (1 - s.alpha));
    st.upper = std::log((1 - s.beta) / s.alpha);
    auto samples = pairs.pairs() ? pair_samples(pairs) : game_samples(games);
    Moments m = moments(samples);
    if (m.n == 0) return st;
    // Every sample alike (all won, say) shows no variance, and the normal approximation would
    // never decide: one more win and one more loss give it a variance to work with.
    if (m.variance <= 0) {
        samples.push_back({1.0, 1});
        samples.push_back({0.0, 1});
        m = moments(samples);
    }
    // For normally distributed samples with the observed variance, the log-likelihood ratio of
    // mean s1 against mean s0 is n (s1 - s0) (2 mean - s0 - s1) / (2 variance).
    const double s0 = score_from_elo(s.elo0), s1 = score_from_elo(s.elo1);
    st.llr = m.n * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * m.variance);
    if (st.llr >= st.upper)
        st.verdict = SprtState::Verdict::AcceptH1;
    else if (st.llr <= st.lower)
        st.verdict = SprtState::Verdict::AcceptH0;
    return st;
}

std::string describe_elo(const EloEstimate& e) {
    return signed_number(e.elo) + " [" + signed_number(e.low) + ", " + signed_number(e.high) + "]";
}

}  // namespace seireigi
