#include "referee/multi_player_series.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <optional>

#include "record/game_record.h"
#include "referee/match_error.h"
#include "referee/match_notes.h"
#include "referee/openings.h"
#include "referee/saved_game.h"
#include "referee/worker_pool.h"
#include "search/think_time.h"
#include "seats/seat_factory.h"

namespace seireigi {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& message) {
    throw MatchError(message);
}

// The seat `spec` names (checked before the series starts).
std::unique_ptr<Seat> seat_of(const std::string& spec,
                              const std::shared_ptr<const Variant>& variant) {
    auto made = make_command_line_seat(spec, variant);
    if (auto* d = std::get_if<Diagnostic>(&made)) fail("--player " + d->message);
    std::unique_ptr<Seat> seat = std::move(std::get<std::unique_ptr<Seat>>(made));
    if (seat->is_person()) fail("--player human: a refereed match has no people at its seats");
    return seat;
}

// Game `number` as an earlier run saved it in `path`, if it did; throws MatchError when the
// file holds anything else (another match's game, a record no match saved).
std::optional<RefereeOutcome> saved_outcome(const std::shared_ptr<const Variant>& variant,
                                            const fs::path& path, int number,
                                            const std::vector<std::string>& seat_players) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return std::nullopt;
    auto read = read_saved_game(path, [&](const std::string&) { return variant; });
    if (auto* why = std::get_if<std::string>(&read))
        fail(path.string() + ": " + *why + ": give --out a folder of its own for each match");
    SavedGame& saved = std::get<SavedGame>(read);
    if (saved.notes.seat_players != seat_players || saved.notes.game != number)
        fail(path.string() + " is not game " + std::to_string(number) +
             " of this match (other players or another game): give --out a folder of its own "
             "for each match");
    RefereeOutcome o{
        std::move(saved.game), {}, saved.notes.adjudication, saved.notes.counted, "", 0, 0};
    o.standings = o.game.result().standings;
    // The players still in at the move limit drew.
    if (!o.game.over())
        for (Standing& st : o.standings)
            if (st == Standing::Playing) st = Standing::Drawn;
    return o;
}

}  // namespace

MultiPlayerSeriesResult play_multi_player_series(
    const std::shared_ptr<const Variant>& variant, const PositionState& start,
    const MultiPlayerSeriesSettings& settings,
    const std::function<void(const MultiPlayerSeriesGame&)>& on_game) {
    const int n = variant->num_players();
    const int k = static_cast<int>(settings.players.size());
    if (k < 2 || n % k != 0)
        fail(variant->name + " has " + std::to_string(n) + " players: give --player " +
             std::to_string(n) + " times (one per seat)" +
             (n == 4 ? ", or twice (two seats each)" : "") +
             ", e.g. --player engine:brs --player engine:paranoid");
    for (const std::string& spec : settings.players) seat_of(spec, variant);
    // The players by name: a spec given more than once is one player in several seats.
    std::vector<std::string> names;
    std::vector<int> player_of_entry;
    for (const std::string& spec : settings.players) {
        auto it = std::find(names.begin(), names.end(), spec);
        player_of_entry.push_back(static_cast<int>(it - names.begin()));
        if (it == names.end()) names.push_back(spec);
    }
    // Every distinct arrangement of the entries over the seats.
    std::vector<int> entries;
    for (int r = 0; r < n / k; ++r)
        for (int i = 0; i < k; ++i) entries.push_back(player_of_entry[static_cast<std::size_t>(i)]);
    std::sort(entries.begin(), entries.end());
    std::vector<std::vector<int>> arrangements;
    do arrangements.push_back(entries);
    while (std::next_permutation(entries.begin(), entries.end()));
    RefereeRules rules = settings.rules;
    if (!rules.budget.limited()) rules.budget.movetime_ms = search::kDefaultMatchMoveMs;
    if (!settings.out.empty()) {
        std::error_code ec;
        fs::create_directories(settings.out, ec);
        if (ec) fail("--out " + settings.out + ": cannot create the directory: " + ec.message());
    }

    MultiPlayerTable table(*variant, names);
    std::vector<int> todo;  // game indices (from 0) of this shard
    for (int g = 0; g < settings.games; ++g)
        if (settings.shard.holds(g)) todo.push_back(g);
    std::mutex mutex;
    auto play = [&](int, std::size_t job) {
        const int g = todo[job];
        const auto& arrangement = arrangements[static_cast<std::size_t>(g) % arrangements.size()];
        std::vector<std::unique_ptr<Seat>> seats;
        std::vector<std::string> seat_specs, seat_players;
        for (Player p = 0; p < n; ++p) {
            const std::string& name =
                names[static_cast<std::size_t>(arrangement[static_cast<std::size_t>(p)])];
            seats.push_back(seat_of(name, variant));
            seats.back()->new_game(g + 1, p);  // seeds vary with the game and the seat
            seat_players.push_back(name);
            seat_specs.push_back(seats.back()->spec());
        }
        char file[32];
        std::snprintf(file, sizeof file, "game-%05d.txt", g + 1);
        const fs::path path = fs::path(settings.out) / file;
        std::optional<RefereeOutcome> o;
        if (!settings.out.empty()) o = saved_outcome(variant, path, g + 1, seat_players);
        const bool from_record = o.has_value();
        if (!o) {
            std::vector<Seat*> seated;
            for (auto& seat : seats) seated.push_back(seat.get());
            o = play_refereed_game(variant, start,
                                   random_opening(variant, start, settings.opening_plies, g + 1),
                                   seated, rules);
            if (!settings.out.empty()) {
                MatchNotes notes;
                notes.seat_players = seat_players;
                notes.game = g + 1;
                notes.adjudication = o->adjudication;
                notes.counted = o->counted;
                const std::string text =
                    annotated_record(record_of(o->game, settings.variant_name, seat_specs), notes);
                if (auto error = write_file_atomically(path, text, false)) fail(*error);
            }
        }
        std::lock_guard lock(mutex);
        table.add(seat_players, o->standings);
        on_game({g + 1, &seat_players, &*o, from_record});
        return true;
    };
    run_jobs(todo.size(), std::max(1, settings.concurrency), play);
    return {std::move(table), arrangements.size()};
}

}  // namespace seireigi
