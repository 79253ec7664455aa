// Depth-first proof-number search (df-pn, Nagai 2002) over the Position contract: the attacker
// (OR nodes) looks for a move after which every defender reply (AND nodes) still loses. Each
// node is searched until its proof or disproof number reaches a threshold; the numbers live in
// the mate table, which also answers by hand dominance. The 1 + epsilon trick lets a child run
// past the second-best sibling's number by a quarter before control returns, so the search does
// not switch between two children at every step.
//
// Rules inside the tree: a position that repeats one on the path since the root (or that would
// be the fourth occurrence in the game) is a failure for the attacker: repetition is never a
// proof, and a repetition of checks loses for the checker. Such a disproof records how far up
// the path the repeated position lies; it is sound at that position (a cycle back to itself)
// and path-dependent below it, where it is searched again when met from another path. The
// root's disproof is claimed only when sound. Drop-pawn mates are
// not legal moves, so never tried. A side with no legal move has lost (checkmate or stalemate).
//
// A ply limit (remaining >= 0) makes the search exact about mates within that many plies. A
// proven node's length (one more than the shortest proven move at an attacker's node, than the
// longest reply at a defender's) is a limit its mate is proven within: each proof rests only on
// proofs made before it. The table answers every limit from that (mate_table.h).
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_set>
#include <vector>

#include "core/splitmix64.h"
#include "mate/attacker_hand.h"
#include "mate/mate_budget.h"
#include "mate/mate_table.h"
#include "mate/mate_types.h"
#include "mate/proof_numbers.h"
#include "position/position_contract.h"
#include "position/zobrist.h"

namespace seireigi::mate {

inline constexpr int kUnlimited = -1;
// Deeper than any mate the table's lengths can hold; a path this long is left unsettled.
inline constexpr int kMaxSolvePly = 2000;

template <SearchPosition P>
class DfPn {
  public:
    DfPn(const Variant& v, MateTable& table, const HandLayout& layout, Mode mode,
         MateBudget& budget, int root_ply)
        : variant_(v),
          table_(table),
          layout_(layout),
          mode_(mode),
          budget_(budget),
          root_ply_(root_ply) {}

    // Proves or disproves that the attacker (to move in `pos`) mates within `remaining` plies
    // (kUnlimited: at all), or stops when the budget is spent.
    NodeValue solve(P& pos, int remaining) {
        const std::uint64_t key = node_key(pos);
        const PackedHand hand = layout_.pack(pos);
        NodeValue v = table_.lookup(key, hand, remaining, layout_).value_or(NodeValue{});
        while (!v.settled() && !budget_.exhausted())
            v = mid(pos, key, hand, kInfinitePn, kInfinitePn, remaining, 0, true);
        return v;
    }

    // After solve() proved a mate within `limit` plies: the line the defender resists longest
    // along into `line` (limit plies long where no shorter mate exists), and the attacker's move
    // at every attacker node of a proof tree into `proof`. False if a part could not be proven
    // again within the budget. `proven_resistance`: each defender reply on the line is proven to
    // last (no shorter mate after it), as for a mate proven shortest; otherwise the reply whose
    // proof is longest is taken, which costs no search.
    bool extract(P& pos, int limit, bool proven_resistance, ProofMoves& proof,
                 std::vector<Move>& line) {
        walked_.clear();
        proven_resistance_ = proven_resistance;
        return mating_line(pos, limit, 0, true, line) && collect(pos, limit, 0, true, proof);
    }

  private:
    struct Child {
        Move move;
        std::uint64_t key = 0;
        PackedHand hand;
        NodeValue value;
        bool fixed = false;     // settled by the path (a repetition): not read from the table
        bool searched = false;  // searched from this node, on this path
    };

    // A disproof that rested on a repetition of another path is searched again from here; one
    // this node's own search found stands.
    static bool usable(const Child& c, const NodeValue& known) {
        return c.searched || !(known.disproven() && known.path_dependent());
    }

    static int next(int remaining) { return remaining < 0 ? remaining : remaining - 1; }

    // The board and the player to move, without the hands (the table compares the attacker's
    // hand and the plies left separately).
    std::uint64_t node_key(const P& pos) const {
        std::uint64_t k = pos.key();
        for (Player p = 0; p < variant_.num_players(); ++p)
            for (PieceType t : variant_.hand_types)
                k -= static_cast<std::uint64_t>(pos.hand_count(p, t)) * zobrist::hand(p, t);
        return k;
    }

    // If the position just reached repeats one on the path from the root: how many plies above
    // (the latest occurrence); kFarReach if it occurs for the fourth time in the game; else 0.
    int repetition_reach(const P& pos) const {
        const KeyHistory& h = pos.key_history();
        const int now = h.ply();
        const std::uint64_t k = h.key(now);
        int occurrences = 1;
        for (int i = now - 1; i >= 0; --i) {
            if (h.key(i) != k) continue;
            if (i >= root_ply_) return now - i;
            ++occurrences;
        }
        return occurrences >= 4 ? kFarReach : 0;
    }

    // A child's reach seen from its parent, one ply higher.
    static std::uint16_t up(std::uint16_t reach) {
        return reach == kFarReach || reach == 0 ? reach : static_cast<std::uint16_t>(reach - 1);
    }

    std::vector<Child> expand(P& pos, bool or_node, int remaining) {
        MoveList moves;
        if (or_node && mode_ == Mode::Tsume)
            pos.generate(MoveKind::Checks, moves);
        else
            pos.generate(MoveKind::Legal, moves);
        // In canonical order, so that every position implementation searches the same tree.
        std::sort(moves.begin(), moves.end());
        std::vector<Child> children(moves.size());
        const int child_remaining = next(remaining);
        // The keys first, each child's table entry fetched ahead of its lookup below.
        for (std::size_t i = 0; i < moves.size(); ++i) {
            Child& c = children[i];
            c.move = moves[i];
            pos.do_move(c.move);
            c.key = node_key(pos);
            c.hand = layout_.pack(pos);
            if (const int reach = repetition_reach(pos)) {
                c.value = NodeValue{kInfinitePn, 0, 0, static_cast<std::uint16_t>(reach)};
                c.fixed = true;
            } else {
                table_.prefetch(c.key);
            }
            pos.undo_move();
        }
        for (Child& c : children) {
            if (c.fixed) continue;
            const auto known = table_.lookup(c.key, c.hand, child_remaining, layout_);
            if (known && usable(c, *known)) {
                c.value = *known;
                continue;
            }
            if (or_node) {
                pos.do_move(c.move);
                if (!pos.has_legal_move(pos.side_to_move()))
                    c.value = kProvenLeaf;  // the defender has no move: mate
                pos.undo_move();
            }
            if (!c.value.proven() && child_remaining == 0)
                c.value = NodeValue{kInfinitePn, 0, 0, 0};  // no ply left to mate in
            // Whether the defender can move is asked once per position: a new one is stored
            // unsettled too, as the entry replaced first (no work in it).
            if (c.value.settled())
                table_.store(c.key, c.hand, child_remaining, c.value, 1);
            else if (or_node && !known)
                table_.store(c.key, c.hand, child_remaining, c.value, 0);
        }
        return children;
    }

    static NodeValue combine(const std::vector<Child>& children, bool or_node) {
        NodeValue v;
        if (or_node) {
            v.pn = kInfinitePn;
            v.dn = 0;
            int shortest = 1 << 30;
            std::uint16_t reach = 0;  // the farthest any disproof of a child reaches
            for (const Child& c : children) {
                v.pn = std::min(v.pn, c.value.pn);
                v.dn = pn_add(v.dn, c.value.dn);
                if (c.value.proven()) shortest = std::min<int>(shortest, c.value.length);
                reach = std::max(reach, up(c.value.reach));
            }
            if (v.pn == 0) v.length = static_cast<std::uint16_t>(shortest + 1);
            if (v.dn == 0) v.reach = reach;
        } else {
            v.pn = 0;
            v.dn = kInfinitePn;
            int longest = 0;
            std::uint16_t reach = kFarReach;  // the nearest a disproven child reaches
            for (const Child& c : children) {
                v.pn = pn_add(v.pn, c.value.pn);
                v.dn = std::min(v.dn, c.value.dn);
                if (c.value.proven()) longest = std::max<int>(longest, c.value.length);
                if (c.value.disproven()) reach = std::min(reach, up(c.value.reach));
            }
            if (v.pn == 0) v.length = static_cast<std::uint16_t>(longest + 1);
            if (v.dn == 0) v.reach = reach;
        }
        if (v.settled()) {
            if (v.pn == 0) v.dn = kInfinitePn;
            if (v.dn == 0) v.pn = kInfinitePn;
        }
        return v;
    }

    // A threshold a little past the second-best sibling's number (1 + epsilon, epsilon = 1/4).
    static ProofNumber widened(ProofNumber second) {
        if (second >= kInfinitePn) return kInfinitePn;
        return std::min<ProofNumber>(kInfinitePn - 1, second + 1 + second / 4);
    }

    NodeValue mid(P& pos, std::uint64_t key, const PackedHand& hand, ProofNumber thpn,
                  ProofNumber thdn, int remaining, int ply, bool or_node) {
        const std::uint64_t start_nodes = budget_.nodes();
        budget_.spend();
        if (ply >= kMaxSolvePly) {
            const NodeValue v{kInfinitePn, 0, 0, kFarReach};
            table_.store(key, hand, remaining, v, 1);
            return v;
        }
        std::vector<Child> children = expand(pos, or_node, remaining);
        NodeValue v;
        if (children.empty()) {
            v = or_node ? NodeValue{kInfinitePn, 0, 0, 0} : kProvenLeaf;
            table_.store(key, hand, remaining, v, 1);
            return v;
        }
        for (;;) {
            v = combine(children, or_node);
            if (v.pn >= thpn || v.dn >= thdn || budget_.exhausted()) break;
            // The most proving child (least pn at an OR node, least dn at an AND node).
            std::size_t best = 0;
            ProofNumber first = kInfinitePn + 1;
            ProofNumber second = kInfinitePn;
            for (std::size_t i = 0; i < children.size(); ++i) {
                const ProofNumber n = or_node ? children[i].value.pn : children[i].value.dn;
                if (n < first) {
                    second = first;
                    first = n;
                    best = i;
                } else if (n < second) {
                    second = n;
                }
            }
            second = std::min(second, kInfinitePn);
            Child& c = children[best];
            ProofNumber child_thpn = 0;
            ProofNumber child_thdn = 0;
            if (or_node) {
                child_thpn = std::min(thpn, widened(second));
                child_thdn = std::min<ProofNumber>(kInfinitePn, thdn - v.dn + c.value.dn);
            } else {
                child_thdn = std::min(thdn, widened(second));
                child_thpn = std::min<ProofNumber>(kInfinitePn, thpn - v.pn + c.value.pn);
            }
            pos.do_move(c.move);
            c.value =
                mid(pos, c.key, c.hand, child_thpn, child_thdn, next(remaining), ply + 1, !or_node);
            c.searched = true;
            pos.undo_move();
        }
        table_.store(key, hand, remaining, v, budget_.nodes() - start_nodes);
        return v;
    }

    // The value of the position after c.move under a limit of `limit` plies, searched until
    // settled (a disproof that rested on another path's repetition is searched again).
    NodeValue settle(P& pos, const Child& c, int limit, int ply, bool child_or_node) {
        pos.do_move(c.move);
        const auto known = table_.lookup(c.key, c.hand, limit, layout_);
        NodeValue v =
            known && !(known->disproven() && known->path_dependent()) ? *known : NodeValue{};
        while (!v.settled() && !budget_.exhausted())
            v = mid(pos, c.key, c.hand, kInfinitePn, kInfinitePn, limit, ply + 1, child_or_node);
        pos.undo_move();
        return v;
    }

    // The line is decided by searches under limits (mostly answered by the table): the attacker
    // plays a move proven within the plies left; the defender a reply after which no mate within
    // two plies fewer exists, on equal terms a board move before a drop (a drop that only delays
    // the mate is a wasted interposition). Where
    // every reply loses sooner (the limit was not proven shortest), the node is walked again
    // two plies shorter, and the line ends before the limit.
    bool mating_line(P& pos, int remaining, int ply, bool or_node, std::vector<Move>& line) {
        if (ply > kMaxSolvePly || line.size() > kMaxLine || budget_.exhausted()) return false;
        std::vector<Child> children = expand(pos, or_node, remaining);
        if (children.empty()) return !or_node;
        const int child_remaining = next(remaining);
        auto follow = [&](const Child& c) {
            line.push_back(c.move);
            pos.do_move(c.move);
            const bool ok = mating_line(pos, child_remaining, ply + 1, !or_node, line);
            pos.undo_move();
            if (!ok) line.pop_back();
            return ok;
        };
        if (or_node) {
            std::vector<Child*> order;  // the shortest hint first
            for (Child& c : children)
                if (!c.fixed) order.push_back(&c);
            std::stable_sort(order.begin(), order.end(), [](const Child* a, const Child* b) {
                const int la = a->value.proven() ? a->value.length : 1 << 20;
                const int lb = b->value.proven() ? b->value.length : 1 << 20;
                return la < lb;
            });
            for (Child* c : order)
                if (settle(pos, *c, child_remaining, ply, false).proven() && follow(*c))
                    return true;
            return false;
        }
        for (Child& c : children) {
            // A reply that repeats a position of this path ends nothing (only a fourth
            // occurrence does): what the table knows of it from elsewhere stands.
            c.value =
                c.fixed
                    ? table_.lookup(c.key, c.hand, child_remaining, layout_).value_or(NodeValue{})
                    : settle(pos, c, child_remaining, ply, true);
            if (!c.value.proven()) return false;
        }
        if (!proven_resistance_) {
            const Child* longest = nullptr;
            for (const bool drops : {false, true})
                for (const Child& c : children)
                    if (!c.fixed && c.move.is_drop() == drops &&
                        (!longest || c.value.length > longest->value.length))
                        longest = &c;
            return longest && follow(*longest);
        }
        const int sooner = child_remaining - 2;
        auto lasts = [&](const Child& c) {
            return sooner < 1 || settle(pos, c, sooner, ply, true).disproven();
        };
        for (const bool drops : {false, true})
            for (const Child& c : children)
                if (!c.fixed && c.move.is_drop() == drops && lasts(c)) return follow(c);
        return sooner >= 1 && mating_line(pos, remaining - 2, ply, false, line);
    }

    // Walks the proof tree below a proven node, proving again what the table lost, and records
    // the attacker's move at each attacker node. A defender reply that repeats a position of
    // the path is followed where the table proves it (a repetition ends the game only at the
    // fourth occurrence); an attacker move whose walk fails on this path gives way to the next.
    bool collect(P& pos, int remaining, int ply, bool or_node, ProofMoves& proof) {
        if (ply > kMaxSolvePly) return false;
        const std::uint64_t walk_key =
            pos.key() ^ splitmix64(0x6D617465ull + static_cast<std::uint64_t>(remaining + 1));
        if (walked_.contains(walk_key)) return true;
        std::vector<Child> children = expand(pos, or_node, remaining);
        if (children.empty()) return !or_node;
        auto reprove = [&](Child& c) {
            if (c.value.proven()) return;
            if (c.fixed) {
                if (c.value.reach == kFarReach) return;
                if (auto known = table_.lookup(c.key, c.hand, next(remaining), layout_))
                    c.value = *known;
                return;
            }
            pos.do_move(c.move);
            while (!c.value.settled() && !budget_.exhausted())
                c.value = mid(pos, c.key, c.hand, kInfinitePn, kInfinitePn, next(remaining),
                              ply + 1, !or_node);
            pos.undo_move();
        };
        auto walk = [&](const Child& c) {
            pos.do_move(c.move);
            const bool ok = collect(pos, next(remaining), ply + 1, !or_node, proof);
            pos.undo_move();
            return ok;
        };
        if (or_node) {
            std::vector<Child*> order;
            for (Child& c : children)
                if (!c.fixed) order.push_back(&c);
            std::stable_sort(order.begin(), order.end(), [](const Child* a, const Child* b) {
                const int la = a->value.proven() ? a->value.length : 1 << 20;
                const int lb = b->value.proven() ? b->value.length : 1 << 20;
                return la < lb;
            });
            for (Child* c : order) {
                reprove(*c);  // the table may have lost the proof
                if (c->value.proven() && walk(*c)) {
                    proof[pos.key()] = c->move;
                    walked_.insert(walk_key);
                    return true;
                }
            }
            return false;
        }
        for (Child& c : children) {
            reprove(c);
            if (!c.value.proven()) return false;
        }
        walked_.insert(walk_key);  // before the children: a cycle back here is walked
        for (const Child& c : children) {
            if (proof.size() > kMaxProofPositions) break;
            if (!walk(c)) {
                walked_.erase(walk_key);
                return false;
            }
        }
        return true;
    }

    static constexpr std::size_t kMaxProofPositions = 1 << 20;
    static constexpr std::size_t kMaxLine = 999;

    const Variant& variant_;
    MateTable& table_;
    const HandLayout& layout_;
    Mode mode_;
    MateBudget& budget_;
    int root_ply_;
    std::unordered_set<std::uint64_t> walked_;
    bool proven_resistance_ = true;
};

}  // namespace seireigi::mate
