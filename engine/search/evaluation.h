// The evaluation, read entirely from the variant's data (no piece or variant is named here):
//  * material: each piece's value on the board (its face), and in hand (rules/piece_values.h);
//  * promotion potential: a piece that can promote gains a share of what promoting would add,
//    growing as it nears its zone (zone depth from the variant);
//  * king safety: own pieces next to the King defend it; enemy pieces within two squares
//    press on it, by their value. Where the position counts attackers of a square (the
//    search contract), a King danger grows with the square of its units: enemy attacks on
//    the squares next to the King, those squares the King alone defends (weak), empty ones
//    the opponent can drop into (holes; more when an enemy piece supports the drop), and
//    what the opponent holds in hand, and each type in it that could give check by a drop
//    onto a square the King's side does not defend; otherwise holes are weighed by the enemy
//    hand;
//  * mobility: the squares each player's pieces (not the King) can move to, where the position
//    counts them;
//  * mop-up: a player ahead in material by at least mopup_lead gains for each of its pieces
//    on the board the closer it stands to the enemy King, so that a won game is driven to mate
//    instead of shuffling while the mate is beyond the horizon (on a 15x15 board it often is);
//  * a small bonus for the player to move.
// Every weight is a field of EvalWeights, in one place, to be tuned.
// The score is from the point of view of the player to move. With more than two players it is
// the mover's total against the strongest opponent's.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/types.h"
#include "position/king_zone.h"
#include "position/square_sums.h"
#include "rules/variant.h"

namespace seireigi::search {

struct EvalWeights {
    int promotion_share_pct = 30;   // of (promoted value - value), in the zone
    int promotion_reach_ranks = 3;  // ranks before the zone where the share starts growing
    int defender = 18;              // per own piece next to the King
    int pressure_pct = 6;           // of an enemy piece's value, within two squares of the King
    int hole_per_hand_pct = 2;      // per empty square next to the King, of the enemy hand value
    int hole_hand_cap = 1500;       // enemy hand value counted at most
    // King danger units (with attacker counts): the penalty is min(units, cap) * units / divisor.
    int danger_attack = 40;          // per enemy attack on a square next to the King (2 at most)
    int danger_weak = 80;            // per attacked square next to the King it alone defends
    int danger_hole = 30;            // per empty square next to the King it alone defends ...
    int danger_supported_hole = 90;  // ... that an enemy piece attacks, with enemy hand pieces
    int danger_hand_pct = 12;        // of the enemy hand value
    int danger_defender = 25;        // per own piece next to the King
    // Per piece type in the enemy hand that could be dropped to give check from a square no
    // piece of the King's side defends (a safe drop check), this share of its hand value.
    int danger_drop_check_pct = 12;
    int danger_cap = 3000;
    int danger_divisor = 1024;
    int mobility = 8;       // per square a piece can move to (positions that count them)
    int mopup_lead = 2000;  // material lead (board and hand) from which mop-up applies
    int mopup = 4;          // per piece and per square nearer the enemy King (Chebyshev)
    int tempo = 20;

    // For tuning: the defaults with the changes in `text` ("name=value,name=value", the field
    // names above). Throws std::invalid_argument naming the bad part.
    static EvalWeights with_changes(const std::string& text);
    // The defaults, changed by the environment variable SEIREIGI_EVAL_WEIGHTS if it is set (a
    // tuning run's candidate weights without a rebuild; docs/engine.md).
    static EvalWeights from_environment();
    // Every field by name (the names with_changes reads), for tools that tune them.
    static std::span<const std::pair<std::string_view, int EvalWeights::*>> fields();
};

// A position that lists its pieces itself (faster than asking every square).
// A position that counts the attackers of a square and the squares a player's pieces reach
// (the search contract's attackers() and mobility()).
template <class P>
concept CountsAttackers = requires(const P& p, Player by, Square s, PieceType t, Square* out) {
    { p.attackers(by, s) } -> std::same_as<int>;
    { p.mobility(by) } -> std::same_as<int>;
    { p.drop_attacks(by, t, s, out) } -> std::same_as<int>;
};

// A position that maps every square a player attacks, once and twice, with its mobility, in one
// pass (faster than asking attackers() square by square); the counts are attackers() up to 2.
template <class P>
concept MapsAttacks = requires(const P& p, Player by, Square s) {
    { p.attack_map(by).count(s) } -> std::same_as<int>;
    { p.attack_map(by).mobility } -> std::convertible_to<int>;
};

// A position that keeps the evaluation's material and square terms, and its hand values,
// summed per player as its pieces move (position/square_sums.h).
template <class P>
concept KeepsSquareSums = requires(P& p, const P& cp, Player pl) {
    p.keep_square_sums(
        std::uint64_t{1}, [](PieceCode, Square) { return SquareWorth{}; },
        [](PieceType) { return 0; });
    { cp.square_sums_id() } -> std::same_as<std::uint64_t>;
    { cp.square_sum(pl) } -> std::same_as<SquareWorth>;
    { cp.kept_hand_sum(pl) } -> std::same_as<int>;
    { cp.royal_square(pl) } -> std::same_as<Square>;
};

template <class P>
concept ListsPieces = requires(const P& p, PlacedPiece* out) {
    { p.list_pieces(out) } -> std::same_as<int>;
};

// A position that sums a table by face over the pieces of the players other than p next to
// the square s, and another two squares away (Chebyshev distance), by its own means.
template <class P>
concept SumsEnemyRings = requires(const P& p, Player pl, Square s, const int* by_face) {
    { p.enemy_ring_sums(pl, s, by_face, by_face) } -> std::same_as<std::pair<int, int>>;
};

// A position that sums span less the Chebyshev distance to the square s over player p's pieces
// but its King by its own means.
template <class P>
concept SumsNearness = requires(const P& p, Player pl, Square s, int span) {
    { p.nearness(pl, s, span) } -> std::same_as<int>;
};

// The type of a position's attack map, or an empty stand-in.
struct NoAttackMap {};
template <class P>
struct AttackMapOf {
    using type = NoAttackMap;
};
template <MapsAttacks P>
struct AttackMapOf<P> {
    using type = decltype(std::declval<const P&>().attack_map(0));
};

// A position that counts a King's zone (position/king_zone.h) from two players' attack maps,
// and sums worth[t] over the types t that `by` holds and could drop to check the King on k from
// a square that the map's player does not attack (one call for every type in the hand).
template <class P>
concept CountsKingZones = MapsAttacks<P> &&
    requires(const P& p, Player by, Square k, const int* worth,
             const typename AttackMapOf<P>::type& m) {
    { p.king_zone(by, k, m, m) } -> std::same_as<KingZoneCounts>;
    { p.unguarded_drop_check_worth(by, k, m, worth) } -> std::same_as<int>;
};

// The promotion potential of an unpromoted piece of type t of player p on square s, as both
// evaluations count it: a share of the gain, full in the promotion zone, growing over the ranks
// before it; 0 for a piece that does not promote or gains nothing by it.
int promotion_potential(const Variant& v, const EvalWeights& w, Player p, PieceType t, Square s);

class Evaluator {
  public:
    explicit Evaluator(const Variant& v, EvalWeights w = {});

    // The score of `pos` for its player to move. P: any Position contract implementation.
    template <class P>
    int evaluate(const P& pos) const;
    // Has a position that can keep this evaluation's material and square terms summed keep
    // them (a search does so once before it starts); evaluate() is the same either way.
    template <class P>
    void keep_square_sums(P& pos) const {
        if constexpr (KeepsSquareSums<P>)
            if (pos.square_sums_id() != square_sums_id_)
                pos.keep_square_sums(
                    square_sums_id_, [this](PieceCode pc, Square s) { return worth(pc, s); },
                    [this](PieceType t) { return hand_value(t); });
    }

    // Values for move ordering and exchange tests.
    int face_value(int face) const { return face_value_[static_cast<std::size_t>(face)]; }
    int hand_value(PieceType t) const { return hand_value_[static_cast<std::size_t>(t)]; }
    // What capturing a piece of `face` is worth to the captor: the piece leaves the board and
    // enters the captor's hand as its base type.
    int capture_gain(int face) const { return face_value(face) + hand_value(face & 0x7F); }

    // King safety as both evaluations (two players, and three or four: multi_player_evaluation.h)
    // weigh it where attacks are not counted. The largest hand among the players other than p
    // still in the game, capped at hole_hand_cap: what each hole next to p's King is weighed by.
    template <class P>
    int enemy_hand(const P& pos, Player p, const std::array<int, kMaxPlayers>& hands) const {
        int most = 0;
        for (Player q = 0; q < players_; ++q)
            if (q != p && pos.is_active(q))
                most = std::max(most, hands[static_cast<std::size_t>(q)]);
        return std::min(most, w_.hole_hand_cap);
    }
    // The shelter of player p's King on k: own pieces next to it defend, each empty square next
    // to it is a hole weighed by `enemy_hand`, every other piece (opponents' and neutral ones:
    // both give check) presses by its value, next to it and, half as much, two squares away.
    template <class P>
    int ring_shelter(const P& pos, Player p, Square k, int enemy_hand) const {
        int safety = 0;
        for (Square n : ring1_[static_cast<std::size_t>(k)]) {
            const PieceCode pc = pos.piece_on(n);
            if (pc == kEmpty)
                safety -= enemy_hand * w_.hole_per_hand_pct / 100;
            else if (owner_of(pc) == p)
                safety += w_.defender;
            else
                safety -= face_value(face_of(pc)) * w_.pressure_pct / 100;
        }
        return safety - enemy_pressure(pos, p, k, 2);
    }

  private:
    // The pressure of the enemy pieces on the ring of squares at `distance` (1 or 2) around
    // player p's King on k: by face, pressure_pct / 100 of each one's value next to the King,
    // / 200 two squares away (pressure_near_, pressure_far_).
    template <class P>
    int enemy_pressure(const P& pos, Player p, Square k, int distance) const {
        const auto& pressure_of = distance == 1 ? pressure_near_ : pressure_far_;
        int pressure = 0;
        const auto& ring = distance == 1 ? ring1_ : ring2_;
        for (Square n : ring[static_cast<std::size_t>(k)]) {
            const PieceCode pc = pos.piece_on(n);
            const int owner = pc >> 8;  // owner + 1; 0 on an empty square
            // Added without a branch: whether an enemy stands there is not predictable.
            pressure += int{(owner != 0) & (owner != p + 1)} *
                        pressure_of[static_cast<std::size_t>(face_of(pc))];
        }
        return pressure;
    }
    // Both rings' pressures (next to the King, two squares away), in one pass where the
    // position sums them.
    template <class P>
    std::pair<int, int> enemy_pressures(const P& pos, Player p, Square k) const {
        if constexpr (SumsEnemyRings<P>)
            return pos.enemy_ring_sums(p, k, pressure_near_.data(), pressure_far_.data());
        else
            return {enemy_pressure(pos, p, k, 1), enemy_pressure(pos, p, k, 2)};
    }
    // Calls f(square, piece) for every piece on the board.
    template <class P, class F>
    static void for_each_piece(const P& pos, int squares, F&& f);
    // Player p's mop-up bonus: its pieces' nearness to the enemy King on k.
    template <class P>
    int mop_up(const P& pos, Player p, Square k) const;
    // The King-danger penalty of player p's King on k (the CountsAttackers form of the safety),
    // with the enemy pressure next to it; attacks(q, s) counts the pieces of q that attack s, up
    // to 2; maps are the players' attack maps where the position makes them.
    template <class P, class Attacks, class Maps>
    int king_danger(const P& pos, Player p, Square k, int enemy_hand, int pressure,
                    const Attacks& attacks, const Maps& maps) const;

  public:
    // The zone counts of player p's King on k, square by square (any position).
    template <class P, class Attacks>
    KingZoneCounts count_king_zone(const P& pos, Player p, Square k,
                                   const Attacks& attacks_on) const;

  private:
    // What a piece adds to its owner's total on square s (a King: nothing, kept apart).
    SquareWorth worth(PieceCode pc, Square s) const {
        const int face = face_of(pc);
        if (royal_face_[static_cast<std::size_t>(face)]) return {};
        return {face_value(face) + positional(owner_of(pc), face, s), face_value(face)};
    }
    int positional(Player p, int face, Square s) const {
        return pst_[(static_cast<std::size_t>(p) * 256 + static_cast<std::size_t>(face)) *
                        squares_ +
                    static_cast<std::size_t>(s)];
    }

    const Variant& v_;
    EvalWeights w_;
    std::uint64_t square_sums_id_ = new_square_sums_id();
    int players_;
    std::size_t squares_;
    std::array<int, 256> face_value_{};
    std::array<int, 256> pressure_near_{}, pressure_far_{};  // by face (enemy_pressure)
    std::vector<int> hand_value_;
    // log2 of danger_divisor where it is a power of two, else -1.
    int danger_shift_ = -1;
    std::vector<int> drop_check_worth_;     // by type: hand value * danger_drop_check_pct / 100
    std::vector<std::uint8_t> royal_face_;  // by face
    std::vector<int> pst_;                  // [player][face][square]
    // Squares next to each square, and at distance two (Chebyshev).
    std::vector<std::vector<Square>> ring1_, ring2_;
    // Each square's file and rank (a division by the board's width otherwise, per piece).
    std::vector<int> file_of_, rank_of_;
};

template <class P>
int Evaluator::evaluate(const P& pos) const {
    std::array<int, kMaxPlayers> total{};
    std::array<int, kMaxPlayers> material{};  // values of board and hand pieces, for mop-up
    std::array<int, kMaxPlayers> hand_total{};
    std::array<Square, kMaxPlayers> king{kNoSquare, kNoSquare, kNoSquare, kNoSquare};
    bool summed = false;
    if constexpr (KeepsSquareSums<P>) {
        if (pos.square_sums_id() == square_sums_id_) {
            for (Player p = 0; p < players_; ++p) {
                const auto up = static_cast<std::size_t>(p);
                const SquareWorth sum = pos.square_sum(p);
                total[up] = sum.score;
                material[up] = sum.material;
                hand_total[up] = pos.kept_hand_sum(p);
                king[up] = pos.royal_square(p);
            }
            summed = true;
        }
    }
    if (!summed)
        for_each_piece(pos, static_cast<int>(squares_), [&](Square s, PieceCode pc) {
            const auto o = static_cast<std::size_t>(owner_of(pc));
            if (royal_face_[static_cast<std::size_t>(face_of(pc))]) {
                king[o] = s;
                return;
            }
            const SquareWorth w = worth(pc, s);
            total[o] += w.score;
            material[o] += w.material;
        });
    // Attack counts up to 2 and mobility: from one map per player where the position makes
    // them, else square by square.
    // Each map made in its place (a map made apart and copied in is read back in wider words
    // than it was written, which stalls the processor).
    using AttackMap = typename AttackMapOf<P>::type;
    static_assert(kMaxPlayers == 4, "one map_of() below per player");
    const auto map_of = [&](Player p) {
        if constexpr (MapsAttacks<P>)
            return p < players_ ? pos.attack_map(p) : AttackMap{};
        else
            return AttackMap{};
    };
    [[maybe_unused]] const std::array<AttackMap, kMaxPlayers> maps{map_of(0), map_of(1), map_of(2),
                                                                   map_of(3)};
    const auto attacks = [&](Player q, Square s) {
        if constexpr (MapsAttacks<P>)
            return maps[static_cast<std::size_t>(q)].count(s);
        else if constexpr (CountsAttackers<P>)
            return std::min(pos.attackers(q, s), 2);
        else
            return 0;
    };
    // Without a test per type: whether a hand holds a type is not predictable.
    for (Player p = 0; p < players_ && !summed; ++p)
        for (PieceType t : v_.hand_types)
            hand_total[static_cast<std::size_t>(p)] += pos.hand_count(p, t) * hand_value(t);

    for (Player p = 0; p < players_; ++p) {
        const Square k = king[static_cast<std::size_t>(p)];
        total[static_cast<std::size_t>(p)] += hand_total[static_cast<std::size_t>(p)];
        material[static_cast<std::size_t>(p)] += hand_total[static_cast<std::size_t>(p)];
        if (k == kNoSquare) continue;
        const int hand_against = enemy_hand(pos, p, hand_total);
        int safety = 0;
        if constexpr (CountsAttackers<P>) {
            const auto [near, far] = enemy_pressures(pos, p, k);
            safety -= king_danger(pos, p, k, hand_against, near, attacks, maps) + far;
        } else {
            safety = ring_shelter(pos, p, k, hand_against);
        }
        total[static_cast<std::size_t>(p)] += safety;
    }
    if constexpr (CountsAttackers<P>) {
        if (w_.mobility)
            for (Player p = 0; p < players_; ++p)
                if (pos.is_active(p)) {
                    int mobility;
                    if constexpr (MapsAttacks<P>)
                        mobility = maps[static_cast<std::size_t>(p)].mobility;
                    else
                        mobility = pos.mobility(p);
                    total[static_cast<std::size_t>(p)] += w_.mobility * mobility;
                }
    }

    if (w_.mopup)
        for (Player p = 0; p < players_; ++p) {
            if (!pos.is_active(p)) continue;
            // The strongest opponent's material, and the King of the weakest one.
            int strongest = 0, weakest = 1 << 30;
            Square target = kNoSquare;
            for (Player q = 0; q < players_; ++q) {
                const auto uq = static_cast<std::size_t>(q);
                if (q == p || !pos.is_active(q)) continue;
                strongest = std::max(strongest, material[uq]);
                if (king[uq] != kNoSquare && material[uq] < weakest) {
                    weakest = material[uq];
                    target = king[uq];
                }
            }
            if (target != kNoSquare &&
                material[static_cast<std::size_t>(p)] - strongest >= w_.mopup_lead)
                total[static_cast<std::size_t>(p)] += mop_up(pos, p, target);
        }

    const Player me = pos.side_to_move();
    int best_other = -1000000;
    for (Player p = 0; p < players_; ++p)
        if (p != me && pos.is_active(p))
            best_other = std::max(best_other, total[static_cast<std::size_t>(p)]);
    if (best_other == -1000000) best_other = 0;
    return total[static_cast<std::size_t>(me)] - best_other + w_.tempo;
}

template <class P, class F>
void Evaluator::for_each_piece(const P& pos, int squares, F&& f) {
    if constexpr (ListsPieces<P>) {
        std::array<PlacedPiece, 128> placed;  // not initialised: list_pieces fills it
        const int n = pos.list_pieces(placed.data());
        for (int i = 0; i < n; ++i)
            f(placed[static_cast<std::size_t>(i)].square,
              placed[static_cast<std::size_t>(i)].piece);
    } else {
        for (Square s = 0; s < squares; ++s)
            if (const PieceCode pc = pos.piece_on(s); pc != kEmpty) f(s, pc);
    }
}

template <class P>
int Evaluator::mop_up(const P& pos, Player p, Square k) const {
    const int span = std::max(v_.geo.files, v_.geo.ranks);
    if constexpr (SumsNearness<P>) return w_.mopup * pos.nearness(p, k, span);
    const int kf = file_of_[static_cast<std::size_t>(k)],
              kr = rank_of_[static_cast<std::size_t>(k)];
    int nearness = 0;
    for_each_piece(pos, static_cast<int>(squares_), [&](Square s, PieceCode pc) {
        if (owner_of(pc) != p || royal_face_[static_cast<std::size_t>(face_of(pc))]) return;
        const auto us = static_cast<std::size_t>(s);
        const int distance = std::max(std::abs(file_of_[us] - kf), std::abs(rank_of_[us] - kr));
        nearness += span - distance;
    });
    return w_.mopup * nearness;
}

template <class P, class Attacks>
KingZoneCounts Evaluator::count_king_zone(const P& pos, Player p, Square k,
                                          const Attacks& attacks_on) const {
    KingZoneCounts zone;
    for (Square n : ring1_[static_cast<std::size_t>(k)]) {
        int attacks = 0;
        for (Player q = 0; q < players_; ++q)
            if (q != p && pos.is_active(q)) attacks += attacks_on(q, n);
        const PieceCode pc = pos.piece_on(n);
        zone.attacks += std::min(attacks, 2);
        // The King itself is one of the defenders of the squares next to it.
        if (attacks_on(p, n) <= 1) {
            if (attacks > 0) ++zone.weak;
            if (pc == kEmpty) ++(attacks > 0 ? zone.supported_holes : zone.holes);
        }
        if (pc != kEmpty && owner_of(pc) == p) ++zone.defenders;
    }
    return zone;
}

template <class P, class Attacks, class Maps>
int Evaluator::king_danger(const P& pos, Player p, Square k, int enemy_hand, int pressure,
                           const Attacks& attacks_on, [[maybe_unused]] const Maps& maps) const {
    KingZoneCounts zone;
    bool counted = false;
    if constexpr (CountsKingZones<P>) {
        if (players_ == 2) {
            zone = pos.king_zone(p, k, maps[static_cast<std::size_t>(p)],
                                 maps[static_cast<std::size_t>(1 - p)]);
            counted = true;
        }
    }
    if (!counted) zone = count_king_zone(pos, p, k, attacks_on);
    int units = enemy_hand * w_.danger_hand_pct / 100 + zone.attacks * w_.danger_attack +
                zone.weak * w_.danger_weak - zone.defenders * w_.danger_defender;
    if (enemy_hand > 0)
        units += zone.holes * w_.danger_hole + zone.supported_holes * w_.danger_supported_hole;
    // Safe drop checks: for each type an opponent holds, whether some empty square it could
    // be dropped on to attack the King is defended by nothing of the King's side (so never a
    // square next to the King, which the King defends). Opponents with empty hands (their
    // hands' value, capped, is enemy_hand) have nothing to drop.
    if (w_.danger_drop_check_pct && (enemy_hand > 0 || w_.hole_hand_cap <= 0)) {
        for (Player q = 0; q < players_; ++q) {
            if (q == p || !pos.is_active(q)) continue;
            if constexpr (CountsKingZones<P>) {
                units += pos.unguarded_drop_check_worth(q, k, maps[static_cast<std::size_t>(p)],
                                                        drop_check_worth_.data());
            } else {
                for (PieceType t : v_.hand_types) {
                    if (!pos.hand_count(q, t)) continue;
                    std::array<Square, 1024> squares;
                    const int n = pos.drop_attacks(q, t, k, squares.data());
                    bool unguarded = false;
                    for (int i = 0; i < n && !unguarded; ++i)
                        unguarded = attacks_on(p, squares[static_cast<std::size_t>(i)]) == 0;
                    if (unguarded) units += drop_check_worth_[static_cast<std::size_t>(t)];
                }
            }
        }
    }
    if (units <= 0) return pressure;
    // The division as a shift where the divisor is a power of two (the default): a division
    // by a value read at run time costs tens of cycles.
    const int danger = std::min(units, w_.danger_cap) * units;
    return pressure + (danger >= 0 && danger_shift_ >= 0 ? danger >> danger_shift_
                                                         : danger / w_.danger_divisor);
}

}  // namespace seireigi::search
