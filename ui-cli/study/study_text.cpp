// The study's summary on stdout: the verdict, then the tables (two variants side by side with
// --against).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "study/study_output.h"
#include "study/study_verdict.h"

namespace seireigi::cli {

namespace {

std::string format(const char* pattern, double a, double b = 0, double c = 0) {
    char buf[128];
    std::snprintf(buf, sizeof buf, pattern, a, b, c);
    return buf;
}

std::string pad(std::string s, std::size_t width) {
    // Counts code points, not bytes ("±" is two bytes).
    std::size_t shown = 0;
    for (unsigned char c : s) shown += (c & 0xC0) != 0x80 ? 1 : 0;
    if (shown < width) s.append(width - shown, ' ');
    return s;
}

void print_seats(std::ostream& out, const StudyStatistics& s) {
    out << "  " << pad("seat", 10) << pad("wins", 7) << pad("draws", 7) << pad("losses", 8)
        << (s.players == 2 ? "score (95%)" : "win rate (95%)") << "\n";
    for (const SeatOutcome& seat : s.seats)
        out << "  " << pad(seat.name, 10) << pad(std::to_string(seat.tally.wins), 7)
            << pad(std::to_string(seat.tally.draws), 7) << pad(std::to_string(seat.tally.losses), 8)
            << format("%.1f%% [%.1f, %.1f]", 100 * seat.score.value, 100 * seat.score.low,
                      100 * seat.score.high)
            << "\n";
    if (s.first_move_elo)
        out << "  first-move advantage: " << elo_text(s.first_move_elo->elo) << " Elo ["
            << elo_text(s.first_move_elo->low) << ", " << elo_text(s.first_move_elo->high) << "]\n";
    if (!s.eliminated.empty()) {
        out << "  elimination order (games):\n  " << pad("seat", 10);
        for (std::size_t k = 0; k < s.eliminated[0].size(); ++k)
            out << pad("out " + std::to_string(k + 1) + (k == 0 ? "st" : k == 1 ? "nd" : "rd"), 9);
        out << pad("won", 6) << "in at the end\n";
        for (std::size_t p = 0; p < s.eliminated.size(); ++p) {
            out << "  " << pad(s.seats[p].name, 10);
            for (int n : s.eliminated[p]) out << pad(std::to_string(n), 9);
            out << pad(std::to_string(s.survivors[p]), 6) << s.at_end[p] << "\n";
        }
    }
}

void print_side(std::ostream& out, const StudySide& side) {
    const StudyStatistics& s = side.statistics;
    out << "\n" << s.variant << ": " << s.games << " games\n";
    print_seats(out, s);
    out << format("  draws %.1f%% [%.1f, %.1f]\n", 100 * s.draw_rate.value, 100 * s.draw_rate.low,
                  100 * s.draw_rate.high);
    out << "  how games ended:";
    for (const EndingCount& e : s.endings)
        out << " " << e.how << " " << e.games << " (" << e.decisive << " decisive);";
    out << "\n";
    int lo = 0, hi = 0;
    if (!s.lengths.empty()) {
        lo = s.lengths[0];
        hi = s.lengths[0];
        for (int l : s.lengths) {
            lo = std::min(lo, l);
            hi = std::max(hi, l);
        }
    }
    out << format("  length (plies): mean %.1f, median %.1f", s.mean_length, s.median_length)
        << ", shortest " << lo << ", longest " << hi << "\n";
    out << "  legal moves by ply (mean, of them drops):";
    for (int ply : {0, 10, 20, 40, 60, 80, 120, 160, 200}) {
        if (static_cast<std::size_t>(ply) >= s.branching.size()) break;
        const PlyBranching& b = s.branching[static_cast<std::size_t>(ply)];
        out << " " << ply << ": " << format("%.1f (%.1f)", b.moves, b.drops) << ";";
    }
    out << "\n  " << pad("piece", 18) << pad("moves", 8) << pad("captures", 10) << pad("drops", 8)
        << "promotions\n";
    for (const PieceActivity& a : s.pieces)
        out << "  " << pad(a.name, 18) << pad(std::to_string(a.moves), 8)
            << pad(std::to_string(a.captures), 10) << pad(std::to_string(a.drops), 8)
            << a.promotions << "\n";
    if (side.fit) {
        const PieceValueFit& f = *side.fit;
        out << "  piece values fitted from " << f.positions << " positions of " << f.games
            << " games (" << f.resamples << " bootstrap repeats"
            << format(", scale K %.0f", f.scale) << "):\n  " << pad("piece", 18) << pad("file", 7)
            << pad("fitted [95%]", 22) << "positions\n";
        for (const FittedValue& v : f.values)
            out << "  " << pad(v.name, 18) << pad(std::to_string(v.file_value), 7)
                << pad(std::to_string(v.fitted) + format(" [%.0f, %.0f]", v.low, v.high), 22)
                << v.positions << "\n";
    }
}

}  // namespace

void print_study_summary(std::ostream& out, const StudyReport& report) {
    out << "Study of " << report.variant.statistics.variant;
    if (report.parent) out << " against " << report.parent->statistics.variant;
    out << "\nverdict:\n";
    for (const std::string& line : report.verdict) out << "  " << line << "\n";
    print_side(out, report.variant);
    if (report.parent) print_side(out, *report.parent);
    if (!report.imbalances.empty()) {
        out << "imbalance games (one side's X replaced by a Y; half the games each side):\n";
        for (const ImbalanceResult& r : report.imbalances)
            out << "  " << describe_imbalance(r) << "\n";
    }
}

}  // namespace seireigi::cli
