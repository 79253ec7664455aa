#include "game/move_refusal.h"

#include <algorithm>
#include <string>
#include <vector>

namespace seireigi {

namespace {

// The name of the face a piece shows: "Pawn", or "Tokin" once promoted.
std::string face_name(const Variant& v, PieceCode pc) {
    const PieceTypeInfo& base = v.types[type_of(pc)];
    return is_promoted(pc) ? v.types[base.promotes_to].name : base.name;
}

// "your" for the player to move, "Gote's" for anybody else.
std::string whose(const Variant& v, Player mover, Player owner) {
    return owner == mover ? "your" : v.players[owner].name + "'s";
}

// A piece that stands in for other players' pieces in the probes below: it occupies their
// squares (so that lines stay blocked as they are) without attacking the mover's King.
PieceType stand_in_type(const Variant& v) {
    if (!v.hand_types.empty()) return v.hand_types.front();
    for (PieceType t = 0; t < static_cast<PieceType>(v.types.size()); ++t)
        if (v.types[t].is_base && !v.types[t].royal) return t;
    return kNoType;
}

// A probe position in which only `mover` can attack anything: every other piece, except those
// on `keep` squares, becomes the mover's stand-in. Only the mover is active, so that building
// it never runs the four-player turn procedure.
PositionState disarmed(const Variant& v, PositionState st, Player mover,
                       const std::vector<Square>& keep, PieceType stand_in) {
    for (Square s = 0; s < v.geo.squares(); ++s) {
        const PieceCode pc = st.board[s];
        if (pc == kEmpty || owner_of(pc) == mover) continue;
        if (std::find(keep.begin(), keep.end(), s) != keep.end()) continue;
        st.board[s] = make_piece(mover, stand_in, false);
    }
    st.to_move = mover;
    st.active = static_cast<std::uint8_t>(1u << mover);
    return st;
}

bool reaches(const std::shared_ptr<const Variant>& v, const PositionState& st, Player mover,
             Square from, Square to) {
    GenericPosition probe(v, st);
    MoveList list;
    probe.generate_legal(mover, list);
    return std::any_of(list.begin(), list.end(),
                       [&](Move m) { return !m.is_drop() && m.from() == from && m.to() == to; });
}

// The pieces of other players that would attack the mover's King once the move is made on the
// board of `after` ("Gote's Bishop on 2b"), each found by disarming all the others.
std::vector<std::string> attackers(const std::shared_ptr<const Variant>& v,
                                   const PositionState& after, Player mover, PieceType stand_in) {
    std::vector<std::string> out;
    const Geometry& g = v->geo;
    for (Square s = 0; s < g.squares(); ++s) {
        const PieceCode pc = after.board[s];
        if (pc == kEmpty || owner_of(pc) == mover) continue;
        GenericPosition probe(v, disarmed(*v, after, mover, {s}, stand_in));
        if (probe.in_check(mover))
            out.push_back(whose(*v, mover, owner_of(pc)) + " " + face_name(*v, pc) + " on " +
                          g.name(s));
    }
    return out;
}

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
    return out;
}

// The state after the move, on the board only (hands and turn untouched).
PositionState board_after(const Variant& v, PositionState st, Player mover, const MoveText& mt) {
    if (mt.drop) {
        st.board[mt.to] = make_piece(mover, mt.dropped, false);
    } else {
        PieceCode pc = st.board[mt.from];
        if (mt.promotion == MoveText::Promotion::Yes && v.can_promote(pc))
            pc = static_cast<PieceCode>(pc | 0x80);
        st.board[mt.to] = pc;
        st.board[mt.from] = kEmpty;
    }
    return st;
}

// "would leave your King in check from Gote's Bishop on 2b", or nothing when the King is safe.
std::optional<std::string> king_exposure(const GenericPosition& pos, const MoveText& mt,
                                         PieceType stand_in) {
    const Variant& v = pos.variant();
    const Player mover = pos.side_to_move();
    const PositionState after = board_after(v, pos.state(), mover, mt);
    const auto by = attackers(pos.variant_ptr(), after, mover, stand_in);
    if (by.empty()) return std::nullopt;
    const bool king_moves = !mt.drop && v.types[type_of(pos.piece_on(mt.from))].royal;
    if (pos.in_check(mover) && !king_moves)
        return "your King is in check and this move does not stop it (check from " + joined(by) +
               ")";
    return std::string(king_moves ? "your King would move into check"
                                  : "it would leave your King in check") +
           " from " + joined(by);
}

std::string board_move_reason(const GenericPosition& pos, const MoveText& mt) {
    const Variant& v = pos.variant();
    const Geometry& g = v.geo;
    const Player mover = pos.side_to_move();
    const PieceCode pc = pos.piece_on(mt.from);
    if (pc == kEmpty) return "there is no piece on " + g.name(mt.from);
    const std::string name = face_name(v, pc);
    if (!pos.is_active(owner_of(pc)))
        return "the " + name + " on " + g.name(mt.from) + " is neutral (" +
               v.players[owner_of(pc)].name + " is out of the game): nobody moves it";
    if (owner_of(pc) != mover)
        return "the " + name + " on " + g.name(mt.from) + " is " + v.players[owner_of(pc)].name +
               "'s, not yours";
    if (mt.from == mt.to) return "a piece must move to another square";
    const PieceCode target = pos.piece_on(mt.to);
    if (target != kEmpty && owner_of(target) == mover)
        return "your own " + face_name(v, target) + " stands on " + g.name(mt.to);
    const PieceType stand_in = stand_in_type(v);
    if (stand_in == kNoType) return "it is not legal here";
    const PositionState now = pos.state();
    if (!reaches(pos.variant_ptr(), disarmed(v, now, mover, {mt.to}, stand_in), mover, mt.from,
                 mt.to)) {
        // Where the piece can go in fact, from the legal moves.
        MoveList legal;
        pos.legal_moves(legal);
        std::vector<std::string> targets;
        for (Move m : legal)
            if (!m.is_drop() && m.from() == mt.from && !m.promotes())
                targets.push_back(g.name(m.to()));
        for (Move m : legal)
            if (!m.is_drop() && m.from() == mt.from && m.promotes() &&
                std::find(targets.begin(), targets.end(), g.name(m.to())) == targets.end())
                targets.push_back(g.name(m.to()));
        // On an empty board, with only the target: blocked, or never a move of this piece?
        PositionState alone = empty_state(v);
        alone.board[mt.from] = pc;
        alone.board[mt.to] = target;
        std::string why =
            reaches(pos.variant_ptr(), disarmed(v, alone, mover, {mt.to}, stand_in), mover, mt.from,
                    mt.to)
                ? "other pieces are in the way from " + g.name(mt.from) + " to " + g.name(mt.to)
                : "a " + name + " cannot move from " + g.name(mt.from) + " to " + g.name(mt.to);
        why += targets.empty() ? "; it has no legal move now"
                               : "; from " + g.name(mt.from) + " it can go to " + joined(targets);
        return why;
    }
    if (auto exposed = king_exposure(pos, mt, stand_in)) return *exposed;
    return "it is not legal here";
}

std::string drop_reason(const GenericPosition& pos, const MoveText& mt) {
    const Variant& v = pos.variant();
    const Geometry& g = v.geo;
    const Player mover = pos.side_to_move();
    const PieceTypeInfo& info = v.types[mt.dropped];
    if (!v.drops) return "there are no drops in " + v.name;
    if (std::find(v.hand_types.begin(), v.hand_types.end(), mt.dropped) == v.hand_types.end())
        return "a " + info.name + " is never held in hand";
    if (pos.hand_count(mover, mt.dropped) == 0) return "you have no " + info.name + " in hand";
    const PieceCode there = pos.piece_on(mt.to);
    if (there != kEmpty)
        return g.name(mt.to) + " is occupied (" + whose(v, mover, owner_of(there)) + " " +
               face_name(v, there) + ")";
    if (!v.may_drop(mover, mt.dropped, mt.to))
        return info.no_drop_last_ranks >= 0
                   ? "a " + info.name + " may not be dropped on your last " +
                         std::to_string(info.no_drop_last_ranks) + " rank(s)"
                   : "a " + info.name + " dropped on " + g.name(mt.to) +
                         " could never move (drop it nearer your side)";
    if (info.one_per_file) {
        const Orientation o = v.orientation(mover);
        const PieceCode own = make_piece(mover, mt.dropped, false);
        for (Square s = 0; s < g.squares(); ++s)
            if (pos.piece_on(s) == own && g.line_of(o, s) == g.line_of(o, mt.to))
                return "you already have an unpromoted " + info.name + " on " + g.name(s) +
                       " in the same file (nifu: two on one file are not allowed)";
    }
    const PieceType stand_in = stand_in_type(v);
    if (stand_in != kNoType)
        if (auto exposed = king_exposure(pos, mt, stand_in)) return *exposed;
    if (info.no_drop_mate) return "a " + info.name + " drop may not give checkmate (uchifuzume)";
    return "it is not legal here";
}

std::string written(const Variant& v, const MoveText& mt) {
    if (mt.drop) return write_move(v, Move::drop(mt.dropped, mt.to));
    return write_move(v, Move::board(mt.from, mt.to, mt.promotion == MoveText::Promotion::Yes));
}

}  // namespace

Diagnostic explain_refusal(const GenericPosition& pos, const MoveText& mt) {
    const std::string reason = mt.drop ? drop_reason(pos, mt) : board_move_reason(pos, mt);
    return {"", "illegal move " + written(pos.variant(), mt) + ": " + reason};
}

std::variant<Move, Diagnostic> read_legal_move(const GenericPosition& pos, const MoveList& legal,
                                               std::string_view text) {
    const Variant& v = pos.variant();
    auto parsed = parse_move_text(v, text);
    if (auto* d = std::get_if<Diagnostic>(&parsed)) return *d;
    const MoveText& mt = std::get<MoveText>(parsed);
    auto found = find_move(v, mt, legal);
    if (std::holds_alternative<Move>(found)) return found;
    // A move legal in its other promotion form: the text layer's message says which to write.
    if (!mt.drop) {
        for (bool promote : {false, true})
            if (std::find(legal.begin(), legal.end(), Move::board(mt.from, mt.to, promote)) !=
                legal.end())
                return found;
    }
    return explain_refusal(pos, mt);
}

}  // namespace seireigi
