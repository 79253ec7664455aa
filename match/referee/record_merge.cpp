#include "referee/record_merge.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "record/game_record.h"
#include "referee/match_error.h"
#include "referee/match_notes.h"

namespace seireigi {

MergedRecords merge_match_records(const std::vector<std::string>& folders,
                                  const VariantByName& variant_named) {
    namespace fs = std::filesystem;
    MergedRecords m;
    std::array<std::string, 2> names;
    std::string multi_variant;  // the three- or four-player games' variant, by name
    std::map<std::string, std::shared_ptr<const Variant>> variants;
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
            auto text = read_text_file(file);
            if (auto* d = std::get_if<Diagnostic>(&text)) throw MatchError(d->text());
            auto read = read_record(std::get<std::string>(text));
            if (auto* d = std::get_if<Diagnostic>(&read))
                throw MatchError(file.string() + ": " + d->text());
            const GameRecord& r = std::get<GameRecord>(read);
            const MatchNotes notes = read_match_notes(std::get<std::string>(text));
            if (!notes.complete()) {
                skip(file, "not saved by seireigi match");
                continue;
            }
            auto& variant = variants[r.variant];
            if (!variant) variant = variant_named(r.variant);
            if (notes.seat_players.size() != static_cast<std::size_t>(variant->num_players())) {
                skip(file, "not saved by seireigi match");
                continue;
            }
            auto replayed = replay_record(r, variant);
            if (auto* d = std::get_if<Diagnostic>(&replayed))
                throw MatchError(file.string() + ": " + d->text());
            const Game& game = std::get<Game>(replayed);
            if (!game.over() && notes.adjudication.find("draw") == std::string::npos) {
                skip(file, "the game is unfinished");
                continue;
            }
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
            const Standing first = game.result().standings[0];
            const double sente_points = !game.over()              ? 0.5
                                        : first == Standing::Won  ? 1.0
                                        : first == Standing::Lost ? 0.0
                                                                  : 0.5;
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
