#include "mate/mate_verifier.h"

#include <unordered_set>

#include "core/splitmix64.h"
#include "position/generic_position.h"
#include "text/notation.h"

namespace seireigi::mate {

namespace {

class Verifier {
  public:
    Verifier(GenericPosition& pos, Mode mode, const ProofMoves& proof, std::uint64_t max_nodes)
        : pos_(pos), mode_(mode), proof_(proof), max_nodes_(max_nodes) {}

    // Whether the attacker, to move, mates within `plies` plies.
    bool attacker_mates(int plies) {
        if (plies <= 0 || !spend()) return false;
        const std::uint64_t memo = pos_.key() ^ splitmix64(static_cast<std::uint64_t>(plies));
        if (proven_.contains(memo)) return true;
        const Player attacker = pos_.side_to_move();
        MoveList moves;
        pos_.legal_moves(moves);
        if (const auto hint = proof_.find(pos_.key()); hint != proof_.end())
            for (std::size_t i = 0; i < moves.size(); ++i)
                if (moves[i] == hint->second) {
                    std::swap(moves[0], moves[i]);
                    break;
                }
        for (Move m : moves) {
            if (!enter(m)) continue;
            const bool checks = pos_.in_check(attacker ^ 1);
            const bool mates = (mode_ == Mode::Any || checks) && defender_loses(plies - 1, m);
            leave();
            if (mates) {
                proven_.insert(memo);
                return true;
            }
        }
        return false;
    }

    std::uint64_t nodes() const { return nodes_; }
    bool out_of_nodes() const { return nodes_ >= max_nodes_; }

  private:
    // Whether the defender, to move after the attacker's `last`, loses within `plies` plies.
    bool defender_loses(int plies, Move last) {
        MoveList replies;
        pos_.legal_moves(replies);
        if (replies.empty()) {
            // A drop that may not mate must not be the mating move (the generator should never
            // have made it; this says so independently).
            const bool forbidden = last.is_drop() &&
                                   pos_.variant().types[last.dropped()].no_drop_mate &&
                                   pos_.in_check(pos_.side_to_move());
            return !forbidden;
        }
        if (plies <= 0) return false;
        for (Move m : replies) {
            if (!enter(m)) return false;  // a fourth occurrence ends the game: no mate
            const bool mated = attacker_mates(plies - 1);
            leave();
            if (!mated) return false;
        }
        return true;
    }

    // Plays m unless the position it reaches occurs for the fourth time in the game (moves
    // before the problem included), which ends the game short of mate: a draw, or a loss for a
    // side that checked throughout (docs/rules.md §A.4).
    bool enter(Move m) {
        pos_.do_move(m);
        if (pos_.repetition(0).occurrences >= 4) {
            pos_.undo_move();
            return false;
        }
        return true;
    }
    void leave() { pos_.undo_move(); }
    bool spend() { return ++nodes_ < max_nodes_; }

    GenericPosition& pos_;
    Mode mode_;
    const ProofMoves& proof_;
    std::uint64_t max_nodes_;
    std::uint64_t nodes_ = 0;
    std::unordered_set<std::uint64_t> proven_;
};

}  // namespace

Verdict verify_mate(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                    const std::vector<Move>& moves, Mode mode, const MateResult& result,
                    std::uint64_t max_nodes) {
    Verdict v;
    if (result.outcome != Outcome::Mate) {
        v.why = "no mate to verify";
        return v;
    }
    GenericPosition pos(variant, start);
    for (Move m : moves) {
        if (!pos.is_legal(m)) {
            v.why = "the moves before the problem are not legal";
            return v;
        }
        pos.do_move(m);
    }
    const int line_plies = static_cast<int>(result.line.size());
    if (line_plies % 2 == 0 || result.plies % 2 == 0 || line_plies > result.plies ||
        (result.shortest_proven && line_plies != result.plies)) {
        v.why =
            "the line's length is not an odd number of plies up to the mate's (equal to it "
            "when shortest)";
        return v;
    }
    // The line itself.
    GenericPosition line_pos = pos;
    const Player attacker = pos.side_to_move();
    std::unordered_set<std::uint64_t> seen{line_pos.key()};
    for (std::size_t i = 0; i < result.line.size(); ++i) {
        const Move m = result.line[i];
        if (!line_pos.is_legal(m)) {
            v.why =
                "ply " + std::to_string(i + 1) + " (" + write_move(*variant, m) + ") is not legal";
            return v;
        }
        line_pos.do_move(m);
        if (i % 2 == 0 && mode == Mode::Tsume && !line_pos.in_check(attacker ^ 1)) {
            v.why = "ply " + std::to_string(i + 1) + " (" + write_move(*variant, m) +
                    ") does not give check";
            return v;
        }
        if (!seen.insert(line_pos.key()).second) {
            v.why = "ply " + std::to_string(i + 1) + " repeats a position";
            return v;
        }
    }
    if (line_pos.has_legal_move(line_pos.side_to_move())) {
        v.why = "the defender still has a legal move at the end of the line";
        return v;
    }
    // Every defender reply, within the proven length.
    Verifier verifier(pos, mode, result.proof, max_nodes);
    const bool mates = verifier.attacker_mates(result.plies);
    v.nodes = verifier.nodes();
    if (!mates) {
        v.why = verifier.out_of_nodes() ? "the verifier ran out of nodes"
                                        : "a defender reply escapes the mate within " +
                                              std::to_string(result.plies) + " plies";
        return v;
    }
    v.ok = true;
    return v;
}

}  // namespace seireigi::mate
