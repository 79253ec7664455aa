// The input features of the evaluation network, derived from a variant's data alone (no piece or
// variant is named): what a player sees of a position, from its own side.
//
// For a two-player variant and a perspective q (the player whose view it is):
//  * a board feature for each (side, face, square): side 0 for q's pieces, 1 for the other
//    player's; faces are the variant's base types and their promoted faces, in type order; the
//    square is seen from q's side (turned half round for the second player), so that a net
//    learns one game whichever side it plays;
//  * a hand feature for each (side, hand type, k) with 1 <= k <= the most pieces of the type a
//    hand can hold, active while that side holds at least k (so one more piece in hand is one
//    more feature, and the count is learnt piece by piece).
// A position activates the features of both perspectives; the network reads the perspective of
// the player to move first (network.h). docs/training.md describes the layout.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"
#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::nnue {

class FeatureSet {
  public:
    // Throws std::invalid_argument when the variant is not one the features describe (not two
    // players).
    explicit FeatureSet(const Variant& v);

    // Whether the features describe `v`; if not and `why` is given, the reason.
    static bool supports(const Variant& v, std::string* why = nullptr);

    int size() const { return size_; }
    int squares() const { return squares_; }
    int faces() const { return faces_; }
    // The name of the layout, for a net file's header ("board-hand-v1").
    static constexpr const char* kName = "board-hand-v1";

    // The feature of `piece` (any owner) on `square`, seen by `perspective`.
    int board_feature(Player perspective, PieceCode piece, Square square) const {
        const int side = owner_of(piece) == perspective ? 0 : 1;
        const int face = face_of_code_[face_slot(piece)];
        const int seen = perspective == 0 ? square : squares_ - 1 - square;
        return (side * faces() + face) * squares_ + seen;
    }
    // The feature that is active while `owner` holds at least k (1-based) pieces of hand type
    // `type`, seen by `perspective`; -1 beyond the most a hand can hold.
    int hand_feature(Player perspective, Player owner, PieceType type, int k) const {
        const auto t = static_cast<std::size_t>(type);
        if (t >= hand_offset_.size() || hand_offset_[t] < 0 || k < 1 || k > hand_limit_[t])
            return -1;
        const int side = owner == perspective ? 0 : 1;
        return hand_base_ + side * hand_features_per_side_ + hand_offset_[t] + k - 1;
    }
    // The most pieces of hand type `type` a hand counts (those beyond add no feature).
    int hand_limit(PieceType type) const { return hand_limit_[static_cast<std::size_t>(type)]; }

    // The active features of `st` seen by `perspective`, computed from scratch.
    std::vector<int> active(const PositionState& st, Player perspective) const;

  private:
    static std::size_t face_slot(PieceCode p) {
        return static_cast<std::size_t>(type_of(p)) * 2 + (is_promoted(p) ? 1 : 0);
    }
    int squares_ = 0;
    int faces_ = 0;
    // face index by (type, promoted) slot; faces that cannot occur map to 0 and are never used.
    std::vector<int> face_of_code_;
    int hand_base_ = 0;
    int hand_features_per_side_ = 0;
    std::vector<int> hand_offset_;  // by type: first hand feature of the type, -1 if none
    std::vector<int> hand_limit_;   // by type
    int size_ = 0;
};

}  // namespace seireigi::nnue
