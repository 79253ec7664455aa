#include "fast/fast_position.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstring>
#include <stdexcept>

#include "fast/attack_counter.h"
#include "fast/move_rules.h"
#include "fast/seireigi_rules.h"
#include "fast/variant_keys.h"
#include "position/static_exchange.h"
#include "position/zobrist.h"
#include "rules/variant_fingerprint.h"

namespace seireigi {

namespace fast {

namespace {

constexpr std::uint32_t kBoardBit = 1u << 29;
constexpr std::uint32_t kPromoteBit = 1u << 27;

inline std::uint32_t from_bits(int from) {
    return (static_cast<std::uint32_t>(kTables.canonical[from]) << 10) | kBoardBit;
}
inline Move raw_move(std::uint32_t raw) {
    return std::bit_cast<Move>(raw);
}

// Where the generator puts its moves: MoveWriter writes them, MoveCounter only counts them
// (bulk-counting perft needs just the number of legal moves at the last ply, and counting a
// set of target squares is one popcount instead of a loop).
struct MoveWriter {
    Move* out;
    // The squares a move that does not promote (a King's step) is kept onto: the generator
    // tests only those King steps for safety.
    Bitboard kept_onto() const { return Bitboard::all(); }
    // The move `bits` to every square of `to`.
    void add_to(std::uint32_t bits, Bitboard to) {
        to.for_each([&](int t) { *out++ = raw_move(bits | kTables.canonical[t]); });
    }
    // Pawn pushes to `to`, each from the square `Back` behind.
    template <int Back>
    void add_pushes(std::uint32_t bits, Bitboard to) {
        to.for_each(
            [&](int t) { *out++ = raw_move(from_bits(t + Back) | kTables.canonical[t] | bits); });
    }
    // Drops of the kinds bits[0..kinds) on every square of `to`, square by square.
    void add_drops(const std::uint32_t* bits, int kinds, Bitboard to) {
        if (kinds == 0) return;
        to.for_each([&](int t) {
            const std::uint32_t sq = kTables.canonical[t];
            for (int i = 0; i < kinds; ++i) *out++ = raw_move(bits[i] | sq);
        });
    }
};

// A MoveWriter of captures and promotions (MoveKind::Captures): a move that does not promote
// is kept only onto an enemy piece, and generate_for leaves the drops out (in drop-heavy
// positions they are most of the moves).
struct CaptureWriter : MoveWriter {
    static constexpr bool kSkipsDrops = true;
    Bitboard enemy;
    Bitboard kept_onto() const { return enemy; }
    void add_to(std::uint32_t bits, Bitboard to) {
        MoveWriter::add_to(bits, bits & kPromoteBit ? to : to & enemy);
    }
    template <int Back>
    void add_pushes(std::uint32_t bits, Bitboard to) {
        MoveWriter::add_pushes<Back>(bits, bits & kPromoteBit ? to : to & enemy);
    }
};

// A MoveWriter of the moves that neither capture nor promote (MoveKind::Quiets), drops included,
// onto the squares of `onto` (empty squares: every quiet move, or some of them).
struct QuietWriter : MoveWriter {
    Bitboard onto;
    Bitboard kept_onto() const { return onto; }
    void add_to(std::uint32_t bits, Bitboard to) {
        if (!(bits & kPromoteBit)) MoveWriter::add_to(bits, to & onto);
    }
    template <int Back>
    void add_pushes(std::uint32_t bits, Bitboard to) {
        if (!(bits & kPromoteBit)) MoveWriter::add_pushes<Back>(bits, to & onto);
    }
    void add_drops(const std::uint32_t* bits, int kinds, Bitboard to) {
        MoveWriter::add_drops(bits, kinds, to & onto);
    }
};

// A writer of the quiet moves onto `onto` that may give check: a drop, or a move of a piece that
// blocks none of its side's lines to the enemy King, only onto the squares from which its kind
// checks (where such a move checks exactly); a piece that blocks one (`discoverers`) anywhere,
// for gives_check to decide. CheckSquares(kind) gives those squares (computed when first
// asked: most kinds have no quiet move onto `onto`).
template <class CheckSquares>
struct QuietCheckWriter : MoveWriter {
    Bitboard onto;
    CheckSquares check_squares;
    Bitboard discoverers;
    const std::int8_t* kind_of_type;
    const Piece* board;
    // A King's step checks only by uncovering a line: where the King blocks none, the generator
    // need not test its steps for safety.
    Bitboard king_onto;
    Bitboard kept_onto() const { return king_onto; }
    void add_to(std::uint32_t bits, Bitboard to) {
        to &= onto;
        if ((bits & kPromoteBit) || !to) return;
        if (!(bits & kBoardBit)) {
            to &= check_squares(kind_of_type[raw_move(bits).dropped()]);
        } else if (const int from = kTables.internal[(bits >> 10) & 0x3FF];
                   !discoverers.test(from)) {
            const int kind = kind_of(board[from]);
            if (kind == kKing) return;  // a King's step never checks by itself
            to &= check_squares(kind);
        }
        MoveWriter::add_to(bits, to);
    }
    template <int Back>
    void add_pushes(std::uint32_t bits, Bitboard to) {
        to &= onto;
        if ((bits & kPromoteBit) || !to) return;
        // Pushes from the blocking Pawns' squares (a push moves toward lower rows for Black).
        const Bitboard uncovering = Back == 1 ? discoverers.up() : discoverers.down();
        MoveWriter::add_pushes<Back>(bits, to & (check_squares(kPawn) | uncovering));
    }
    void add_drops(const std::uint32_t* bits, int kinds, Bitboard to) {
        to &= onto;
        if (!to) return;
        for (int i = 0; i < kinds; ++i)
            MoveWriter::add_drops(bits + i, 1,
                                  to & check_squares(kind_of_type[raw_move(bits[i]).dropped()]));
    }
};

struct MoveCounter {
    int n = 0;
    Bitboard kept_onto() const { return Bitboard::all(); }
    // Many target sets are empty (blocked pieces, no promotion): a test is cheaper than a count.
    void add_to(std::uint32_t, Bitboard to) {
        if (to) n += to.count();
    }
    template <int Back>
    void add_pushes(std::uint32_t, Bitboard to) {
        if (to) n += to.count();
    }
    void add_drops(const std::uint32_t*, int kinds, Bitboard to) {
        if (kinds) n += kinds * to.count();
    }
};

// The moves of a piece of kind `Kind` from `from` to every square of `to`, with the promotion
// choices of move_rules.h.
// A MoveCounter for "is there a legal move?": generate_for may stop once it has counted one.
struct AnyMoveCounter : MoveCounter {
    static constexpr bool kStopsAtFirst = true;
};

template <Color Us, int Kind, class Sink>
inline void emit(Sink& sink, int from, Bitboard to) {
    const std::uint32_t fb = from_bits(from);
    if constexpr (promotable(Kind)) {
        constexpr Bitboard forced = dead_squares(Us, Kind);
        sink.add_to(fb | kPromoteBit, kZone[Us].test(from) ? to : to & kZone[Us]);
        to = to.andnot(forced);
    }
    sink.add_to(fb, to);
}

template <Color Us, int Kind, class Sink>
inline void emit_pieces(Sink& sink, Bitboard pieces, Bitboard occ, Bitboard target, Bitboard pin,
                        int ksq) {
    pieces.for_each([&](int from) {
        Bitboard to = attacks<Us>(Kind, from, occ) & target;
        if (pin.test(from)) to &= pin_ray(ksq, from, occ);
        emit<Us, Kind>(sink, from, to);
    });
}

}  // namespace
}  // namespace fast

using namespace fast;

namespace {

// The seven hand kinds in the order of the variant's hand (docs/rules.md §A.1: P L N S G B R), then
// the royal: the fingerprint fixes this order, so it maps the variant's types to our kinds.
constexpr int kHandOrder[] = {kPawn, kLance, kKnight, kSilver, kGold, kBishop, kRook, kKing};

// piece_on() reads code[0], never written here, for an empty square.
static_assert(kEmpty == 0);

std::shared_ptr<const VariantKeys> build_keys(const Variant& v) {
    auto k = std::make_shared<VariantKeys>();
    k->kind_of_type.fill(-1);
    for (int i = 0; i < 7; ++i) k->type_of_kind[kHandOrder[i]] = v.hand_types[i];
    for (PieceType t = 0; t < static_cast<PieceType>(v.types.size()); ++t)
        if (v.types[t].is_base && v.types[t].royal) k->type_of_kind[kKing] = t;
    for (int kind = kPawn; kind <= kKing; ++kind)
        k->kind_of_type[k->type_of_kind[kind]] = static_cast<std::int8_t>(kind);
    for (int kind = kPawn; kind < kKing; ++kind)
        k->hand_slot[k->type_of_kind[kind]] = static_cast<std::uint8_t>(kind);
    for (int c = 0; c < 2; ++c) {
        for (int kind = kPawn; kind < kKinds; ++kind) {
            const Piece p = fast::make_piece(static_cast<Color>(c), kind);
            const PieceCode code =
                seireigi::make_piece(c, k->type_of_kind[base_of(kind)], kind > kKing);
            k->code[p] = code;
            for (int sq = 0; sq < kSquares; ++sq)
                k->board[p][sq] = zobrist::board(code, kTables.canonical[sq]);
        }
        for (int kind = kPawn; kind < kKing; ++kind)
            k->hand[c][kind] = zobrist::hand(c, k->type_of_kind[kind]);
        k->to_move[c] = zobrist::to_move(c);
    }
    for (int c = 0; c < 2; ++c) k->side_change[c] = k->to_move[c ^ 1] - k->to_move[c];
    k->active = zobrist::active(0x3);
    for (int kind = kPawn; kind < kKing; ++kind)
        k->drop_bits[kind] = Move::drop(k->type_of_kind[kind], 0).raw();
    for (int kind = kPawn; kind < kKinds; ++kind) {
        const PieceCode code = k->code[fast::make_piece(kBlack, kind)];
        k->capture_value[kind] = exchange_capture_value(v, code);
        k->promotion_gain[kind] = promotable(kind) ? exchange_promotion_gain(v, type_of(code)) : 0;
        k->most_promotion_gain = std::max(k->most_promotion_gain, k->promotion_gain[kind]);
        k->attacker_order[kind] = exchange_attacker_order(v, code);
        k->kinds_by_order[kind - 1] = kind;
    }
    std::stable_sort(k->kinds_by_order.begin(), k->kinds_by_order.end(),
                     [&](int a, int b) { return k->attacker_order[a] < k->attacker_order[b]; });
    return k;
}

}  // namespace

bool FastPosition::supports(const Variant& v, std::string* why) {
    const std::string found = variant_rules_text(v);
    if (found == kSeireigiRules) return true;
    if (why) {
        *why = "the fast engine plays only standard 9x9 Seireigi, not '" + v.id + "'";
        // A changed copy of Seireigi: where its rules differ (for the person who changed it).
        if (v.id.find("seireigi") != std::string::npos && v.geo.files == 9 && v.geo.ranks == 9 &&
            v.num_players() == 2)
            *why += " (its rules differ from standard Seireigi: " +
                    first_rules_difference(kSeireigiRules, found) + ")";
    }
    return false;
}

FastPosition::FastPosition(std::shared_ptr<const Variant> variant, const PositionState& state)
    : variant_(std::move(variant)) {
    std::string why;
    if (!supports(*variant_, &why)) throw std::invalid_argument(why);
    keys_ = build_keys(*variant_);
    const Variant& v = *variant_;
    if (state.board.size() != 81 || state.hands.size() != 2)
        throw std::invalid_argument("fast engine: the position does not fit the variant");
    if (state.active != 0x3 || state.to_move < 0 || state.to_move > 1)
        throw std::invalid_argument("fast engine: both players must be active");
    for (Square s = 0; s < 81; ++s) {
        const PieceCode pc = state.board[s];
        if (pc == kEmpty) continue;
        const int owner = owner_of(pc);
        const int kind = keys_->kind_of_type[type_of(pc)];
        if (owner < 0 || owner > 1 || kind < 0 || (is_promoted(pc) && !promotable(kind)))
            throw std::invalid_argument("fast engine: unknown piece on " + v.geo.name(s));
        if (kind == kKing && king_[owner] != kNoSq)
            throw std::invalid_argument("fast engine: more than one King per player");
        put_raw(
            fast::make_piece(static_cast<Color>(owner), kind + (is_promoted(pc) ? kPromoted : 0)),
            kTables.internal[s]);
    }
    for (int c = 0; c < 2; ++c) {
        for (PieceType t = 0; t < static_cast<PieceType>(state.hands[c].size()); ++t) {
            const int n = state.hands[c][t];
            if (n == 0) continue;
            const int kind = t < 128 ? keys_->kind_of_type[t] : -1;
            if (kind < kPawn || kind >= kKing || n < 0 || n > 127)
                throw std::invalid_argument("fast engine: cannot hold that hand");
            hand_[c][kind] = static_cast<std::uint8_t>(n);
        }
    }
    us_ = static_cast<Color>(state.to_move);
    active_ = state.active;
    move_number_ = state.move_number;
    key_ = compute_key();
    checkers_ = king_[us_] != kNoSq ? attackers_to(~us_, king_[us_], occupied()) : Bitboard();
    if (king_[~us_] != kNoSq && attackers_to(us_, king_[~us_], occupied()))
        full_check_scan_until_ = 1;
    stack_.reserve(64);
    key_history_ = KeyHistory(key_);
    key_history_.reserve(64);
}

PositionState FastPosition::state() const {
    PositionState st = empty_state(*variant_);
    for (Square s = 0; s < 81; ++s) st.board[s] = piece_on(s);
    for (int c = 0; c < 2; ++c)
        for (int kind = kPawn; kind < kKing; ++kind)
            st.hands[c][keys_->type_of_kind[kind]] = hand_[c][kind];
    st.to_move = us_;
    st.active = active_;
    st.move_number = move_number_ + static_cast<int>(stack_.size()) / 2;
    return st;
}

int FastPosition::mobility(Player p) const {
    const Color c = static_cast<Color>(p);
    const Bitboard own = by_color_[c], occ = occupied();
    // Not counted: own pieces' squares and the Kings' (no move captures a King).
    const Bitboard closed = own | by_kind_[kKing];
    int n = 0;
    (own & ~by_kind_[kKing]).for_each([&](int sq) {
        const int kind = kind_of(board_[sq]);
        const Bitboard to =
            c == kBlack ? attacks<kBlack>(kind, sq, occ) : attacks<kWhite>(kind, sq, occ);
        n += (to & ~closed).count();
    });
    return n;
}

FastPosition::AttackMap FastPosition::attack_map(Player p) const {
    return p == kBlack ? attack_map_of<kBlack>() : attack_map_of<kWhite>();
}

// The pieces' attacks added to an AttackCounter (attack_counter.h), kind by kind.
template <Color C>
FastPosition::AttackMap FastPosition::attack_map_of() const {
    const Bitboard own = by_color_[C], occ = occupied();
    AttackCounter counter(~(own | by_kind_[kKing]));  // the open squares, as in mobility()
    const auto add = [&](Bitboard to) { counter.add(to); };
    // Pawns all at once: no two attack the same square.
    const Bitboard pawns = pieces(C, kPawn).andnot(kLastRank[C]);
    add(C == kBlack ? pawns.up() : pawns.down());
    // Kind by kind, so that each kind's attacks are its own code, not a switch per piece.
    const auto add_kind = [&]<int Kind>(Bitboard set) {
        set.for_each([&](int sq) { add(attacks<C>(Kind, sq, occ)); });
    };
    add_kind.template operator()<kLance>(pieces(C, kLance));
    add_kind.template operator()<kKnight>(pieces(C, kKnight));
    add_kind.template operator()<kSilver>(pieces(C, kSilver));
    // A Tokin attacks as a Gold does (attacks.cpp gives both the Gold's steps).
    add_kind.template operator()<kGold>(pieces(C, kGold) | pieces(C, kTokin));
    add_kind.template operator()<kBishop>(pieces(C, kBishop));
    add_kind.template operator()<kRook>(pieces(C, kRook));
    // The other promoted kinds, looked for one by one only when one stands on the board (most
    // positions have none).
    const auto& k = by_kind_;
    if (by_color_[C] &
        (k[kTiger] | k[kHeavenly] | k[kWolf] | k[kHorse] | k[kDragon] | k[kElephant])) {
        add_kind.template operator()<kTiger>(pieces(C, kTiger));
        add_kind.template operator()<kHeavenly>(pieces(C, kHeavenly));
        add_kind.template operator()<kWolf>(pieces(C, kWolf));
        add_kind.template operator()<kHorse>(pieces(C, kHorse));
        add_kind.template operator()<kDragon>(pieces(C, kDragon));
        add_kind.template operator()<kElephant>(pieces(C, kElephant));
    }
    AttackMap map;
    map.mobility = counter.overflowed() ? mobility(C) : counter.mobility();
    map.once = counter.once();
    map.twice = counter.twice();
    if (king_[C] != kNoSq) {
        const Bitboard king = step_attacks(C, kKing, king_[C]);
        map.twice |= map.once & king;
        map.once |= king;
    }
    return map;
}

KingZoneCounts FastPosition::king_zone(Player p, Square k, const AttackMap& own,
                                       const AttackMap& enemy) const {
    const Bitboard zone = step_attacks(kBlack, kKing, kTables.internal[k]);
    const Bitboard thin = zone.andnot(own.twice);  // the King's side attacks at most once
    const Bitboard empty_thin = thin.andnot(occupied());
    KingZoneCounts c;
    c.attacks = (zone & enemy.once).count() + (zone & enemy.twice).count();
    c.weak = (thin & enemy.once).count();
    c.supported_holes = (empty_thin & enemy.once).count();
    c.holes = empty_thin.andnot(enemy.once).count();
    c.defenders = (zone & by_color_[p]).count();
    return c;
}

// As drop_attacks(): a piece of `by` dropped on x attacks k exactly when the same kind of the
// other color on k attacks x.
int FastPosition::unguarded_drop_check_worth(Player by, Square k, const AttackMap& guard,
                                             const int* worth) const {
    const int sq = kTables.internal[k];
    const Bitboard occ = occupied();
    const Bitboard safe = (~occ).andnot(guard.once);
    const auto& hand = hand_[by];
    int sum = 0;
    const auto add = [&]<Color Them>() {
        for (int kind = kPawn; kind < kKing; ++kind)
            if (hand[kind] && (attacks<Them>(kind, sq, occ) & safe))
                sum += worth[keys_->type_of_kind[kind]];
    };
    if (by == kBlack)
        add.template operator()<kWhite>();
    else
        add.template operator()<kBlack>();
    return sum;
}

int FastPosition::drop_attacks(Player by, PieceType t, Square s, Square* out) const {
    const int kind = t >= 0 && t < 128 ? keys_->kind_of_type[t] : -1;
    if (kind < kPawn || kind >= kKing) return 0;
    // A piece of `by` on x attacks s exactly when the same kind of the other color on s
    // attacks x (the reversed vectors, as in step_attackers).
    const int sq = kTables.internal[s];
    const Bitboard occ = occupied();
    const Bitboard from =
        by == kBlack ? attacks<kWhite>(kind, sq, occ) : attacks<kBlack>(kind, sq, occ);
    int n = 0;
    from.andnot(occ).for_each([&](int x) { out[n++] = kTables.canonical[x]; });
    return n;
}

int FastPosition::list_pieces(PlacedPiece* out) const {
    int n = 0;
    occupied().for_each([&](int sq) {
        out[n++] = {kTables.canonical[sq], keys_->code[board_[sq]]};
    });
    return n;
}

std::uint64_t FastPosition::compute_key() const {
    std::uint64_t k = 0;
    for (int sq = 0; sq < kSquares; ++sq)
        if (board_[sq]) k += keys_->board[board_[sq]][sq];
    for (int c = 0; c < 2; ++c)
        for (int kind = kPawn; kind < kKing; ++kind) k += hand_[c][kind] * keys_->hand[c][kind];
    return k + keys_->to_move[us_] + keys_->active;
}

// ---- board updates ------------------------------------------------------------------------

void FastPosition::keep_square_sums(std::uint64_t id,
                                    const std::function<SquareWorth(PieceCode, Square)>& worth,
                                    const std::function<int(PieceType)>& hand_worth) {
    auto table = std::make_shared<std::vector<SquareWorth>>(worth_index(32, 0));
    for (Piece p = 1; p < 32; ++p) {
        if (kind_of(p) == 0 || kind_of(p) >= kKinds) continue;
        for (int sq = 0; sq < kSquares; ++sq)
            (*table)[worth_index(p, sq)] = worth(keys_->code[p], kTables.canonical[sq]);
    }
    square_worth_ = std::move(table);
    square_sums_id_ = id;
    square_sums_ = {};
    for (int sq = 0; sq < kSquares; ++sq)
        if (const Piece p = board_[sq])
            square_sums_[color_of(p)] += (*square_worth_)[worth_index(p, sq)];
    for (int kind = kPawn; kind < kKing; ++kind)
        hand_worth_[kind] = hand_worth(keys_->type_of_kind[kind]);
    for (int c = 0; c < 2; ++c) {
        hand_sums_[c] = 0;
        for (int kind = kPawn; kind < kKing; ++kind)
            hand_sums_[c] += hand_[c][kind] * hand_worth_[kind];
    }
}

void FastPosition::keep_network(std::shared_ptr<const nnue::Network> net) {
    net_ = std::move(net);
    net_board_features_.clear();
    for (auto& by_color : net_hand_features_)
        for (auto& by_kind : by_color) by_kind.clear();
    if (!net_) return;
    const nnue::FeatureSet& fs = net_->features();
    net_board_features_.assign(worth_index(32, 0), {-1, -1});
    for (Piece p = 1; p < 32; ++p) {
        if (kind_of(p) == 0 || kind_of(p) >= kKinds) continue;
        for (int sq = 0; sq < kSquares; ++sq)
            for (Player q = 0; q < 2; ++q)
                net_board_features_[worth_index(p, sq)][q] =
                    fs.board_feature(q, keys_->code[p], kTables.canonical[sq]);
    }
    for (int c = 0; c < 2; ++c)
        for (int kind = kPawn; kind < kKing; ++kind) {
            const PieceType t = keys_->type_of_kind[kind];
            for (int k = 1; k <= fs.hand_limit(t); ++k)
                net_hand_features_[c][kind].push_back(
                    {fs.hand_feature(0, c, t, k), fs.hand_feature(1, c, t, k)});
        }
    net_->refresh(accumulator_, 0, fs.active(state(), 0));
    net_->refresh(accumulator_, 1, fs.active(state(), 1));
}

// Up to four calls per move made and taken back: inlined (the link-time optimizer kept them
// out of line).
[[gnu::always_inline]] inline void FastPosition::put_raw(Piece p, int sq) {
    const Bitboard b = square_bb(sq);
    board_[sq] = p;
    by_color_[color_of(p)] |= b;
    by_kind_[kind_of(p)] |= b;
    if (kind_of(p) == kKing) king_[color_of(p)] = sq;
    if (square_worth_) square_sums_[color_of(p)] += (*square_worth_)[worth_index(p, sq)];
    if (net_) net_place(p, sq, true);
}

[[gnu::always_inline]] inline Piece FastPosition::remove_raw(int sq) {
    const Piece p = board_[sq];
    const Bitboard b = square_bb(sq);
    board_[sq] = 0;
    by_color_[color_of(p)] ^= b;
    by_kind_[kind_of(p)] ^= b;
    if (kind_of(p) == kKing) king_[color_of(p)] = kNoSq;
    if (square_worth_) square_sums_[color_of(p)] -= (*square_worth_)[worth_index(p, sq)];
    if (net_) net_place(p, sq, false);
    return p;
}

std::uint64_t FastPosition::key_after(Move m) const {
    const Color us = us_;
    const int to = kTables.internal[m.to()];
    std::uint64_t k = key_ + keys_->side_change[us];
    if (m.is_drop()) {
        const int kind = keys_->kind_of_type[m.dropped()];
        return k + keys_->board[fast::make_piece(us, kind)][to] - keys_->hand[us][kind];
    }
    const int from = kTables.internal[m.from()];
    Piece p = board_[from];
    k -= keys_->board[p][from];
    if (const Piece captured = board_[to])
        k += keys_->hand[us][base_of(kind_of(captured))] - keys_->board[captured][to];
    if (m.promotes()) p += kPromoted;
    return k + keys_->board[p][to];
}

void FastPosition::do_move(Move m) {
    check_squares_.known = 0;
    const Color us = us_;
    stack_.push_back(StateInfo{m, 0, key_, checkers_});
    const int to = kTables.internal[m.to()];
    int from = kNoSq, moved;  // the square left and the kind that now stands on `to`
    if (m.is_drop()) {
        const int kind = keys_->kind_of_type[m.dropped()];
        if (net_) net_hand(us, kind, hand_[us][kind], false);
        --hand_[us][kind];
        hand_sums_[us] -= hand_worth_[kind];
        const Piece p = fast::make_piece(us, kind);
        put_raw(p, to);
        key_ += keys_->board[p][to] - keys_->hand[us][kind];
        moved = kind;
    } else {
        from = kTables.internal[m.from()];
        Piece p = remove_raw(from);
        key_ -= keys_->board[p][from];
        if (board_[to]) {
            const Piece captured = remove_raw(to);
            stack_.back().captured = captured;
            const int base = base_of(kind_of(captured));
            ++hand_[us][base];
            if (net_) net_hand(us, base, hand_[us][base], true);
            hand_sums_[us] += hand_worth_[base];
            key_ += keys_->hand[us][base] - keys_->board[captured][to];
        }
        if (m.promotes()) p += kPromoted;
        put_raw(p, to);
        key_ += keys_->board[p][to];
        moved = kind_of(p);
    }
    key_ += keys_->side_change[us];
    us_ = ~us;
    if (king_[us_] == kNoSq)
        checkers_ = Bitboard();
    else if (stack_.size() <= full_check_scan_until_)
        checkers_ = attackers_to(us, king_[us_], occupied());
    else
        checkers_ = checkers_after(us, moved, from, to);
    key_history_.push(key_, us, static_cast<bool>(checkers_));
}

void FastPosition::undo_move() {
    assert(!stack_.empty() && "undo_move without a move to undo");
    check_squares_.known = 0;
    const StateInfo& st = stack_.back();
    const Color us = ~us_;
    const int to = kTables.internal[st.move.to()];
    Piece p = remove_raw(to);
    if (st.move.is_drop()) {
        ++hand_[us][kind_of(p)];
        if (net_) net_hand(us, kind_of(p), hand_[us][kind_of(p)], true);
        hand_sums_[us] += hand_worth_[kind_of(p)];
    } else {
        if (st.move.promotes()) p -= kPromoted;
        put_raw(p, kTables.internal[st.move.from()]);
        if (st.captured) {
            put_raw(st.captured, to);
            const int base = base_of(kind_of(st.captured));
            if (net_) net_hand(us, base, hand_[us][base], false);
            --hand_[us][base];
            hand_sums_[us] -= hand_worth_[base];
        }
    }
    us_ = us;
    key_ = st.key;
    checkers_ = st.checkers;
    stack_.pop_back();
    key_history_.pop();
}

void FastPosition::do_null_move() {
    check_squares_.known = 0;
    stack_.push_back(StateInfo{Move(), 0, key_, checkers_});
    key_ += keys_->side_change[us_];
    us_ = ~us_;
    checkers_ = king_[us_] != kNoSq ? attackers_to(~us_, king_[us_], occupied()) : Bitboard();
    key_history_.push(key_, -1, false);
}

void FastPosition::undo_null_move() {
    check_squares_.known = 0;
    us_ = ~us_;
    key_ = stack_.back().key;
    checkers_ = stack_.back().checkers;
    stack_.pop_back();
    key_history_.pop();
}

void FastPosition::set_history(KeyHistory history) {
    if (history.ply() < 0 || history.key(history.ply()) != key_)
        throw std::invalid_argument("fast engine: the history does not end in this position");
    key_history_ = std::move(history);
}

// ---- attacks ------------------------------------------------------------------------------

// The pieces of `by` that attack sq by a step or leap (sq's neighbourhood must hold one of
// them for any to exist: kTables.near). A piece of `by` on s attacks sq exactly when s is among
// the squares the same kind of the other color attacks from sq (the reversed vectors).
[[gnu::always_inline]] inline Bitboard FastPosition::step_attackers(Color by, int sq) const {
    const Color r = ~by;
    const auto& k = by_kind_;
    return (step_attacks(r, kPawn, sq) & k[kPawn]) | (step_attacks(r, kKnight, sq) & k[kKnight]) |
           (step_attacks(r, kSilver, sq) & k[kSilver]) |
           // Running Wolf's adjacent squares are a Gold's (its slides are below).
           (step_attacks(r, kGold, sq) & (k[kGold] | k[kTokin] | k[kWolf])) |
           (step_attacks(r, kKing, sq) & (k[kKing] | k[kHorse] | k[kDragon])) |
           (step_attacks(r, kElephant, sq) & k[kElephant]) |
           (step_attacks(r, kHeavenly, sq) & k[kHeavenly]) |
           (step_attacks(r, kTiger, sq) & k[kTiger]);
}

// The sliders of `by` that reach a square from its side d (a ray direction): pieces north of a
// square reach it by sliding south (White's forward), and so on. One place for the grouping: a
// new slider is one edit here.
[[gnu::always_inline]] inline Bitboard FastPosition::sliders_along(Color by, int d) const {
    const auto& k = by_kind_;
    const Bitboard them = by_color_[by];
    const bool white = by == kWhite;
    switch (d) {
        case kN:
            return them & (k[kRook] | k[kDragon] | k[kWolf] | (white ? k[kLance] : Bitboard()));
        case kS:
            return them & (k[kRook] | k[kDragon] | k[kWolf] | (white ? Bitboard() : k[kLance]));
        case kE:
        case kW:
            return them & (k[kRook] | k[kDragon] | k[kTiger]);
        case kNE:
        case kNW:
            return them & (k[kBishop] | k[kHorse] | (white ? k[kElephant] : Bitboard()));
        default:
            return them & (k[kBishop] | k[kHorse] | (white ? Bitboard() : k[kElephant]));
    }
}

// The same for every side at once.
[[gnu::always_inline]] inline FastPosition::Sliders FastPosition::sliders(Color by) const {
    return {sliders_along(by, kN), sliders_along(by, kS), sliders_along(by, kE),
            sliders_along(by, kNE), sliders_along(by, kSE)};
}

Bitboard FastPosition::attackers_to(Color by, int sq, Bitboard occ) const {
    Bitboard att;
    if (by_color_[by] & kTables.near[sq]) att = step_attackers(by, sq);
    return (att | slider_attackers(by, sq, occ)) & by_color_[by];
}

// The sliders of `by` that reach sq over `occ` (and pieces of the other color on the same
// squares: the caller keeps those of `by`).
Bitboard FastPosition::slider_attackers(Color by, int sq, Bitboard occ) const {
    Bitboard att;
    // Look along a line only when a slider that could use it stands on it; one lookup per line
    // (attacks.h), each half kept for the sliders that slide along it.
    const Sliders s = sliders(by);
    const Bitboard vertical = (ray_bb(kN, sq) & s.from_north) | (ray_bb(kS, sq) & s.from_south);
    if (vertical) att |= file_attacks(sq, occ) & vertical;
    const Bitboard horizontal = kTables.line[kRankLine][sq].bits() & s.horizontal;
    if (horizontal) att |= rank_attacks(sq, occ) & horizontal;
    const Bitboard rising = (ray_bb(kNE, sq) & s.diag_north) | (ray_bb(kSW, sq) & s.diag_south);
    if (rising) att |= line_attacks<kRisingLine>(sq, occ) & rising;
    const Bitboard falling = (ray_bb(kNW, sq) & s.diag_north) | (ray_bb(kSE, sq) & s.diag_south);
    if (falling) att |= line_attacks<kFallingLine>(sq, occ) & falling;
    return att;
}

// Whether a piece of color By attacks sq: attackers_to() with early exits, for King steps.
// Most squares near a King have no enemy piece within two squares and no enemy slider on their
// lines, which two tests of precomputed masks settle. Inlined into the loops over King steps so
// that the compiler computes the enemy piece sets once per loop, not once per square.
template <Color By>
[[gnu::always_inline]] inline bool FastPosition::attacked(int sq, Bitboard occ) const {
    const Bitboard them = by_color_[By];
    if ((them & kTables.near[sq]) && (step_attackers(By, sq) & them)) return true;
    return slid_onto<By>(sq, occ);
}

// Whether a piece of color By attacks sq by a slide.
template <Color By>
[[gnu::always_inline]] inline bool FastPosition::slid_onto(int sq, Bitboard occ) const {
    const auto& k = by_kind_;
    const Bitboard sliders_any = by_color_[By] & (k[kLance] | k[kBishop] | k[kRook] | k[kTiger] |
                                                  k[kWolf] | k[kHorse] | k[kDragon] | k[kElephant]);
    if (!(sliders_any & kTables.lines[sq])) return false;
    const Sliders s = sliders(By);
    if ((ray_bb(kN, sq) & s.from_north) && (ray_attacks<kN>(sq, occ) & s.from_north)) return true;
    if ((ray_bb(kS, sq) & s.from_south) && (ray_attacks<kS>(sq, occ) & s.from_south)) return true;
    if (((ray_bb(kE, sq) | ray_bb(kW, sq)) & s.horizontal) &&
        (rank_attacks(sq, occ) & s.horizontal))
        return true;
    if (((ray_bb(kNE, sq) | ray_bb(kNW, sq)) & s.diag_north) &&
        ((ray_attacks<kNE>(sq, occ) | ray_attacks<kNW>(sq, occ)) & s.diag_north))
        return true;
    return ((ray_bb(kSE, sq) | ray_bb(kSW, sq)) & s.diag_south) &&
           ((ray_attacks<kSE>(sq, occ) | ray_attacks<kSW>(sq, occ)) & s.diag_south);
}

// Inlined where the squares are known already (most asks), computed apart the first time.
[[gnu::always_inline]] inline Bitboard FastPosition::check_squares(int kind) const {
    if (check_squares_.known & (1u << kind)) return check_squares_.of_kind[kind];
    return compute_check_squares(kind);
}

Bitboard FastPosition::compute_check_squares(int kind) const {
    // A piece of the side to move on x attacks the King exactly when the same kind of the other
    // color on the King's square attacks x (the reversed vectors, as in drop_attacks).
    CheckSquares& cs = check_squares_;
    const int ksq = king_[~us_];
    cs.of_kind[kind] = us_ == kBlack ? attacks<kWhite>(kind, ksq, occupied())
                                     : attacks<kBlack>(kind, ksq, occupied());
    cs.known |= 1u << kind;
    return cs.of_kind[kind];
}

Bitboard FastPosition::discoverers() const {
    CheckSquares& cs = check_squares_;
    if (!(cs.known & CheckSquares::kDiscoverersKnown)) {
        cs.discoverers = line_blockers(us_, king_[~us_], occupied()) & by_color_[us_];
        cs.known |= CheckSquares::kDiscoverersKnown;
    }
    return cs.discoverers;
}

std::pair<int, int> FastPosition::enemy_ring_sums(Player p, Square s, const int* near_by_face,
                                                  const int* far_by_face) const {
    const int c = kTables.internal[s];
    const Bitboard next = step_attacks(kBlack, kKing, c);
    const Bitboard enemy = by_color_[p ^ 1] & kTables.near[c];
    const auto sum = [&](Bitboard pieces, const int* by_face) {
        int total = 0;
        pieces.for_each([&](int sq) {
            total += by_face[static_cast<std::size_t>(face_of(keys_->code[board_[sq]]))];
        });
        return total;
    };
    return {sum(enemy & next, near_by_face), sum(enemy.andnot(next), far_by_face)};
}

// A piece at distance x adds span - x: once for each d from x to span - 1, in the count of the
// pieces within d. Every square lies within 8 of every other.
int FastPosition::nearness(Player p, Square s, int span) const {
    const Bitboard pieces = by_color_[p].andnot(by_kind_[kKing]);
    const auto& within = kTables.within[kTables.internal[s]];
    int sum = 0;
    for (int d = 0; d < std::min(span, 8); ++d) sum += (pieces & within[d]).count();
    return sum + std::max(0, span - 8) * pieces.count();
}

Bitboard FastPosition::pinned(Color c, Bitboard occ) const {
    const int ksq = king_[c];
    if (ksq == kNoSq) return Bitboard();
    return line_blockers(~c, ksq, occ) & by_color_[c];
}

Bitboard FastPosition::line_blockers(Color by, int ksq, Bitboard occ) const {
    const Sliders s = sliders(by);
    const Bitboard snipers = (ray_bb(kN, ksq) & s.from_north) | (ray_bb(kS, ksq) & s.from_south) |
                             ((ray_bb(kE, ksq) | ray_bb(kW, ksq)) & s.horizontal) |
                             ((ray_bb(kNE, ksq) | ray_bb(kNW, ksq)) & s.diag_north) |
                             ((ray_bb(kSE, ksq) | ray_bb(kSW, ksq)) & s.diag_south);
    Bitboard result;
    snipers.for_each([&](int sq) {
        const Bitboard b = between(ksq, sq) & occ;
        if (b && !b.more_than_one()) result |= b;
    });
    return result;
}

Bitboard FastPosition::discovered_attacker(Color by, int ksq, int vacated, Bitboard occ,
                                           Bitboard gone) const {
    const int d = kTables.direction[ksq][vacated];
    if (d < 0) return Bitboard();
    // The sliders that reach ksq from that side of it.
    const Bitboard group = sliders_along(by, d).andnot(gone);
    if (!(ray_bb(d, ksq) & group)) return Bitboard();
    return ray_attacks(d, ksq, occ) & group;
}

// Before the move the side to move was not in check (a legal position), so a piece can check
// it now only by standing on `to` or by sliding through the square the move left.
Bitboard FastPosition::checkers_after(Color by, int kind, int from, int to) const {
    const int ksq = king_[~by];
    const Bitboard occ = occupied();
    const bool direct = by == kBlack ? attacks_square<kBlack>(kind, to, ksq, occ)
                                     : attacks_square<kWhite>(kind, to, ksq, occ);
    Bitboard checkers = direct ? square_bb(to) : Bitboard();
    if (from != kNoSq) checkers |= discovered_attacker(by, ksq, from, occ, Bitboard());
    return checkers;
}

bool FastPosition::in_check(Player p) const {
    return king_[p] != kNoSq && attackers_to(static_cast<Color>(p ^ 1), king_[p], occupied());
}

// ---- move generation ----------------------------------------------------------------------

template <Color Us, class Sink>
void FastPosition::generate_king(Sink& sink, int ksq) const {
    const Bitboard to =
        step_attacks(Us, kKing, ksq).andnot(by_color_[Us]).andnot(square_bb(king_[~Us])) &
        sink.kept_onto();
    if (!to) return;
    const Bitboard occ = occupied() ^ square_bb(ksq);  // sliders see through the moving King
    // The squares enemy pieces reach by a step or leap, from the few that stand near enough:
    // one lookup per such piece instead of eight per King step.
    Bitboard stepped;
    (by_color_[~Us] & kTables.near3[ksq]).for_each([&](int s) {
        stepped |= step_attacks(~Us, kind_of(board_[s]), s);
    });
    Bitboard safe;
    for (Bitboard left = to.andnot(stepped); left;) {
        const int t = left.pop();
        if (slid_onto<~Us>(t, occ)) continue;
        safe |= square_bb(t);
        if constexpr (requires { Sink::kStopsAtFirst; }) break;  // one answers "any move?"
    }
    sink.add_to(from_bits(ksq), safe);
}

// Whether a pawn dropped by Us on `to` (in front of the enemy King, so giving check) mates.
// The check by an adjacent pawn cannot be blocked: the enemy escapes only by taking the pawn with
// a piece that is not pinned (pins counted with the pawn on the board, which may break one) or
// by a King step to a square Us does not attack.
template <Color Us>
bool FastPosition::drop_pawn_mates(int to) const {
    constexpr Color Them = ~Us;
    const int ksq = king_[Them];
    const Bitboard occ = occupied() | square_bb(to);
    if (attackers_to(Us, ksq, occupied())) {
        // Them is already in check (not a position of a game): decide by playing it out.
        FastPosition copy(*this);
        copy.full_check_scan_until_ = copy.stack_.size() + 1;
        copy.do_move(raw_move(keys_->drop_bits[kPawn] | kTables.canonical[to]));
        return !copy.has_legal_move(Them);
    }
    Bitboard takers = attackers_to(Them, to, occ).andnot(square_bb(ksq));
    if (takers && takers.andnot(pinned(Them, occ))) return false;
    const Bitboard flights = step_attacks(Them, kKing, ksq).andnot(by_color_[Them]);
    const Bitboard occ_without_king = occ ^ square_bb(ksq);
    bool mate = true;
    flights.for_each([&](int f) {
        if (mate && !attacked<Us>(f, occ_without_king)) mate = false;
    });
    return mate;
}
// move_validation.cpp asks it too.
template bool FastPosition::drop_pawn_mates<kBlack>(int) const;
template bool FastPosition::drop_pawn_mates<kWhite>(int) const;

template <Color Us, class Sink>
void FastPosition::generate_drops(Sink& sink, Bitboard target) const {
    const auto& h = hand_[Us];
    if (h[kPawn]) {
        // Nifu: no file holding one of our unpromoted Pawns.
        Bitboard to = target.andnot(kLastRank[Us]).andnot(occupied_files(pieces(Us, kPawn)));
        const int front = pawn_checking_square(Us, king_[~Us]);
        if (front != kNoSq && to.test(front) && drop_pawn_mates<Us>(front)) to ^= square_bb(front);
        sink.add_to(keys_->drop_bits[kPawn], to);
    }
    // The other kinds by rank band: every kind that may go to the squares of the band (Lance
    // and Knight not on the ranks where they could not move again).
    std::uint32_t bits[6];
    int n = 0;
    for (const int kind : {kSilver, kGold, kBishop, kRook})
        if (h[kind]) bits[n++] = keys_->drop_bits[kind];
    const int anywhere = n;  // kinds allowed on every square
    if (h[kLance]) bits[n++] = keys_->drop_bits[kLance];
    const int with_lance = n;  // ... and those allowed but on the last rank
    if (h[kKnight]) bits[n++] = keys_->drop_bits[kKnight];
    sink.add_drops(bits, n, target.andnot(kLastTwo[Us]));
    sink.add_drops(bits, with_lance, target & kLastTwo[Us] & ~kLastRank[Us]);
    sink.add_drops(bits, anywhere, target & kLastRank[Us]);
}

template <Color Us, class Sink>
void FastPosition::generate_for(Sink& sink, Bitboard checkers) const {
    const int ksq = king_[Us];
    if (ksq != kNoSq) generate_king<Us>(sink, ksq);
    if (checkers.more_than_one()) return;
    if constexpr (requires { Sink::kStopsAtFirst; })
        if (sink.n) return;  // a King step is a legal move: the question is answered

    const Bitboard occ = occupied();
    Bitboard target, drop_target;
    if (checkers) {
        // Take the checker or step between; a Heavenly Horse is the only piece that checks by
        // a leap along a line (fD, fA), and a leap cannot be blocked.
        const int csq = checkers.first();
        const Bitboard block = kind_of(board_[csq]) == kHeavenly ? Bitboard() : between(ksq, csq);
        target = checkers | block;
        drop_target = block;
    } else {
        target = (~by_color_[Us]).andnot(square_bb(king_[~Us]));
        drop_target = ~occ;
    }
    const Bitboard pin = pinned(Us, occ);

    // Pawns that are not pinned, all at once: one shift forward.
    const Bitboard pawns = pieces(Us, kPawn);
    const Bitboard free_pawns = pawns.andnot(pin).andnot(kLastRank[Us]);
    const Bitboard pawn_to = (Us == kBlack ? free_pawns.up() : free_pawns.down()) & target;
    constexpr int kBack = Us == kBlack ? 1 : -1;
    sink.template add_pushes<kBack>(kPromoteBit, pawn_to & kZone[Us]);
    sink.template add_pushes<kBack>(0, pawn_to.andnot(kLastRank[Us]));
    emit_pieces<Us, kPawn>(sink, pawns & pin, occ, target, pin, ksq);

    emit_pieces<Us, kLance>(sink, pieces(Us, kLance), occ, target, pin, ksq);
    emit_pieces<Us, kKnight>(sink, pieces(Us, kKnight), occ, target, pin, ksq);
    emit_pieces<Us, kSilver>(sink, pieces(Us, kSilver), occ, target, pin, ksq);
    emit_pieces<Us, kGold>(sink, pieces(Us, kGold), occ, target, pin, ksq);
    emit_pieces<Us, kBishop>(sink, pieces(Us, kBishop), occ, target, pin, ksq);
    emit_pieces<Us, kRook>(sink, pieces(Us, kRook), occ, target, pin, ksq);
    emit_pieces<Us, kTokin>(sink, pieces(Us, kTokin), occ, target, pin, ksq);
    emit_pieces<Us, kTiger>(sink, pieces(Us, kTiger), occ, target, pin, ksq);
    emit_pieces<Us, kHeavenly>(sink, pieces(Us, kHeavenly), occ, target, pin, ksq);
    emit_pieces<Us, kWolf>(sink, pieces(Us, kWolf), occ, target, pin, ksq);
    emit_pieces<Us, kHorse>(sink, pieces(Us, kHorse), occ, target, pin, ksq);
    emit_pieces<Us, kDragon>(sink, pieces(Us, kDragon), occ, target, pin, ksq);
    emit_pieces<Us, kElephant>(sink, pieces(Us, kElephant), occ, target, pin, ksq);

    std::uint64_t any_hand;
    static_assert(sizeof any_hand == sizeof hand_[Us]);
    std::memcpy(&any_hand, hand_[Us].data(), sizeof any_hand);
    if constexpr (!requires { Sink::kSkipsDrops; })
        if (any_hand && drop_target) generate_drops<Us>(sink, drop_target);
}

int FastPosition::generate(Move* out) const {
    MoveWriter w{out};
    if (us_ == kBlack)
        generate_for<kBlack>(w, checkers_);
    else
        generate_for<kWhite>(w, checkers_);
    return static_cast<int>(w.out - out);
}

int FastPosition::count_legal() const {
    MoveCounter c;
    if (us_ == kBlack)
        generate_for<kBlack>(c, checkers_);
    else
        generate_for<kWhite>(c, checkers_);
    return c.n;
}

namespace {
// Room for a move list without initialising it (Move is trivially copyable, so the bytes
// become Moves when written).
struct MoveBuffer {
    alignas(Move) std::byte bytes[FastPosition::kMaxMoves * sizeof(Move)];
    Move* data() { return reinterpret_cast<Move*>(bytes); }
};
}  // namespace

void FastPosition::legal_moves(MoveList& list) const {
    MoveBuffer buf;
    const int n = generate(buf.data());
    list.insert(list.end(), buf.data(), buf.data() + n);
}

bool FastPosition::has_legal_move(Player p) const {
    const Color c = static_cast<Color>(p);
    // The side to move's checkers are kept (do_move); another player's are looked up.
    const Bitboard checkers = c == us_            ? checkers_
                              : king_[c] != kNoSq ? attackers_to(~c, king_[c], occupied())
                                                  : Bitboard();
    AnyMoveCounter counter;
    if (c == kBlack)
        generate_for<kBlack>(counter, checkers);
    else
        generate_for<kWhite>(counter, checkers);
    return counter.n > 0;
}

template <class List>
void FastPosition::generate_kind(MoveKind kind, List& list) const {
    if (kind == MoveKind::Evasions && !checkers_) return;
    MoveBuffer buf;
    int n;
    Move* const start = buf.data();
    const auto generate_with = [this, start](auto writer) {
        if (us_ == kBlack)
            generate_for<kBlack>(writer, checkers_);
        else
            generate_for<kWhite>(writer, checkers_);
        return static_cast<int>(writer.out - start);
    };
    if (kind == MoveKind::Captures)
        n = generate_with(CaptureWriter{{start}, by_color_[~us_]});
    else if (kind == MoveKind::Quiets)
        n = generate_with(QuietWriter{{start}, ~occupied()});
    else
        n = generate(buf.data());
    if constexpr (requires { list.insert(list.end(), start, start + n); }) {
        if (kind != MoveKind::Checks) {
            list.insert(list.end(), start, start + n);  // one copy, not a push per move
            return;
        }
    }
    for (int i = 0; i < n; ++i)
        if (kind != MoveKind::Checks || is_of_kind(*this, start[i], kind)) list.push_back(start[i]);
}
template void FastPosition::generate_kind(MoveKind, MoveList&) const;
template void FastPosition::generate_kind(MoveKind, ScoredMoveList&) const;

void FastPosition::generate_quiet_checks_near(Square center, MoveList& list) const {
    const int c = kTables.internal[center];
    generate_quiet_checks_onto(kTables.near[c] | square_bb(c), list);
}

void FastPosition::generate_quiet_checks(MoveList& list) const {
    generate_quiet_checks_onto(Bitboard::all(), list);
}

void FastPosition::generate_quiet_checks_onto(Bitboard onto, MoveList& list) const {
    if (king_[~us_] == kNoSq) return;  // nothing to check
    onto = onto.andnot(occupied());
    MoveBuffer buf;
    Move* const start = buf.data();
    const auto generate_with = [this](auto& writer) {
        if (us_ == kBlack)
            generate_for<kBlack>(writer, checkers_);
        else
            generate_for<kWhite>(writer, checkers_);
        return writer.out;
    };
    // A drop checks exactly from its kind's check squares, unless the enemy King may stand in
    // check already (gives_check then plays each move).
    const bool drops_checked = stack_.size() >= full_check_scan_until_;
    Move* end;
    if (drops_checked) {
        const auto checks = [this](int kind) { return check_squares(kind); };
        const Bitboard uncovering = discoverers();
        QuietCheckWriter<decltype(checks)> writer{
            {start},
            onto,
            checks,
            uncovering,
            keys_->kind_of_type.data(),
            board_.data(),
            king_[us_] != kNoSq && uncovering.test(king_[us_]) ? onto : Bitboard()};
        end = generate_with(writer);
    } else {
        QuietWriter writer{{start}, onto};
        end = generate_with(writer);
    }
    for (const Move* m = start; m != end; ++m)
        if ((drops_checked && m->is_drop()) || gives_check(*m)) list.push_back(*m);
}

// Without playing the move: the moved piece from its new square, or a slider uncovered.
bool FastPosition::gives_check(Move m) const {
    const int ksq = king_[~us_];
    if (ksq == kNoSq) return false;
    if (stack_.size() < full_check_scan_until_) {
        // The enemy King may stand in check already: play the move to see.
        auto& self = const_cast<FastPosition&>(*this);
        self.do_move(m);
        const bool check = static_cast<bool>(checkers_);
        self.undo_move();
        return check;
    }
    const int to = kTables.internal[m.to()];
    if (m.is_drop()) return check_squares(keys_->kind_of_type[m.dropped()]).test(to);
    if (!m.promotes()) {
        const int from = kTables.internal[m.from()];
        // A piece that checks from `to` through `from` would have checked from `from` already.
        if (check_squares(kind_of(board_[from])).test(to)) return true;
        if (!discoverers().test(from)) return false;
        // Off the line it blocked, the line opens; along it, only a leap past the slider does.
        if (kTables.direction[ksq][to] != kTables.direction[ksq][from]) return true;
    }
    // A promotion (the new kind may check through `from`) or a move along the line: as
    // checkers_after() in do_move, on the occupancy the move would leave.
    const int from = kTables.internal[m.from()];
    const int kind = kind_of(board_[from]) + (m.promotes() ? kPromoted : 0);
    const Bitboard occ = (occupied() | square_bb(to)) ^ square_bb(from);
    if (us_ == kBlack ? attacks_square<kBlack>(kind, to, ksq, occ)
                      : attacks_square<kWhite>(kind, to, ksq, occ))
        return true;
    return static_cast<bool>(discovered_attacker(us_, ksq, from, occ, square_bb(from)));
}

std::uint64_t FastPosition::perft_leaves(int depth) {
    // The last ply counts the legal moves without writing them.
    if (depth <= 1) return depth == 1 ? count_legal() : 1;
    MoveBuffer buf;
    const int n = generate(buf.data());
    std::uint64_t total = 0;
    for (int i = 0; i < n; ++i) {
        do_move(buf.data()[i]);
        total += perft_leaves(depth - 1);
        undo_move();
    }
    return total;
}

// ---- static exchange (position/static_exchange.h) ------------------------------------------

int FastPosition::least_valuable(Bitboard attackers) const {
    if (!attackers) return kNoSq;  // how most exchanges end: not worth a walk over the kinds
    if (!attackers.more_than_one()) return attackers.first();  // nothing to choose from
    const auto& order = keys_->attacker_order;
    for (std::size_t i = 0; i < keys_->kinds_by_order.size(); ++i) {
        const int kind = keys_->kinds_by_order[i];
        Bitboard found = attackers & by_kind_[kind];
        if (!found) continue;
        // Kinds of equal value compete by canonical square.
        for (std::size_t j = i + 1; j < keys_->kinds_by_order.size(); ++j) {
            const int other = keys_->kinds_by_order[j];
            if (order[other] != order[kind]) break;
            found |= attackers & by_kind_[other];
        }
        int best = found.first();
        if (found.more_than_one())
            found.for_each([&](int sq) {
                if (kTables.canonical[sq] < kTables.canonical[best]) best = sq;
            });
        return best;
    }
    return kNoSq;
}

FastPosition::ExchangeStart FastPosition::exchange_start(Move m) const {
    ExchangeStart e;
    e.to = kTables.internal[m.to()];
    e.occ = occupied() | square_bb(e.to);
    if (m.is_drop()) {
        e.on_to = keys_->kind_of_type[m.dropped()];
    } else {
        const int from = kTables.internal[m.from()];
        e.on_to = kind_of(board_[from]);
        e.occ ^= square_bb(from);
        if (board_[e.to]) e.first_gain = keys_->capture_value[kind_of(board_[e.to])];
        if (m.promotes()) {
            e.first_gain += keys_->promotion_gain[e.on_to];
            e.on_to += kPromoted;
        }
    }
    return e;
}

// The mover keeps at most what m wins (the other side may decline to recapture) and at least
// that less the piece m puts on the square, taken by a recapture that promotes if one can (a
// piece promotes when it starts or ends in its zone; the mover may then stop): many exchanges
// are decided by these bounds before they are played out.
//
// Otherwise the exchange is played out only until it decides the question. With g0 what m
// wins and gi what the i-th capture's side holds if the exchange stops there (the swap list),
// see(m) >= threshold reads
//   g0 >= t  and ( -g1 >= t  or ( g2 >= t  and ( -g3 >= t  or ( ... ))))
// (each side may stop instead of capturing), which is decided at the first term that holds
// after an "or" or fails after an "and"; a side with nothing left to capture leaves it to the
// term before.
bool FastPosition::see_ge(Move m, int threshold) const {
    const ExchangeStart e = exchange_start(m);
    if (e.first_gain < threshold) return false;
    if (e.on_to == kKing) return true;
    const Color them = ~us_;
    // A recapture promotes only onto the zone or from it: by a piece of the zone on a line
    // through the square or near enough to step or leap onto it.
    const bool recapture_may_promote =
        kZone[them].test(e.to) ||
        (by_color_[them] & kZone[them] & (kTables.lines[e.to] | kTables.near[e.to]));
    const int recapture =
        keys_->capture_value[e.on_to] + (recapture_may_promote ? keys_->most_promotion_gain : 0);
    if (e.first_gain - recapture >= threshold) return true;
    int balance = e.first_gain;  // g(i-1)
    bool opponent_captures = true;
    bool holds = true;  // the answer if the side to capture next has nothing to capture with
    int captures = 1;   // the swap list's length (see() cuts it where SwapList does)
    play_exchange(e, [&](int gain) {
        balance = gain - balance;
        if (opponent_captures ? -balance >= threshold : balance < threshold) {
            holds = opponent_captures;
            return false;
        }
        holds = !opponent_captures;
        opponent_captures = !opponent_captures;
        return ++captures < SwapList::kCapacity;
    });
    return holds;
}

int FastPosition::see(Move m) const {
    const ExchangeStart e = exchange_start(m);
    SwapList swap(e.first_gain);
    play_exchange(e, [&](int gain) {
        swap.capture(gain);
        return !swap.full();
    });
    return swap.resolve();
}

template <class Capture>
void FastPosition::play_exchange(ExchangeStart e, Capture&& capture) const {
    const int to = e.to;
    Bitboard occ = e.occ;
    int on_to = e.on_to;
    // Pieces that step or leap onto `to` stay attackers until they leave the board (occ);
    // the sliders are looked up again after each capture, for the x-rays it uncovers. A side's
    // steppers are looked up when it first captures (most exchanges end before the mover's
    // side recaptures), and only if a piece of it stands near enough.
    Bitboard steppers[2];
    bool stepped[2] = {false, false};
    for (Color side = ~us_; on_to != kKing; side = ~side) {
        if (!stepped[side]) {
            stepped[side] = true;
            if (by_color_[side] & kTables.near[to])
                steppers[side] = step_attackers(side, to) & by_color_[side];
        }
        const Bitboard attackers =
            (steppers[side] | (slider_attackers(side, to, occ) & by_color_[side])) & occ;
        const int from = least_valuable(attackers);
        if (from == kNoSq) break;
        int kind = kind_of(board_[from]);
        const Bitboard after = occ ^ square_bb(from);
        if (kind == kKing && (attackers_to(~side, to, after) & after)) break;  // not legal
        int gain = keys_->capture_value[on_to];
        if (promotable(kind) && (kZone[side].test(from) || kZone[side].test(to)) &&
            exchange_promotes(true, !must_promote(side, kind, to), keys_->promotion_gain[kind])) {
            gain += keys_->promotion_gain[kind];
            kind += kPromoted;
        }
        if (!capture(gain)) break;
        on_to = kind;
        occ = after;
    }
}

}  // namespace seireigi
