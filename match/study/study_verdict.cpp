#include "study/study_verdict.h"

#include <cmath>
#include <cstdio>

namespace seireigi {

namespace {

std::string format(const char* pattern, double a, double b = 0, double c = 0, double d = 0) {
    char buf[160];
    std::snprintf(buf, sizeof buf, pattern, a, b, c, d);
    return buf;
}

// "58.0% [53.1, 62.9]"
std::string percent(const Estimate& e) {
    return format("%.1f%% [%.1f, %.1f]", 100 * e.value, 100 * e.low, 100 * e.high);
}

std::string verdict_of(const Difference& d) {
    return d.significant ? format("significant (z = %.2f)", d.z)
                         : format("not significant (z = %.2f)", d.z);
}

}  // namespace

std::string elo_text(double elo) {
    if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
    return std::abs(elo) < 0.5 ? "0" : format("%+.0f", elo);
}

Difference difference_of(const Estimate& a, const Estimate& b) {
    Difference d;
    d.value = a.value - b.value;
    const double se = std::sqrt(a.stderr_value * a.stderr_value + b.stderr_value * b.stderr_value);
    d.low = d.value - 1.96 * se;
    d.high = d.value + 1.96 * se;
    d.z = se > 0 ? d.value / se : 0;
    d.significant = se > 0 && std::abs(d.z) >= 1.96;
    return d;
}

std::vector<std::string> study_verdict(const StudyStatistics& s, const StudyStatistics* parent) {
    std::vector<std::string> lines;
    if (s.games == 0) return {"no games yet"};
    if (s.players == 2) {
        const SeatOutcome& first = s.seats[0];
        const bool even_inside = first.score.low <= 0.5 && 0.5 <= first.score.high;
        std::string line = first.name + " scores " + percent(first.score) + " over " +
                           std::to_string(s.games) + " games";
        if (s.first_move_elo)
            line += ": first-move advantage about " + elo_text(s.first_move_elo->elo) + " Elo [" +
                    elo_text(s.first_move_elo->low) + ", " + elo_text(s.first_move_elo->high) + "]";
        line += even_inside ? ", not significant (the 95% interval holds 50%)"
                            : ", significant (the 95% interval excludes 50%)";
        lines.push_back(line);
        if (parent && parent->games > 0 && parent->players == 2) {
            const Difference d = difference_of(first.score, parent->seats[0].score);
            std::string p = "against " + parent->variant + " (" + parent->seats[0].name +
                            " scores " + percent(parent->seats[0].score);
            if (parent->first_move_elo) p += ", " + elo_text(parent->first_move_elo->elo) + " Elo";
            p += "): " + first.name + "'s score differs by " +
                 format("%+.1f points [%+.1f, %+.1f], ", 100 * d.value, 100 * d.low, 100 * d.high) +
                 verdict_of(d);
            lines.push_back(p);
        }
    } else {
        const double even = 1.0 / s.players;
        std::string line =
            "last-survivor win rate by seat (even: " + format("%.0f%%", 100 * even) + "):";
        std::vector<std::string> off;
        for (const SeatOutcome& seat : s.seats) {
            line += " " + seat.name + " " + percent(seat.score) + ",";
            if (even < seat.score.low || even > seat.score.high) off.push_back(seat.name);
        }
        line.pop_back();
        if (off.empty()) {
            line += "; no seat differs significantly from even";
        } else {
            line += "; significantly off even:";
            for (const std::string& o : off) line += " " + o;
        }
        lines.push_back(line);
    }
    std::string draws = "draws " + percent(s.draw_rate);
    if (parent && parent->games > 0) {
        const Difference d = difference_of(s.draw_rate, parent->draw_rate);
        draws += " (" + parent->variant + ": " + percent(parent->draw_rate) + "), difference " +
                 verdict_of(d);
    }
    lines.push_back(draws);
    std::string length =
        format("games last %.0f plies on average (median %.0f)", s.mean_length, s.median_length);
    if (parent && parent->games > 0)
        length +=
            format(" against %.0f (median %.0f) in ", parent->mean_length, parent->median_length) +
            parent->variant;
    lines.push_back(length);
    return lines;
}

}  // namespace seireigi
