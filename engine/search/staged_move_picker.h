// The staged move picker of Searcher (searcher.h): how a full-width node hands out its moves
// (next_move(): the hash move, captures and promotions, the killers and counter move, the other
// quiet moves and drops, captures that lose the exchange), how they are ordered (order(),
// pick(), capture scores settled by static exchange when they come up) and which are left out.
// Member definitions of the class template, included by searcher.h after the class.
#pragma once

namespace seireigi::search {

template <SearchPosition P>
void Searcher<P>::order(Frame& f, int ply, bool all_quiet) {
    f.keys.resize(f.moves.size());
    if (!all_quiet) f.check_only.clear();
    f.best_key = 0;
    const int* row = history_row();
    for (std::size_t i = 0; i < f.moves.size(); ++i) {
        const Move m = f.moves[i];
        int s;
        bool pending = false;
        if (!all_quiet && (is_capture(m) || m.promotes())) {
            // Scored as sound; whether it is (the exchange) is asked only if it comes up.
            s = capture_score(m, true);
            pending = true;
        } else if (m == f.killers.moves[0])
            s = kKillerOrder + 2;
        else if (m == f.killers.moves[1])
            s = kKillerOrder + 1;
        else if (m == f.counter)
            s = kKillerOrder;
        else
            s = std::clamp(quiet_history(row, m, static_cast<std::size_t>(ply)),
                           -kHistoryOrderLimit, kHistoryOrderLimit);
        f.keys[i] = order_key(s, m, pending);
        if (f.keys[i] > f.keys[f.best_key]) f.best_key = i;
    }
}

template <SearchPosition P>
int Searcher<P>::capture_score(Move m, bool sound) const {
    const int attacker = m.is_drop() ? 0 : eval_.face_value(face_of(pos_->piece_on(m.from())));
    const int gain = victim_gain(m) * 16 - attacker / 8 + (m.promotes() ? 200 * 16 : 0);
    return (sound ? (1 << 28) : -(1 << 28)) + gain;
}

// A capture or promotion scored as sound is tested when it would be picked: if it loses the
// exchange (and does not check: sacrifices with check are how mates in shogi begin), it goes
// after the quiet moves. Testing when picked gives the order testing all first would, and a
// node that cuts off early tests only what it picked.
template <SearchPosition P>
void Searcher<P>::settle(Frame& f, std::uint64_t& key) const {
    const Move m = move_of(key);
    const bool wins = exchange_at_least(m, 0);
    const bool sound = wins || pos_->gives_check(m);
    if (sound && !wins) f.check_only.push_back(m);
    key = order_key(capture_score(m, sound), m, false);
}

// The best remaining move, ties to the smaller canonical Move. The first few are selected one
// by one (a cut often comes early); past them the rest is sorted once by the same order, so
// the sequence is the same either way. One key per move (order()) makes both cheap.
template <SearchPosition P>
Move Searcher<P>::pick(Frame& f, std::size_t i, bool settles) {
    constexpr std::size_t kSelectedOneByOne = 3;
    auto& keys = f.keys;
    if (i < kSelectedOneByOne) {
        for (bool first = i == 0;; first = false) {
            std::size_t best = i;
            if (first)
                best = f.best_key;  // found by order()
            else
                for (std::uint64_t top = keys[i], j = i + 1; j < keys.size(); ++j) {
                    // Selects without a branch: which key is larger is not predictable.
                    const bool larger = keys[j] > top;
                    best = larger ? j : best;
                    top = larger ? keys[j] : top;
                }
            std::swap(keys[i], keys[best]);
            if (!settles || !is_pending(keys[i])) break;
            settle(f, keys[i]);
        }
    } else if (i == kSelectedOneByOne && keys.size() - i > 1) {
        if (settles)
            for (std::size_t j = i; j < keys.size(); ++j)
                if (is_pending(keys[j])) settle(f, keys[j]);
        std::sort(keys.begin() + static_cast<std::ptrdiff_t>(i), keys.end(), std::greater<>());
    } else if (settles && is_pending(keys[i])) {
        settle(f, keys[i]);  // the only one left
    }
    return move_of(keys[i]);
}

template <SearchPosition P>
bool Searcher<P>::left_out(const Frame& f, int ply, Move m) const {
    if (m == f.excluded) return true;
    if (ply != 0) return false;
    const auto& only = control_.limits.root_moves;
    if (!only.empty() && std::find(only.begin(), only.end(), m) == only.end()) return true;
    return std::find(excluded_root_.begin(), excluded_root_.end(), m) != excluded_root_.end();
}

template <SearchPosition P>
void Searcher<P>::start_stage(Frame& f, MoveKind kind, int ply) {
    f.moves.clear();
    const bool checks_only = kind == MoveKind::Quiets && f.quiet_checks_only;
    bool only_kept = false;  // f.moves holds only moves futility pruning keeps
    if constexpr (GeneratesQuietChecks<P>) {
        if (checks_only) {
            if (tuning_.futility_keeps_checks) pos_->generate_quiet_checks(f.moves);
            only_kept = true;
        }
    }
    if (!only_kept) {
        if constexpr (GeneratesKinds<P>) {
            pos_->generate(kind, f.moves);
        } else {
            pos_->legal_moves(f.moves);
            std::erase_if(f.moves, [&](Move m) { return !is_of_kind(*pos_, m, kind); });
        }
    }
    std::erase_if(f.moves, [&](Move m) {
        return m == f.tt_move || left_out(f, ply, m) ||
               (checks_only && !only_kept && !futility_keeps(m)) || f.was_refuted(m);
    });
    f.quiet_checks_kept = checks_only;
    order(f, ply, kind == MoveKind::Quiets);
    f.next = 0;
}

template <SearchPosition P>
void Searcher<P>::keep_quiet_checks(Frame& f) const {
    const auto first = f.keys.begin() + static_cast<std::ptrdiff_t>(f.next);
    f.keys.erase(std::remove_if(first, f.keys.end(),
                                [&](std::uint64_t k) { return !futility_keeps(move_of(k)); }),
                 f.keys.end());
    f.quiet_checks_kept = true;
    // pick() reads the largest key's place from order() for the stage's first move.
    if (f.next == 0 && !f.keys.empty())
        f.best_key = static_cast<std::size_t>(std::max_element(f.keys.begin(), f.keys.end()) -
                                              f.keys.begin());
}

template <SearchPosition P>
Move Searcher<P>::next_refutation(Frame& f, int ply) {
    const Move candidates[] = {f.killers.moves[0], f.killers.moves[1], f.counter};
    while (f.next < std::size(candidates)) {
        const Move m = candidates[f.next++];
        if (m.is_null() || m == f.tt_move || is_capture(m) || m.promotes() || f.was_refuted(m))
            continue;
        // As the quiet stage would: futility pruning may keep only the checks.
        if (left_out(f, ply, m) || !pos_->is_legal(m) ||
            (f.quiet_checks_only && !futility_keeps(m)))
            continue;
        f.refuted[f.refuted_count++] = m;
        return m;
    }
    return Move();
}

template <SearchPosition P>
Move Searcher<P>::next_move(Frame& f, int ply) {
    while (true) {
        switch (f.stage) {
            case Stage::HashMove:
                f.stage = Stage::StartCaptures;
                if (!f.tt_move.is_null()) {
                    if (!left_out(f, ply, f.tt_move) && pos_->is_legal(f.tt_move)) return f.tt_move;
                    f.tt_move = Move();
                }
                break;
            case Stage::StartCaptures:
                start_stage(f, MoveKind::Captures, ply);
                f.losing.clear();
                f.stage = Stage::Captures;
                break;
            case Stage::Captures:
                // In the order of their scores as sound, each tested when it comes up: one
                // that loses the exchange waits for the losing captures' stage, and a cut-off
                // spares the tests of the rest.
                while (f.next < f.keys.size()) {
                    const Move m = pick(f, f.next, false);
                    std::uint64_t& key = f.keys[f.next++];
                    if (is_pending(key)) settle(f, key);
                    if (is_sound(key)) return m;
                    f.losing.push_back(key);
                }
                std::sort(f.losing.begin(), f.losing.end(), std::greater<>());
                f.stage = Stage::Refutations;
                f.next = 0;
                break;
            case Stage::Refutations:
                if (!f.skip_quiets)
                    if (const Move m = next_refutation(f, ply); !m.is_null()) return m;
                f.stage = Stage::StartQuiets;
                break;
            case Stage::StartQuiets:
                if (f.skip_quiets) {
                    f.stage = Stage::LosingCaptures;
                    f.next = 0;
                    break;
                }
                start_stage(f, MoveKind::Quiets, ply);
                f.stage = Stage::Quiets;
                break;
            case Stage::Quiets:
                if (f.quiet_checks_only && !f.quiet_checks_kept) keep_quiet_checks(f);
                if (!f.skip_quiets && f.next < f.keys.size()) return pick(f, f.next++);
                f.stage = Stage::LosingCaptures;
                f.next = 0;
                break;
            case Stage::LosingCaptures:
                if (f.next < f.losing.size()) return move_of(f.losing[f.next++]);
                f.stage = Stage::Done;
                break;
            case Stage::Done:
                return Move();
        }
    }
}

// Moves of f.moves that land near the enemy King and leave it no legal reply, tried in
// canonical order, so that every position implementation counts the same nodes.

}  // namespace seireigi::search
