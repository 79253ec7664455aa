#include "base/progress.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace seireigi::cli {

Progress::Progress(bool enabled) : enabled_(enabled), terminal_(::isatty(STDERR_FILENO) != 0) {}

Progress::~Progress() {
    clear();
}

double Progress::elapsed_seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::show(const std::string& status) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (terminal_) {
        std::cerr << "\r\x1b[K" << status << std::flush;
        showing_ = true;
    } else if (now - last_ >= std::chrono::seconds(2)) {
        std::cerr << status << "\n" << std::flush;
    } else {
        return;
    }
    last_ = now;
}

void Progress::print(const std::string& line) {
    if (!enabled_) return;
    clear();
    std::cerr << line << "\n" << std::flush;
}

void Progress::clear() {
    if (!showing_) return;
    std::cerr << "\r\x1b[K" << std::flush;
    showing_ = false;
}

bool progress_wanted(bool quiet, bool forced) {
    if (quiet) return false;
    return forced || ::isatty(STDERR_FILENO) != 0;
}

std::string format_duration(double s) {
    char buf[64];
    if (s < 10) {
        std::snprintf(buf, sizeof buf, "%.1f s", s);
    } else if (s < 60) {
        std::snprintf(buf, sizeof buf, "%.0f s", s);
    } else if (s < 3600) {
        std::snprintf(buf, sizeof buf, "%d min %d s", static_cast<int>(s) / 60,
                      static_cast<int>(s) % 60);
    } else if (s < 2 * 86400) {
        std::snprintf(buf, sizeof buf, "%.1f h", s / 3600);
    } else if (s < 2 * 365.25 * 86400) {
        std::snprintf(buf, sizeof buf, "%.0f days", s / 86400);
    } else {
        const double years = s / (365.25 * 86400);
        if (years < 1e6)
            std::snprintf(buf, sizeof buf, "%.0f years", years);
        else
            std::snprintf(buf, sizeof buf, "about 10^%.0f years", std::floor(std::log10(years)));
    }
    return buf;
}

std::string time_left(double elapsed, std::size_t done, std::size_t total) {
    if (done == 0 || done >= total) return "";
    return ", about " +
           format_duration(elapsed / static_cast<double>(done) *
                           static_cast<double>(total - done)) +
           " left";
}

}  // namespace seireigi::cli
