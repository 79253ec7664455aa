#include "referee/multi_player_series.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <optional>

#include "record/game_record.h"
#include "referee/match_error.h"
#include "referee/match_notes.h"
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

// "engine[:ALGORITHM][:LEVEL]" or "random[:SEED]".
MultiPlayerContestant contestant_of(const std::string& spec) {
    MultiPlayerContestant c;
    if (spec == "engine" || spec.starts_with("engine:")) {
        EngineSeatSettings settings;
        if (auto d = read_engine_spec(spec, settings)) fail("--player " + d->message);
        c.algorithm = settings.multi_player;
        c.level = settings.level;
        return c;
    }
    c.engine = false;
    if (spec == "random") return c;
    if (spec.starts_with("random:")) {
        const char* b = spec.data() + 7;
        const char* e = spec.data() + spec.size();
        const auto [end, ec] = std::from_chars(b, e, c.seed);
        if (ec == std::errc() && end == e && b != e) return c;
    }
    fail("--player " + spec +
         ": with three or four players a player is engine[:brs|paranoid][:LEVEL] or "
         "random[:SEED]");
}

// Game `number` as an earlier run saved it in `path`, if it did; throws MatchError when the
// file holds anything else (another match's game, a record no match saved).
std::optional<MultiPlayerGameResult> saved_result(const std::shared_ptr<const Variant>& variant,
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
    MultiPlayerGameResult r;
    r.standings = saved.game.result().standings;
    r.plies = saved.game.ply();
    r.ply_limit = !saved.notes.adjudication.empty();
    r.description = r.ply_limit ? saved.notes.adjudication : describe_result(saved.game);
    r.game = std::make_shared<const Game>(std::move(saved.game));
    return r;
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
    std::vector<MultiPlayerContestant> kinds;
    for (const std::string& spec : settings.players) kinds.push_back(contestant_of(spec));
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
    auto contestant_for = [&](int player) {
        const auto i = std::find(player_of_entry.begin(), player_of_entry.end(), player) -
                       player_of_entry.begin();
        return kinds[static_cast<std::size_t>(i)];
    };

    MultiPlayerGameSettings game_settings;
    game_settings.nodes = settings.nodes;
    game_settings.movetime_ms =
        settings.movetime_ms > 0 ? settings.movetime_ms : search::kDefaultMatchMoveMs;
    game_settings.max_plies = settings.max_moves > 0 ? settings.max_moves : 1 << 30;
    game_settings.opening_plies = settings.opening_plies;
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
        std::vector<MultiPlayerContestant> seats;
        std::vector<std::string> seat_specs, seat_players;
        for (int p = 0; p < n; ++p) {
            const int player = arrangement[static_cast<std::size_t>(p)];
            MultiPlayerContestant c = contestant_for(player);
            // Seeds vary with the game and the seat, so no two games are the same.
            c.seed = c.seed * 1000003 + static_cast<std::uint64_t>(g) * 16 +
                     static_cast<std::uint64_t>(p);
            seats.push_back(c);
            seat_players.push_back(names[static_cast<std::size_t>(player)]);
            seat_specs.push_back(c.engine ? seat_players.back()
                                          : "random:" + std::to_string(c.seed));
        }
        char file[32];
        std::snprintf(file, sizeof file, "game-%05d.txt", g + 1);
        const fs::path path = fs::path(settings.out) / file;
        std::optional<MultiPlayerGameResult> r;
        if (!settings.out.empty()) r = saved_result(variant, path, g + 1, seat_players);
        const bool from_record = r.has_value();
        if (!r) {
            MultiPlayerGameSettings this_game = game_settings;
            this_game.opening_seed = static_cast<std::uint64_t>(g) + 1;
            r = play_multi_player_game(variant, start, seats, this_game);
            if (!settings.out.empty()) {
                MatchNotes notes;
                notes.seat_players = seat_players;
                notes.game = g + 1;
                if (r->ply_limit) notes.adjudication = r->description;
                const std::string text =
                    annotated_record(record_of(*r->game, settings.variant_name, seat_specs), notes);
                if (auto error = write_file_atomically(path, text, false)) fail(*error);
            }
        }
        std::lock_guard lock(mutex);
        table.add(seat_players, r->standings);
        on_game({g + 1, &seat_players, &*r, from_record});
        return true;
    };
    run_jobs(todo.size(), std::max(1, settings.concurrency), play);
    return {std::move(table), arrangements.size()};
}

}  // namespace seireigi
