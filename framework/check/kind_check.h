// The kind cross-check: a position's search-facing additions against their definitions, along
// seeded random play-outs (`seireigi cross-check --kinds`). At every position:
//  * each kind's list (position/move_kind.h) equals the legal list filtered by the kind, in a
//    MoveList and in a ScoredMoveList alike;
//  * the quiet checks near a square, where a position generates them apart, equal the quiet
//    moves that land within two squares (Chebyshev) of it and give check, and all the quiet
//    checks the quiet moves that give check;
//  * key_after(m), where a position tells it, is the key after playing m;
//  * legal(m) is true for every legal move, and for random and corrupted bit patterns exactly
//    when they are in the legal list;
//  * gives_check(m) equals playing m and looking at the other players' Kings (a mated player
//    leaves at once), and the key history records the move's key, mover and check;
//  * see_ge(m, threshold) holds exactly up to the value of the swap rule played out with real
//    moves (check/exchange_reference.h), for every capture and promotion and a few other moves.
// Stops at the first difference and describes it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "check/exchange_reference.h"
#include "position/key_history.h"
#include "position/move_kind.h"
#include "position/position_contract.h"
#include "text/notation.h"

namespace seireigi {

struct KindCheckReport {
    std::uint64_t positions = 0;
    std::optional<std::string> difference;  // what differed, with the position text
};

// The static exchange of m against the reference; what differed, if anything.
template <class P>
std::optional<std::string> exchange_difference(const std::shared_ptr<const Variant>& v,
                                               const P& pos, Move m) {
    const int want = reference_exchange<P>(v, pos, m);
    if (pos.see_ge(m, want) && !pos.see_ge(m, want + 1)) return std::nullopt;
    int got = want;
    while (got > -100000 && !pos.see_ge(m, got)) got -= 1;  // what see_ge says instead
    while (got < 100000 && pos.see_ge(m, got + 1)) got += 1;
    return "see_ge(" + write_move(*v, m) + ") holds up to " + std::to_string(got) +
           ", the swap rule played out gives " + std::to_string(want);
}

template <SearchPosition P>
KindCheckReport check_kinds(const std::shared_ptr<const Variant>& v, const PositionState& start,
                            std::uint64_t seed, int games, int plies) {
    KindCheckReport report;
    std::mt19937_64 rng(seed);
    auto differ = [&](const P& pos, const std::string& what) {
        report.difference = what + " at " + write_position(*v, pos.state());
    };
    for (int g = 0; g < games && !report.difference; ++g) {
        P pos(v, start);
        for (int ply = 0; ply <= plies; ++ply) {
            ++report.positions;
            MoveList legal;
            pos.legal_moves(legal);
            std::sort(legal.begin(), legal.end());
            for (MoveKind kind : kAllMoveKinds) {
                MoveList got, want;
                pos.generate(kind, got);
                std::sort(got.begin(), got.end());
                for (Move m : legal)
                    if (is_of_kind(pos, m, kind)) want.push_back(m);
                if (got != want) {
                    differ(pos, std::string("the ") + move_kind_name(kind) + " list has " +
                                    std::to_string(got.size()) + " moves, its definition " +
                                    std::to_string(want.size()));
                    return report;
                }
                ScoredMoveList scored;
                pos.generate(kind, scored);
                MoveList unscored(scored.begin(), scored.end());
                std::sort(unscored.begin(), unscored.end());
                if (unscored != got) {
                    differ(pos, std::string("the ") + move_kind_name(kind) +
                                    " list differs between MoveList and ScoredMoveList");
                    return report;
                }
            }
            // A position that generates the quiet checks near a square apart: around a random
            // square, and around each other player's King.
            if constexpr (requires(MoveList & l) { pos.generate_quiet_checks_near(Square{}, l); }) {
                std::vector<Square> centers{static_cast<Square>(rng() % v->geo.squares())};
                for (Square s = 0; s < v->geo.squares(); ++s) {
                    const PieceCode pc = pos.piece_on(s);
                    if (pc != kEmpty && owner_of(pc) != pos.side_to_move() &&
                        v->types[static_cast<std::size_t>(type_of(pc))].royal)
                        centers.push_back(s);
                }
                for (Square c : centers) {
                    MoveList got, want;
                    pos.generate_quiet_checks_near(c, got);
                    std::sort(got.begin(), got.end());
                    for (Move m : legal)
                        if (is_of_kind(pos, m, MoveKind::Quiets) &&
                            std::abs(v->geo.x_of(m.to()) - v->geo.x_of(c)) <= 2 &&
                            std::abs(v->geo.y_of(m.to()) - v->geo.y_of(c)) <= 2 &&
                            pos.gives_check(m))
                            want.push_back(m);
                    if (got != want) {
                        differ(pos, "the quiet checks near square " + std::to_string(c) + " are " +
                                        std::to_string(got.size()) + " moves, by definition " +
                                        std::to_string(want.size()));
                        return report;
                    }
                }
            }
            // A position that generates every quiet check apart.
            if constexpr (requires(MoveList & l) { pos.generate_quiet_checks(l); }) {
                MoveList got, want;
                pos.generate_quiet_checks(got);
                std::sort(got.begin(), got.end());
                for (Move m : legal)
                    if (is_of_kind(pos, m, MoveKind::Quiets) && pos.gives_check(m))
                        want.push_back(m);
                if (got != want) {
                    differ(pos, "the quiet checks are " + std::to_string(got.size()) +
                                    " moves, by definition " + std::to_string(want.size()));
                    return report;
                }
            }
            for (Move m : legal) {
                if (!pos.legal(m)) {
                    differ(pos, "legal(" + write_move(*v, m) + ") is false for a legal move");
                    return report;
                }
                P after = pos;
                after.do_move(m);
                if constexpr (requires { pos.key_after(m); }) {
                    if (pos.key_after(m) != after.key()) {
                        differ(pos, "key_after(" + write_move(*v, m) +
                                        ") differs from the key after the move");
                        return report;
                    }
                }
                // With three or four players a mated player leaves at once (its King goes), so
                // "left in check" includes being eliminated by the move.
                bool check = false;
                for (Player p = 0; p < v->num_players(); ++p)
                    if (p != pos.side_to_move() && pos.is_active(p) &&
                        (!after.is_active(p) || after.in_check(p)))
                        check = true;
                // The key history records a check as the Game's rules count it: another player
                // still in the game and in check after the move.
                bool left_in_check = false;
                for (Player p = 0; p < v->num_players(); ++p)
                    if (p != pos.side_to_move() && after.is_active(p) && after.in_check(p))
                        left_in_check = true;
                const KeyHistory& keys = after.key_history();
                if (keys.key(keys.ply()) != after.key() ||
                    keys.mover(keys.ply()) != pos.side_to_move() ||
                    keys.gave_check(keys.ply()) != left_in_check) {
                    differ(pos, "the key history after " + write_move(*v, m) +
                                    " does not record its key, mover or check");
                    return report;
                }
                if (pos.gives_check(m) != check) {
                    differ(pos, "gives_check(" + write_move(*v, m) + ") is " +
                                    (check ? "false" : "true") + ", playing it says otherwise");
                    return report;
                }
            }
            // Every capture and promotion, and up to 8 other moves picked at random.
            int others = 0;
            const std::size_t offset = legal.empty() ? 0 : rng() % legal.size();
            for (std::size_t i = 0; i < legal.size(); ++i) {
                const Move m = legal[(offset + i) % legal.size()];
                if (!is_of_kind(pos, m, MoveKind::Captures) && others++ >= 8) continue;
                if (auto d = exchange_difference(v, pos, m)) {
                    differ(pos, *d);
                    return report;
                }
            }
            for (int i = 0; i < 64; ++i) {
                std::uint32_t raw = static_cast<std::uint32_t>(rng());
                if (i % 2 && !legal.empty())
                    raw = legal[rng() % legal.size()].raw() ^ (1u << (rng() % 30));
                const Move m = Move::from_raw(raw);
                if (pos.legal(m) != std::binary_search(legal.begin(), legal.end(), m)) {
                    differ(pos, "legal() is wrong for the bit pattern " + std::to_string(raw));
                    return report;
                }
            }
            if (legal.empty() || ply == plies) break;
            pos.do_move(legal[rng() % legal.size()]);
        }
    }
    return report;
}

}  // namespace seireigi
