#include "study/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace seireigi::cli {

namespace {

constexpr int kLeft = 60, kRight = 16, kTop = 34, kBottom = 58;

std::string num(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", x);
    return buf;
}

// A round step for about five grid lines up to `top`.
double grid_step(double top) {
    if (top <= 0) return 1;
    const double raw = top / 5;
    const double p = std::pow(10, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * p >= raw) return m * p;
    return 10 * p;
}

std::string label_of(double v) {
    char buf[32];
    if (std::abs(v - std::round(v)) < 1e-9)
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

struct Scale {
    double lo = 0, hi = 1;
    int top = kTop, bottom = 0;
    double at(double v) const { return bottom - (v - lo) / (hi - lo) * (bottom - top); }
};

constexpr int kLegendRow = 14;

int legend_width(const ChartSeries& c) {
    return 20 + 6 * static_cast<int>(c.name.size());
}

// The legend flows left to right under the title, in as many rows as it needs; returns the rows.
int legend_rows(const ChartFrame& f, const std::vector<ChartSeries>& series) {
    int rows = 1, x = kLeft;
    for (const ChartSeries& c : series) {
        if (x + legend_width(c) > f.width - kRight && x > kLeft) {
            ++rows;
            x = kLeft;
        }
        x += legend_width(c);
    }
    return rows;
}

// The frame, the grid and the y axis; returns the y scale.
Scale open_chart(std::string& svg, const ChartFrame& f, const std::vector<ChartSeries>& series,
                 double lo, double hi) {
    Scale s;
    s.top = kTop + kLegendRow * (legend_rows(f, series) - 1);
    const double step = grid_step(std::max(hi - lo, 1e-9));
    s.lo = std::floor(lo / step) * step;
    s.hi = std::max(s.lo + step, std::ceil(hi / step) * step);
    s.bottom = f.height - kBottom;
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(f.width) +
           "\" height=\"" + std::to_string(f.height) + "\" viewBox=\"0 0 " +
           std::to_string(f.width) + " " + std::to_string(f.height) +
           "\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\">";
    svg += "<title>" + escape_markup(f.title) + "</title>";
    svg += "<text x=\"" + std::to_string(f.width / 2) +
           "\" y=\"16\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\">" +
           escape_markup(f.title) + "</text>";
    for (double v = s.lo; v <= s.hi + step / 2; v += step) {
        const std::string y = num(s.at(v));
        svg += "<line x1=\"" + std::to_string(kLeft) + "\" x2=\"" +
               std::to_string(f.width - kRight) + "\" y1=\"" + y + "\" y2=\"" + y +
               "\" stroke=\"#ddd\"/>";
        svg += "<text x=\"" + std::to_string(kLeft - 4) + "\" y=\"" + num(s.at(v) + 4) +
               "\" text-anchor=\"end\">" + label_of(v) + "</text>";
    }
    svg += "<text transform=\"translate(14," + std::to_string((s.top + s.bottom) / 2) +
           ") rotate(-90)\" text-anchor=\"middle\">" + escape_markup(f.y_label) + "</text>";
    if (!f.x_label.empty())
        svg += "<text x=\"" + std::to_string((kLeft + f.width - kRight) / 2) + "\" y=\"" +
               std::to_string(f.height - 6) + "\" text-anchor=\"middle\">" +
               escape_markup(f.x_label) + "</text>";
    svg += "<line x1=\"" + std::to_string(kLeft) + "\" x2=\"" + std::to_string(kLeft) + "\" y1=\"" +
           std::to_string(s.top) + "\" y2=\"" + std::to_string(s.bottom) + "\" stroke=\"#444\"/>";
    svg += "<line x1=\"" + std::to_string(kLeft) + "\" x2=\"" + std::to_string(f.width - kRight) +
           "\" y1=\"" + std::to_string(s.bottom) + "\" y2=\"" + std::to_string(s.bottom) +
           "\" stroke=\"#444\"/>";
    return s;
}

void close_chart(std::string& svg, const ChartFrame& f, const Scale& s,
                 const std::vector<ChartSeries>& series) {
    if (f.reference && *f.reference >= s.lo && *f.reference <= s.hi) {
        const std::string y = num(s.at(*f.reference));
        svg += "<line x1=\"" + std::to_string(kLeft) + "\" x2=\"" +
               std::to_string(f.width - kRight) + "\" y1=\"" + y + "\" y2=\"" + y +
               "\" stroke=\"#c00\" stroke-dasharray=\"5,4\"/>";
    }
    // The legend, under the title.
    int x = kLeft, y = kTop - 12;
    for (const ChartSeries& c : series) {
        if (x + legend_width(c) > f.width - kRight && x > kLeft) {
            x = kLeft;
            y += kLegendRow;
        }
        const bool dashed = c.mark == ChartSeries::Mark::DashedLine;
        svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
               "\" width=\"10\" height=\"" + (dashed ? "3" : "10") + "\" fill=\"" + c.colour +
               "\"/>";
        svg += "<text x=\"" + std::to_string(x + 13) + "\" y=\"" + std::to_string(y + 9) + "\">" +
               escape_markup(c.name) + "</text>";
        x += legend_width(c);
    }
    svg += "</svg>";
}

bool present(const std::vector<double>& v, std::size_t i) {
    return i < v.size() && std::isfinite(v[i]);
}

void error_bar(std::string& svg, double x, double lo, double hi, const Scale& s) {
    const std::string xs = num(x);
    svg += "<line x1=\"" + xs + "\" x2=\"" + xs + "\" y1=\"" + num(s.at(lo)) + "\" y2=\"" +
           num(s.at(hi)) + "\" stroke=\"#222\"/>";
    for (double v : {lo, hi})
        svg += "<line x1=\"" + num(x - 4) + "\" x2=\"" + num(x + 4) + "\" y1=\"" + num(s.at(v)) +
               "\" y2=\"" + num(s.at(v)) + "\" stroke=\"#222\"/>";
}

void value_range(const std::vector<ChartSeries>& series, const ChartFrame& f, double& lo,
                 double& hi) {
    lo = 0;
    hi = f.reference.value_or(0);
    for (const ChartSeries& c : series)
        for (const auto* v : {&c.y, &c.low, &c.high})
            for (double y : *v)
                if (std::isfinite(y)) {
                    lo = std::min(lo, y);
                    hi = std::max(hi, y);
                }
}

}  // namespace

std::string escape_markup(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string category_chart(const ChartFrame& f, const std::vector<std::string>& categories,
                           const std::vector<ChartSeries>& series) {
    double lo = 0, hi = 0;
    value_range(series, f, lo, hi);
    std::string svg;
    const Scale s = open_chart(svg, f, series, lo, hi);
    const double band =
        static_cast<double>(f.width - kLeft - kRight) / std::max<std::size_t>(1, categories.size());
    int bars = 0;
    for (const ChartSeries& c : series) bars += c.mark == ChartSeries::Mark::Bar ? 1 : 0;
    for (std::size_t i = 0; i < categories.size(); ++i) {
        const double x0 = kLeft + band * static_cast<double>(i);
        const double centre = x0 + band / 2;
        const double bar_width = band * 0.8 / std::max(1, bars);
        int bar = 0;
        for (const ChartSeries& c : series) {
            if (!present(c.y, i)) {
                bar += c.mark == ChartSeries::Mark::Bar ? 1 : 0;
                continue;
            }
            double x = centre;
            if (c.mark == ChartSeries::Mark::Bar) {
                x = x0 + band * 0.1 + bar_width * (bar + 0.5);
                const double top = s.at(std::max(0.0, c.y[i])), base = s.at(std::min(0.0, c.y[i]));
                svg += "<rect x=\"" + num(x - bar_width / 2) + "\" y=\"" + num(top) +
                       "\" width=\"" + num(bar_width) + "\" height=\"" + num(base - top) +
                       "\" fill=\"" + c.colour + "\"><title>" + escape_markup(c.name) + " " +
                       escape_markup(categories[i]) + ": " + label_of(c.y[i]) + "</title></rect>";
                ++bar;
            } else if (c.mark == ChartSeries::Mark::Dot) {
                svg += "<circle cx=\"" + num(x) + "\" cy=\"" + num(s.at(c.y[i])) +
                       "\" r=\"4\" fill=\"" + c.colour + "\"><title>" + escape_markup(c.name) +
                       " " + escape_markup(categories[i]) + ": " + label_of(c.y[i]) +
                       "</title></circle>";
            } else {
                const double y = s.at(c.y[i]);
                svg += "<path d=\"M" + num(x) + " " + num(y - 6) + " L" + num(x + 6) + " " +
                       num(y) + " L" + num(x) + " " + num(y + 6) + " L" + num(x - 6) + " " +
                       num(y) + " Z\" fill=\"none\" stroke=\"" + c.colour +
                       "\" stroke-width=\"2\"/>";
            }
            if (present(c.low, i) && present(c.high, i)) error_bar(svg, x, c.low[i], c.high[i], s);
        }
        svg += "<text x=\"" + num(centre) + "\" y=\"" + std::to_string(s.bottom + 14) +
               "\" text-anchor=\"middle\"" +
               (categories.size() > 8 ? " transform=\"rotate(20 " + num(centre) + " " +
                                            std::to_string(s.bottom + 14) + ")\""
                                      : std::string()) +
               ">" + escape_markup(categories[i]) + "</text>";
    }
    close_chart(svg, f, s, series);
    return svg;
}

std::string line_chart(const ChartFrame& f, const std::vector<ChartSeries>& series) {
    double lo = 0, hi = 0;
    value_range(series, f, lo, hi);
    std::size_t n = 1;
    for (const ChartSeries& c : series) n = std::max(n, c.y.size());
    std::string svg;
    const Scale s = open_chart(svg, f, series, lo, hi);
    const double step = grid_step(static_cast<double>(n));
    const double width = f.width - kLeft - kRight;
    const double x_hi = std::ceil(static_cast<double>(n) / step) * step;
    auto x_at = [&](double x) { return kLeft + x / x_hi * width; };
    for (double x = 0; x <= x_hi + step / 2; x += step)
        svg += "<text x=\"" + num(x_at(x)) + "\" y=\"" + std::to_string(s.bottom + 14) +
               "\" text-anchor=\"middle\">" + label_of(x) + "</text>";
    for (const ChartSeries& c : series) {
        std::string path;
        for (std::size_t i = 0; i < c.y.size(); ++i) {
            if (!std::isfinite(c.y[i])) continue;
            // Appended piece by piece: GCC 12 warned falsely (-Wstringop-overflow) at the
            // link of `"M" + num(...) + ...`.
            path += path.empty() ? "M" : " L";
            path += num(x_at(static_cast<double>(i)));
            path += ' ';
            path += num(s.at(c.y[i]));
        }
        svg += "<path d=\"" + path + "\" fill=\"none\" stroke=\"" + c.colour +
               "\" stroke-width=\"1.5\"" +
               (c.mark == ChartSeries::Mark::DashedLine ? " stroke-dasharray=\"4,3\"" : "") + "/>";
    }
    close_chart(svg, f, s, series);
    return svg;
}

}  // namespace seireigi::cli
