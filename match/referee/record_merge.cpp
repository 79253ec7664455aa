#include "referee/record_merge.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "referee/match_error.h"

namespace seireigi {

MergedRecords merge_match_records(const std::vector<std::string>& folders,
                                  const VariantByName& variant_by_name) {
    namespace fs = std::filesystem;
    MergedRecords m;
    std::array<std::string, 2> names;
    std::string multi_variant;  // the three- or four-player games' variant, by name
    // Each variant loaded once, however many records name it.
    std::map<std::string, std::shared_ptr<const Variant>> variants;
    const VariantByName variant_named = [&](const std::string& name) {
        auto& v = variants[name];
        if (!v) v = variant_by_name(name);
        return v;
    };
    auto skip = [&](const fs::path& file, const std::string& why) {
        m.skipped.push_back(file.string() + ": " + why);
    };
    for (const std::string& dir : folders) {
        std::error_code ec;
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(dir, ec))
            if (entry.path().extension() == ".txt") files.push_back(entry.path());
        if (ec) throw MatchError("--merge " + dir + ": " + ec.message());
        std::sort(files.begin(), files.end());
        for (const fs::path& file : files) {
            auto read = read_saved_game(file, variant_named);
            if (auto* why = std::get_if<std::string>(&read)) {
                skip(file, *why);
                continue;
            }
            const SavedGame& saved = std::get<SavedGame>(read);
            const GameRecord& r = saved.record;
            const MatchNotes& notes = saved.notes;
            const Variant* variant = saved.variant.get();
            const Game& game = saved.game;
            if (variant->num_players() > 2) {
                if (!m.multi_table) {
                    m.multi_table.emplace(*variant);
                    multi_variant = r.variant;
                    m.multi_arrangements = distinct_arrangements(notes.seat_players);
                }
                if (r.variant != multi_variant) {
                    skip(file, "a game of " + r.variant + ", not " + multi_variant);
                    continue;
                }
                // Players still in the game when the referee ended it draw, as in the match.
                m.multi_table->add(notes.seat_players, game.result().standings);
                continue;
            }
            const std::array<std::string, 2> seat_names{notes.seat_players[0],
                                                        notes.seat_players[1]};
            const double sente_points = saved.first_seat_points();
            if (!m.table) {
                names = seat_names;
                m.colours = {variant->players[0].name, variant->players[1].name};
                m.table.emplace(names[0], names[1]);
            }
            const bool first_is_sente = seat_names[0] == names[0];
            if (!first_is_sente && seat_names[0] != names[1]) {
                skip(file,
                     "a game between other players (" + seat_names[0] + ", " + seat_names[1] + ")");
                continue;
            }
            if (notes.counted)
                m.table->add(first_is_sente, first_is_sente ? sente_points : 1 - sente_points,
                             dir + "#" + std::to_string((notes.game - 1) / 2));
            if (!notes.adjudication.empty())
                m.decisions.push_back(
                    {notes.game, seat_names, sente_points, notes.adjudication, notes.counted});
        }
    }
    return m;
}

}  // namespace seireigi
