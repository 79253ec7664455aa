// Play-out invariants checked after every move of seeded random games (issue 3): pieces are
// conserved between board and hands, no promoted piece is offered a promotion, every generated
// move is legal for the reference generator, undo restores the exact position and key, and the
// position text reads back to the same position.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "position/generic_position.h"
#include "position/reference_position.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace seireigi::testing {

inline int pieces_in_play(const GenericPosition& pos) {
    const Variant& v = pos.variant();
    int n = 0;
    for (Square s = 0; s < v.geo.squares(); ++s) n += pos.piece_on(s) != kEmpty;
    for (Player p = 0; p < v.num_players(); ++p)
        for (PieceType t : v.hand_types) n += pos.hand_count(p, t);
    return n;
}

// Plays `games` seeded games of at most `plies` plies; returns the positions checked.
inline int check_playout_invariants(const std::shared_ptr<const Variant>& v, int games, int plies,
                                    unsigned seed) {
    std::mt19937 rng(seed);
    int checked = 0;
    const int total = pieces_in_play(GenericPosition(v, start_state(*v)));
    for (int g = 0; g < games; ++g) {
        GenericPosition pos(v, start_state(*v));
        for (int ply = 0; ply < plies; ++ply) {
            MoveList moves;
            pos.legal_moves(moves);
            ReferencePosition ref(v, pos.state());
            MoveList ref_moves;
            ref.legal_moves(ref_moves);
            std::sort(moves.begin(), moves.end());
            std::sort(ref_moves.begin(), ref_moves.end());
            EXPECT_EQ(moves, ref_moves) << write_position(*v, pos.state());
            for (Move m : moves) {
                if (!m.is_drop() && m.promotes()) {
                    EXPECT_FALSE(is_promoted(pos.piece_on(m.from()))) << write_move(*v, m);
                }
            }
            ++checked;
            if (moves.empty() || ::testing::Test::HasFailure()) break;
            const PositionState before = pos.state();
            const std::uint64_t key = pos.key();
            const Move m = moves[rng() % moves.size()];
            pos.do_move(m);
            EXPECT_EQ(pieces_in_play(pos), total);
            EXPECT_EQ(pos.key(), pos.compute_key());
            const std::string text = write_position(*v, pos.state());
            auto read = read_position(*v, text);
            EXPECT_TRUE(std::holds_alternative<PositionState>(read) &&
                        std::get<PositionState>(read) == pos.state())
                << text;
            pos.undo_move();
            EXPECT_EQ(pos.state(), before);
            EXPECT_EQ(pos.key(), key);
            pos.do_move(m);
        }
        if (::testing::Test::HasFailure()) break;
    }
    return checked;
}

}  // namespace seireigi::testing
