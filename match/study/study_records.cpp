#include "study/study_records.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "referee/match_error.h"

namespace seireigi {

StudyGames read_study_games(const std::vector<std::string>& folders,
                            const VariantByName& variant_named) {
    namespace fs = std::filesystem;
    StudyGames out;
    std::map<int, std::string> file_of_number;
    for (const std::string& folder : folders) {
        std::error_code ec;
        if (!fs::exists(folder, ec)) continue;
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(folder, ec)) {
            const std::string name = entry.path().filename().string();
            if (name.starts_with("game-") && entry.path().extension() == ".txt")
                files.push_back(entry.path());
        }
        if (ec) throw MatchError(folder + ": " + ec.message());
        std::sort(files.begin(), files.end());
        for (const fs::path& file : files) {
            auto read = read_saved_game(file, [&](const std::string& name) {
                if (!out.variant) {
                    out.variant = variant_named(name);
                    out.variant_name = name;
                } else if (name != out.variant_name) {
                    throw MatchError(file.string() + " is a game of " + name + ", not of " +
                                     out.variant_name + ": one study, one variant");
                }
                return out.variant;
            });
            if (auto* why = std::get_if<std::string>(&read)) {
                out.skipped.push_back(file.string() + ": " + *why);
                continue;
            }
            SavedGame& saved = std::get<SavedGame>(read);
            const int number = saved.notes.game;
            auto [at, fresh] = file_of_number.emplace(number, file.string());
            if (!fresh)
                throw MatchError("game " + std::to_string(number) + " is in " + at->second +
                                 " and in " + file.string() +
                                 ": the folders hold games of the same numbers (one shard twice, "
                                 "or two studies)");
            out.games.push_back({number, std::move(saved.game), saved.notes.adjudication});
        }
    }
    std::sort(out.games.begin(), out.games.end(),
              [](const StudyGame& a, const StudyGame& b) { return a.number < b.number; });
    return out;
}

}  // namespace seireigi
