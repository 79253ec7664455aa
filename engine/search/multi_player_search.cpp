#include "search/multi_player_search.h"

#include <algorithm>
#include <cstdlib>

#include "core/splitmix64.h"
#include "search/move_order.h"
#include "search/progress_info.h"
#include "search/root_moves.h"
#include "search/score.h"
#include "search/skill_noise.h"
#include "search/skill_settings.h"
#include "search/table_scores.h"

namespace seireigi::search {

namespace {

constexpr int kMaxQuiescence = 3;  // capture plies after the horizon (more when in check)
constexpr int kMaxCheckEvasions = 10;
constexpr int kRepetitionReach = 100;  // positions looked back for a repetition

// The best value found so far at a node, for its player to move: the root player maximises,
// the others minimise.
struct NodeBest {
    explicit NodeBest(bool maxing) : maxing(maxing), value(maxing ? -kInfinite : kInfinite) {}

    // Takes `v` if it is better, narrowing the window (alpha, beta) by it; whether it was.
    bool take(int v, int& alpha, int& beta) {
        if (maxing ? v <= value : v >= value) return false;
        value = v;
        if (maxing)
            alpha = std::max(alpha, v);
        else
            beta = std::min(beta, v);
        return true;
    }

    bool maxing;
    int value;
    Move move;
};

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
    history_.clear();
}

int MultiPlayerSearcher::evaluate() const {
    // Within the scores that are not mates (see Searcher::evaluate).
    return std::clamp(eval_.evaluate(*pos_, root_) + skill_noise(pos_->key(), seed_, noise_cp_),
                      -kMaxEvaluation, kMaxEvaluation);
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

bool MultiPlayerSearcher::repeated(const GenericPosition& pos) {
    const KeyHistory& keys = pos.key_history();
    const int n = keys.ply();
    for (int back = 1; back <= std::min(n, kRepetitionReach); ++back)
        if (keys.key(n - back) == keys.key(n)) return true;
    return false;
}

bool MultiPlayerSearcher::ends_on_entry(int ply, int& score) {
    control_.enter(ply);
    pv_.start(ply);
    if (control_.must_stop()) {
        score = 0;
        return true;
    }
    return terminal(ply, score);
}

bool MultiPlayerSearcher::quiet(Move m) const {
    return !is_capture(*pos_, m) && !m.promotes();
}

void MultiPlayerSearcher::order(Frame& f, Move tt_move) {
    const Player mover = pos_->side_to_move();
    f.list.score([&](Move m) {
        if (m == tt_move) return kHashMoveOrder;
        if (quiet(m)) return quiet_order(m, f.killers, history_.at(mover, m));
        // A capture or promotion that loses the exchange comes after the quiet moves: an
        // opponent who does not deviate plays the first move, and must not give pieces away.
        const int gain = capture_gain_order(*pos_, eval_.values(), m);
        return (pos_->see_ge(m, 0) ? kCaptureOrder : -kCaptureOrder) + gain;
    });
}

Move MultiPlayerSearcher::first_ordered(Frame& f, Move tt_move) {
    order(f, tt_move);
    return f.list.pick(0);
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
    int score;
    if (ends_on_entry(ply, score)) return score;
    if (ply > 0 && repeated()) return 0;
    if (ply >= kMaxPly) return evaluate();
    const auto up = static_cast<std::size_t>(ply);

    // The hash move; a deviated opponent's node reads the one learnt where he deviated.
    const std::uint64_t key = tt_key(kind == Kind::Deviated ? Kind::Fresh : kind);
    Move tt_move;
    if (const TTEntry* e = tt_.probe(key)) {
        tt_move = Move::from_raw(e->move);
        const int tt_score = score_from_table(e->score, ply);
        if (ply > 0 && kind != Kind::Deviated && entry_settles(*e, tt_score, depth, alpha, beta))
            return tt_score;
    }

    Frame& f = frames_[up];
    f.list.moves.clear();
    pos_->legal_moves(f.list.moves);
    if (ply == 0) keep_root_moves(f.list.moves, control_.limits.root_moves);
    if (f.list.moves.empty()) return evaluate();  // cannot happen: such players are skipped
    frames_[up + 1].killers.clear();

    // BRS+: an opponent who does not deviate plays his first-ordered move, and nothing else.
    if (kind == Kind::Deviated) {
        const Move m = first_ordered(f, tt_move);
        pos_->do_move(m);
        const int v = child(alpha, beta, depth, ply, kind);
        pos_->undo_move();
        if (!control_.stop) pv_.update(ply, m);
        return v;
    }

    order(f, tt_move);
    const int original_alpha = alpha, original_beta = beta;
    NodeBest best(maximising());
    auto consider = [&](Move m, int v) {
        if (best.take(v, alpha, beta)) {
            best.move = m;
            pv_.update(ply, m);
        }
    };
    std::vector<Move> quiets_tried;
    const Kind after = kind == Kind::Fresh ? Kind::Deviated : kind;
    bool cut = false;
    Move first;  // the first-ordered move, for the round in which this opponent does not deviate
    for (std::size_t i = 0; i < f.list.moves.size() && !cut; ++i) {
        const Move m = f.list.pick(i);
        if (i == 0) first = m;
        const bool is_quiet = quiet(m);
        pos_->do_move(m);
        const int v = child(alpha, beta, depth, ply, after);
        pos_->undo_move();
        if (control_.stop) return 0;
        if (is_quiet) quiets_tried.push_back(m);
        consider(m, v);
        cut = alpha >= beta;
        if (cut && is_quiet) {
            f.killers.add(m);
            history_.reward_cut(pos_->side_to_move(), m, quiets_tried, depth);
        }
    }
    if (kind == Kind::Fresh && !cut) {
        // The round in which a later opponent deviates: this one plays his first-ordered move.
        pos_->do_move(first);
        const int v = child(alpha, beta, depth, ply, Kind::Fresh);
        pos_->undo_move();
        if (control_.stop) return 0;
        consider(first, v);
    }
    if (ply == 0) return best.value;  // the root: run() reads the line; the table keeps nothing
    tt_.store(key, best.move, score_to_table(best.value, ply), 0, depth,
              bound_of(best.value, original_alpha, original_beta));
    return best.value;
}

int MultiPlayerSearcher::quiesce(int alpha, int beta, int ply, int qdepth) {
    int score;
    if (ends_on_entry(ply, score)) return score;
    if (ply >= kMaxPly) return evaluate();
    const bool in_check = pos_->in_check(pos_->side_to_move());
    NodeBest best(maximising());
    if (!in_check || qdepth >= kMaxCheckEvasions) {
        // Standing pat: the player to move need not capture.
        best.take(evaluate(), alpha, beta);
        if (alpha >= beta || qdepth >= kMaxQuiescence) return best.value;
    }
    Frame& f = frames_[static_cast<std::size_t>(ply)];
    f.list.moves.clear();
    pos_->legal_moves(f.list.moves);
    // Out of check, only the captures and promotions that do not lose the exchange.
    if (!in_check)
        std::erase_if(f.list.moves, [&](Move m) { return quiet(m) || !pos_->see_ge(m, 0); });
    order(f, Move());
    for (std::size_t i = 0; i < f.list.moves.size(); ++i) {
        const Move m = f.list.pick(i);
        pos_->do_move(m);
        const int v = quiesce(alpha, beta, ply + 1, qdepth + 1);
        pos_->undo_move();
        if (control_.stop) return 0;
        if (best.take(v, alpha, beta)) {
            pv_.update(ply, m);
            if (alpha >= beta) break;
        }
    }
    return best.value;
}

Info MultiPlayerSearcher::make_info(int depth, int score) const {
    Info info = progress_info({depth, control_.seldepth, control_.nodes}, score_of(score),
                              pv_.root_line(), control_.time, tt_);
    // What players are shown (docs/engine.md): each player's standing where the line ends, and
    // as the score the root's, unless the line ends in a mate or a draw. (The search's own value,
    // the root against the best of the others, stays inside the search: at a symmetric start it
    // is far below 0, which would tell a player nothing.)
    GenericPosition end = *pos_;
    for (Move m : info.pv) {
        if (!end.is_legal(m)) break;
        end.do_move(m);
    }
    const PlayerScores s = eval_.scores(end);
    for (Player p = 0; p < variant_.num_players(); ++p)
        info.player_scores.push_back(end.is_active(p) ? MultiPlayerEvaluator::standing(end, s, p)
                                                      : kPlayerOut);
    const bool ended = repeated(end) || end.game_over() || !end.is_active(root_);
    if (!info.score.mate && !ended) info.score.cp = info.player_scores[root_];
    return info;
}

Result MultiPlayerSearcher::run(GenericPosition& pos, const Limits& limits,
                                const std::function<void(const Info&)>& on_info) {
    pos_ = &pos;
    control_.start(limits);
    root_ = pos.side_to_move();
    tt_.new_search();
    history_.reset(variant_.geo.squares());

    Result result;
    const MoveList root = root_moves(pos, limits);
    if (root.empty()) return result;
    result.best = root.front();

    const int max_depth = control_.max_depth(max_skill_depth_);
    const Kind root_kind = algorithm_ == MultiPlayerAlgorithm::Paranoid ? Kind::Any : Kind::Root;
    for (int depth = 1; depth <= max_depth; ++depth) {
        control_.seldepth = 0;
        const int score = node(-kInfinite, kInfinite, depth, 0, root_kind);
        if (control_.stop) {
            // An unfinished iteration searched the previous best move first, so a move it
            // found (the root line holds the best of the moves it finished) is at least as good.
            if (!pv_.root_empty()) {
                result.pv = pv_.root_line();
                result.best = result.pv.front();
                result.ponder = result.pv.size() > 1 ? result.pv[1] : Move();
            }
            break;
        }
        if (pv_.root_empty()) break;
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
        if (control_.time.soft_expired()) break;
        if (root.size() == 1 && control_.time.timed()) break;
    }
    control_.finish(result);
    return result;
}

}  // namespace seireigi::search
