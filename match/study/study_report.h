// Everything a study reports, built from the records in its folders: DIR/variant/ holds the
// games of the variant studied, DIR/parent/ those of the variant it is compared with
// (--against). Several DIRs (the shards of one study) are read as one.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "study/imbalance.h"
#include "study/piece_value_fit.h"
#include "study/study_statistics.h"

namespace seireigi {

// The subfolders of a study's folder.
inline constexpr const char* kStudyVariantFolder = "variant";
inline constexpr const char* kStudyParentFolder = "parent";

struct StudySide {
    std::string variant_name;  // as the records name it
    StudyStatistics statistics;
    std::optional<PieceValueFit> fit;  // two players, with games
    std::vector<std::string> skipped;  // records left out, "FILE: why"
};

struct StudyReport {
    StudySide variant;
    std::optional<StudySide> parent;
    std::vector<std::string> verdict;
    std::vector<ImbalanceResult> imbalances;  // --imbalance X=Y, by name
};

// Reads the folders' records and computes the report; `progress(what)` says what it is doing
// (the fit takes a while). Throws MatchError for records it cannot read and when the folders
// hold no game of the variant.
StudyReport build_study_report(const std::vector<std::string>& folders, int resamples,
                               const VariantByName& variant_named,
                               const std::function<void(const std::string&)>& progress);

}  // namespace seireigi
