// The three forms of a study's report (match/study/study_report.h): the summary on stdout, the
// file DIR/report.json with every number, and the page DIR/report.html with its charts.
#pragma once

#include <ostream>
#include <string>

#include "study/study_report.h"

namespace seireigi::cli {

void print_study_summary(std::ostream& out, const StudyReport& report);
std::string study_json(const StudyReport& report);
std::string study_html(const StudyReport& report);

}  // namespace seireigi::cli
