#include "search/eval_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>

#include "rules/piece_values.h"

namespace seireigi::search {

namespace {

// The quiescence score of pos for its side to move; `line` gets the best line.
int quiesce(GenericPosition& pos, const Evaluator& eval, int alpha, int beta, int plies_left,
            std::vector<Move>& line) {
    line.clear();
    const int stand = eval.evaluate(pos);
    // In check (a capture gave it) the static evaluation stands in: rough, and rare here.
    if (stand >= beta || plies_left == 0 || pos.in_check(pos.side_to_move())) return stand;
    alpha = std::max(alpha, stand);
    MoveList moves;
    pos.legal_moves(moves);
    std::vector<std::pair<int, Move>> captures;
    for (Move m : moves)
        if (!m.is_drop() && pos.piece_on(m.to()) != kEmpty && pos.see_ge(m, 0))
            captures.push_back({eval.capture_gain(face_of(pos.piece_on(m.to()))), m});
    std::stable_sort(captures.begin(), captures.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<Move> child;
    int best = stand;
    for (const auto& [gain, m] : captures) {
        pos.do_move(m);
        const int score = -quiesce(pos, eval, -beta, -alpha, plies_left - 1, child);
        pos.undo_move();
        if (score <= best) continue;
        best = score;
        line.assign(1, m);
        line.insert(line.end(), child.begin(), child.end());
        alpha = std::max(alpha, score);
        if (score >= beta) break;
    }
    return best;
}

}  // namespace

bool settle_captures(GenericPosition& pos, const Evaluator& eval, int max_plies) {
    if (pos.in_check(pos.side_to_move())) return false;
    std::vector<Move> line;
    quiesce(pos, eval, -1000000, 1000000, max_plies, line);
    for (Move m : line) pos.do_move(m);
    return true;
}

EvalFit::EvalFit(std::shared_ptr<const Variant> v, std::vector<ScoredPosition> positions,
                 EvalWeights start, bool tune_values, bool tune_weights)
    : v_(std::move(v)), positions_(std::move(positions)), start_(start) {
    if (tune_weights)
        for (const auto& [name, field] : EvalWeights::fields()) {
            const int value = start.*field;
            params_.push_back({std::string(name), value, std::max(1, std::abs(value) / 8), -1});
        }
    if (tune_values)
        for (std::size_t t = 0; t < v_->types.size(); ++t) {
            const PieceTypeInfo& info = v_->types[t];
            if (info.royal) continue;
            params_.push_back({"value of " + info.name, info.value, std::max(1, info.value / 16),
                               static_cast<int>(t)});
        }
    error_ = error_of(params_, k_);
}

std::vector<int> EvalFit::evaluations(const std::vector<FitParameter>& params) const {
    EvalWeights w = start_;
    Variant values = *v_;
    for (const FitParameter& p : params) {
        if (p.piece_type < 0) {
            for (const auto& [name, field] : EvalWeights::fields())
                if (name == p.name) w.*field = p.value;
        } else {
            PieceTypeInfo& info = values.types[static_cast<std::size_t>(p.piece_type)];
            info.value = p.value;
            if (info.is_base) info.hand_value = hand_value_of(p.value);
        }
    }
    const Evaluator eval(values, w);
    std::vector<int> out;
    out.reserve(positions_.size());
    for (const ScoredPosition& s : positions_) out.push_back(eval.evaluate(*s.position));
    return out;
}

double win_probability(double score, double scale) {
    return 1 / (1 + std::exp(-score / scale));
}

double EvalFit::error_of(const std::vector<FitParameter>& params, double k) const {
    return mean_error(evaluations(params), k);
}

double EvalFit::mean_error(const std::vector<int>& evaluations, double k) const {
    double sum = 0;
    for (std::size_t i = 0; i < evaluations.size(); ++i) {
        const double d = win_probability(evaluations[i], k) - positions_[i].target;
        sum += d * d;
    }
    return positions_.empty() ? 0 : sum / static_cast<double>(positions_.size());
}

double EvalFit::fit_scale() {
    const std::vector<int> e = evaluations(params_);
    auto err = [&](double k) { return mean_error(e, k); };
    // Golden-section search on K in [20, 5000]: the error is unimodal in K.
    double lo = 20, hi = 5000;
    const double g = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 60; ++i) {
        const double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
        if (err(a) < err(b))
            hi = b;
        else
            lo = a;
    }
    k_ = (lo + hi) / 2;
    error_ = error_of(params_, k_);
    return k_;
}

void EvalFit::run(int passes, const std::function<void(int, std::size_t, double)>& progress) {
    for (int pass = 1; pass <= passes; ++pass) {
        for (std::size_t i = 0; i < params_.size(); ++i) {
            FitParameter& p = params_[i];
            bool moved = false;
            for (int direction : {+1, -1}) {
                // Keep stepping while the error falls.
                for (;;) {
                    std::vector<FitParameter> trial = params_;
                    trial[i].value += direction * p.step;
                    // Divisors and values stay positive.
                    if (trial[i].value < (p.piece_type >= 0 || p.name == "danger_divisor" ? 1 : 0))
                        break;
                    const double e = error_of(trial, k_);
                    if (e >= error_) break;
                    error_ = e;
                    p.value = trial[i].value;
                    moved = true;
                }
                if (moved) break;
            }
            if (!moved) p.step = std::max(1, p.step / 2);
            progress(pass, i, error_);
        }
    }
}

std::string EvalFit::weights_text() const {
    std::string text;
    for (const FitParameter& p : params_) {
        if (p.piece_type >= 0) continue;
        if (!text.empty()) text += ',';
        text += p.name + '=' + std::to_string(p.value);
    }
    return text;
}

}  // namespace seireigi::search
