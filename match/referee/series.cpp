#include "referee/series.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <mutex>

#include "record/game_record.h"
#include "referee/match_error.h"
#include "referee/match_notes.h"
#include "referee/saved_game.h"
#include "referee/worker_pool.h"

namespace seireigi {

namespace {

namespace fs = std::filesystem;

fs::path record_path(const std::string& out, int number) {
    char file[32];
    std::snprintf(file, sizeof file, "game-%05d.txt", number);
    return fs::path(out) / file;
}

// The outcome of game `number` as an earlier run saved it, if it did; throws MatchError when its
// file holds anything else (another match's game, a record no match saved).
std::optional<RefereeOutcome> saved_outcome(const std::shared_ptr<const Variant>& variant,
                                            const std::string& out, int number,
                                            const std::array<std::string, 2>& seat_names) {
    const fs::path file = record_path(out, number);
    std::error_code ec;
    if (out.empty() || !fs::is_regular_file(file, ec)) return std::nullopt;
    auto read = read_saved_game(file, [&](const std::string&) { return variant; });
    if (auto* why = std::get_if<std::string>(&read))
        throw MatchError(file.string() + ": " + *why +
                         ": give --out a folder of its own for each match");
    SavedGame& saved = std::get<SavedGame>(read);
    const std::array<std::string, 2> saved_names{saved.notes.seat_players[0],
                                                 saved.notes.seat_players[1]};
    if (saved_names != seat_names || saved.notes.game != number)
        throw MatchError(file.string() + " is game " + std::to_string(saved.notes.game) +
                         " between " + saved_names[0] + " and " + saved_names[1] + ", not game " +
                         std::to_string(number) + " between " + seat_names[0] + " and " +
                         seat_names[1] + ": give --out a folder of its own for each match");
    const double first = saved.first_seat_points();
    return RefereeOutcome{std::move(saved.game),
                          two_player_standings(first),
                          saved.notes.adjudication,
                          saved.notes.counted,
                          "",
                          0,
                          0};
}

}  // namespace

SeriesResult play_series(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                         const std::array<std::string, 2>& names,
                         const std::vector<std::array<Seat*, 2>>& seats,
                         const SeriesSettings& settings,
                         const std::function<void(const SeriesGame&, const MatchTable&)>& on_game) {
    if (!settings.out.empty()) {
        std::error_code ec;
        fs::create_directories(settings.out, ec);
        if (ec)
            throw MatchError("--out " + settings.out +
                             ": cannot create the directory: " + ec.message());
    }
    SeriesResult result{MatchTable(names[0], names[1]), {}, 0};
    std::vector<int> todo;  // game indices (from 0) of this shard
    for (int g = 0; g < settings.games; ++g)
        if (settings.shard.holds(settings.paired ? g / 2 : g)) todo.push_back(g);
    std::mutex mutex;
    bool decided = false;

    auto play = [&](int worker, std::size_t job) {
        const int g = todo[job];
        const int number = g + 1;
        const int pair = settings.paired ? g / 2 : g;  // games sharing an opening
        const bool first_is_sente = g % 2 == 0;
        std::array<Seat*, 2> seated = seats.at(static_cast<std::size_t>(worker));
        std::array<std::string, 2> seat_names = names;
        if (!first_is_sente) {
            std::swap(seated[0], seated[1]);
            std::swap(seat_names[0], seat_names[1]);
        }
        std::optional<RefereeOutcome> o = saved_outcome(variant, settings.out, number, seat_names);
        const bool from_record = o.has_value();
        if (!o) {
            for (Player p = 0; p < 2; ++p) seated[static_cast<std::size_t>(p)]->new_game(number, p);
            const Opening& opening =
                settings.openings[static_cast<std::size_t>(pair) % settings.openings.size()];
            o = play_refereed_game(variant, start, opening, {seated[0], seated[1]}, settings.rules);
            if (!settings.out.empty()) {
                const GameRecord r = record_of(o->game, settings.variant_name,
                                               {seated[0]->spec(), seated[1]->spec()});
                MatchNotes notes;
                notes.seat_players = {seat_names[0], seat_names[1]};
                notes.game = number;
                notes.adjudication = o->adjudication;
                notes.counted = o->counted;
                if (auto error = write_file_atomically(record_path(settings.out, number),
                                                       annotated_record(r, notes), false))
                    throw MatchError(*error);
            }
        }
        std::lock_guard lock(mutex);
        if (!o->adjudication.empty())
            result.decisions.push_back(
                {number, seat_names, o->points(0), o->adjudication, o->counted});
        if (o->counted)
            result.table.add(first_is_sente, o->points(first_is_sente ? 0 : 1),
                             std::to_string(pair));
        on_game({number, seat_names, &*o, from_record}, result.table);
        if (settings.sprt && !decided &&
            sprt(*settings.sprt, result.table.first_total(), result.table.complete_pairs())
                    .verdict != SprtState::Verdict::Continue) {
            decided = true;
            result.stopped_by_sprt_after = result.table.games();
            return false;
        }
        return true;
    };
    run_jobs(todo.size(), std::max(1, settings.concurrency), play);
    std::sort(result.decisions.begin(), result.decisions.end(),
              [](const RefereeDecision& a, const RefereeDecision& b) { return a.game < b.game; });
    return result;
}

}  // namespace seireigi
