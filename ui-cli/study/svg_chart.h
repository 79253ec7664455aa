// Small charts drawn as inline SVG text, for the study's page: bars or dots by category (with
// error bars) and lines over a numbered axis. No script and no outside file: the page reads
// offline.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace seireigi::cli {

struct ChartSeries {
    std::string name;
    std::string colour;       // CSS colour
    std::vector<double> y;    // one per category (or per x from 0 for lines); NaN: none
    std::vector<double> low;  // error bars, as y (empty: none)
    std::vector<double> high;
    enum class Mark { Bar, Dot, Diamond, Line, DashedLine } mark = Mark::Bar;
};

struct ChartFrame {
    std::string title;
    std::string y_label;
    std::string x_label;
    std::optional<double> reference;  // a dashed horizontal line (even chances ...)
    int width = 640;
    int height = 260;
};

// Categories along x; each series draws its mark in each category, bars side by side.
std::string category_chart(const ChartFrame& frame, const std::vector<std::string>& categories,
                           const std::vector<ChartSeries>& series);

// Lines over x = 0, 1, ... (e.g. plies); series use Mark::Line or Mark::DashedLine.
std::string line_chart(const ChartFrame& frame, const std::vector<ChartSeries>& series);

// Text made safe for HTML and SVG.
std::string escape_markup(const std::string& text);

}  // namespace seireigi::cli
