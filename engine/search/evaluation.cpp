#include "search/evaluation.h"

#include <bit>
#include <cstdlib>
#include <span>
#include <stdexcept>

#include "search/tuning_text.h"

namespace seireigi::search {

namespace {

// Every tunable field by name.
const NamedWeight<EvalWeights> kWeightFields[] = {
    {"promotion_share_pct", &EvalWeights::promotion_share_pct},
    {"promotion_reach_ranks", &EvalWeights::promotion_reach_ranks},
    {"defender", &EvalWeights::defender},
    {"pressure_pct", &EvalWeights::pressure_pct},
    {"hole_per_hand_pct", &EvalWeights::hole_per_hand_pct},
    {"hole_hand_cap", &EvalWeights::hole_hand_cap},
    {"danger_attack", &EvalWeights::danger_attack},
    {"danger_weak", &EvalWeights::danger_weak},
    {"danger_hole", &EvalWeights::danger_hole},
    {"danger_supported_hole", &EvalWeights::danger_supported_hole},
    {"danger_hand_pct", &EvalWeights::danger_hand_pct},
    {"danger_defender", &EvalWeights::danger_defender},
    {"danger_drop_check_pct", &EvalWeights::danger_drop_check_pct},
    {"danger_cap", &EvalWeights::danger_cap},
    {"danger_divisor", &EvalWeights::danger_divisor},
    {"mobility", &EvalWeights::mobility},
    {"mopup_lead", &EvalWeights::mopup_lead},
    {"mopup", &EvalWeights::mopup},
    {"tempo", &EvalWeights::tempo},
};

}  // namespace

EvalWeights EvalWeights::with_changes(const std::string& text) {
    const EvalWeights w =
        search::with_changes(EvalWeights{}, std::span(kWeightFields), text, "evaluation weight");
    if (w.danger_divisor <= 0)
        throw std::invalid_argument("evaluation weight danger_divisor must be positive");
    return w;
}

std::span<const std::pair<std::string_view, int EvalWeights::*>> EvalWeights::fields() {
    return kWeightFields;
}

EvalWeights EvalWeights::from_environment() {
    return with_changes(environment_text("SEIREIGI_EVAL_WEIGHTS"));
}

Evaluator::Evaluator(const Variant& v, EvalWeights w)
    : v_(v),
      w_(w),
      players_(v.num_players()),
      squares_(static_cast<std::size_t>(v.geo.squares())),
      hand_value_(v.types.size(), 0),
      drop_check_worth_(v.types.size(), 0),
      royal_face_(256, 0),
      pst_(static_cast<std::size_t>(v.num_players()) * 256 * squares_, 0),
      ring1_(squares_),
      ring2_(squares_),
      file_of_(squares_),
      rank_of_(squares_) {
    if (std::has_single_bit(static_cast<unsigned>(w_.danger_divisor)))
        danger_shift_ = std::countr_zero(static_cast<unsigned>(w_.danger_divisor));
    for (std::size_t s = 0; s < squares_; ++s) {
        file_of_[s] = v.geo.x_of(static_cast<Square>(s));
        rank_of_[s] = v.geo.y_of(static_cast<Square>(s));
    }
    for (std::size_t t = 0; t < v.types.size(); ++t) {
        const PieceTypeInfo& info = v.types[t];
        hand_value_[t] = info.hand_value;
        drop_check_worth_[t] = info.hand_value * w_.danger_drop_check_pct / 100;
        for (bool promoted : {false, true}) {
            const int face = make_face(static_cast<PieceType>(t), promoted);
            if (promoted && info.promotes_to == kNoType) continue;
            const PieceTypeInfo& mover =
                promoted ? v.types[static_cast<std::size_t>(info.promotes_to)] : info;
            face_value_[static_cast<std::size_t>(face)] = mover.value;
            pressure_near_[static_cast<std::size_t>(face)] = mover.value * w_.pressure_pct / 100;
            pressure_far_[static_cast<std::size_t>(face)] = mover.value * w_.pressure_pct / 200;
            royal_face_[static_cast<std::size_t>(face)] = info.royal ? 1 : 0;
        }
    }
    for (Player p = 0; p < players_; ++p)
        for (std::size_t t = 0; t < v.types.size(); ++t)
            for (std::size_t s = 0; s < squares_; ++s)
                pst_[(static_cast<std::size_t>(p) * 256 + t) * squares_ + s] = promotion_potential(
                    v, w_, p, static_cast<PieceType>(t), static_cast<Square>(s));
    for (std::size_t s = 0; s < squares_; ++s) {
        const int x = v.geo.x_of(static_cast<Square>(s)), y = static_cast<int>(s) / v.geo.files;
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx) {
                if (!dx && !dy) continue;
                const int nx = x + dx, ny = y + dy;
                if (nx < 0 || ny < 0 || nx >= v.geo.files || ny >= v.geo.ranks) continue;
                const Square n = v.geo.square(nx, ny);
                (std::max(std::abs(dx), std::abs(dy)) == 1 ? ring1_ : ring2_)[s].push_back(n);
            }
    }
}

int promotion_potential(const Variant& v, const EvalWeights& w, Player p, PieceType t, Square s) {
    const PieceTypeInfo& info = v.types[static_cast<std::size_t>(t)];
    if (!info.is_base || info.royal || info.promotes_to == kNoType) return 0;
    const int gain = v.types[static_cast<std::size_t>(info.promotes_to)].value - info.value;
    if (gain <= 0) return 0;
    const int ahead = v.geo.ranks_ahead(v.orientation(p), s);
    const int to_zone = std::max(0, ahead - (v.zone_depth - 1));
    const int reach = w.promotion_reach_ranks + 1;
    if (to_zone >= reach) return 0;
    return gain * w.promotion_share_pct / 100 * (reach - to_zone) / reach;
}

}  // namespace seireigi::search
