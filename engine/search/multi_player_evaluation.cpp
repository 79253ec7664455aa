#include "search/multi_player_evaluation.h"

#include <algorithm>
#include <cstdlib>

namespace seireigi::search {

MultiPlayerEvaluator::MultiPlayerEvaluator(const Variant& v)
    : v_(v),
      values_(v),
      players_(v.num_players()),
      squares_(static_cast<std::size_t>(v.geo.squares())),
      royal_face_(256, 0),
      promotion_pst_(static_cast<std::size_t>(v.num_players()) * v.types.size() * squares_, 0),
      ring1_(squares_),
      ring2_(squares_) {
    for (std::size_t t = 0; t < v.types.size(); ++t) {
        const PieceTypeInfo& info = v.types[t];
        if (!info.royal) continue;
        royal_face_[static_cast<std::size_t>(make_face(static_cast<PieceType>(t), false))] = 1;
        royal_face_[static_cast<std::size_t>(make_face(static_cast<PieceType>(t), true))] = 1;
    }
    // Promotion potential: a share of the gain in the zone, growing over the ranks before it.
    for (Player p = 0; p < players_; ++p)
        for (std::size_t t = 0; t < v.types.size(); ++t) {
            const PieceTypeInfo& info = v.types[t];
            if (!info.is_base || info.royal || info.promotes_to == kNoType) continue;
            const int gain = v.types[static_cast<std::size_t>(info.promotes_to)].value - info.value;
            if (gain <= 0) continue;
            const int reach = w_.promotion_reach_ranks + 1;
            for (std::size_t s = 0; s < squares_; ++s) {
                const int ahead = v.geo.ranks_ahead(v.orientation(p), static_cast<Square>(s));
                const int to_zone = std::max(0, ahead - (v.zone_depth - 1));
                if (to_zone >= reach) continue;
                promotion_pst_[(static_cast<std::size_t>(p) * v.types.size() + t) * squares_ + s] =
                    gain * w_.promotion_share_pct / 100 * (reach - to_zone) / reach;
            }
        }
    for (std::size_t s = 0; s < squares_; ++s) {
        const int x = v.geo.x_of(static_cast<Square>(s)), y = static_cast<int>(s) / v.geo.files;
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx) {
                const int nx = x + dx, ny = y + dy;
                if ((!dx && !dy) || nx < 0 || ny < 0 || nx >= v.geo.files || ny >= v.geo.ranks)
                    continue;
                const Square n = v.geo.square(nx, ny);
                (std::max(std::abs(dx), std::abs(dy)) == 1 ? ring1_ : ring2_)[s].push_back(n);
            }
    }
}

PlayerScores MultiPlayerEvaluator::scores(const GenericPosition& pos) const {
    PlayerScores total{}, hand{};
    std::array<Square, kMaxPlayers> king{kNoSquare, kNoSquare, kNoSquare, kNoSquare};
    const int squares = static_cast<int>(squares_);
    for (Square s = 0; s < squares; ++s) {
        const PieceCode pc = pos.piece_on(s);
        if (pc == kEmpty) continue;
        const Player o = owner_of(pc);
        const auto uo = static_cast<std::size_t>(o);
        if (!pos.is_active(o)) continue;  // neutral: nobody's
        if (royal_face_[static_cast<std::size_t>(face_of(pc))]) {
            king[uo] = s;
            continue;
        }
        total[uo] += values_.face_value(face_of(pc));
        if (!is_promoted(pc))
            total[uo] +=
                promotion_pst_[(uo * v_.types.size() + static_cast<std::size_t>(type_of(pc))) *
                                   squares_ +
                               static_cast<std::size_t>(s)];
    }
    for (Player p = 0; p < players_; ++p)
        for (PieceType t : v_.hand_types)
            if (const int n = pos.hand_count(p, t))
                hand[static_cast<std::size_t>(p)] += n * values_.hand_value(t);
    for (Player p = 0; p < players_; ++p) {
        const auto up = static_cast<std::size_t>(p);
        if (!pos.is_active(p)) {
            total[up] = 0;
            continue;
        }
        total[up] += hand[up];
        const Square k = king[up];
        if (k == kNoSquare) continue;
        int enemy_hand = 0;
        for (Player q = 0; q < players_; ++q)
            if (q != p && pos.is_active(q))
                enemy_hand = std::max(enemy_hand, hand[static_cast<std::size_t>(q)]);
        enemy_hand = std::min(enemy_hand, w_.hole_hand_cap);
        int safety = 0;
        for (Square n : ring1_[static_cast<std::size_t>(k)]) {
            const PieceCode pc = pos.piece_on(n);
            if (pc == kEmpty)
                safety -= enemy_hand * w_.hole_per_hand_pct / 100;
            else if (owner_of(pc) == p)
                safety += w_.defender;
            else
                safety -= values_.face_value(face_of(pc)) * w_.pressure_pct / 100;
        }
        for (Square n : ring2_[static_cast<std::size_t>(k)]) {
            const PieceCode pc = pos.piece_on(n);
            if (pc != kEmpty && owner_of(pc) != p)
                safety -= values_.face_value(face_of(pc)) * w_.pressure_pct / 200;
        }
        total[up] += safety;
    }
    return total;
}

int MultiPlayerEvaluator::relative(const GenericPosition& pos, const PlayerScores& s,
                                   Player player) {
    int best_other = 0;
    bool any = false;
    for (Player q = 0; q < pos.variant().num_players(); ++q)
        if (q != player && pos.is_active(q)) {
            const int v = s[static_cast<std::size_t>(q)];
            best_other = any ? std::max(best_other, v) : v;
            any = true;
        }
    return s[static_cast<std::size_t>(player)] - best_other;
}

int MultiPlayerEvaluator::standing(const GenericPosition& pos, const PlayerScores& s,
                                   Player player) {
    int sum = 0;
    int others = 0;
    for (Player q = 0; q < pos.variant().num_players(); ++q)
        if (q != player && pos.is_active(q)) {
            sum += s[static_cast<std::size_t>(q)];
            ++others;
        }
    return s[static_cast<std::size_t>(player)] - (others ? sum / others : 0);
}

}  // namespace seireigi::search
