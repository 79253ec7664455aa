#include "search/multi_player_search.h"

#include <algorithm>
#include <cstdlib>

#include "core/splitmix64.h"
#include "search/score.h"
#include "search/searcher.h"

namespace seireigi::search {

namespace {

constexpr int kMaxQuiescence = 6;  // capture plies after the horizon (more when in check)
constexpr int kMaxCheckEvasions = 10;
constexpr std::size_t kRepetitionReach = 100;  // positions looked back for a repetition

}  // namespace

MultiPlayerSearcher::MultiPlayerSearcher(const Variant& v, int hash_mb)
    : variant_(v), eval_(v), tt_(hash_mb) {}

void MultiPlayerSearcher::set_skill(int level, std::uint64_t seed) {
    const SkillSettings s = SkillSettings::of(level);
    max_skill_depth_ = s.max_depth;
    noise_cp_ = s.noise_cp;
    seed_ = seed;
}

void MultiPlayerSearcher::clear() {
    tt_.clear();
    for (auto& h : history_) std::fill(h.begin(), h.end(), 0);
}

int MultiPlayerSearcher::evaluate() const {
    int e = eval_.evaluate(*pos_, root_);
    if (noise_cp_ > 0) {
        const std::uint64_t h = splitmix64(pos_->key() ^ splitmix64(seed_ + 0x5EED));
        e += static_cast<int>(h % static_cast<std::uint64_t>(2 * noise_cp_ + 1)) - noise_cp_;
    }
    return e;
}

bool MultiPlayerSearcher::terminal(int ply, int& score) const {
    if (!pos_->is_active(root_)) {
        score = mated_in(ply);
        return true;
    }
    if (!pos_->game_over()) return false;
    int active = 0;
    for (Player p = 0; p < variant_.num_players(); ++p) active += pos_->is_active(p);
    score = active == 1 ? mate_in(ply) : 0;  // else every player was skipped: a draw
    return true;
}

bool MultiPlayerSearcher::repeated() const {
    const std::size_t n = keys_.size() - 1;
    const std::uint64_t k = keys_[n];
    for (std::size_t back = 1; back <= std::min(n, kRepetitionReach); ++back)
        if (keys_[n - back] == k) return true;
    return false;
}

bool MultiPlayerSearcher::out_of_time() {
    if (stop_.load(std::memory_order_relaxed)) return true;
    if ((limits_.nodes && nodes_ >= limits_.nodes) ||
        ((nodes_ & 1023) == 0 && time_.hard_expired())) {
        stop_ = true;
        return true;
    }
    return false;
}

void MultiPlayerSearcher::do_move(Move m) {
    pos_->do_move(m);
    keys_.push_back(pos_->key());
}

void MultiPlayerSearcher::undo_move() {
    pos_->undo_move();
    keys_.pop_back();
}

int& MultiPlayerSearcher::history(Move m) {
    const auto squares = static_cast<std::size_t>(variant_.geo.squares());
    const std::size_t from = m.is_drop() ? squares + static_cast<std::size_t>(m.dropped())
                                         : static_cast<std::size_t>(m.from());
    return history_[static_cast<std::size_t>(pos_->side_to_move())]
                   [from * squares + static_cast<std::size_t>(m.to())];
}

void MultiPlayerSearcher::order(Frame& f, Move tt_move) {
    const Evaluator& values = eval_.values();
    f.scores.resize(f.moves.size());
    for (std::size_t i = 0; i < f.moves.size(); ++i) {
        const Move m = f.moves[i];
        int s;
        if (m == tt_move) {
            s = 1 << 30;
        } else if (is_capture(m) || m.promotes()) {
            const int victim =
                is_capture(m) ? values.capture_gain(face_of(pos_->piece_on(m.to()))) : 0;
            const int attacker =
                m.is_drop() ? 0 : values.face_value(face_of(pos_->piece_on(m.from())));
            s = (1 << 28) + victim * 16 - attacker / 8 + (m.promotes() ? 200 * 16 : 0);
        } else if (m == f.killers[0]) {
            s = (1 << 27) + 2;
        } else if (m == f.killers[1]) {
            s = (1 << 27) + 1;
        } else {
            s = std::clamp(history(m), -(1 << 26), 1 << 26);
        }
        f.scores[i] = s;
    }
}

Move MultiPlayerSearcher::pick(Frame& f, std::size_t i) {
    std::size_t best = i;
    for (std::size_t j = i + 1; j < f.moves.size(); ++j)
        if (f.scores[j] > f.scores[best] ||
            (f.scores[j] == f.scores[best] && f.moves[j] < f.moves[best]))
            best = j;
    std::swap(f.moves[i], f.moves[best]);
    std::swap(f.scores[i], f.scores[best]);
    return f.moves[i];
}

Move MultiPlayerSearcher::first_ordered(Frame& f, Move tt_move) {
    order(f, tt_move);
    return pick(f, 0);
}

void MultiPlayerSearcher::update_pv(int ply, Move m) {
    const auto p = static_cast<std::size_t>(ply);
    pv_[p][p] = m;
    for (int i = ply + 1; i < pv_length_[p + 1]; ++i)
        pv_[p][static_cast<std::size_t>(i)] = pv_[p + 1][static_cast<std::size_t>(i)];
    pv_length_[p] = std::max(pv_length_[p + 1], ply + 1);
}

std::uint64_t MultiPlayerSearcher::tt_key(Kind kind) const {
    return pos_->key() ^ splitmix64(0x3A9F00ull + static_cast<std::uint64_t>(root_) * 16 +
                                    static_cast<std::uint64_t>(kind) * 2 +
                                    (algorithm_ == MultiPlayerAlgorithm::Paranoid ? 1 : 0));
}

int MultiPlayerSearcher::child(int alpha, int beta, int depth, int ply, Kind after) {
    // `depth` is the depth of the node just left; `after` what an opponent to move now is.
    if (algorithm_ == MultiPlayerAlgorithm::Paranoid)
        return node(alpha, beta, depth - 1, ply + 1, Kind::Any);
    const bool root_moves_now = maximising() || !pos_->is_active(root_) || pos_->game_over();
    if (root_moves_now) return node(alpha, beta, depth - 1, ply + 1, Kind::Root);
    // The root just moved: the opponents' round begins, one layer down. An opponent just moved:
    // the round goes on at the same depth.
    if (after == Kind::Root) return node(alpha, beta, depth - 1, ply + 1, Kind::Fresh);
    return node(alpha, beta, depth, ply + 1, after);
}

int MultiPlayerSearcher::node(int alpha, int beta, int depth, int ply, Kind kind) {
    if (depth <= 0) return quiesce(alpha, beta, ply, 0);
    ++nodes_;
    const auto up = static_cast<std::size_t>(ply);
    pv_length_[up] = ply;
    seldepth_ = std::max(seldepth_, ply);
    if (out_of_time()) return 0;
    int score;
    if (terminal(ply, score)) return score;
    if (ply > 0 && repeated()) return 0;
    if (ply >= kMaxPly) return evaluate();
    const bool maxing = maximising();

    // The hash move; a deviated opponent's node reads the one learnt where he deviated.
    const std::uint64_t key = tt_key(kind == Kind::Deviated ? Kind::Fresh : kind);
    Move tt_move;
    if (const TTEntry* e = tt_.probe(key)) {
        tt_move = Move::from_raw(e->move);
        int tt_score = e->score;
        if (tt_score >= kMateBound) tt_score -= ply;
        if (tt_score <= -kMateBound) tt_score += ply;
        if (ply > 0 && kind != Kind::Deviated && e->depth >= depth &&
            (e->bound == Bound::Exact || (e->bound == Bound::Lower && tt_score >= beta) ||
             (e->bound == Bound::Upper && tt_score <= alpha)))
            return tt_score;
    }

    Frame& f = frames_[up];
    f.moves.clear();
    pos_->legal_moves(f.moves);
    if (ply == 0 && !limits_.root_moves.empty())
        std::erase_if(f.moves, [&](Move m) {
            return std::find(limits_.root_moves.begin(), limits_.root_moves.end(), m) ==
                   limits_.root_moves.end();
        });
    if (f.moves.empty()) return evaluate();  // cannot happen: the position skips such players
    frames_[up + 1].killers = {};

    // BRS+: an opponent who does not deviate plays his first-ordered move, and nothing else.
    if (kind == Kind::Deviated) {
        const Move m = first_ordered(f, tt_move);
        do_move(m);
        const int v = child(alpha, beta, depth, ply, kind);
        undo_move();
        if (!stop_) update_pv(ply, m);
        return v;
    }

    order(f, tt_move);
    const int original_alpha = alpha, original_beta = beta;
    int best = maxing ? -kInfinite : kInfinite;
    Move best_move;
    std::vector<Move> quiets_tried;
    const Kind after = kind == Kind::Fresh ? Kind::Deviated : kind;
    auto consider = [&](Move m, int v) {
        // Whether the search of this node is over (a cut-off).
        if (maxing ? v > best : v < best) {
            best = v;
            best_move = m;
            update_pv(ply, m);
            if (maxing)
                alpha = std::max(alpha, v);
            else
                beta = std::min(beta, v);
        }
        return alpha >= beta;
    };
    bool cut = false;
    Move first;  // the first-ordered move, for the round in which this opponent does not deviate
    for (std::size_t i = 0; i < f.moves.size() && !cut; ++i) {
        const Move m = pick(f, i);
        if (i == 0) first = m;
        const bool quiet = !is_capture(m) && !m.promotes();
        do_move(m);
        const int v = child(alpha, beta, depth, ply, after);
        undo_move();
        if (stop_) return 0;
        if (quiet) quiets_tried.push_back(m);
        cut = consider(m, v);
        if (cut && quiet) {
            if (f.killers[0] != m) f.killers[1] = f.killers[0], f.killers[0] = m;
            for (Move q : quiets_tried) {
                int& h = history(q);
                const int b = q == m ? depth * depth : -depth * depth;
                h += b - h * std::abs(b) / 16384;
            }
        }
    }
    if (kind == Kind::Fresh && !cut) {
        // The round in which a later opponent deviates: this one plays his first-ordered move.
        do_move(first);
        const int v = child(alpha, beta, depth, ply, Kind::Fresh);
        undo_move();
        if (stop_) return 0;
        consider(first, v);
    }
    if (ply == 0) return best;  // the root: run() reads the line; the table keeps nothing
    const Bound bound = best >= original_beta    ? Bound::Lower
                        : best <= original_alpha ? Bound::Upper
                                                 : Bound::Exact;
    int stored = best;
    if (stored >= kMateBound) stored += ply;
    if (stored <= -kMateBound) stored -= ply;
    tt_.store(key, best_move, stored, 0, depth, bound);
    return best;
}

int MultiPlayerSearcher::quiesce(int alpha, int beta, int ply, int qdepth) {
    ++nodes_;
    const auto up = static_cast<std::size_t>(ply);
    pv_length_[up] = ply;
    seldepth_ = std::max(seldepth_, ply);
    if (out_of_time()) return 0;
    int score;
    if (terminal(ply, score)) return score;
    if (ply >= kMaxPly) return evaluate();
    const bool maxing = maximising();
    const bool in_check = pos_->in_check(pos_->side_to_move());
    int best = maxing ? -kInfinite : kInfinite;
    if (!in_check || qdepth >= kMaxCheckEvasions) {
        // Standing pat: the player to move need not capture.
        best = evaluate();
        if (maxing ? best >= beta : best <= alpha) return best;
        if (maxing)
            alpha = std::max(alpha, best);
        else
            beta = std::min(beta, best);
        if (qdepth >= kMaxQuiescence) return best;
    }
    Frame& f = frames_[up];
    f.moves.clear();
    pos_->legal_moves(f.moves);
    if (!in_check) std::erase_if(f.moves, [&](Move m) { return !is_capture(m) && !m.promotes(); });
    order(f, Move());
    for (std::size_t i = 0; i < f.moves.size(); ++i) {
        const Move m = pick(f, i);
        do_move(m);
        const int v = quiesce(alpha, beta, ply + 1, qdepth + 1);
        undo_move();
        if (stop_) return 0;
        if (maxing ? v > best : v < best) {
            best = v;
            update_pv(ply, m);
            if (maxing)
                alpha = std::max(alpha, v);
            else
                beta = std::min(beta, v);
            if (alpha >= beta) break;
        }
    }
    return best;
}

Info MultiPlayerSearcher::make_info(int depth, int score) const {
    Info info;
    info.depth = depth;
    info.seldepth = seldepth_;
    if (is_mate_score(score)) {
        info.score.mate = true;
        const int plies = score > 0 ? kMate - score : kMate + score;
        info.score.mate_in = score > 0 ? plies : -plies;  // plies of all players
    } else {
        info.score.cp = score;
    }
    info.nodes = nodes_;
    info.time_ms = time_.elapsed_ms();
    info.nps = info.time_ms > 0 ? nodes_ * 1000 / static_cast<std::uint64_t>(info.time_ms) : 0;
    info.hashfull = tt_.hashfull();
    info.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
    // Every player's score where the line ends.
    GenericPosition end = *pos_;
    for (Move m : info.pv) {
        if (!end.is_legal(m)) break;
        end.do_move(m);
    }
    const PlayerScores s = eval_.scores(end);
    for (Player p = 0; p < variant_.num_players(); ++p)
        info.player_scores.push_back(end.is_active(p) ? MultiPlayerEvaluator::relative(end, s, p)
                                                      : kPlayerOut);
    return info;
}

Result MultiPlayerSearcher::run(GenericPosition& pos, std::vector<std::uint64_t> keys,
                                const Limits& limits,
                                const std::function<void(const Info&)>& on_info) {
    pos_ = &pos;
    keys_ = std::move(keys);
    limits_ = limits;
    stop_ = false;
    nodes_ = 0;
    seldepth_ = 0;
    root_ = pos.side_to_move();
    time_.start(limits);
    tt_.new_search();
    const auto squares = static_cast<std::size_t>(variant_.geo.squares());
    for (auto& h : history_) h.assign((squares + 128) * squares, 0);

    Result result;
    MoveList root;
    pos.legal_moves(root);
    if (!limits.root_moves.empty())
        std::erase_if(root, [&](Move m) {
            return std::find(limits.root_moves.begin(), limits.root_moves.end(), m) ==
                   limits.root_moves.end();
        });
    if (root.empty()) return result;
    std::sort(root.begin(), root.end());
    result.best = root.front();

    int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 8) : kMaxPly - 8;
    if (max_skill_depth_ > 0) max_depth = std::min(max_depth, max_skill_depth_);
    const Kind root_kind = algorithm_ == MultiPlayerAlgorithm::Paranoid ? Kind::Any : Kind::Root;
    for (int depth = 1; depth <= max_depth; ++depth) {
        seldepth_ = 0;
        const int score = node(-kInfinite, kInfinite, depth, 0, root_kind);
        if (stop_) {
            // An unfinished iteration searched the previous best move first, so a move it
            // found (pv_[0] holds the best of the moves it finished) is at least as good.
            if (pv_length_[0] > 0) {
                result.best = pv_[0][0];
                result.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
                result.ponder = result.pv.size() > 1 ? result.pv[1] : Move();
            }
            break;
        }
        if (pv_length_[0] == 0) break;
        const Info info = make_info(depth, score);
        result.best = info.pv.front();
        result.ponder = info.pv.size() > 1 ? info.pv[1] : Move();
        result.pv = info.pv;
        result.depth = depth;
        result.score = info.score;
        // The best move goes first in the next iteration.
        tt_.store(tt_key(root_kind), result.best, 0, 0, 0, Bound::Upper);
        if (on_info) on_info(info);
        if (is_mate_score(score) && limits.depth == 0 && depth > kMate - std::abs(score) + 2) break;
        if (time_.soft_expired()) break;
        if (root.size() == 1 && time_.timed()) break;
    }
    result.nodes = nodes_;
    result.time_ms = time_.elapsed_ms();
    return result;
}

}  // namespace seireigi::search
