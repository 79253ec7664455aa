#include "position/reference_position.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "position/zobrist.h"

namespace seireigi {

namespace {

bool can_move(Modality m) {
    return m == Modality::MoveOrCapture || m == Modality::MoveOnly;
}
bool can_capture(Modality m) {
    return m == Modality::MoveOrCapture || m == Modality::CaptureOnly;
}

bool contains(const std::vector<Square>& squares, Square s) {
    return std::find(squares.begin(), squares.end(), s) != squares.end();
}

}  // namespace

ReferencePosition::ReferencePosition(std::shared_ptr<const Variant> variant,
                                     const PositionState& state)
    : variant_(std::move(variant)), st_(state) {
    // Accept a state with short hands (e.g. written by hand in a test): missing counts are 0.
    st_.hands.resize(variant_->num_players());
    for (auto& hand : st_.hands) hand.resize(variant_->types.size(), 0);
    game_over_ = finished();
}

bool ReferencePosition::finished() const {
    if (variant_->num_players() <= 2) return false;
    if (active_count() <= 1) return true;
    for (Player p = 0; p < variant_->num_players(); ++p)
        if (is_active(p) && has_legal_move(st_, p)) return false;
    return true;  // every player would be skipped: a draw
}

int ReferencePosition::active_count() const {
    int n = 0;
    for (Player p = 0; p < variant_->num_players(); ++p)
        if (is_active(p)) ++n;
    return n;
}

PositionState ReferencePosition::state() const {
    PositionState st = st_;
    // st_.move_number stays the number the position started with, as in the generic engine.
    st.move_number += static_cast<int>(history_.size()) / variant_->num_players();
    return st;
}

std::uint64_t ReferencePosition::key() const {
    std::uint64_t k = 0;
    for (Square s = 0; s < variant_->geo.squares(); ++s)
        if (st_.board[s] != kEmpty) k += zobrist::board(st_.board[s], s);
    for (Player p = 0; p < variant_->num_players(); ++p)
        for (PieceType t = 0; t < static_cast<PieceType>(variant_->types.size()); ++t)
            k += static_cast<std::uint64_t>(st_.hands[p][t]) * zobrist::hand(p, t);
    return k + zobrist::to_move(st_.to_move) + zobrist::active(st_.active);
}

// ---- playing moves ------------------------------------------------------------------------

PositionState ReferencePosition::after(const PositionState& st, Player p, Move m) const {
    PositionState next = st;
    if (m.is_drop()) {
        --next.hands[p][m.dropped()];
        next.board[m.to()] = make_piece(p, m.dropped(), false);
        return next;
    }
    const PieceCode moving = next.board[m.from()];
    const PieceCode victim = next.board[m.to()];
    if (victim != kEmpty) ++next.hands[p][type_of(victim)];  // back to its base type
    next.board[m.from()] = kEmpty;
    next.board[m.to()] =
        m.promotes() ? make_piece(owner_of(moving), type_of(moving), true) : moving;
    return next;
}

Player ReferencePosition::next_player(Player after) const {
    const int n = variant_->num_players();
    for (int i = 1; i <= n; ++i) {
        const Player q = (after + i) % n;
        if (is_active(q)) return q;
    }
    return after;
}

void ReferencePosition::do_move(Move m) {
    history_.push_back({st_, game_over_, events_});
    const Player me = st_.to_move;
    st_ = after(st_, me, m);
    events_ = {};
    if (variant_->num_players() > 2)
        turn_procedure(me);
    else
        st_.to_move = next_player(me);
}

void ReferencePosition::turn_procedure(Player x) {
    const int n = variant_->num_players();
    // Steps 1-4: find every checked player (other than x) with no legal move; they all lose
    // at once; then look again, since a removed King may uncover a neutral piece's attack.
    while (true) {
        std::vector<Player> mated;
        for (Player y = 0; y < n; ++y)
            if (y != x && is_active(y) && in_check(st_, y) && !has_legal_move(st_, y))
                mated.push_back(y);
        if (mated.empty()) break;
        for (Player y : mated) {
            // After-loss: the King goes, the hand goes to x, the pieces stay (now neutral).
            for (Square s = 0; s < variant_->geo.squares(); ++s)
                if (st_.board[s] != kEmpty && owner_of(st_.board[s]) == y && is_royal(st_.board[s]))
                    st_.board[s] = kEmpty;
            for (std::size_t t = 0; t < st_.hands[y].size(); ++t) {
                st_.hands[x][t] += st_.hands[y][t];
                st_.hands[y][t] = 0;
            }
            st_.active = static_cast<std::uint8_t>(st_.active & ~(1u << y));
            events_.eliminated.push(y);
        }
    }
    // Step 5: only x is left.
    if (active_count() <= 1) {
        st_.to_move = x;
        game_over_ = events_.game_over = true;
        return;
    }
    // Step 6: a checked player first (clockwise after x, x itself last), else the next player.
    Player next = next_player(x);
    if (variant_->check_order == VariantSpec::CheckOrder::CheckedFirst) {
        for (int i = n; i >= 1; --i) {  // backwards, so the first checked one is kept
            const Player q = (x + i) % n;
            if (is_active(q) && in_check(st_, q)) next = q;
        }
    }
    // Step 7: skip players without a legal move; if all are skipped, the game is a draw.
    Player p = next;
    for (int tried = 0; tried < active_count(); ++tried) {
        if (has_legal_move(st_, p)) {
            st_.to_move = p;
            return;
        }
        events_.skipped.push(p);
        p = next_player(p);
    }
    st_.to_move = next;
    game_over_ = events_.game_over = true;
}

void ReferencePosition::undo_move() {
    st_ = std::move(history_.back().st);
    game_over_ = history_.back().game_over;
    events_ = history_.back().events;
    history_.pop_back();
}

// ---- where a piece can go -----------------------------------------------------------------

bool ReferencePosition::may_capture(const PositionState& st, PieceCode mover, Square target,
                                    Purpose purpose, bool victim_not_royal) const {
    const PieceCode victim = st.board[target];
    if (owner_of(victim) == owner_of(mover)) return false;
    if (!is_royal(victim)) return true;
    return purpose == Purpose::Attack && !victim_not_royal;
}

void ReferencePosition::reach(const PositionState& st, Square from, Purpose purpose,
                              std::vector<Square>& out) const {
    const Geometry& g = variant_->geo;
    const PieceCode pc = st.board[from];
    const CompiledMoves& cm = variant_->moves(variant_->orientation(owner_of(pc)), face_of(pc));

    for (const CompiledLeap& leap : cm.leaps) {
        const int x = g.x_of(from) + leap.v.dx;
        const int y = g.y_of(from) + leap.v.dy;
        if (!g.on_board(x, y)) continue;
        const Square to = g.square(x, y);
        if (st.board[to] == kEmpty) {
            if (can_move(leap.modality)) out.push_back(to);
        } else if (can_capture(leap.modality) &&
                   may_capture(st, pc, to, purpose, leap.victim_not_royal)) {
            out.push_back(to);
        }
    }

    for (const CompiledSlide& slide : cm.slides) {
        int x = g.x_of(from);
        int y = g.y_of(from);
        for (int step = 1; slide.max_steps == 0 || step <= slide.max_steps; ++step) {
            x += slide.v.dx;
            y += slide.v.dy;
            if (!g.on_board(x, y)) break;
            const Square to = g.square(x, y);
            if (st.board[to] == kEmpty) {
                if (can_move(slide.modality)) out.push_back(to);
                continue;
            }
            if (can_capture(slide.modality) &&
                may_capture(st, pc, to, purpose, slide.victim_not_royal))
                out.push_back(to);
            break;
        }
    }

    for (int root : cm.path_roots) walk_path(st, cm, root, from, pc, purpose, out);
}

void ReferencePosition::walk_path(const PositionState& st, const CompiledMoves& cm, int node,
                                  Square start, PieceCode mover, Purpose purpose,
                                  std::vector<Square>& out) const {
    const Geometry& g = variant_->geo;
    const PathNode& n = cm.path_nodes[node];
    const bool waypoint = n.child_count > 0;
    auto continue_from = [&](Square s) {
        for (int i = 0; i < n.child_count; ++i)
            walk_path(st, cm, n.first_child + i, s, mover, purpose, out);
    };
    int x = g.x_of(start);
    int y = g.y_of(start);
    for (int step = 1; n.max_steps == 0 || step <= n.max_steps; ++step) {
        x += n.v.dx;
        y += n.v.dy;
        if (!g.on_board(x, y)) return;
        const Square s = g.square(x, y);
        if (st.board[s] == kEmpty) {
            if (can_move(n.modality)) {
                if (waypoint)
                    continue_from(s);
                else
                    out.push_back(s);
            }
            continue;
        }
        // An occupied square ends the leg: it is hopped (the path goes on from it), or
        // captured on a final leg. Capture is by replacement only (docs/rules.md §C.0), so a path
        // never captures on the way and then continues.
        if (n.modality == Modality::Hop) {
            if (waypoint) continue_from(s);
        } else if (!waypoint && can_capture(n.modality) &&
                   may_capture(st, mover, s, purpose, n.victim_not_royal)) {
            out.push_back(s);
        }
        return;
    }
}

// ---- check --------------------------------------------------------------------------------

bool ReferencePosition::attacked(const PositionState& st, Square target, Player defender) const {
    // Every piece of every other owner, eliminated players' pieces included (docs/rules.md §D.5).
    std::vector<Square> squares;
    for (Square s = 0; s < variant_->geo.squares(); ++s) {
        const PieceCode pc = st.board[s];
        if (pc == kEmpty || owner_of(pc) == defender) continue;
        squares.clear();
        reach(st, s, Purpose::Attack, squares);
        if (contains(squares, target)) return true;
    }
    return false;
}

bool ReferencePosition::in_check(const PositionState& st, Player p) const {
    for (Square s = 0; s < variant_->geo.squares(); ++s) {
        const PieceCode pc = st.board[s];
        if (pc != kEmpty && owner_of(pc) == p && is_royal(pc) && attacked(st, s, p)) return true;
    }
    return false;  // also when p has no royal piece (analysis positions, docs/rules.md §0.4)
}

bool ReferencePosition::gives_check(Move m) const {
    const Player me = st_.to_move;
    const PositionState next = after(st_, me, m);
    for (Player y = 0; y < variant_->num_players(); ++y)
        if (y != me && is_active(y) && in_check(next, y)) return true;
    return false;
}

// ---- generation ---------------------------------------------------------------------------

void ReferencePosition::add_board_moves(const PositionState& st, Player p, Square from, Square to,
                                        MoveList& list) const {
    const PieceCode pc = st.board[from];
    const bool promotable = variant_->can_promote(pc);  // false for promoted pieces
    // Promotion is decided by the from- and to-square (docs/rules.md §0.4).
    if (promotable && (variant_->in_zone(p, from) || variant_->in_zone(p, to)))
        list.push_back(Move::board(from, to, true));
    // A piece that can promote must do so where it could never move again (docs/formats.md);
    // there, outside the zone, the move does not exist. A piece that cannot promote is never
    // held back (the position reader, too, accepts it anywhere).
    if (!promotable || variant_->may_stay_unpromoted(p, type_of(pc), to))
        list.push_back(Move::board(from, to, false));
}

void ReferencePosition::add_drops(const PositionState& st, Player p, MoveList& list) const {
    const Geometry& g = variant_->geo;
    const Orientation o = variant_->orientation(p);
    for (PieceType t : variant_->hand_types) {
        if (st.hands[p][t] == 0) continue;
        // Nifu: no drop on a line (the player's "file") that holds the player's own unpromoted
        // piece of this type.
        std::vector<bool> line_taken(std::max(g.files, g.ranks), false);
        if (variant_->types[t].one_per_file)
            for (Square s = 0; s < g.squares(); ++s)
                if (st.board[s] == make_piece(p, t, false)) line_taken[g.line_of(o, s)] = true;
        for (Square s = 0; s < g.squares(); ++s)
            if (st.board[s] == kEmpty && variant_->may_drop(p, t, s) &&
                !line_taken[g.line_of(o, s)])
                list.push_back(Move::drop(t, s));
    }
}

void ReferencePosition::generate_pseudo(const PositionState& st, Player p, MoveList& list) const {
    for (Square from = 0; from < variant_->geo.squares(); ++from) {
        const PieceCode pc = st.board[from];
        if (pc == kEmpty || owner_of(pc) != p) continue;
        std::vector<Square> squares;
        reach(st, from, Purpose::Move, squares);
        // A move is (from, to) whatever the way there: list each square once.
        std::sort(squares.begin(), squares.end());
        squares.erase(std::unique(squares.begin(), squares.end()), squares.end());
        for (Square to : squares) add_board_moves(st, p, from, to, list);
    }
    if (variant_->drops) add_drops(st, p, list);
}

bool ReferencePosition::is_illegal_drop_mate(const PositionState& next, Player p, Move m) const {
    const bool broad = variant_->drop_mate_reading == VariantSpec::DropMateReading::Broad;
    std::vector<Square> dropped_reach;
    reach(next, m.to(), Purpose::Attack, dropped_reach);
    for (Player y = 0; y < variant_->num_players(); ++y) {
        if (y == p || !((next.active >> y) & 1)) continue;
        // Narrow reading (docs/rules.md §D.3): the dropped piece itself attacks a royal of y.
        // Broad reading: y is in check by anything.
        bool checked = false;
        if (broad) {
            checked = in_check(next, y);
        } else {
            for (Square s = 0; s < variant_->geo.squares(); ++s) {
                const PieceCode pc = next.board[s];
                if (pc != kEmpty && owner_of(pc) == y && is_royal(pc) && contains(dropped_reach, s))
                    checked = true;
            }
        }
        if (checked && !has_legal_move(next, y)) return true;
    }
    return false;
}

bool ReferencePosition::is_legal_for(const PositionState& st, Player p, Move m) const {
    const PositionState next = after(st, p, m);
    if (in_check(next, p)) return false;
    if (m.is_drop() && variant_->types[m.dropped()].no_drop_mate &&
        is_illegal_drop_mate(next, p, m))
        return false;
    return true;
}

void ReferencePosition::generate_legal(const PositionState& st, Player p, MoveList& list) const {
    MoveList pseudo;
    generate_pseudo(st, p, pseudo);
    for (Move m : pseudo)
        if (is_legal_for(st, p, m)) list.push_back(m);
}

bool ReferencePosition::has_legal_move(const PositionState& st, Player p) const {
    MoveList pseudo;
    generate_pseudo(st, p, pseudo);
    return std::any_of(pseudo.begin(), pseudo.end(),
                       [&](Move m) { return is_legal_for(st, p, m); });
}

bool ReferencePosition::has_legal_move(Player p) const {
    return has_legal_move(st_, p);
}

bool ReferencePosition::is_legal(Move m) const {
    MoveList list;
    legal_moves(list);
    return std::find(list.begin(), list.end(), m) != list.end();
}

}  // namespace seireigi
