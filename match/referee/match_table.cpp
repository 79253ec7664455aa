#include "referee/match_table.h"

#include <cstdio>
#include <iomanip>

namespace seireigi {

namespace {

std::string fixed(double x, int decimals) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return buf;
}

void tally_row(std::ostream& out, const std::string& label, const Tally& t) {
    out << "  " << std::left << std::setw(22) << label << std::right << std::setw(6) << t.wins
        << std::setw(7) << t.draws << std::setw(8) << t.losses << "   "
        << fixed(t.wins + 0.5 * t.draws, 1) << "/" << t.games();
    if (t.games()) out << " (" << fixed(100 * t.score(), 1) << "%)";
    out << "\n";
}

}  // namespace

void MatchTable::add(bool first_moves_first, double first_points, const std::string& pair_key) {
    Tally g;
    if (first_points > 0.75)
        g.wins = 1;
    else if (first_points > 0.25)
        g.draws = 1;
    else
        g.losses = 1;
    total_ += g;
    (first_moves_first ? moving_first_ : moving_second_) += g;
    auto& pair = pairs_[pair_key];
    ++pair.first;
    pair.second += first_points;
}

PairTally MatchTable::complete_pairs() const {
    PairTally p;
    for (const auto& [key, pair] : pairs_)
        if (pair.first == 2) p.add(pair.second);
    return p;
}

void MatchTable::print(std::ostream& out, const std::pair<std::string, std::string>& colour_names,
                       const std::optional<SprtSettings>& sprt_settings) const {
    out << names_.first << " against " << names_.second << ": " << games() << " games\n";
    out << "  " << std::left << std::setw(22) << ("results of " + names_.first) << std::right
        << std::setw(6) << "wins" << std::setw(7) << "draws" << std::setw(8) << "losses"
        << "   score\n";
    tally_row(out, "all games", total_);
    tally_row(out, "as " + colour_names.first, moving_first_);
    tally_row(out, "as " + colour_names.second, moving_second_);
    out << "Elo difference (" << names_.first << " minus " << names_.second << ", 95% interval):\n";
    if (auto e = elo_trinomial(total_))
        out << "  " << describe_elo(*e) << " over " << games() << " games (trinomial)\n";
    const PairTally pairs = complete_pairs();
    if (auto e = elo_pentanomial(pairs))
        out << "  " << describe_elo(*e) << " over " << pairs.pairs()
            << " game pairs with the colours swapped (pentanomial)\n";
    if (sprt_settings) {
        const SprtState s = sprt(*sprt_settings, total_, pairs);
        out << "SPRT elo0 " << sprt_settings->elo0 << " elo1 " << sprt_settings->elo1 << ": LLR "
            << fixed(s.llr, 2) << " in [" << fixed(s.lower, 2) << ", " << fixed(s.upper, 2) << "]: "
            << (s.verdict == SprtState::Verdict::AcceptH1   ? "H1 accepted (elo1 or more)"
                : s.verdict == SprtState::Verdict::AcceptH0 ? "H0 accepted (elo0 or less)"
                                                            : "undecided")
            << "\n";
    }
}

std::string standing_line(const std::string& first_name, const MatchTable& table) {
    const Tally& t = table.first_total();
    std::string line =
        first_name + " " + fixed(t.wins + 0.5 * t.draws, 1) + "/" + std::to_string(t.games());
    if (auto e = elo_trinomial(t)) line += ", Elo " + describe_elo(*e);
    return line;
}

}  // namespace seireigi
