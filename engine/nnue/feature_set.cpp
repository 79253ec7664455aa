#include "nnue/feature_set.h"

#include <stdexcept>

#include "text/start_position.h"

namespace seireigi::nnue {

bool FeatureSet::supports(const Variant& v, std::string* why) {
    if (v.num_players() == 2) return true;
    if (why)
        *why = "the evaluation network describes two-player variants; " + v.name + " has " +
               std::to_string(v.num_players()) + " players";
    return false;
}

FeatureSet::FeatureSet(const Variant& v) : squares_(v.geo.squares()) {
    std::string why;
    if (!supports(v, &why)) throw std::invalid_argument(why);
    const std::size_t types = v.types.size();
    face_of_code_.assign(types * 2, 0);
    for (std::size_t t = 0; t < types; ++t) {
        if (!v.types[t].is_base) continue;
        face_of_code_[t * 2] = faces_++;
        if (v.types[t].promotes_to != kNoType) face_of_code_[t * 2 + 1] = faces_++;
    }
    // A hand can hold at most every piece of a type that the game starts with.
    hand_limit_.assign(types, 0);
    const PositionState start = start_state(v);
    for (PieceCode pc : start.board)
        if (pc != kEmpty) ++hand_limit_[static_cast<std::size_t>(type_of(pc))];
    hand_offset_.assign(types, -1);
    for (PieceType t : v.hand_types) {
        const auto i = static_cast<std::size_t>(t);
        if (hand_limit_[i] == 0) continue;
        hand_offset_[i] = hand_features_per_side_;
        hand_features_per_side_ += hand_limit_[i];
    }
    hand_base_ = 2 * faces_ * squares_;
    size_ = hand_base_ + 2 * hand_features_per_side_;
}

std::vector<int> FeatureSet::active(const PositionState& st, Player perspective) const {
    std::vector<int> out;
    for (Square s = 0; s < squares_; ++s)
        if (st.board[static_cast<std::size_t>(s)] != kEmpty)
            out.push_back(board_feature(perspective, st.board[static_cast<std::size_t>(s)], s));
    for (Player owner = 0; owner < 2; ++owner) {
        const auto& hand = st.hands[static_cast<std::size_t>(owner)];
        for (std::size_t t = 0; t < hand.size(); ++t)
            for (int k = 1; k <= hand[t]; ++k) {
                const int f = hand_feature(perspective, owner, static_cast<PieceType>(t), k);
                if (f >= 0) out.push_back(f);
            }
    }
    return out;
}

}  // namespace seireigi::nnue
