#include "position/generic_position.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <stdexcept>

#include "position/static_exchange.h"
#include "position/zobrist.h"

namespace seireigi {

namespace {
bool can_capture(Modality m) {
    return m == Modality::MoveOrCapture || m == Modality::CaptureOnly;
}
bool can_move(Modality m) {
    return m == Modality::MoveOrCapture || m == Modality::MoveOnly;
}

struct NoStepCount {
    void operator()() const {}
};
}  // namespace

GenericPosition::GenericPosition(std::shared_ptr<const Variant> variant, const PositionState& state)
    : variant_(std::move(variant)),
      tables_(mailbox_tables(variant_)),
      mb_(tables_.get()),
      num_types_(static_cast<int>(variant_->types.size())) {
    const Geometry& g = variant_->geo;
    board_.assign(mb_->cells, kOffBoard);
    for (Square s = 0; s < g.squares(); ++s) board_[mb_->cell_of[s]] = kEmpty;
    hands_.assign(static_cast<std::size_t>(variant_->num_players()) * num_types_, 0);
    for (Square s = 0; s < g.squares(); ++s)
        if (state.board[s] != kEmpty) put(mb_->cell_of[s], state.board[s]);
    for (Player p = 0; p < variant_->num_players(); ++p) {
        for (PieceType t = 0; t < num_types_; ++t) {
            const int n = state.hands[p][t];
            hands_[p * num_types_ + t] = n;
            key_ += static_cast<std::uint64_t>(n) * zobrist::hand(p, t);
        }
    }
    to_move_ = state.to_move;
    active_ = state.active;
    move_number_ = state.move_number;
    key_ += zobrist::to_move(to_move_) + zobrist::active(active_);
    stamp_.assign(mb_->cells, 0);
    path_memo_.assign(static_cast<std::size_t>(mb_->path_states) * mb_->cells, 0);
    // A position given as a state may already be finished (docs/rules.md §0.4).
    if (variant_->num_players() > 2) game_over_ = active_count() <= 1 || nobody_can_move();
    key_history_ = KeyHistory(key_);
}

void GenericPosition::set_history(KeyHistory history) {
    if (history.ply() < 0 || history.key(history.ply()) != key_)
        throw std::invalid_argument("the history does not end in this position");
    key_history_ = std::move(history);
}

bool GenericPosition::other_in_check(Player mover) const {
    if (variant_->num_players() == 2) return in_check(mover ^ 1);
    for (Player p = 0; p < variant_->num_players(); ++p)
        if (p != mover && is_active(p) && in_check(p)) return true;
    return false;
}

PositionState GenericPosition::state() const {
    PositionState st = empty_state(*variant_);
    for (Square s = 0; s < variant_->geo.squares(); ++s) st.board[s] = piece_on(s);
    for (Player p = 0; p < variant_->num_players(); ++p)
        for (PieceType t = 0; t < num_types_; ++t) st.hands[p][t] = hand_count(p, t);
    st.to_move = to_move_;
    st.active = active_;
    st.move_number = move_number_ + ply() / variant_->num_players();
    return st;
}

std::uint64_t GenericPosition::compute_key() const {
    std::uint64_t k = 0;
    for (Square s = 0; s < variant_->geo.squares(); ++s)
        if (piece_on(s) != kEmpty) k += zobrist::board(piece_on(s), s);
    for (Player p = 0; p < variant_->num_players(); ++p)
        for (PieceType t = 0; t < num_types_; ++t)
            k += static_cast<std::uint64_t>(hand_count(p, t)) * zobrist::hand(p, t);
    return k + zobrist::to_move(to_move_) + zobrist::active(active_);
}

// ---- board updates ------------------------------------------------------------------------

void GenericPosition::put(int cell, PieceCode pc) {
    board_[cell] = pc;
    key_ += zobrist::board(pc, mb_->square_of[cell]);
    if (is_royal(pc)) king_cell_[owner_of(pc)] = cell;
    if (moves_of(pc).royal_capturing_paths) path_cells_.push_back(cell);
}

PieceCode GenericPosition::take(int cell) {
    const PieceCode pc = board_[cell];
    board_[cell] = kEmpty;
    key_ -= zobrist::board(pc, mb_->square_of[cell]);
    if (is_royal(pc) && king_cell_[owner_of(pc)] == cell) king_cell_[owner_of(pc)] = -1;
    if (moves_of(pc).royal_capturing_paths) {
        auto it = std::find(path_cells_.begin(), path_cells_.end(), cell);
        if (it != path_cells_.end()) {
            *it = path_cells_.back();
            path_cells_.pop_back();
        }
    }
    return pc;
}

Player GenericPosition::next_player(Player after) const {
    const int n = variant_->num_players();
    for (int i = 1; i <= n; ++i) {
        const Player q = (after + i) % n;
        if (is_active(q)) return q;
    }
    return after;
}

void GenericPosition::do_move(Move m) {
    const Player me = to_move_;
    Undo u;
    u.move = m;
    u.mover = me;
    u.key = key_;
    u.active = active_;
    u.game_over = game_over_;
    const int to = mb_->cell_of[m.to()];
    if (m.is_drop()) {
        --hands_[me * num_types_ + m.dropped()];
        key_ -= zobrist::hand(me, m.dropped());
        put(to, make_piece(me, m.dropped(), false));
    } else {
        const int from = mb_->cell_of[m.from()];
        const PieceCode pc = take(from);
        u.moved = pc;
        if (board_[to] != kEmpty) {
            u.captured = take(to);
            const PieceType t = type_of(u.captured);
            ++hands_[me * num_types_ + t];
            key_ += zobrist::hand(me, t);
        }
        put(to, m.promotes() ? static_cast<PieceCode>(pc | 0x80) : pc);
    }
    if (variant_->num_players() > 2)
        turn_procedure(me, me, events_.emplace_back());
    else
        set_to_move(next_player(me));
    history_.push_back(u);
    key_history_.push(key_, me, other_in_check(me));
}

void GenericPosition::do_null_move() {
    Undo u;  // a null Move: undo_move restores the mover and the key only
    u.mover = to_move_;
    u.key = key_;
    u.active = active_;
    u.game_over = game_over_;
    set_to_move(next_player(to_move_));
    history_.push_back(u);
    key_history_.push(key_, -1, false);
}

void GenericPosition::set_to_move(Player p) {
    key_ += zobrist::to_move(p) - zobrist::to_move(to_move_);
    to_move_ = p;
}

void GenericPosition::set_active(std::uint8_t mask) {
    key_ += zobrist::active(mask) - zobrist::active(active_);
    active_ = mask;
}

int GenericPosition::active_count() const {
    int n = 0;
    for (Player p = 0; p < variant_->num_players(); ++p) n += is_active(p);
    return n;
}

bool GenericPosition::nobody_can_move() const {
    for (Player p = 0; p < variant_->num_players(); ++p)
        if (is_active(p) && has_legal_move(p)) return false;
    return true;
}

void GenericPosition::forfeit(Player loser, Player beneficiary) {
    Undo u;
    u.mover = to_move_;
    u.beneficiary = beneficiary;
    u.key = key_;
    u.active = active_;
    u.game_over = game_over_;
    TurnEvents& events = events_.emplace_back();
    eliminate(loser, beneficiary);
    events.eliminated.push(loser);
    // Searching "after" the player before the one to move puts the player to move first.
    const int n = variant_->num_players();
    turn_procedure(beneficiary, (to_move_ + n - 1) % n, events);
    history_.push_back(u);
    key_history_.push(key_, -1, false);
}

// docs/rules.md §D.4 steps 1-7, after a move (mating = after = the mover) or a forfeit.
void GenericPosition::turn_procedure(Player mating, Player after, TurnEvents& events) {
    const Player x = after;
    const int n = variant_->num_players();
    // Steps 1-4: every checked player without a legal move (drops included) is mated by x. The
    // mated players of one round leave together; removing their Kings can open lines from
    // neutral pieces onto other Kings, so test again until nothing changes.
    for (;;) {
        std::uint8_t mated = 0;
        for (Player y = 0; y < n; ++y)
            if (y != mating && is_active(y) && in_check(y) && !has_legal_move(y)) mated |= 1u << y;
        if (mated == 0) break;
        for (Player y = 0; y < n; ++y) {
            if (!((mated >> y) & 1)) continue;
            eliminate(y, mating);
            events.eliminated.push(y);
        }
    }
    // Step 5: one player left wins. After a move that is the mover (never mated by its own
    // move); it stays "to move", with no move to make.
    if (active_count() <= 1) {
        set_to_move(is_active(x) ? x : next_player(x));
        game_over_ = events.game_over = true;
        return;
    }
    // Step 6: the first checked player clockwise after x (x itself last: a cascade can open a
    // line onto the mover's King), else the next active player.
    Player next = next_player(x);
    if (variant_->check_order == VariantSpec::CheckOrder::CheckedFirst) {
        for (int i = 1; i <= n; ++i) {
            const Player q = (x + i) % n;
            if (is_active(q) && in_check(q)) {
                next = q;
                break;
            }
        }
    }
    // Step 7: a player without a legal move loses the turn; the turn passes on clockwise. If
    // every active player is skipped in a row, the game is drawn. (Only a player not in check
    // can be without a move here, or the mover whose own King a cascade exposed: skipped too.)
    const int active = active_count();
    Player p = next;
    for (int tried = 0; tried < active; ++tried) {
        if (has_legal_move(p)) {
            set_to_move(p);
            return;
        }
        events.skipped.push(p);
        p = next_player(p);
    }
    set_to_move(next);
    game_over_ = events.game_over = true;
}

// The after-loss procedure (docs/rules.md §D.4 step 3): the King leaves the board, the whole hand
// goes to the beneficiary, and the loser's pieces stay where they are as neutral pieces (they
// keep their owner, who is no longer active, so they attack everyone and anyone may take them).
void GenericPosition::eliminate(Player loser, Player beneficiary) {
    const int k = king_cell_[loser];
    lost_kings_.emplace_back(k, k >= 0 ? take(k) : kEmpty);
    for (PieceType t = 0; t < num_types_; ++t) {
        const int count = hands_[loser * num_types_ + t];
        lost_hands_.push_back(count);
        hands_[loser * num_types_ + t] = 0;
        key_ -= static_cast<std::uint64_t>(count) * zobrist::hand(loser, t);
        if (beneficiary < 0) continue;  // the hand leaves play
        hands_[beneficiary * num_types_ + t] += count;
        key_ += static_cast<std::uint64_t>(count) * zobrist::hand(beneficiary, t);
    }
    set_active(static_cast<std::uint8_t>(active_ & ~(1u << loser)));
}

// Undoes eliminate(); the key is restored by the caller.
void GenericPosition::restore_eliminated(Player loser, Player beneficiary) {
    for (PieceType t = num_types_ - 1; t >= 0; --t) {
        const int count = lost_hands_.back();
        lost_hands_.pop_back();
        hands_[loser * num_types_ + t] = count;
        if (beneficiary >= 0) hands_[beneficiary * num_types_ + t] -= count;
    }
    const auto [k, king] = lost_kings_.back();
    lost_kings_.pop_back();
    if (k >= 0) put(k, king);
}

void GenericPosition::undo_move() {
    assert(!history_.empty() && "undo_move without a move to undo");
    const Undo u = history_.back();
    history_.pop_back();
    key_history_.pop();
    const Player me = u.mover;
    // First the turn procedure, which ran after the board move: eliminations in reverse order.
    if (variant_->num_players() > 2) {
        const TurnEvents& ev = events_.back();
        const Player beneficiary = u.move.is_null() ? u.beneficiary : me;
        for (int i = ev.eliminated.count - 1; i >= 0; --i)
            restore_eliminated(ev.eliminated.players[static_cast<std::size_t>(i)], beneficiary);
        events_.pop_back();
    }
    active_ = u.active;
    game_over_ = u.game_over;
    if (u.move.is_null()) {  // a forfeit: nothing moved on the board
        to_move_ = me;
        key_ = u.key;
        return;
    }
    const int to = mb_->cell_of[u.move.to()];
    take(to);
    if (u.move.is_drop()) {
        ++hands_[me * num_types_ + u.move.dropped()];
    } else {
        put(mb_->cell_of[u.move.from()], u.moved);
        if (u.captured != kEmpty) {
            put(to, u.captured);
            --hands_[me * num_types_ + type_of(u.captured)];
        }
    }
    to_move_ = me;
    key_ = u.key;
}

// ---- destinations -------------------------------------------------------------------------

std::uint32_t GenericPosition::next_path_walk() const {
    if (++path_walk_ == 0) {  // wrapped round: a mark left from long ago must not match
        std::fill(path_memo_.begin(), path_memo_.end(), 0);
        path_walk_ = 1;
    }
    return path_walk_;
}

bool GenericPosition::entered_before(int state, int cell, std::uint32_t walk) const {
    if (state < 0) return false;
    std::uint32_t& mark = path_memo_[static_cast<std::size_t>(state) * mb_->cells + cell];
    if (mark == walk) return true;
    mark = walk;
    return false;
}

template <class Emit, class StepCount>
void GenericPosition::walk_paths(int cell, PieceCode pc, Emit& emit, StepCount& count) const {
    const CompiledMoves& cm = variant_->moves(variant_->orientation(owner_of(pc)), face_of(pc));
    const std::uint32_t walk = cm.path_states > 0 ? next_path_walk() : 0;
    for (int root : cm.path_roots) walk_path(cm, root, cell, owner_of(pc), walk, emit, count);
}

template <class Emit, class StepCount>
void GenericPosition::walk_path(const CompiledMoves& cm, int node, int start, Player owner,
                                std::uint32_t walk, Emit& emit, StepCount& count) const {
    const PathNode& n = cm.path_nodes[node];
    const int d = mb_->delta(n.v);
    const bool waypoint = n.child_count > 0;
    auto continue_from = [&](int c) {
        for (int i = n.first_child; i < n.first_child + n.child_count; ++i)
            if (!entered_before(cm.path_nodes[i].state, c, walk))
                walk_path(cm, i, c, owner, walk, emit, count);
    };
    int c = start;
    for (int step = 1; n.max_steps == 0 || step <= n.max_steps; ++step) {
        c += d;
        count();
        const PieceCode pc = board_[c];
        if (pc == kOffBoard) return;
        if (pc == kEmpty) {
            if (can_move(n.modality)) {
                if (waypoint)
                    continue_from(c);
                else
                    emit(c);
            }
            continue;
        }
        if (n.modality == Modality::Hop) {
            if (waypoint) continue_from(c);
        } else if (!waypoint && can_capture(n.modality) && owner_of(pc) != owner && !is_royal(pc)) {
            emit(c);
        }
        return;
    }
}

template <class Emit>
void GenericPosition::for_each_destination(int cell, PieceCode pc, Emit&& emit) const {
    const DeltaMoves& dm = moves_of(pc);
    const Player owner = owner_of(pc);
    auto deliver = [&](int to) {
        if (dm.may_repeat_destination) {
            if (stamp_[to] == stamp_counter_) return;
            stamp_[to] = stamp_counter_;
        }
        emit(to);
    };
    if (dm.may_repeat_destination) ++stamp_counter_;
    // No move captures a royal piece (docs/rules.md §D.3; in two-player games it never arises).
    for (const LeapDelta& l : dm.leaps) {
        const int to = cell + l.delta;
        const PieceCode t = board_[to];
        if (t == kEmpty) {
            if (can_move(l.modality)) deliver(to);
        } else if (t != kOffBoard && owner_of(t) != owner && can_capture(l.modality) &&
                   !is_royal(t)) {
            deliver(to);
        }
    }
    for (const SlideDelta& s : dm.slides) {
        int to = cell;
        for (int step = 1; s.max_steps == 0 || step <= s.max_steps; ++step) {
            to += s.delta;
            const PieceCode t = board_[to];
            if (t == kEmpty) {
                if (can_move(s.modality)) deliver(to);
                continue;
            }
            if (t != kOffBoard && owner_of(t) != owner && can_capture(s.modality) && !is_royal(t))
                deliver(to);
            break;
        }
    }
    if (dm.has_paths) {
        NoStepCount none;
        walk_paths(cell, pc, deliver, none);
    }
}

// ---- attacks ------------------------------------------------------------------------------

template <class Enemy, class Visit>
bool GenericPosition::visit_leap_and_slide_attacks(int cell, Enemy&& enemy, Visit&& visit) const {
    const std::size_t stride = static_cast<std::size_t>(4) * num_types_;
    auto index = [&](PieceCode pc) { return mb_->mover_index[pc]; };
    for (std::size_t i = 0; i < mb_->leap_deltas.size(); ++i) {
        const int c = cell - mb_->leap_deltas[i];
        const PieceCode pc = board_[c];
        if (is_piece(pc) && enemy(pc) && mb_->leap_attacks[i * stride + index(pc)] &&
            visit(c, 0, 1))
            return true;
    }
    for (std::size_t i = 0; i < mb_->slide_deltas.size(); ++i) {
        const int d = mb_->slide_deltas[i];
        int c = cell - d;
        int steps = 1;
        while (board_[c] == kEmpty) {
            c -= d;
            ++steps;
        }
        const PieceCode pc = board_[c];
        if (pc != kOffBoard && enemy(pc)) {
            const int r = mb_->slide_range[i * stride + index(pc)];
            if (r != 0 && (r == 255 || steps <= r) && visit(c, d, steps)) return true;
        }
    }
    return false;
}

bool GenericPosition::royal_attacked(int cell, Player defender) const {
    return visit_leap_and_slide_attacks(
               cell, [&](PieceCode pc) { return owner_of(pc) != defender; },
               [](int, int, int) { return true; }) ||
           path_attacked(cell, defender);
}

bool GenericPosition::path_attacked(int cell, Player defender) const {
    for (int c : path_cells_) {
        const PieceCode pc = board_[c];
        // royal_attacked's leap and slide tables cover these pieces' leaps and slides.
        if (is_piece(pc) && owner_of(pc) != defender && path_attacks(c, cell)) return true;
    }
    return false;
}

int GenericPosition::attackers(Player by, Square s) const {
    // Each attacking piece counted once (a piece can reach s by a leap and by a slide along the
    // same line, or by a path too).
    const int cell = mb_->cell_of[s];
    std::array<int, 64> counted;
    int n = 0;
    auto count = [&](int c) {
        if (n < static_cast<int>(counted.size()) &&
            std::find(counted.begin(), counted.begin() + n, c) == counted.begin() + n)
            counted[static_cast<std::size_t>(n++)] = c;
        return false;
    };
    visit_leap_and_slide_attacks(
        cell, [&](PieceCode pc) { return owner_of(pc) == by; },
        [&](int c, int, int) { return count(c); });
    for (int c : path_cells_) {
        const PieceCode pc = board_[c];
        if (is_piece(pc) && owner_of(pc) == by && moves_of(pc).royal_capturing_paths &&
            piece_attacks(c, cell))
            count(c);
    }
    return n;
}

int GenericPosition::drop_attacks(Player by, PieceType t, Square s, Square* out) const {
    // attackers() read backwards: the leap and slide tables of the type as `by` would hold it.
    const int cell = mb_->cell_of[s];
    const int nt = num_types_;
    const std::size_t stride = static_cast<std::size_t>(4) * nt;
    const std::size_t index =
        static_cast<std::size_t>(static_cast<int>(variant_->orientation(by)) * nt +
                                 variant_->mover_type(make_face(t, false)));
    int n = 0;
    auto add = [&](int c) {
        const Square x = mb_->square_of[c];
        if (std::find(out, out + n, x) == out + n) out[n++] = x;
    };
    for (std::size_t i = 0; i < mb_->leap_deltas.size(); ++i) {
        const int c = cell - mb_->leap_deltas[i];
        if (board_[c] == kEmpty && mb_->leap_attacks[i * stride + index]) add(c);
    }
    for (std::size_t i = 0; i < mb_->slide_deltas.size(); ++i) {
        const int r = mb_->slide_range[i * stride + index];
        if (r == 0) continue;
        const int d = mb_->slide_deltas[i];
        for (int c = cell - d, steps = 1; board_[c] == kEmpty && (r == 255 || steps <= r);
             c -= d, ++steps)
            add(c);
    }
    return n;
}

int GenericPosition::mobility(Player p) const {
    int n = 0;
    for (Square s = 0; s < variant_->geo.squares(); ++s) {
        const int cell = mb_->cell_of[s];
        const PieceCode pc = board_[cell];
        if (pc == kEmpty || owner_of(pc) != p || is_royal(pc)) continue;
        for_each_destination(cell, pc, [&](int) { ++n; });
    }
    return n;
}

bool GenericPosition::piece_attacks(int from, int target) const {
    // The target holds a royal of another player (or is tested as if it did): a capture.
    const DeltaMoves& dm = moves_of(board_[from]);
    for (const LeapDelta& l : dm.leaps)
        if (from + l.delta == target && can_capture(l.modality) && !l.victim_not_royal) return true;
    const int diff = target - from;
    for (const SlideDelta& s : dm.slides) {
        if (!can_capture(s.modality) || s.victim_not_royal) continue;
        if (diff % s.delta != 0 || diff / s.delta <= 0) continue;  // not on this line
        int c = from;
        for (int step = 1; s.max_steps == 0 || step <= s.max_steps; ++step) {
            c += s.delta;
            if (c == target) return true;
            if (board_[c] != kEmpty) break;
        }
    }
    return path_attacks(from, target);
}

namespace {

int floor_div(int a, int b) {
    const int q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

// The k >= 1 with k * v == offset, or 0 when the offset is not on v's line.
int steps_along(Vec v, Vec offset) {
    int k = 0;
    if (v.dx != 0) {
        if (offset.dx % v.dx != 0) return 0;
        k = offset.dx / v.dx;
    } else if (offset.dx != 0) {
        return 0;
    }
    if (v.dy != 0) {
        if (offset.dy % v.dy != 0 || (v.dx != 0 && offset.dy / v.dy != k)) return 0;
        k = offset.dy / v.dy;
    } else if (offset.dy != 0) {
        return 0;
    }
    return k > 0 ? k : 0;
}

// The largest k for which offset - k * v may lie in the (non-empty) box: a leg stepping along v
// is of no use for the box beyond that step. Below 1 when no step is.
int last_step_into(Vec v, Vec offset, const OffsetBox& box) {
    auto axis = [](int a, int d, int lo, int hi) {
        if (a > 0) return floor_div(d - lo, a);
        if (a < 0) return floor_div(d - hi, a);
        return lo <= d && d <= hi ? std::numeric_limits<int>::max() : 0;
    };
    return std::min(axis(v.dx, offset.dx, box.min_dx, box.max_dx),
                    axis(v.dy, offset.dy, box.min_dy, box.max_dy));
}

}  // namespace

bool GenericPosition::path_attacks(int from, int target) const {
    NoStepCount none;
    return path_attacks(from, target, none);
}

template <class StepCount>
bool GenericPosition::path_attacks(int from, int target, StepCount& count) const {
    const PieceCode pc = board_[from];
    const DeltaMoves& dm = moves_of(pc);
    if (!dm.royal_capturing_paths) return false;
    const CompiledMoves& cm = variant_->moves(variant_->orientation(owner_of(pc)), face_of(pc));
    const Vec to_target{mb_->x_of_cell[target] - mb_->x_of_cell[from],
                        mb_->y_of_cell[target] - mb_->y_of_cell[from]};
    for (int root : cm.path_roots)
        if (dm.royal_reach[root].contains(to_target.dx, to_target.dy) &&
            path_captures_royal_at(cm, dm.royal_reach, root, from, target, to_target, count))
            return true;
    return false;
}

long GenericPosition::path_attack_steps(Square from, Square target) const {
    long steps = 0;
    auto count = [&steps] { ++steps; };
    if (is_piece(board_[mb_->cell_of[from]]))
        path_attacks(mb_->cell_of[from], mb_->cell_of[target], count);
    return steps;
}

long GenericPosition::path_destination_steps(Square from) const {
    long steps = 0;
    auto count = [&steps] { ++steps; };
    auto ignore = [](int) {};
    const int cell = mb_->cell_of[from];
    if (is_piece(board_[cell]) && moves_of(board_[cell]).has_paths)
        walk_paths(cell, board_[cell], ignore, count);
    return steps;
}

// The caller has found `to_target` (target - start, in board coordinates) inside reach[node].
template <class StepCount>
bool GenericPosition::path_captures_royal_at(const CompiledMoves& cm,
                                             const std::vector<OffsetBox>& reach, int node,
                                             int start, int target, Vec to_target,
                                             StepCount& count) const {
    const PathNode& n = cm.path_nodes[node];
    const int d = mb_->delta(n.v);
    if (n.child_count == 0) {
        // A last leg captures only on its own line, over empty squares.
        const int k = steps_along(n.v, to_target);
        if (k == 0 || (n.max_steps != 0 && k > n.max_steps)) return false;
        int c = start;
        for (int step = 1; step < k; ++step) {
            c += d;
            count();
            if (board_[c] != kEmpty) return false;
        }
        count();
        return can_capture(n.modality) && !n.victim_not_royal;
    }
    int last = 0;
    for (int i = 0; i < n.child_count; ++i) {
        const OffsetBox& box = reach[n.first_child + i];
        if (!box.empty()) last = std::max(last, last_step_into(n.v, to_target, box));
    }
    if (n.max_steps != 0) last = std::min(last, n.max_steps);
    Vec rest = to_target;  // from the square reached
    auto continue_from = [&](int c) {
        for (int i = 0; i < n.child_count; ++i) {
            const int child = n.first_child + i;
            if (reach[child].contains(rest.dx, rest.dy) &&
                path_captures_royal_at(cm, reach, child, c, target, rest, count))
                return true;
        }
        return false;
    };
    int c = start;
    for (int step = 1; step <= last; ++step) {
        c += d;
        rest = {rest.dx - n.v.dx, rest.dy - n.v.dy};
        count();
        if (c == target) return n.modality == Modality::Hop && continue_from(c);  // hops the royal
        const PieceCode pc = board_[c];
        if (pc == kOffBoard) return false;
        if (pc == kEmpty) {
            if (can_move(n.modality) && continue_from(c)) return true;
            continue;
        }
        return n.modality == Modality::Hop && continue_from(c);
    }
    return false;
}

// ---- generation and legality --------------------------------------------------------------

template <class List>
void GenericPosition::push_board_move(Player p, int from, int to, PieceCode pc, List& list) const {
    const Square fs = mb_->square_of[from];
    const Square ts = mb_->square_of[to];
    if (is_promoted(pc)) {
        list.push_back(Move::board(fs, ts, false));
        return;
    }
    const bool promotable = variant_->can_promote(pc);
    const bool may_stay = !promotable || variant_->may_stay_unpromoted(p, type_of(pc), ts);
    if (promotable && (variant_->in_zone(p, fs) || variant_->in_zone(p, ts)))
        list.push_back(Move::board(fs, ts, true));
    if (may_stay) list.push_back(Move::board(fs, ts, false));
}

template <class List>
void GenericPosition::generate_board_pseudo(Player p, List& list) const {
    const Geometry& g = variant_->geo;
    for (Square s = 0; s < g.squares(); ++s) {
        const int cell = mb_->cell_of[s];
        const PieceCode pc = board_[cell];
        if (pc == kEmpty || owner_of(pc) != p) continue;
        for_each_destination(cell, pc, [&](int to) { push_board_move(p, cell, to, pc, list); });
    }
}

template <class List>
void GenericPosition::generate_pseudo(Player p, List& list) const {
    generate_board_pseudo(p, list);
    generate_drops(p, list);
}

template <class List, class Keep>
void GenericPosition::generate_drops(Player p, List& list, const std::uint8_t* only_on,
                                     Keep keep) const {
    const Geometry& g = variant_->geo;
    if (!variant_->drops) return;
    const Orientation o = variant_->orientation(p);
    for (PieceType t : variant_->hand_types) {
        if (hands_[p * num_types_ + t] == 0) continue;
        const bool nifu = variant_->types[t].one_per_file;
        std::uint64_t blocked_lines = 0;  // a bit per line: boards have at most 26
        if (nifu) {
            const PieceCode own = make_piece(p, t, false);
            for (Square s = 0; s < g.squares(); ++s)
                if (piece_on(s) == own) blocked_lines |= std::uint64_t{1} << g.line_of(o, s);
        }
        for (Square s = 0; s < g.squares(); ++s) {
            if ((only_on && !only_on[s]) || !keep(t, s)) continue;
            if (piece_on(s) != kEmpty || !variant_->may_drop(p, t, s)) continue;
            if (nifu && (blocked_lines >> g.line_of(o, s)) & 1) continue;
            list.push_back(Move::drop(t, s));
        }
    }
}

GenericPosition::KingExposure GenericPosition::king_exposure(Player p) const {
    KingExposure e;
    const int k = king_cell_[p];
    if (k < 0) return e;
    for (int c : path_cells_) {
        const PieceCode pc = board_[c];
        if (!is_piece(pc) || owner_of(pc) == p) continue;
        e.paths = e.paths || moves_of(pc).royal_capturing_paths;
        e.hops = e.hops || moves_of(pc).royal_capturing_hops;
    }
    if (e.paths || e.hops) {
        e.check = royal_attacked(k, p);
        return e;
    }
    // Leaps and slides only: the checkers, which say what a move other than the King's can do.
    visit_leap_and_slide_attacks(
        k, [&](PieceCode pc) { return owner_of(pc) != p; },
        [&](int c, int delta, int steps) {
            if (c == e.checker) return false;  // the same piece by a leap and by a slide
            if (++e.checkers == 1) {
                e.checker = c;
                e.check_delta = delta;
                e.check_steps = steps;
            }
            return e.checkers >= 2;
        });
    e.check = e.checkers > 0;
    return e;
}

GenericPosition::Trial GenericPosition::trial_move(Player p, Move m) const {
    Trial t;
    t.to = mb_->cell_of[m.to()];
    t.captured = board_[t.to];
    if (m.is_drop()) {
        t.moved = make_piece(p, m.dropped(), false);
        board_[t.to] = t.moved;
    } else {
        t.from = mb_->cell_of[m.from()];
        t.moved = board_[t.from];
        board_[t.from] = kEmpty;
        board_[t.to] = m.promotes() ? static_cast<PieceCode>(t.moved | 0x80) : t.moved;
        if (is_royal(t.moved)) {
            t.king_from = t.from;
            king_cell_[p] = t.to;
        }
    }
    if (moves_of(board_[t.to]).royal_capturing_paths) {
        path_cells_.push_back(t.to);
        t.pushed_path = true;
    }
    return t;
}

void GenericPosition::undo_trial(Player p, const Trial& t) const {
    if (t.pushed_path) path_cells_.pop_back();
    board_[t.to] = t.captured;
    if (t.from >= 0) board_[t.from] = t.moved;
    if (t.king_from >= 0) king_cell_[p] = t.king_from;
}

bool GenericPosition::leaves_king_safe(Player p, Move m, bool paths_only) const {
    const Trial t = trial_move(p, m);
    const int k = king_cell_[p];
    const bool safe = k < 0 || !(paths_only ? path_attacked(k, p) : royal_attacked(k, p));
    undo_trial(p, t);
    return safe;
}

bool GenericPosition::drop_mates_illegally(Player p, Move m) const {
    const Trial t = trial_move(p, m);
    // The replies are tested with the dropped piece out of the hand, as after the real drop.
    int& in_hand = hands_[p * num_types_ + m.dropped()];
    --in_hand;
    bool illegal = false;
    const bool broad = variant_->drop_mate_reading == VariantSpec::DropMateReading::Broad;
    for (Player y = 0; y < variant_->num_players() && !illegal; ++y) {
        if (y == p || !is_active(y) || king_cell_[y] < 0) continue;
        // Narrow reading: the dropped piece itself gives the check. Broad: any check.
        const bool checked =
            broad ? royal_attacked(king_cell_[y], y) : piece_attacks(t.to, king_cell_[y]);
        if (checked && !has_legal_move(y)) illegal = true;
    }
    ++in_hand;
    undo_trial(p, t);
    return illegal;
}

// Out of check, a drop only adds a blocker, so it exposes the King only to a path over a
// screen; a board move exposes it only if it is the King's, lies on a line through the King, or
// some enemy path turns corners. Leaps and slides can attack only in the first and last two
// cases, so otherwise only the paths are tested.
bool GenericPosition::legal_pseudo(Player p, Move m, const KingExposure& exposure) const {
    const int k = king_cell_[p];
    if (k >= 0) {
        const std::size_t on_king_lines =
            static_cast<std::size_t>(mb_->square_of[k]) * variant_->geo.squares();
        // In check from leaps and slides only, a move that is not the King's helps only by
        // capturing or by standing between a slider and the King.
        bool every_attack = exposure.check;
        bool paths = false;
        const int to = mb_->cell_of[m.to()];
        if (m.is_drop()) {
            paths = exposure.hops;
            // A drop between the one checking slider and the King exposes nothing.
            if (exposure.blockable()) {
                if (exposure.checkers > 1 || !exposure.between(k, to)) return false;
                every_attack = false;
            }
        } else {
            const int from = mb_->cell_of[m.from()];
            const bool on_king_line = mb_->aligned[on_king_lines + m.from()];
            // Out of a check by one piece, a piece other than the King must capture the checker
            // or block its slide (a piece whose paths may capture on the way is tested), and
            // then exposes the King only by leaving a line through it.
            if (exposure.blockable() && from != k && !moves_of(board_[from]).has_paths) {
                if (exposure.checkers > 1 || (to != exposure.checker && !exposure.between(k, to)))
                    return false;
                every_attack = on_king_line;
            } else {
                every_attack = every_attack || from == k || on_king_line;
            }
            paths = exposure.paths;
        }
        if ((every_attack || paths) && !leaves_king_safe(p, m, !every_attack)) return false;
    }
    if (m.is_drop() && variant_->types[m.dropped()].no_drop_mate)
        return !drop_mates_illegally(p, m);
    return true;
}

void GenericPosition::generate_legal(Player p, MoveList& list) const {
    generate_legal_into(p, list);
}

template <class List>
void GenericPosition::generate_legal_into(Player p, List& list) const {
    const std::size_t start = list.size();
    const KingExposure exposure = king_exposure(p);
    generate_board_pseudo(p, list);
    generate_drops(p, list, drop_squares_in_check(p, exposure));
    std::size_t kept = start;
    for (std::size_t i = start; i < list.size(); ++i)
        if (legal_pseudo(p, list[i], exposure)) list[kept++] = list[i];
    list.resize(kept);
}

const std::uint8_t* GenericPosition::drop_squares_in_check(Player p,
                                                           const KingExposure& exposure) const {
    const int k = king_cell_[p];
    if (k < 0 || !exposure.check || exposure.paths || exposure.hops) return nullptr;
    return &mb_->aligned[static_cast<std::size_t>(mb_->square_of[k]) * variant_->geo.squares()];
}

// Stops at the first legal move: the four-player turn procedure asks this after every move.
// The board moves first: a King's step usually answers, and a large hand makes hundreds of
// drops (the mate solver asks after every check).
bool GenericPosition::has_legal_move(Player p) const {
    ScoredMoveList list;  // on the stack: the turn procedure asks after every move
    generate_board_pseudo(p, list);
    const KingExposure exposure = king_exposure(p);
    if (std::any_of(list.begin(), list.end(), [&](Move m) { return legal_pseudo(p, m, exposure); }))
        return true;
    list.clear();
    generate_drops(p, list, drop_squares_in_check(p, exposure));
    return std::any_of(list.begin(), list.end(),
                       [&](Move m) { return legal_pseudo(p, m, exposure); });
}

bool GenericPosition::in_check(Player p) const {
    const int k = king_cell_[p];
    return k >= 0 && royal_attacked(k, p);
}

bool GenericPosition::gives_check(Move m) const {
    const Player me = to_move_;
    const Trial t = trial_move(me, m);
    bool check = false;
    for (Player y = 0; y < variant_->num_players() && !check; ++y)
        if (y != me && is_active(y) && king_cell_[y] >= 0) check = royal_attacked(king_cell_[y], y);
    undo_trial(me, t);
    return check;
}

bool GenericPosition::pseudo_legal(Move m) const {
    if (game_over_ || !m.well_formed()) return false;
    const Geometry& g = variant_->geo;
    const Player p = to_move_;
    if (m.to() >= g.squares()) return false;
    if (m.is_drop()) {
        const PieceType t = m.dropped();
        if (!variant_->drops || t >= num_types_ || hands_[p * num_types_ + t] == 0) return false;
        if (piece_on(m.to()) != kEmpty || !variant_->may_drop(p, t, m.to())) return false;
        if (variant_->types[t].one_per_file) {
            const Orientation o = variant_->orientation(p);
            const PieceCode own = make_piece(p, t, false);
            for (Square s = 0; s < g.squares(); ++s)
                if (piece_on(s) == own && g.line_of(o, s) == g.line_of(o, m.to())) return false;
        }
        return true;
    }
    if (m.from() >= g.squares()) return false;
    const int cell = mb_->cell_of[m.from()];
    const PieceCode pc = board_[cell];
    if (pc == kEmpty || owner_of(pc) != p) return false;
    // The same destinations and promotion choices as generation, for this one piece.
    const int target = mb_->cell_of[m.to()];
    bool reached = false;
    for_each_destination(cell, pc, [&](int to) { reached = reached || to == target; });
    if (!reached) return false;
    MoveList choices;
    push_board_move(p, cell, target, pc, choices);
    return std::find(choices.begin(), choices.end(), m) != choices.end();
}

bool GenericPosition::legal(Move m) const {
    if (!pseudo_legal(m)) return false;
    return legal_pseudo(to_move_, m, king_exposure(to_move_));
}

template <class List>
void GenericPosition::generate_kind(MoveKind kind, List& list) const {
    if (kind == MoveKind::Evasions && !in_check(to_move_)) return;
    const std::size_t start = list.size();
    if (kind == MoveKind::Captures) {
        // No drop captures or promotes: the board moves alone, tested for their kind before
        // the dearer legality (quiescence asks this at every node; a large hand makes
        // thousands of drops).
        if (game_over_) return;
        generate_board_pseudo(to_move_, list);
        const KingExposure exposure = king_exposure(to_move_);
        std::size_t kept = start;
        for (std::size_t i = start; i < list.size(); ++i)
            if (is_of_kind(*this, list[i], kind) && legal_pseudo(to_move_, list[i], exposure))
                list[kept++] = list[i];
        list.resize(kept);
        return;
    }
    if (kind == MoveKind::Checks && variant_->num_players() == 2) {
        if (!game_over_) generate_checks(list);
        return;
    }
    if (!game_over_) generate_legal_into(to_move_, list);
    if (kind == MoveKind::Legal || kind == MoveKind::Evasions) return;
    std::size_t kept = start;
    for (std::size_t i = start; i < list.size(); ++i)
        if (is_of_kind(*this, list[i], kind)) list[kept++] = list[i];
    list.resize(kept);
}
template void GenericPosition::generate_kind(MoveKind, MoveList&) const;

bool GenericPosition::may_attack_from(PieceCode pc, int cell, int king_cell) const {
    return mb_->may_attack_at(variant_->orientation(owner_of(pc)),
                              variant_->mover_type(face_of(pc)),
                              mb_->x_of_cell[king_cell] - mb_->x_of_cell[cell],
                              mb_->y_of_cell[king_cell] - mb_->y_of_cell[cell]);
}

bool GenericPosition::may_check(Move m, int king_cell, Square king_square) const {
    const int to = mb_->cell_of[m.to()];
    if (m.is_drop())
        return may_attack_from(make_piece(to_move_, m.dropped(), false), to, king_cell);
    // Leaving a line through the King may open a slide onto it.
    if (mb_->aligned[static_cast<std::size_t>(king_square) * variant_->geo.squares() + m.from()])
        return true;
    const PieceCode pc = board_[mb_->cell_of[m.from()]];
    return may_attack_from(m.promotes() ? static_cast<PieceCode>(pc | 0x80) : pc, to, king_cell);
}

// Two players: a move checks only if the piece it leaves on its square could attack the King
// from there, or it leaves a line through the King (a slide behind it), unless the mover has a
// piece whose paths capture a royal (a hook or a hopper over a screen can be opened or closed by
// any move); only those candidates take the exact legality and check tests.
template <class List>
void GenericPosition::generate_checks(List& list) const {
    const Player me = to_move_, them = me ^ 1;
    const int k = king_cell_[them];
    if (k < 0 || !is_active(them)) return;
    bool exact_only = false;
    for (int c : path_cells_)
        if (is_piece(board_[c]) && owner_of(board_[c]) == me) exact_only = true;
    const Square ks = mb_->square_of[k];
    const std::size_t start = list.size();
    generate_board_pseudo(me, list);
    const std::size_t drops = list.size();
    generate_drops(me, list, nullptr, [&](PieceType t, Square s) {
        return exact_only || may_attack_from(make_piece(me, t, false), mb_->cell_of[s], k);
    });
    const KingExposure exposure = king_exposure(me);
    // Without the mover's path pieces, a move checks by the piece it leaves on its square or,
    // leaving a line through the King, by a slide behind it.
    auto checks = [&](Move m) {
        if (exact_only) return gives_check(m);
        const Trial t = trial_move(me, m);
        const bool check =
            piece_attacks(t.to, k) ||
            (t.from >= 0 &&
             mb_->aligned[static_cast<std::size_t>(ks) * variant_->geo.squares() + m.from()] &&
             royal_attacked(k, them));
        undo_trial(me, t);
        return check;
    };
    std::size_t kept = start;
    for (std::size_t i = start; i < list.size(); ++i) {
        const Move m = list[i];
        // The drops were filtered as they were made.
        if ((exact_only || i >= drops || may_check(m, k, ks)) && legal_pseudo(me, m, exposure) &&
            checks(m))
            list[kept++] = list[i];
    }
    list.resize(kept);
}
template void GenericPosition::generate_kind(MoveKind, ScoredMoveList&) const;

// ---- static exchange (position/static_exchange.h) ------------------------------------------

bool GenericPosition::captures_on(int from, PieceCode pc, int target) const {
    const DeltaMoves& dm = moves_of(pc);
    if (dm.has_paths) {
        bool reached = false;
        for_each_destination(from, pc, [&](int to) { reached = reached || to == target; });
        return reached;
    }
    const int diff = target - from;
    for (const LeapDelta& l : dm.leaps)
        if (l.delta == diff && can_capture(l.modality)) return true;
    for (const SlideDelta& s : dm.slides) {
        if (!can_capture(s.modality) || diff % s.delta != 0 || diff / s.delta <= 0) continue;
        int c = from;
        for (int step = 1; s.max_steps == 0 || step <= s.max_steps; ++step) {
            c += s.delta;
            if (c == target) return true;
            if (board_[c] != kEmpty) break;  // a blocker, or the border
        }
    }
    return false;
}

bool GenericPosition::royal_capture_legal(int from, int target) const {
    const PieceCode royal = board_[from], victim = board_[target];
    board_[from] = kEmpty;
    board_[target] = royal;
    const bool legal = !royal_attacked(target, owner_of(royal));
    board_[target] = victim;
    board_[from] = royal;
    return legal;
}

GenericPosition::ExchangeCapture GenericPosition::least_valuable_capture(int target, Player mover,
                                                                         bool mover_side) const {
    const Variant& v = *variant_;
    const Square ts = mb_->square_of[target];
    ExchangeCapture best;
    int best_order = std::numeric_limits<int>::max();
    // Squares in canonical order: on equal value the first found (the lowest square) stays.
    for (Square s = 0; s < v.geo.squares(); ++s) {
        const int cell = mb_->cell_of[s];
        const PieceCode pc = board_[cell];
        if (pc == kEmpty || cell == target) continue;
        const Player owner = owner_of(pc);
        if (!is_active(owner) || (owner == mover) != mover_side) continue;
        const int order = exchange_attacker_order(v, pc);
        if (order >= best_order) continue;
        // The promotion choices generation would offer for this capture.
        const bool promotable = v.can_promote(pc);
        const bool may_promote = promotable && (v.in_zone(owner, s) || v.in_zone(owner, ts));
        const bool may_stay = !promotable || v.may_stay_unpromoted(owner, type_of(pc), ts);
        if (!may_promote && !may_stay) continue;
        if (!captures_on(cell, pc, target)) continue;
        if (is_royal(pc) && !royal_capture_legal(cell, target)) continue;
        best_order = order;
        best.cell = cell;
        best.promote =
            exchange_promotes(may_promote, may_stay, exchange_promotion_gain(v, type_of(pc)));
    }
    return best;
}

int GenericPosition::see(Move m) const {
    const Variant& v = *variant_;
    const Player mover = to_move_;
    const int target = mb_->cell_of[m.to()];
    const PieceCode victim = board_[target];
    // What the captures change, to be put back: the cells they emptied, in order.
    std::vector<std::pair<int, PieceCode>> lifted;
    PieceCode on_target;
    int first_gain = 0;
    if (m.is_drop()) {
        on_target = make_piece(mover, m.dropped(), false);
    } else {
        const int from = mb_->cell_of[m.from()];
        on_target = board_[from];
        lifted.emplace_back(from, on_target);
        board_[from] = kEmpty;
        if (victim != kEmpty) first_gain = exchange_capture_value(v, victim);
        if (m.promotes()) {
            first_gain += exchange_promotion_gain(v, type_of(on_target));
            on_target = static_cast<PieceCode>(on_target | 0x80);
        }
    }
    board_[target] = on_target;
    SwapList swap(first_gain);
    for (bool mover_side = false; !is_royal(on_target) && !swap.full(); mover_side = !mover_side) {
        const ExchangeCapture c = least_valuable_capture(target, mover, mover_side);
        if (c.cell < 0) break;
        const PieceCode captor = board_[c.cell];
        int gain = exchange_capture_value(v, on_target);
        on_target = captor;
        if (c.promote) {
            gain += exchange_promotion_gain(v, type_of(captor));
            on_target = static_cast<PieceCode>(captor | 0x80);
        }
        swap.capture(gain);
        lifted.emplace_back(c.cell, captor);
        board_[c.cell] = kEmpty;
        board_[target] = on_target;
    }
    board_[target] = victim;
    for (const auto& [cell, pc] : lifted) board_[cell] = pc;
    return swap.resolve();
}

}  // namespace seireigi
