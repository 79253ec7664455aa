#include "referee/series.h"

#include <cstdio>
#include <filesystem>

#include "record/game_record.h"
#include "referee/match_error.h"
#include "referee/match_notes.h"

namespace seireigi {

SeriesResult play_series(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                         const std::array<MatchPlayer*, 2>& players, const SeriesSettings& settings,
                         const std::function<void(const SeriesGame&, const MatchTable&)>& on_game) {
    namespace fs = std::filesystem;
    if (!settings.out.empty()) {
        std::error_code ec;
        fs::create_directories(settings.out, ec);
        if (ec)
            throw MatchError("--out " + settings.out +
                             ": cannot create the directory: " + ec.message());
    }
    SeriesResult result{MatchTable(players[0]->name(), players[1]->name()), {}, 0};
    for (int g = 0; g < settings.games; ++g) {
        const int number = g + 1;
        const int pair = g / 2;
        const bool first_is_sente = g % 2 == 0;
        std::array<MatchPlayer*, 2> seats = players;
        if (!first_is_sente) std::swap(seats[0], seats[1]);
        for (MatchPlayer* p : players) p->new_game(number);
        const Opening& opening =
            settings.openings[static_cast<std::size_t>(pair) % settings.openings.size()];
        const RefereeOutcome o = play_refereed_game(variant, start, opening, seats, settings.rules);
        const std::array<std::string, 2> seat_names{seats[0]->name(), seats[1]->name()};
        if (!o.adjudication.empty())
            result.decisions.push_back(
                {number, seat_names, o.points[0], o.adjudication, o.counted});
        if (o.counted)
            result.table.add(first_is_sente, o.points[first_is_sente ? 0 : 1],
                             std::to_string(pair));
        if (!settings.out.empty()) {
            const GameRecord r = record_of(o.game, settings.variant_name,
                                           {seats[0]->seat_spec(), seats[1]->seat_spec()});
            char file[32];
            std::snprintf(file, sizeof file, "game-%05d.txt", number);
            MatchNotes notes;
            notes.seat_players = {seat_names[0], seat_names[1]};
            notes.game = number;
            notes.adjudication = o.adjudication;
            notes.counted = o.counted;
            if (auto error = write_file_atomically(fs::path(settings.out) / file,
                                                   annotated_record(r, notes), false))
                throw MatchError(*error);
        }
        on_game({number, {seats[0], seats[1]}, &o}, result.table);
        if (settings.sprt && g % 2 == 1 &&
            sprt(*settings.sprt, result.table.first_total(), result.table.complete_pairs())
                    .verdict != SprtState::Verdict::Continue) {
            result.stopped_by_sprt_after = number;
            break;
        }
    }
    return result;
}

}  // namespace seireigi
