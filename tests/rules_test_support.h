// Helpers for the rule tests (tests named Rules_<section>_<slug> after docs/rules.md).
#pragma once

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "position/generic_position.h"
#include "position/key_history.h"
#include "test_support.h"
#include "text/notation.h"

namespace seireigi::testing {

// The perpetual checkers (KeyHistory::repetition) of a cycle: a history that returns to its
// first key after the given moves, each (mover, gave check).
inline std::vector<Player> perpetual_checkers_of_cycle(
    const std::vector<std::pair<Player, bool>>& moves) {
    KeyHistory h(1);
    for (std::size_t i = 0; i < moves.size(); ++i)
        h.push(i + 1 == moves.size() ? 1 : 100 + i, moves[i].first, moves[i].second);
    const PlayerList checkers = h.repetition(0).perpetual_checkers();
    return {checkers.begin(), checkers.end()};
}

// The legal moves of the side to move, as sorted USI texts.
inline std::set<std::string> legal_texts(const GenericPosition& pos) {
    MoveList list;
    pos.legal_moves(list);
    std::set<std::string> out;
    for (Move m : list) out.insert(write_move(pos.variant(), m));
    return out;
}

// The legal moves of the piece on `from` (a square name), as destination texts with "+" for
// promotions, e.g. {"2b+", "4b+"}.
inline std::set<std::string> piece_moves(const GenericPosition& pos, const std::string& from) {
    std::set<std::string> out;
    for (const std::string& m : legal_texts(pos))
        if (m.rfind(from, 0) == 0 && m.find('*') == std::string::npos)
            out.insert(m.substr(from.size()));
    return out;
}

// The drop moves of one piece letter ("P*"), as square names.
inline std::set<std::string> drops_of(const GenericPosition& pos, const std::string& piece) {
    std::set<std::string> out;
    for (const std::string& m : legal_texts(pos))
        if (m.rfind(piece + "*", 0) == 0) out.insert(m.substr(piece.size() + 1));
    return out;
}

inline GenericPosition make_position(const std::string& variant_name, const std::string& text) {
    auto v = variant(variant_name);
    return GenericPosition(v, position(*v, text));
}

}  // namespace seireigi::testing
