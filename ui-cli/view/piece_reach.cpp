#include "view/piece_reach.h"

#include <algorithm>
#include <cstdlib>

#include "position/generic_position.h"

namespace seireigi::cli {

namespace {

std::set<Square> destinations(const std::shared_ptr<const Variant>& v, const PositionState& st,
                              Square from) {
    GenericPosition pos(v, st);
    MoveList list;
    pos.generate_legal(owner_of(st.board[from]), list);
    std::set<Square> out;
    for (Move m : list)
        if (!m.is_drop() && m.from() == from) out.insert(m.to());
    return out;
}

// Whether `to` lies on one of the piece's single-leg vectors (a leap, or a slide's ray within
// its range), ignoring what stands between: the squares a multi-leg move reaches otherwise
// are its hooks.
bool on_plain_vector(const CompiledMoves& cm, const Geometry& g, Square from, Square to) {
    const int dx = g.x_of(to) - g.x_of(from);
    const int dy = g.y_of(to) - g.y_of(from);
    for (const auto& l : cm.leaps)
        if (l.v.dx == dx && l.v.dy == dy) return true;
    for (const auto& s : cm.slides) {
        for (int k = 1; s.max_steps == 0 || k <= s.max_steps; ++k) {
            const int x = s.v.dx * k, y = s.v.dy * k;
            if (x == dx && y == dy) return true;
            if (std::abs(x) > g.files || std::abs(y) > g.ranks) break;
        }
    }
    return false;
}

}  // namespace

PieceReach piece_reach(const std::shared_ptr<const Variant>& v, const PositionState& st,
                       Square from, Player enemy) {
    PieceReach r;
    const PieceCode piece = st.board[from];
    const Player owner = owner_of(piece);
    // Hands change no board move: emptied, the many drops of a full hand need not be generated
    // for every probe.
    PositionState board_only = st;
    for (auto& hand : board_only.hands) std::fill(hand.begin(), hand.end(), 0);
    const std::set<Square> reached = destinations(v, board_only, from);
    // The probe is a piece that may be captured: not a King.
    PieceType probe_type = type_of(piece);
    if (v->types[probe_type].royal && !v->hand_types.empty()) probe_type = v->hand_types.front();
    const PieceCode target = make_piece(enemy, probe_type, false);
    for (Square s = 0; s < v->geo.squares(); ++s) {
        if (st.board[s] != kEmpty) {
            if (owner_of(st.board[s]) != owner && reached.count(s)) r.captures.insert(s);
            continue;
        }
        if (reached.count(s)) r.moves.insert(s);
        PositionState probe = board_only;
        probe.board[s] = target;
        if (destinations(v, probe, from).count(s)) r.captures.insert(s);
    }
    const Geometry& g = v->geo;
    const auto& cm = v->moves(v->orientation(owner), face_of(piece));
    for (const auto& l : cm.leaps) {
        if (std::max(std::abs(l.v.dx), std::abs(l.v.dy)) < 2) continue;
        const int x = g.x_of(from) + l.v.dx;
        const int y = g.y_of(from) + l.v.dy;
        if (g.on_board(x, y)) r.jumps.insert(g.square(x, y));
    }
    for (const std::set<Square>* set : {&r.moves, &r.captures})
        for (Square s : *set)
            if (!on_plain_vector(cm, g, from, s)) r.hooks.insert(s);
    return r;
}

}  // namespace seireigi::cli
