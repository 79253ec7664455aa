// The long runs of the multi-player search (issue 14; ctest label long). Each prints its
// figures. Node limits per move instead of time make the games the same on a loaded machine;
// SEIREIGI_MP_NODES and SEIREIGI_MP_GAMES override them, SEIREIGI_MP_FIRST shards the BRS+ run
// (docs/engine.md gives the commands).
//  * one engine (BRS+) against three random movers, 100 games per variant, the engine's seat
//    rotating: at least 95% last-survivor wins;
//  * BRS+ against paranoid, two seats each, every arrangement in turn, 204 games of Compact,
//    each opening (four random plies) played in all six arrangements: the last survivors'
//    algorithms, with a 95% interval;
//  * soak: engines in every seat, 100 games per variant, every engine move checked against the
//    reference generator; no failure, no crash.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "record/game_record.h"
#include "referee/openings.h"
#include "referee/referee_game.h"
#include "seats/seat_factory.h"
#include "test_support.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

using search::MultiPlayerAlgorithm;

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
    const char* s = std::getenv(name);
    return s && *s ? std::strtoull(s, nullptr, 10) : fallback;
}

const char* label(MultiPlayerAlgorithm a) {
    return a == MultiPlayerAlgorithm::Paranoid ? "paranoid" : "brs+";
}

// The 95% Wilson interval of a proportion k/n.
std::pair<double, double> wilson(int k, int n) {
    if (n == 0) return {0, 1};
    const double z = 1.96, p = static_cast<double>(k) / n;
    const double d = 1 + z * z / n, c = p + z * z / (2 * n);
    const double h = z * std::sqrt(p * (1 - p) / n + z * z / (4.0 * n * n));
    return {(c - h) / d, (c + h) / d};
}

// Game `number` of the seats `specs` (one per player, seat_spec.h): seeds vary with the number,
// the first `opening_plies` plies are random moves seeded with `opening`.
RefereeOutcome play_game(const std::shared_ptr<const Variant>& v,
                         const std::vector<std::string>& specs, int number,
                         const RefereeRules& rules, int opening_plies = 0, int opening = 0) {
    std::vector<std::unique_ptr<Seat>> seats;
    std::vector<Seat*> seated;
    for (Player p = 0; p < v->num_players(); ++p) {
        auto made = make_seat(specs[static_cast<std::size_t>(p)], v);
        seats.push_back(std::move(std::get<std::unique_ptr<Seat>>(made)));
        seats.back()->new_game(number, p);
        seated.push_back(seats.back().get());
    }
    const PositionState start = start_state(*v);
    return play_refereed_game(v, start, random_opening(v, start, opening_plies, opening), seated,
                              rules);
}

RefereeRules rules_at_nodes(std::uint64_t nodes, int max_moves, bool check_reference) {
    RefereeRules rules;
    rules.budget.nodes = nodes;
    rules.max_moves = max_moves;
    rules.check_reference = check_reference;
    return rules;
}

class MultiPlayerGamesLong : public ::testing::TestWithParam<std::string> {};

TEST_P(MultiPlayerGamesLong, OneEngineWinsAgainstThreeRandomMovers) {
    auto v = testing::variant(GetParam());
    const int games = static_cast<int>(env_or("SEIREIGI_MP_GAMES", 100));
    // SEIREIGI_MP_FIRST=G replays from game G on (a game's seeds depend on its number only).
    const int first = static_cast<int>(env_or("SEIREIGI_MP_FIRST", 0));
    const std::uint64_t nodes = env_or("SEIREIGI_MP_NODES", 20000);
    const RefereeRules rules = rules_at_nodes(nodes, 0, true);
    int wins = 0, plies = 0;
    std::vector<int> wins_by_seat(4);
    std::uint64_t searched = 0;
    int engine_moves = 0;
    for (int g = first; g < first + games; ++g) {
        const Player engine_seat = g % v->num_players();
        std::vector<std::string> specs;
        for (Player p = 0; p < v->num_players(); ++p)
            specs.push_back(p == engine_seat ? "engine" : "random");
        const RefereeOutcome r = play_game(v, specs, g + 1, rules);
        ASSERT_TRUE(r.failure.empty()) << r.failure;
        plies += r.game.ply();
        searched += r.nodes;
        engine_moves += r.searched_moves;
        if (r.standings[static_cast<std::size_t>(engine_seat)] == Standing::Won) {
            ++wins;
            ++wins_by_seat[static_cast<std::size_t>(engine_seat)];
        } else {
            std::cout << "game " << g << " (engine P" << engine_seat + 1 << "): " << r.description()
                      << "\n";
            // SEIREIGI_MP_RECORDS=DIR keeps the lost game's record there (`seireigi play
            // --resume` or `analyse --record` show it).
            if (const char* dir = std::getenv("SEIREIGI_MP_RECORDS"); dir && *dir) {
                std::vector<std::string> names;
                for (Player p = 0; p < v->num_players(); ++p)
                    names.push_back(p == engine_seat ? "engine" : "random");
                std::ofstream(std::string(dir) + "/game-" + std::to_string(g) + ".game")
                    << write_record(record_of(r.game, GetParam(), names));
            }
            // How the engine went out: the event, the position before it and the move.
            for (const GameEvent& e : r.game.events())
                if (e.player == engine_seat && e.ply > 0)
                    std::cout << "  at ply " << e.ply << ": " << describe_event(*v, e) << " after "
                              << write_position(*v, r.game.state_after(e.ply - 1)) << " and "
                              << write_move(*v, r.game.moves()[e.ply - 1]) << "\n";
        }
    }
    std::cout << GetParam() << ": engine (brs+, " << nodes
              << " nodes per move) against three random movers: " << wins << "/" << games
              << " last-survivor wins; by seat:";
    for (int s = 0; s < v->num_players(); ++s)
        std::cout << " P" << s + 1 << " " << wins_by_seat[static_cast<std::size_t>(s)];
    std::cout << "; mean game " << plies / std::max(1, games) << " plies, "
              << searched / std::max<std::uint64_t>(1, static_cast<std::uint64_t>(engine_moves))
              << " nodes per engine move\n";
    EXPECT_GE(wins * 100, 95 * games);
}

TEST_P(MultiPlayerGamesLong, BestReplySearchPlusAgainstParanoid) {
    auto v = testing::variant(GetParam());
    ASSERT_EQ(v->num_players(), 4);
    const int games = static_cast<int>(env_or("SEIREIGI_MP_GAMES", 204));
    const std::uint64_t nodes = env_or("SEIREIGI_MP_NODES", 20000);
    const RefereeRules rules = rules_at_nodes(nodes, 400, false);
    // One random move per player opens each game: the engines are deterministic.
    // Every way to give two seats to each algorithm.
    const std::vector<std::vector<MultiPlayerAlgorithm>> arrangements = [] {
        std::vector<std::vector<MultiPlayerAlgorithm>> out;
        for (int mask = 0; mask < 16; ++mask)
            if (__builtin_popcount(static_cast<unsigned>(mask)) == 2) {
                std::vector<MultiPlayerAlgorithm> a;
                for (int p = 0; p < 4; ++p)
                    a.push_back((mask >> p) & 1 ? MultiPlayerAlgorithm::Paranoid
                                                : MultiPlayerAlgorithm::BestReplyPlus);
                out.push_back(a);
            }
        return out;
    }();
    std::map<std::string, int> wins, draws_in, losses;
    std::map<std::string, std::vector<int>> wins_by_seat;
    int drawn_games = 0;
    // A shard of a longer run starts at game SEIREIGI_MP_FIRST (the arrangements go on in turn).
    const int first = static_cast<int>(env_or("SEIREIGI_MP_FIRST", 0));
    for (int g = first; g < first + games; ++g) {
        const auto& arrangement = arrangements[static_cast<std::size_t>(g) % arrangements.size()];
        std::vector<std::string> specs;
        for (std::size_t p = 0; p < 4; ++p)
            specs.push_back(arrangement[p] == MultiPlayerAlgorithm::Paranoid ? "engine:paranoid"
                                                                             : "engine:brs");
        const RefereeOutcome r =
            play_game(v, specs, g + 1, rules, 4, g / static_cast<int>(arrangements.size()) + 1);
        ASSERT_TRUE(r.failure.empty()) << r.failure;
        bool won = false;
        for (std::size_t p = 0; p < 4; ++p) {
            const std::string name = label(arrangement[p]);
            wins_by_seat[name].resize(4);
            if (r.standings[p] == Standing::Won) {
                ++wins[name];
                ++wins_by_seat[name][p];
                won = true;
            } else if (r.standings[p] == Standing::Drawn) {
                ++draws_in[name];
            } else {
                ++losses[name];
            }
        }
        drawn_games += !won;
    }
    const int brs = wins["brs+"], paranoid = wins["paranoid"];
    const auto [lo, hi] = wilson(brs, brs + paranoid);
    std::cout << GetParam() << ", " << nodes << " nodes per move, " << games << " games (ply limit "
              << rules.max_moves << "): last survivor brs+ " << brs << ", paranoid " << paranoid
              << ", no single survivor " << drawn_games << ". Share of decided games won by brs+: "
              << (brs + paranoid ? 100.0 * brs / (brs + paranoid) : 0) << "% (95% interval "
              << 100 * lo << "% to " << 100 * hi << "%)\n";
    for (const char* name : {"brs+", "paranoid"}) {
        std::cout << "  " << name << ": seats won " << wins[name] << ", drawn " << draws_in[name]
                  << ", lost " << losses[name] << "; wins by seat:";
        for (int p = 0; p < 4; ++p)
            std::cout << " P" << p + 1 << " " << wins_by_seat[name][static_cast<std::size_t>(p)];
        std::cout << "\n";
    }
}

TEST_P(MultiPlayerGamesLong, SoakEnginesInEverySeatCheckedByTheReference) {
    auto v = testing::variant(GetParam());
    const int games = static_cast<int>(env_or("SEIREIGI_MP_GAMES", 100));
    const RefereeRules rules = rules_at_nodes(env_or("SEIREIGI_MP_NODES", 3000), 0, true);
    int plies = 0, engine_moves = 0, single_survivor = 0;
    for (int g = 0; g < games; ++g) {
        std::vector<std::string> specs;
        for (int p = 0; p < v->num_players(); ++p) {
            // Both algorithms, levels 10-20: some noise, varied games.
            const int level = 10 + (g + p * 3) % 11;
            specs.push_back(std::string((g + p) % 2 ? "engine:paranoid" : "engine:brs") +
                            (level < 20 ? ":" + std::to_string(level) : ""));
        }
        const RefereeOutcome r = play_game(v, specs, g + 1, rules);
        ASSERT_TRUE(r.failure.empty()) << "game " << g << ": " << r.failure;
        plies += r.game.ply();
        engine_moves += r.searched_moves;
        single_survivor +=
            r.game.over() && std::count(r.standings.begin(), r.standings.end(), Standing::Won) == 1;
    }
    std::cout << GetParam() << " soak: " << games << " games, " << engine_moves
              << " engine moves checked by the reference generator, " << plies
              << " plies; games with a last survivor: " << single_survivor << "\n";
}

INSTANTIATE_TEST_SUITE_P(Variants, MultiPlayerGamesLong,
                         ::testing::Values("yonin-seireigi-compact", "yonin-seireigi-complete"),
                         [](const auto& info) {
                             return info.param == "yonin-seireigi-compact"
                                        ? std::string("Compact")
                                        : std::string("Complete");
                         });

}  // namespace
}  // namespace seireigi
