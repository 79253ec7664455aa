#include "referee/multi_player_series.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>

#include "record/game_record.h"
#include "referee/match_error.h"
#include "referee/match_notes.h"
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
    game_settings.movetime_ms = settings.movetime_ms > 0 ? settings.movetime_ms : 200;
    game_settings.max_plies = settings.max_moves > 0 ? settings.max_moves : 1 << 30;
    if (!settings.out.empty()) {
        std::error_code ec;
        fs::create_directories(settings.out, ec);
        if (ec) fail("--out " + settings.out + ": cannot create the directory: " + ec.message());
    }

    MultiPlayerTable table(*variant, names);
    for (int g = 0; g < settings.games; ++g) {
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
        const MultiPlayerGameResult r =
            play_multi_player_game(variant, start, seats, game_settings);
        table.add(seat_players, r.standings);
        if (!settings.out.empty()) {
            char file[32];
            std::snprintf(file, sizeof file, "game-%05d.txt", g + 1);
            MatchNotes notes;
            notes.seat_players = seat_players;
            notes.game = g + 1;
            if (r.ply_limit) notes.adjudication = r.description;
            const std::string text =
                annotated_record(record_of(*r.game, settings.variant_name, seat_specs), notes);
            if (auto error = write_file_atomically(fs::path(settings.out) / file, text, false))
                fail(*error);
        }
        on_game({g + 1, &seat_players, &r});
    }
    return {std::move(table), arrangements.size()};
}

}  // namespace seireigi
