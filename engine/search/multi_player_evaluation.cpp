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
      promotion_pst_(static_cast<std::size_t>(v.num_players()) * v.types.size() * squares_, 0) {
    for (std::size_t t = 0; t < v.types.size(); ++t) {
        const PieceTypeInfo& info = v.types[t];
        if (!info.royal) continue;
        royal_face_[static_cast<std::size_t>(make_face(static_cast<PieceType>(t), false))] = 1;
        royal_face_[static_cast<std::size_t>(make_face(static_cast<PieceType>(t), true))] = 1;
    }
    for (Player p = 0; p < players_; ++p)
        for (std::size_t t = 0; t < v.types.size(); ++t)
            for (std::size_t s = 0; s < squares_; ++s)
                promotion_pst_[(static_cast<std::size_t>(p) * v.types.size() + t) * squares_ + s] =
                    promotion_potential(v, w_, p, static_cast<PieceType>(t),
                                        static_cast<Square>(s));
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
        total[up] += values_.ring_shelter(pos, p, k, values_.enemy_hand(pos, p, hand));
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
