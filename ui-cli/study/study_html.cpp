// report.html: the study's report as one self-contained page (inline CSS and SVG, no script),
// readable offline: the verdict, the numbers side by side with the parent's, and the charts.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "study/study_output.h"
#include "study/study_verdict.h"
#include "study/svg_chart.h"

namespace seireigi::cli {

namespace {

constexpr const char* kVariantColour = "#2b6cb0";
constexpr const char* kParentColour = "#dd8a2c";
constexpr const char* kFileColour = "#555";
const double kNone = std::numeric_limits<double>::quiet_NaN();

std::string format(const char* pattern, double a, double b = 0, double c = 0) {
    char buf[128];
    std::snprintf(buf, sizeof buf, pattern, a, b, c);
    return buf;
}

std::string percent(const Estimate& e) {
    return format("%.1f%% [%.1f, %.1f]", 100 * e.value, 100 * e.low, 100 * e.high);
}

std::string cell(const std::string& text) {
    return "<td>" + escape_markup(text) + "</td>";
}

std::string difference_cell(const Difference& d, double scale, const char* unit) {
    return cell(format("%+.1f", scale * d.value) + unit +
                format(" [%+.1f, %+.1f]", scale * d.low, scale * d.high) +
                (d.significant ? " significant" : " not significant") + format(" (z = %.2f)", d.z));
}

// The key numbers, a column per variant (and the difference).
std::string summary_table(const StudyReport& r) {
    const StudyStatistics& a = r.variant.statistics;
    const StudyStatistics* b = r.parent ? &r.parent->statistics : nullptr;
    std::string h = "<table><tr><th></th><th>" + escape_markup(a.variant) + "</th>";
    if (b) h += "<th>" + escape_markup(b->variant) + "</th><th>difference</th>";
    h += "</tr>";
    auto row = [&](const std::string& name, const std::string& va, const std::string& vb,
                   const std::string& diff) {
        h += "<tr><th>" + escape_markup(name) + "</th>" + cell(va);
        if (b) h += cell(vb) + diff;
        h += "</tr>";
    };
    row("games", std::to_string(a.games), b ? std::to_string(b->games) : "", "<td></td>");
    for (std::size_t p = 0; p < a.seats.size(); ++p) {
        const bool has_b = b && p < b->seats.size();
        row(a.seats[p].name + (a.players == 2 ? " score (95%)" : " win rate (95%)"),
            percent(a.seats[p].score), has_b ? percent(b->seats[p].score) : "",
            has_b ? difference_cell(difference_of(a.seats[p].score, b->seats[p].score), 100,
                                    " points")
                  : "<td></td>");
    }
    auto elo_of = [](const StudyStatistics& s) {
        return s.first_move_elo
                   ? elo_text(s.first_move_elo->elo) + " [" + elo_text(s.first_move_elo->low) +
                         ", " + elo_text(s.first_move_elo->high) + "]"
                   : std::string();
    };
    if (a.players == 2)
        row("first-move advantage (Elo)", elo_of(a), b ? elo_of(*b) : "", "<td></td>");
    row("draws (95%)", percent(a.draw_rate), b ? percent(b->draw_rate) : "",
        b ? difference_cell(difference_of(a.draw_rate, b->draw_rate), 100, " points")
          : "<td></td>");
    row("length, mean / median (plies)", format("%.1f / %.1f", a.mean_length, a.median_length),
        b ? format("%.1f / %.1f", b->mean_length, b->median_length) : "",
        b ? cell(format("%+.1f", a.mean_length - b->mean_length)) : "<td></td>");
    return h + "</table>";
}

std::vector<ChartSeries> sides_series(const StudyReport& r) {
    std::vector<ChartSeries> s{{r.variant.statistics.variant, kVariantColour, {}, {}, {}}};
    if (r.parent) s.push_back({r.parent->statistics.variant, kParentColour, {}, {}, {}});
    return s;
}

std::vector<const StudyStatistics*> sides_of(const StudyReport& r) {
    std::vector<const StudyStatistics*> s{&r.variant.statistics};
    if (r.parent) s.push_back(&r.parent->statistics);
    return s;
}

std::string seat_chart(const StudyReport& r) {
    const StudyStatistics& a = r.variant.statistics;
    std::vector<std::string> seats;
    for (const SeatOutcome& s : a.seats) seats.push_back(s.name);
    std::vector<ChartSeries> series = sides_series(r);
    const auto sides = sides_of(r);
    for (std::size_t k = 0; k < sides.size(); ++k)
        for (std::size_t p = 0; p < seats.size(); ++p) {
            const bool has = p < sides[k]->seats.size();
            const Estimate e = has ? sides[k]->seats[p].score : Estimate{};
            series[k].y.push_back(has ? 100 * e.value : kNone);
            series[k].low.push_back(has ? 100 * e.low : kNone);
            series[k].high.push_back(has ? 100 * e.high : kNone);
        }
    ChartFrame f;
    f.title = a.players == 2 ? "Score by seat, with 95% intervals"
                             : "Last-survivor win rate by seat, with 95% intervals";
    f.y_label = a.players == 2 ? "score (%)" : "wins (%)";
    f.reference = 100.0 / a.players;
    f.width = 480;
    return category_chart(f, seats, series);
}

std::string length_chart(const StudyReport& r) {
    const auto sides = sides_of(r);
    int longest = 0;
    for (const auto* s : sides)
        for (int l : s->lengths) longest = std::max(longest, l);
    const int width = std::max(10, ((longest / 16) / 10 + 1) * 10);
    const int bins = longest / width + 1;
    std::vector<std::string> labels;
    for (int b = 0; b < bins; ++b)
        labels.push_back(std::to_string(b * width) + "-" + std::to_string((b + 1) * width - 1));
    std::vector<ChartSeries> series = sides_series(r);
    for (std::size_t k = 0; k < sides.size(); ++k) {
        series[k].y.assign(static_cast<std::size_t>(bins), 0);
        for (int l : sides[k]->lengths)
            series[k].y[static_cast<std::size_t>(l / width)] += 100.0 / sides[k]->games;
    }
    ChartFrame f;
    f.title = "Game length";
    f.y_label = "games (%)";
    f.x_label = "plies";
    return category_chart(f, labels, series);
}

std::string branching_chart(const StudyReport& r) {
    std::vector<ChartSeries> series;
    const auto sides = sides_of(r);
    const char* colours[] = {kVariantColour, kParentColour};
    for (std::size_t k = 0; k < sides.size(); ++k) {
        // Plies that at least a tenth of the games reach (and three games): the mean of the
        // few longest games would wander.
        const int enough = std::max(3, sides[k]->games / 10);
        ChartSeries moves{sides[k]->variant + " moves", colours[k], {}, {}, {},
                          ChartSeries::Mark::Line};
        ChartSeries drops{sides[k]->variant + " drops", colours[k], {}, {}, {},
                          ChartSeries::Mark::DashedLine};
        for (const PlyBranching& b : sides[k]->branching) {
            if (b.positions < enough) break;
            moves.y.push_back(b.moves);
            drops.y.push_back(b.drops);
        }
        series.push_back(moves);
        series.push_back(drops);
    }
    ChartFrame f;
    f.title = "Branching factor by ply: legal moves (solid), of them drops (dashed)";
    f.y_label = "legal moves (mean)";
    f.x_label = "ply";
    return line_chart(f, series);
}

std::string value_chart(const StudySide& side, const char* colour) {
    const PieceValueFit& fit = *side.fit;
    std::vector<std::string> names;
    ChartSeries fitted{"fitted (95%)", colour, {}, {}, {}, ChartSeries::Mark::Dot};
    ChartSeries file{"variant file", kFileColour, {}, {}, {}, ChartSeries::Mark::Diamond};
    // Error bars are cut at twice the largest value, so that one piece seen in a few positions
    // does not flatten the chart (the table gives the whole interval).
    double largest = 1;
    for (const FittedValue& v : fit.values)
        largest = std::max({largest, static_cast<double>(v.fitted), 1.0 * v.file_value});
    for (const FittedValue& v : fit.values) {
        names.push_back(v.name);
        fitted.y.push_back(v.fitted);
        fitted.low.push_back(std::max(v.low, -largest));
        fitted.high.push_back(std::min(v.high, 2 * largest));
        file.y.push_back(v.file_value);
    }
    ChartFrame f;
    f.title = "Piece values of " + side.statistics.variant +
              " (centipawns, Pawn = 100; error bars cut at twice the largest value)";
    f.y_label = "value";
    f.width = std::max(640, 56 * static_cast<int>(names.size()) + 80);
    f.height = 300;
    return category_chart(f, names, {fitted, file});
}

std::string side_details(const StudySide& side) {
    const StudyStatistics& s = side.statistics;
    std::string h = "<h2>" + escape_markup(s.variant) + "</h2>";
    h += "<table><tr><th>seat</th><th>wins</th><th>draws</th><th>losses</th><th>" +
         std::string(s.players == 2 ? "score" : "win rate") + " (95%)</th></tr>";
    for (const SeatOutcome& seat : s.seats)
        h += "<tr>" + cell(seat.name) + cell(std::to_string(seat.tally.wins)) +
             cell(std::to_string(seat.tally.draws)) + cell(std::to_string(seat.tally.losses)) +
             cell(percent(seat.score)) + "</tr>";
    h += "</table>";
    if (!s.eliminated.empty()) {
        h += "<h3>Elimination order (games)</h3><table><tr><th>seat</th>";
        for (std::size_t k = 0; k < s.eliminated[0].size(); ++k)
            h += "<th>out " + std::to_string(k + 1) + "</th>";
        h += "<th>won</th><th>in at the end</th></tr>";
        for (std::size_t p = 0; p < s.eliminated.size(); ++p) {
            h += "<tr>" + cell(s.seats[p].name);
            for (int n : s.eliminated[p]) h += cell(std::to_string(n));
            h += cell(std::to_string(s.survivors[p])) + cell(std::to_string(s.at_end[p])) + "</tr>";
        }
        h += "</table>";
    }
    h += "<h3>How games ended</h3><table><tr><th>end</th><th>games</th><th>decisive</th></tr>";
    for (const EndingCount& e : s.endings)
        h += "<tr>" + cell(e.how) + cell(std::to_string(e.games)) +
             cell(std::to_string(e.decisive)) + "</tr>";
    h += "</table><h3>What each piece did</h3><table><tr><th>piece</th><th>moves</th>"
         "<th>captures</th><th>drops</th><th>promotions</th></tr>";
    for (const PieceActivity& a : s.pieces)
        h += "<tr>" + cell(a.name) + cell(std::to_string(a.moves)) +
             cell(std::to_string(a.captures)) + cell(std::to_string(a.drops)) +
             cell(std::to_string(a.promotions)) + "</tr>";
    h += "</table>";
    if (side.fit) {
        const PieceValueFit& f = *side.fit;
        h += "<h3>Piece values</h3><p>Fitted from " + std::to_string(f.positions) +
             " positions of " + std::to_string(f.games) + " games; 95% intervals from " +
             std::to_string(f.resamples) + " bootstrap repeats over games" +
             format(" (logistic scale K = %.0f).", f.scale) + "</p>";
        h += "<table><tr><th>piece</th><th>variant file</th><th>fitted</th><th>95% interval</th>"
             "<th>positions with it</th></tr>";
        for (const FittedValue& v : f.values)
            h += "<tr>" + cell(v.name) + cell(std::to_string(v.file_value)) +
                 cell(std::to_string(v.fitted)) + cell(format("[%.0f, %.0f]", v.low, v.high)) +
                 cell(std::to_string(v.positions)) + "</tr>";
        h += "</table>";
    } else if (s.players > 2) {
        h += "<p>Piece values are fitted for two players only.</p>";
    }
    return h;
}

}  // namespace

std::string study_html(const StudyReport& r) {
    const std::string title =
        "Study of " + r.variant.statistics.variant +
        (r.parent ? " against " + r.parent->statistics.variant : std::string());
    std::string h =
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" +
        escape_markup(title) +
        "</title><style>body{font-family:sans-serif;margin:24px;color:#222;max-width:1320px}"
        "table{border-collapse:collapse;margin:8px 0 16px}td,th{border:1px solid #ccc;"
        "padding:3px 8px;text-align:left;font-size:13px}th{background:#f3f3f3}"
        ".charts{display:flex;flex-wrap:wrap;gap:16px}.verdict li{margin:4px 0}"
        "svg{border:1px solid #eee;background:#fff}</style></head><body>\n";
    h += "<h1>" + escape_markup(title) + "</h1>\n<ul class=\"verdict\">";
    for (const std::string& line : r.verdict) h += "<li>" + escape_markup(line) + "</li>";
    h += "</ul>\n" + summary_table(r) + "\n<div class=\"charts\">" + seat_chart(r) +
         length_chart(r) + branching_chart(r);
    if (r.variant.fit) h += value_chart(r.variant, kVariantColour);
    if (r.parent && r.parent->fit) h += value_chart(*r.parent, kParentColour);
    h += "</div>\n" + side_details(r.variant);
    if (r.parent) h += side_details(*r.parent);
    if (!r.imbalances.empty()) {
        h += "<h2>Imbalance games</h2>\n<p>One side's X replaced by a Y on its square, that side "
             "Sente in half the games and Gote in the other half: the score of the side with Y "
             "and the Elo the exchange is worth, with 95% intervals.</p>\n<ul>";
        for (const ImbalanceResult& i : r.imbalances)
            h += "<li>" + escape_markup(describe_imbalance(i)) + "</li>";
        h += "</ul>\n";
    }
    h += "\n<p>Made by <code>seireigi study</code>; docs/study.md explains every number.</p>"
         "</body></html>\n";
    return h;
}

}  // namespace seireigi::cli
