// Soak of the four-player turn procedure (docs/rules.md §D.4): seeded random games of Yonin
// Seireigi, played on the generic engine and the reference generator in step, with these checks
// after every move:
//  * pieces are conserved across board and hands, neutral pieces included (only the Kings of
//    eliminated players leave the game), and every active player has exactly one King;
//  * no move captures a King;
//  * if anyone is in check, the player to move is the first checked player clockwise from the
//    last mover; otherwise the skipped players and then the player to move follow the last
//    mover clockwise;
//  * undo restores the exact position and key;
//  * both engines list the same moves and reach the same state, key and events.
// A game ends with one player left, a draw (everyone skipped) or the length bound. The games
// start from the start position and from a position where a player is soon skipped.
//
// soak_game_records plays seeded random games through the Game (occasional resignations and
// undos included) and checks that saving and resuming each game reproduces it exactly.
//
// Callers wrap each helper in ASSERT_NO_FATAL_FAILURE, and the helpers wrap the checks they call,
// so that a failed ASSERT stops the whole soak instead of returning from one helper while the
// games go on; require_soak_coverage fails a soak in which the rare events never happened.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "game/game.h"
#include "position/generic_position.h"
#include "position/reference_position.h"
#include "record/game_record.h"
#include "text/notation.h"
#include "text/start_position.h"
#include "yonin_test_support.h"

namespace seireigi::testing {

struct SoakTotals {
    int games = 0;
    int positions = 0;
    int eliminations = 0;
    int skips = 0;
    int won = 0;    // one player left
    int drawn = 0;  // everyone skipped
};

inline int non_royal_pieces(const GenericPosition& pos) {
    const Variant& v = pos.variant();
    int n = 0;
    for (Square s = 0; s < v.geo.squares(); ++s)
        n += pos.piece_on(s) != kEmpty && !v.types[type_of(pos.piece_on(s))].royal;
    for (Player p = 0; p < v.num_players(); ++p)
        for (PieceType t : v.hand_types) n += pos.hand_count(p, t);
    return n;
}

// The players clockwise after `x`, x itself last.
inline std::vector<Player> clockwise_after(const Variant& v, Player x) {
    std::vector<Player> out;
    for (int i = 1; i <= v.num_players(); ++i) out.push_back((x + i) % v.num_players());
    return out;
}

inline void check_after_move(const GenericPosition& pos, Player mover, int pieces,
                             const std::string& where) {
    const Variant& v = pos.variant();
    ASSERT_EQ(non_royal_pieces(pos), pieces) << where;
    int kings[kMaxPlayers] = {};
    for (Square s = 0; s < v.geo.squares(); ++s)
        if (pos.piece_on(s) != kEmpty && v.types[type_of(pos.piece_on(s))].royal)
            ++kings[owner_of(pos.piece_on(s))];
    for (Player p = 0; p < v.num_players(); ++p)
        ASSERT_EQ(kings[p], pos.is_active(p) ? 1 : 0) << where << " player " << p;
    if (pos.game_over()) return;
    const std::vector<Player> order = clockwise_after(v, mover);
    const auto checked = std::find_if(
        order.begin(), order.end(), [&](Player p) { return pos.is_active(p) && pos.in_check(p); });
    const TurnEvents ev = pos.last_events();
    if (checked != order.end()) {
        ASSERT_EQ(pos.side_to_move(), *checked) << where;
        ASSERT_TRUE(ev.skipped.empty()) << where;
        return;
    }
    // Nobody in check: the skipped players, then the player to move, are the next active
    // players clockwise from the mover.
    std::vector<Player> expected;
    for (Player p : order)
        if (pos.is_active(p)) expected.push_back(p);
    std::vector<Player> seen(ev.skipped.begin(), ev.skipped.end());
    seen.push_back(pos.side_to_move());
    expected.resize(std::min(expected.size(), seen.size()));
    ASSERT_EQ(seen, expected) << where;
}

// Seeded random games from `start`.
inline void soak_games(const std::shared_ptr<const Variant>& v, const PositionState& start,
                       int games, int max_plies, std::uint64_t seed, SoakTotals& totals) {
    std::mt19937_64 rng(seed);
    const int pieces = non_royal_pieces(GenericPosition(v, start));
    for (int g = 0; g < games; ++g) {
        GenericPosition gen(v, start);
        ReferencePosition ref(v, start);
        ++totals.games;
        for (int ply = 0; ply < max_plies && !gen.game_over(); ++ply) {
            const std::string where = "game " + std::to_string(g) + " ply " + std::to_string(ply);
            MoveList moves, ref_moves;
            gen.legal_moves(moves);
            ref.legal_moves(ref_moves);
            std::sort(moves.begin(), moves.end());
            std::sort(ref_moves.begin(), ref_moves.end());
            ASSERT_EQ(moves, ref_moves) << where << " " << write_position(*v, gen.state());
            ASSERT_FALSE(moves.empty()) << where << ": no move, but the game is not over";
            ++totals.positions;
            for (Move m : moves) {
                const PieceCode victim = gen.piece_on(m.to());
                ASSERT_FALSE(victim != kEmpty && v->types[type_of(victim)].royal)
                    << where << " " << write_move(*v, m) << " captures a King";
            }
            const PositionState before = gen.state();
            const std::uint64_t key = gen.key();
            const Player mover = gen.side_to_move();
            const Move m = moves[rng() % moves.size()];
            gen.do_move(m);
            ref.do_move(m);
            ASSERT_EQ(gen.key(), gen.compute_key()) << where;
            ASSERT_EQ(gen.state(), ref.state()) << where;
            ASSERT_EQ(gen.key(), ref.key()) << where;
            ASSERT_EQ(gen.last_events(), ref.last_events()) << where;
            ASSERT_EQ(gen.game_over(), ref.game_over()) << where;
            ASSERT_NO_FATAL_FAILURE(check_after_move(gen, mover, pieces, where));
            const TurnEvents ev = gen.last_events();
            totals.eliminations += ev.eliminated.count;
            totals.skips += ev.skipped.count;
            const PositionState after = gen.state();
            gen.undo_move();
            ASSERT_EQ(gen.state(), before) << where;
            ASSERT_EQ(gen.key(), key) << where;
            gen.do_move(m);
            ASSERT_EQ(gen.state(), after) << where;
        }
        if (gen.game_over()) {
            int active = 0;
            for (Player p = 0; p < v->num_players(); ++p) active += gen.is_active(p);
            ++(active <= 1 ? totals.won : totals.drawn);
        }
    }
}

// Random play from the start position almost never leaves a player without a move while not in
// check, so the soak also starts from a position of docs/rules.md §E.2 #6 where it happens at once:
// P4's King boxed in on 1e by P1's Rook and Bishops, P3 to move.
inline PositionState boxed_king_start(const Variant& v) {
    return build(v,
                 {{P1, "king", "5i"},
                  {P1, "rook", "2i"},
                  {P1, "bishop", "3b"},
                  {P1, "bishop", "3h"},
                  {P2, "king", "9e"},
                  {P3, "king", "5a"},
                  {P4, "king", "1e"}},
                 P3);
}

// `games` seeded random games from the start position, and a tenth as many from the boxed King.
inline void soak_games(const std::shared_ptr<const Variant>& v, int games, int max_plies,
                       std::uint64_t seed, SoakTotals& totals) {
    ASSERT_NO_FATAL_FAILURE(soak_games(v, start_state(*v), games, max_plies, seed, totals));
    ASSERT_NO_FATAL_FAILURE(
        soak_games(v, boxed_king_start(*v), games / 10 + 1, max_plies, seed + 1, totals));
}

struct RecordSoakTotals {
    int games = 0;
    int moves = 0;
    int undos = 0;
    int resignations = 0;
    int events = 0;
    int over = 0;  // games the rules ended (the others stopped at the length bound)
};

inline void soak_game_records(const std::shared_ptr<const Variant>& v, int games, int max_plies,
                              std::uint64_t seed, RecordSoakTotals& totals) {
    std::mt19937_64 rng(seed);
    for (int g = 0; g < games; ++g) {
        Game game(v, start_state(*v));
        ++totals.games;
        while (!game.over() && game.ply() < max_plies) {
            const std::string where =
                "game " + std::to_string(g) + " ply " + std::to_string(game.ply());
            const std::uint64_t r = rng();
            if (r % 400 == 0) {
                game.resign(game.to_move());
                ++totals.resignations;
            } else if (r % 400 == 1 && game.ply() > 0) {
                const PositionState now = game.current();
                const int ply = game.ply();
                ASSERT_TRUE(game.undo()) << where;
                ++totals.undos;
                // Undo takes back one action: a move (and whatever it set off) or a resignation.
                ASSERT_TRUE(game.ply() == ply - 1 || game.ply() == ply) << where;
                ASSERT_FALSE(game.ply() == ply && game.current() == now) << where;
            } else {
                const MoveList& legal = game.legal_moves();
                ASSERT_FALSE(legal.empty()) << where << ": no move, but the game is not over";
                game.play(legal[rng() % legal.size()]);
                ++totals.moves;
            }
        }
        totals.events += static_cast<int>(game.events().size());
        totals.over += game.over();
        const std::string text = write_record(record_of(game, v->id, {}));
        auto read = read_record(text);
        ASSERT_TRUE(std::holds_alternative<GameRecord>(read))
            << "game " << g << ": " << std::get<Diagnostic>(read).text() << "\n"
            << text;
        auto resumed = replay_record(std::get<GameRecord>(read), v);
        ASSERT_TRUE(std::holds_alternative<Game>(resumed))
            << "game " << g << ": " << std::get<Diagnostic>(resumed).text() << "\n"
            << text;
        const Game& again = std::get<Game>(resumed);
        ASSERT_EQ(again.current(), game.current()) << "game " << g << "\n" << text;
        ASSERT_EQ(again.events(), game.events()) << "game " << g << "\n" << text;
        ASSERT_EQ(again.result(), game.result()) << "game " << g << "\n" << text;
        ASSERT_EQ(again.moves(), game.moves()) << "game " << g;
    }
}

// A soak proves the procedures it never exercised nothing: require that eliminations, skips and
// games won by the last player standing happened.
inline void require_soak_coverage(const SoakTotals& t) {
    EXPECT_GT(t.eliminations, 0) << "no player was eliminated in " << t.games << " games";
    EXPECT_GT(t.skips, 0) << "no turn was skipped in " << t.games << " games";
    EXPECT_GT(t.won, 0) << "no game ended with one player left in " << t.games << " games";
}

// The same for the record soak: resignations, undos and events that the moves set off.
inline void require_soak_coverage(const RecordSoakTotals& t) {
    EXPECT_GT(t.resignations, 0) << "nobody resigned in " << t.games << " games";
    EXPECT_GT(t.undos, 0) << "nothing was taken back in " << t.games << " games";
    EXPECT_GT(t.events, t.resignations) << "no move set off an event in " << t.games << " games";
}

}  // namespace seireigi::testing
