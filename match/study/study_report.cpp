#include "study/study_report.h"

#include <filesystem>

#include "referee/match_error.h"
#include "study/study_verdict.h"

namespace seireigi {

namespace {

std::optional<StudySide> side_of(const std::vector<std::string>& folders, const char* sub,
                                 int resamples, const VariantByName& variant_named,
                                 const std::function<void(const std::string&)>& progress) {
    std::vector<std::string> dirs;
    for (const std::string& f : folders) dirs.push_back((std::filesystem::path(f) / sub).string());
    const StudyGames games = read_study_games(dirs, variant_named);
    if (games.games.empty()) return std::nullopt;
    StudySide side;
    side.variant_name = games.variant_name;
    side.skipped = games.skipped;
    progress("counting " + std::to_string(games.games.size()) + " games of " + games.variant->name);
    side.statistics = study_statistics(games);
    if (games.variant->num_players() == 2) {
        progress("fitting the piece values of " + games.variant->name);
        side.fit = fit_piece_values(games, resamples, [&](int done, int total) {
            progress("fitting the piece values of " + games.variant->name + ": bootstrap " +
                     std::to_string(done) + "/" + std::to_string(total));
        });
    }
    return side;
}

}  // namespace

StudyReport build_study_report(const std::vector<std::string>& folders, int resamples,
                               const VariantByName& variant_named,
                               const std::function<void(const std::string&)>& progress) {
    auto variant = side_of(folders, kStudyVariantFolder, resamples, variant_named, progress);
    if (!variant) {
        std::string where;
        for (const std::string& f : folders) where += (where.empty() ? "" : ", ") + f;
        throw MatchError("no finished game of a study in " + where + " (the games are in its " +
                         kStudyVariantFolder + "/ folder)");
    }
    StudyReport report{std::move(*variant), std::nullopt, {}, {}};
    report.parent = side_of(folders, kStudyParentFolder, resamples, variant_named, progress);
    report.imbalances = read_imbalance_results(folders, variant_named);
    report.verdict = study_verdict(report.variant.statistics,
                                   report.parent ? &report.parent->statistics : nullptr);
    return report;
}

}  // namespace seireigi
