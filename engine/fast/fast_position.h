// FastPosition: the hand-optimized 9x9 Seireigi position (docs/architecture.md decision 6).
//
// It implements the Position contract and agrees with GenericPosition on every legal move and
// every key, and it refuses any variant whose rules fingerprint (variant_fingerprint.h) is not
// the one it was written for (seireigi_rules.h).
//
// Data model:
//  * Bitboards by color and by kind (bitboard.h: 81 squares laid out by file in 128 bits), plus
//    a square -> piece array; the kinds are those of attacks.h.
//  * Hands: one byte per kind and color, read as one 64-bit word when "any piece in hand?".
//  * Keys: the additive Zobrist keys of zobrist.h, updated incrementally; the variant's type
//    indices (which depend on catalogue order) are read once into a per-variant key table.
//  * A state stack (StateInfo) restores the captured piece, the key and the checkers on undo.
//  * On request (keep_square_sums), the evaluation's material and square terms and its hand
//    values, summed per color as pieces are placed, removed, captured and dropped
//    (position/square_sums.h); on request (keep_network), the evaluation network's
//    accumulators, updated the same way (nnue/network.h).
// Legality without playing moves: the checkers of the side to move are kept after each move;
// pinned pieces are found from the enemy sliders; a King step is tested against the attacks of
// the enemy with the King lifted off the board; in check, only evasions are generated.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fast/attacks.h"
#include "fast/bitboard.h"
#include "fast/variant_keys.h"
#include "nnue/network.h"
#include "position/key_history.h"
#include "position/king_zone.h"
#include "position/move_kind.h"
#include "position/position_contract.h"
#include "position/position_state.h"
#include "position/scored_move_list.h"
#include "position/square_sums.h"
#include "rules/variant.h"

namespace seireigi {

class FastPosition {
  public:
    // Room for the legal moves of one position: far above any real position (shogi's most is
    // 593; 7 kinds of drops on 79 empty squares are 553).
    static constexpr int kMaxMoves = 2048;

    // Throws std::invalid_argument when the variant is not standard Seireigi (with the first
    // differing rules line) or the position cannot be represented (more than one King per side,
    // a piece the variant does not have, more than 127 pieces of a kind in a hand).
    FastPosition(std::shared_ptr<const Variant> variant, const PositionState& state);

    // Whether this engine plays `v`; if not and `why` is given, a message for the user.
    static bool supports(const Variant& v, std::string* why = nullptr);

    const Variant& variant() const { return *variant_; }
    PositionState state() const;
    Player side_to_move() const { return us_; }
    // Inline: the evaluation and move ordering ask these at every node.
    PieceCode piece_on(Square s) const {
        return keys_->code[board_[fast::kTables.internal[s]]];  // code[0], an empty square: kEmpty
    }
    // Writes every piece on the board as (square, piece) to `out` (room for 81); returns the
    // count. The evaluation reads the board through this where a position offers it.
    int list_pieces(PlacedPiece* out) const;
    // The sums of near_by_face[face] over the other player's pieces next to s, and of
    // far_by_face[face] over those two squares away (the evaluation's pressure on a King).
    std::pair<int, int> enemy_ring_sums(Player p, Square s, const int* near_by_face,
                                        const int* far_by_face) const;
    // The sum over player p's pieces but its King of span less their Chebyshev distance to s
    // (the evaluation's mop-up).
    int nearness(Player p, Square s, int span) const;
    // The sums of position/square_sums.h: from now on, per player, the worth of its pieces on
    // the board (worth(piece, square), read once) and of its hand (hand_worth(type) per piece),
    // named by `id`.
    void keep_square_sums(std::uint64_t id,
                          const std::function<SquareWorth(PieceCode, Square)>& worth,
                          const std::function<int(PieceType)>& hand_worth);
    std::uint64_t square_sums_id() const { return square_sums_id_; }
    SquareWorth square_sum(Player p) const { return square_sums_[p]; }
    int kept_hand_sum(Player p) const { return hand_sums_[p]; }
    // From now on keeps the accumulators of `net` (null: none) up to date as pieces move: each
    // placement and removal on the board, each piece into or out of a hand adds or removes its
    // feature's weights (nnue/feature_set.h), on do_move and undo_move alike.
    void keep_network(std::shared_ptr<const nnue::Network> net);
    const nnue::Network* kept_network() const { return net_.get(); }
    const nnue::Accumulator& accumulator() const { return accumulator_; }
    // Where player p's King stands (kNoSquare if it has none).
    Square royal_square(Player p) const {
        return king_[p] == fast::kNoSq ? kNoSquare : fast::kTables.canonical[king_[p]];
    }
    int hand_count(Player p, PieceType t) const {
        return static_cast<unsigned>(t) < 128 ? hand_[p][keys_->hand_slot[t]] : 0;
    }
    bool is_active(Player p) const { return (active_ >> p) & 1; }
    std::uint64_t key() const { return key_; }

    void legal_moves(MoveList& list) const;
    bool is_legal(Move m) const { return legal(m); }
    // Decided for the one move, without generating others (a hash or killer move): whether the
    // generator would make m if the King could be left in check (pseudo_legal), and whether it
    // makes m (legal). Any bit pattern may be asked.
    bool pseudo_legal(Move m) const;
    bool legal(Move m) const;
    void generate(MoveKind kind, MoveList& list) const { generate_kind(kind, list); }
    void generate(MoveKind kind, ScoredMoveList& list) const { generate_kind(kind, list); }
    // The quiet moves (MoveKind::Quiets) that land within two squares (Chebyshev) of `center`,
    // the center included, and give check: the search's mate probe's candidates besides the
    // captures. Drops are generated only onto the squares their kind checks from.
    void generate_quiet_checks_near(Square center, MoveList& list) const;
    // Every quiet move that gives check (the quiet moves futility pruning keeps).
    void generate_quiet_checks(MoveList& list) const;
    void do_move(Move m);
    // The key the position will have after the legal move m (its table entries can be loaded
    // while the move is made).
    std::uint64_t key_after(Move m) const;
    void undo_move();
    // The side to move passes (a search's null move); it must not be in check.
    void do_null_move();
    void undo_null_move();
    bool in_check(Player p) const;
    bool has_legal_move(Player p) const;
    bool gives_check(Move m) const;
    // Static exchange evaluation by the swap rule of position/static_exchange.h, on bitboards:
    // x-rays come from the occupancy, attackers from the attacker tables.
    int see(Move m) const;
    bool see_ge(Move m, int threshold) const;
    int mobility(Player p) const;
    // Every square a player's pieces attack, once and at least twice, and its mobility, from
    // one pass over its pieces: the evaluation's King safety and mobility at the cost of one
    // mobility() (asking attackers() of each square near both Kings cost more than the rest
    // of the evaluation).
    struct AttackMap {
        fast::Bitboard once, twice;
        int mobility = 0;
        // attackers(p, s) counted up to 2.
        int count(Square s) const {
            const int i = fast::kTables.internal[s];
            return int{once.test(i)} + int{twice.test(i)};
        }
    };
    AttackMap attack_map(Player p) const;
    // The zone counts of player p's King on k (position/king_zone.h) from p's attack map and
    // its opponent's, by set operations.
    KingZoneCounts king_zone(Player p, Square k, const AttackMap& own,
                             const AttackMap& enemy) const;
    // Whether a piece of type t that `by` drops could check the King on k from an empty square
    // that the player of `guard` does not attack.
    // The sum of worth[t] (by variant type) over the types t that `by` holds in hand and could
    // drop to check the King on k from a square `guard`'s player does not attack.
    int unguarded_drop_check_worth(Player by, Square k, const AttackMap& guard,
                                   const int* worth) const;
    int drop_attacks(Player by, PieceType t, Square s, Square* out) const;
    int attackers(Player by, Square s) const {
        return attackers_to(static_cast<fast::Color>(by), fast::kTables.internal[s], occupied())
            .count();
    }

    // The keys since construction, with who moved and whether each move gave check (a null
    // move counts as nobody's); set_history replaces them by a longer history that ends in
    // this position (a search's root: the game before it), whose last key must be key().
    const KeyHistory& key_history() const { return key_history_; }
    void set_history(KeyHistory history);
    Repetition repetition(int since_ply) const { return key_history_.repetition(since_ply); }

    // The key computed from scratch (tests compare it with the incremental key).
    std::uint64_t compute_key() const;
    // Writes the legal moves of the side to move to `out` (room for kMaxMoves); returns the count.
    int generate(Move* out) const;
    // The number of legal moves of the side to move, without writing them (bulk counting).
    int count_legal() const;
    // Leaf count below this position, bulk-counted (the last ply only counts); perft (perft.h)
    // uses it up to kLeafCountDepth, where a 64-bit count cannot overflow on 9x9.
    std::uint64_t perft_leaves(int depth);
    static constexpr int kLeafCountDepth = 6;

  private:
    struct StateInfo {
        Move move;
        fast::Piece captured;
        std::uint64_t key;
        fast::Bitboard checkers;
    };

    template <class List>
    void generate_kind(MoveKind kind, List& list) const;
    // The generators hand their moves to a sink that writes or only counts them (.cpp).
    template <fast::Color Us, class Sink>
    void generate_for(Sink& sink, fast::Bitboard checkers) const;
    template <fast::Color Us, class Sink>
    void generate_king(Sink& sink, int ksq) const;
    template <fast::Color Us, class Sink>
    void generate_drops(Sink& sink, fast::Bitboard target) const;
    template <fast::Color Us>
    bool drop_pawn_mates(int to) const;

    // The sliders of a color by the rays they attack along (one grouping for every test).
    struct Sliders {
        fast::Bitboard from_north, from_south, horizontal, diag_north, diag_south;
    };
    Sliders sliders(fast::Color by) const;
    // Those that attack a square from its side `d` (a ray direction, attacks.h).
    fast::Bitboard sliders_along(fast::Color by, int d) const;
    fast::Bitboard step_attackers(fast::Color by, int sq) const;
    fast::Bitboard attackers_to(fast::Color by, int sq, fast::Bitboard occ) const;
    fast::Bitboard slider_attackers(fast::Color by, int sq, fast::Bitboard occ) const;
    template <fast::Color By>
    bool attacked(int sq, fast::Bitboard occ) const;
    template <fast::Color By>
    bool slid_onto(int sq, fast::Bitboard occ) const;
    fast::Bitboard pinned(fast::Color c, fast::Bitboard occ) const;
    // The pieces (of any color) that stand alone between a slider of `by` and the square ksq
    // on the slider's line.
    fast::Bitboard line_blockers(fast::Color by, int ksq, fast::Bitboard occ) const;
    // For gives_check, each computed when first asked in a position: the squares from which a
    // piece of `kind` of the side to move would attack the enemy King, and the side to move's
    // pieces that alone block one of its sliders' lines to that King (moved off the line, they
    // uncover a check).
    fast::Bitboard check_squares(int kind) const;
    fast::Bitboard compute_check_squares(int kind) const;
    fast::Bitboard discoverers() const;
    struct CheckSquares {
        static constexpr std::uint32_t kDiscoverersKnown = 1u << 31;
        std::uint32_t known = 0;  // bit k: of_kind[k] is computed
        std::array<fast::Bitboard, fast::kKinds> of_kind;
        fast::Bitboard discoverers;
    };
    template <fast::Color C>
    AttackMap attack_map_of() const;
    // The slider of `by` that attacks the square ksq along the line through `vacated` once
    // `vacated` is empty (occupancy `occ`), leaving out the pieces in `gone`: a discovered check.
    fast::Bitboard discovered_attacker(fast::Color by, int ksq, int vacated, fast::Bitboard occ,
                                       fast::Bitboard gone) const;
    // The checkers of the side to move after `by` moved a piece of `kind` from `from` (kNoSq
    // for a drop) to `to`, on the board as it now stands: the moved piece and what it uncovered.
    fast::Bitboard checkers_after(fast::Color by, int kind, int from, int to) const;
    // The square of the attacker among `attackers` that captures first in a static exchange
    // (lowest value, then lowest canonical square); kNoSq if there is none.
    int least_valuable(fast::Bitboard attackers) const;
    // What a static exchange starts from: m's square, the occupancy once m is made, the kind m
    // leaves on the square and what m itself wins.
    struct ExchangeStart {
        int to;
        fast::Bitboard occ;
        int on_to;
        int first_gain = 0;
    };
    ExchangeStart exchange_start(Move m) const;
    // Plays the static exchange that e starts, capture by capture, from the mover's opponent
    // on: calls capture(gain) with what each capture wins (capture and promotion) and stops
    // when it returns false or when the side to capture has no attacker.
    template <class Capture>
    void play_exchange(ExchangeStart e, Capture&& capture) const;
    // The quiet moves onto the empty squares of `onto` that give check.
    void generate_quiet_checks_onto(fast::Bitboard onto, MoveList& list) const;
    fast::Bitboard pieces(fast::Color c, int kind) const { return by_color_[c] & by_kind_[kind]; }
    fast::Bitboard occupied() const { return by_color_[0] | by_color_[1]; }

    // Board and bitboards only (the key is updated by the caller).
    void put_raw(fast::Piece p, int sq);
    fast::Piece remove_raw(int sq);

    std::shared_ptr<const Variant> variant_;
    std::shared_ptr<const fast::VariantKeys> keys_;
    std::array<fast::Piece, fast::kSquares> board_{};
    std::array<fast::Bitboard, 2> by_color_{};
    std::array<fast::Bitboard, fast::kKinds> by_kind_{};
    std::array<std::array<std::uint8_t, fast::kHandKinds>, 2> hand_{};
    std::array<int, 2> king_{fast::kNoSq, fast::kNoSq};
    fast::Color us_ = fast::kBlack;
    std::uint8_t active_ = 0x3;
    int move_number_ = 1;
    std::uint64_t key_ = 0;
    fast::Bitboard checkers_;
    std::vector<StateInfo> stack_;
    // When the side not to move stood in check at construction (no game reaches that), the
    // first move's checkers are found by the full scan: the moved piece may not be the only one.
    std::size_t full_check_scan_until_ = 0;
    KeyHistory key_history_;
    mutable CheckSquares check_squares_{};
    // The square sums (square_sums.h), if kept: worth by piece and square, and the sums.
    std::uint64_t square_sums_id_ = 0;
    std::shared_ptr<const std::vector<SquareWorth>> square_worth_;
    std::array<SquareWorth, 2> square_sums_{};
    std::array<int, fast::kHandKinds> hand_worth_{};  // by kind; all 0 until kept
    std::array<int, 2> hand_sums_{};
    // The network's accumulators, if kept: the feature of each piece on each square and of each
    // hand count, for both perspectives (-1: none).
    std::shared_ptr<const nnue::Network> net_;
    std::vector<std::array<int, 2>> net_board_features_;  // by worth_index(piece, square)
    // [color][kind][count - 1]
    std::array<std::array<std::vector<std::array<int, 2>>, fast::kHandKinds>, 2> net_hand_features_;
    nnue::Accumulator accumulator_;
    void net_place(fast::Piece p, int sq, bool add) {
        const auto& f = net_board_features_[worth_index(p, sq)];
        for (Player q = 0; q < 2; ++q)
            add ? net_->add_feature(accumulator_, q, f[q])
                : net_->remove_feature(accumulator_, q, f[q]);
    }
    // The hand of `c` holds one more (`add`) or one fewer piece of `kind`; `count` is the
    // larger of the two counts.
    void net_hand(fast::Color c, int kind, int count, bool add) {
        const auto& by_count = net_hand_features_[c][kind];
        if (count < 1 || count > static_cast<int>(by_count.size())) return;
        const auto& f = by_count[static_cast<std::size_t>(count - 1)];
        for (Player q = 0; q < 2; ++q)
            if (f[q] >= 0)
                add ? net_->add_feature(accumulator_, q, f[q])
                    : net_->remove_feature(accumulator_, q, f[q]);
    }
    static std::size_t worth_index(fast::Piece p, int sq) {
        return static_cast<std::size_t>(p) * fast::kSquares + static_cast<std::size_t>(sq);
    }
};

static_assert(SearchPosition<FastPosition>);

}  // namespace seireigi
