// The verdict of a study in words a designer can act on, and the comparison of a variant with
// its parent: whether the first player's score (two players) or a seat's win rate (three and
// four) differs from even, and whether it differs from the parent's. Significance is tested at
// the 5% level: a score against even by its 95% interval (normal approximation), a difference
// between the variant and its parent by a two-proportion z-test (|z| >= 1.96). docs/study.md.
#pragma once

#include <string>
#include <vector>

#include "study/study_statistics.h"

namespace seireigi {

// The difference a - b of two estimates from independent games, with its 95% interval.
struct Difference {
    double value = 0;
    double low = 0;
    double high = 0;
    double z = 0;  // value / standard error (0 when there is no spread)
    bool significant = false;
};

Difference difference_of(const Estimate& a, const Estimate& b);

// An Elo difference in whole points for people: "+56", "-12", "0", "+inf".
std::string elo_text(double elo);

// The verdict, one line per finding; `parent` null without --against.
std::vector<std::string> study_verdict(const StudyStatistics& variant,
                                       const StudyStatistics* parent);

}  // namespace seireigi
