// Compiling the XBetza IR for one orientation: leaps, slides and path trees, then a check for
// whether two ways of moving can reach the same square.
#include "rules/compiled_moves.h"

#include <algorithm>
#include <compare>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace seireigi {

namespace {

using betza::Component;
using betza::Leg;

// ---------------------------------------------------------------------------------------------
// Turning a direction. Turns are counter-clockwise seen with the owner's forward up, so they are
// applied to relative vectors (side to the right, forward up: ordinary maths axes) and only then
// mapped to the board, whose y axis points down.

// The 8 compass directions, counter-clockwise from the owner's right.
constexpr RelVec kCompass[8] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

int sign(int x) {
    return (x > 0) - (x < 0);
}

// 45 degrees counter-clockwise, keeping the atom's length; v must be orthogonal or diagonal
// (the parser allows odd turns only for K and Q).
RelVec turn45(RelVec v) {
    int scale = std::max(std::abs(v.side), std::abs(v.fwd));
    RelVec unit{sign(v.side), sign(v.fwd)};
    for (int i = 0; i < 8; ++i) {
        if (kCompass[i] == unit) {
            RelVec next = kCompass[(i + 1) % 8];
            return {next.side * scale, next.fwd * scale};
        }
    }
    return v;
}

RelVec rotate(RelVec v, int turns) {
    int t = ((turns % 8) + 8) % 8;
    if (t % 2 == 1) {
        v = turn45(v);
        --t;
    }
    for (; t > 0; t -= 2) v = {-v.fwd, v.side};  // 90 degrees counter-clockwise
    return v;
}

// ---------------------------------------------------------------------------------------------
// Building

// What makes two components the same way of moving (their text aside), for a set that finds a
// repeated component in logarithmic time.
struct ComponentKey {
    bool victim_not_royal;
    std::vector<std::tuple<std::vector<std::pair<int, int>>, std::vector<int>, int, int>> legs;
    auto operator<=>(const ComponentKey&) const = default;
};

ComponentKey key_of(const Component& c) {
    ComponentKey key{c.victim_not_royal, {}};
    for (const Leg& leg : c.legs) {
        std::vector<std::pair<int, int>> steps;
        for (RelVec s : leg.steps) steps.emplace_back(s.side, s.fwd);
        key.legs.emplace_back(std::move(steps), leg.turns, leg.max_steps,
                              static_cast<int>(leg.modality));
    }
    return key;
}

// Leaps and slides already added, so that each is added once without scanning the lists.
using MoveKey = std::tuple<int, int, int, int, bool>;  // dx, dy, max_steps, modality, victim
using MoveKeys = std::set<MoveKey>;

PathNode make_node(const Component& c, std::size_t leg_index, RelVec dir, Orientation o) {
    const Leg& leg = c.legs[leg_index];
    PathNode node;
    node.v = to_board(dir, o);
    node.max_steps = leg.max_steps;
    node.modality = leg.modality;
    node.victim_not_royal = leg_index + 1 == c.legs.size() && c.victim_not_royal;
    return node;
}

// The states of one component's nodes (PathNode::state), by leg and direction.
using StateIds = std::map<std::tuple<std::size_t, int, int>, int>;

// A node's subtree depends only on its leg and its direction, since each leg's turns are taken
// from the direction it moves in. The first leg starts on the piece's square and the second on a
// square of one first-leg line, so two routes meet on a square only from the third leg on.
int state_of(CompiledMoves& out, StateIds& ids, std::size_t leg_index, RelVec dir) {
    if (leg_index < 2) return -1;
    const auto [it, added] = ids.try_emplace({leg_index, dir.side, dir.fwd}, out.path_states);
    if (added) ++out.path_states;
    return it->second;
}

// Adds the children of path_nodes[parent] (which moves along `dir`) for leg `leg_index`, and
// their subtrees. Children are stored next to each other, as PathNode requires.
void add_children(CompiledMoves& out, StateIds& ids, const Component& c, std::size_t leg_index,
                  RelVec dir, int parent, Orientation o) {
    if (leg_index == c.legs.size()) return;
    const std::vector<int>& turns = c.legs[leg_index].turns;
    int first = static_cast<int>(out.path_nodes.size());
    for (int t : turns) {
        out.path_nodes.push_back(make_node(c, leg_index, rotate(dir, t), o));
        out.path_nodes.back().state = state_of(out, ids, leg_index, rotate(dir, t));
    }
    out.path_nodes[parent].first_child = first;
    out.path_nodes[parent].child_count = static_cast<int>(turns.size());
    for (std::size_t k = 0; k < turns.size(); ++k) {
        add_children(out, ids, c, leg_index + 1, rotate(dir, turns[k]), first + static_cast<int>(k),
                     o);
    }
}

void add_component(CompiledMoves& out, MoveKeys& known, const Component& c, Orientation o) {
    if (c.legs.empty()) return;
    const Leg& first = c.legs[0];
    if (c.legs.size() > 1) {
        StateIds ids;
        for (RelVec s : first.steps) {
            int root = static_cast<int>(out.path_nodes.size());
            out.path_nodes.push_back(make_node(c, 0, s, o));
            out.path_roots.push_back(root);
            add_children(out, ids, c, 1, s, root, o);
        }
        return;
    }
    for (RelVec s : first.steps) {
        Vec v = to_board(s, o);
        const MoveKey key{v.dx, v.dy, first.max_steps, static_cast<int>(first.modality),
                          c.victim_not_royal};
        if (!known.insert(key).second) continue;
        if (first.max_steps == 1)
            out.leaps.push_back({v, first.modality, c.victim_not_royal});
        else
            out.slides.push_back({v, first.max_steps, first.modality, c.victim_not_royal});
    }
}

// ---------------------------------------------------------------------------------------------
// May two ways of moving reach the same square in one position?
//
// Every way of moving is unrolled, ignoring occupancy, into the squares it can end on. Most
// overlaps are real (BNAD: the B slide and the A leap both reach (2,2)). One kind is not: a
// straight-line move that hops k pieces first (k = 0 for a plain slide) ends on a square with
// exactly k pieces before it on that line, so lines with different k never meet in one position.
// A MoveOnly and a CaptureOnly ending never meet either. The answer errs on the side of "yes".

constexpr int kReach = 26;  // the longest board line the notation covers (docs/rules.md §0.4)
constexpr long kBudget = 2000000;  // unrolled endings before we simply answer "yes"

struct Ending {
    int hops;  // pieces jumped on a straight line; -1 when that says nothing (leaps, hooks)
    Modality modality;
};

class OverlapFinder {
  public:
    explicit OverlapFinder(const CompiledMoves& m) : m_(m) {}

    bool any() {
        for (const CompiledLeap& l : m_.leaps) add(l.v, {-1, l.modality});
        for (const CompiledSlide& s : m_.slides) {
            for (int j = 1; j <= range(s.max_steps) && !done(); ++j)
                add(scaled(s.v, j), {0, s.modality});
        }
        for (int root : m_.path_roots) {
            int hops = 0;
            int length = 0;
            int leaf = straight_hop_line(root, hops, length);
            if (leaf >= 0) {
                Vec v = m_.path_nodes[root].v;
                for (int j = hops + 1; j <= length; ++j) {
                    add(scaled(v, j), {hops, m_.path_nodes[leaf].modality});
                }
            } else {
                unroll(root, {0, 0});
            }
            if (found_ || spent_ > kBudget) return true;
        }
        return found_ || spent_ > kBudget;
    }

  private:
    static constexpr int kSide = 4 * kReach + 1;  // a multi-leg move may end two lines away

    const CompiledMoves& m_;
    // Per square, the endings seen there that cannot meet each other (there are few kinds: a
    // second ending that can meet one of them ends the search).
    std::unordered_map<int, std::vector<Ending>> seen_;  // by square index
    bool found_ = false;
    long spent_ = 0;

    bool done() const { return found_ || spent_ > kBudget; }

    static int range(int max_steps) { return max_steps == 0 ? kReach : max_steps; }
    static Vec scaled(Vec v, int j) { return {v.dx * j, v.dy * j}; }

    static bool can_meet(Ending a, Ending b) {
        if (a.hops >= 0 && b.hops >= 0 && a.hops != b.hops) return false;
        auto pair = [&](Modality x, Modality y) { return a.modality == x && b.modality == y; };
        return !pair(Modality::MoveOnly, Modality::CaptureOnly) &&
               !pair(Modality::CaptureOnly, Modality::MoveOnly);
    }

    void add(Vec square, Ending e) {
        ++spent_;
        if (std::abs(square.dx) > 2 * kReach || std::abs(square.dy) > 2 * kReach) return;
        std::vector<Ending>& here =
            seen_[(square.dy + 2 * kReach) * kSide + square.dx + 2 * kReach];
        for (Ending other : here) {
            if (can_meet(e, other)) found_ = true;
        }
        here.push_back(e);
    }

    // A chain of Hop legs going straight on with a unit step, ended by one final leg: returns the
    // final node and sets the number of hops and the farthest reach; otherwise -1.
    int straight_hop_line(int root, int& hops, int& length) const {
        const PathNode& r = m_.path_nodes[root];
        if (std::max(std::abs(r.v.dx), std::abs(r.v.dy)) != 1) return -1;
        int node = root;
        hops = 0;
        length = 0;
        while (true) {
            const PathNode& n = m_.path_nodes[node];
            if (!(n.v == r.v)) return -1;
            length = std::min(kReach, length + range(n.max_steps));
            if (n.child_count == 0) return node;
            if (n.child_count != 1 || n.modality != Modality::Hop) return -1;
            ++hops;
            node = n.first_child;
        }
    }

    // Every ending of the subtree at `node`, each route counted separately.
    void unroll(int node, Vec from) {
        const PathNode& n = m_.path_nodes[node];
        for (int j = 1; j <= range(n.max_steps) && !done(); ++j) {
            Vec at{from.dx + n.v.dx * j, from.dy + n.v.dy * j};
            if (std::abs(at.dx) > kReach || std::abs(at.dy) > kReach) break;
            if (n.child_count == 0) {
                add(at, {-1, n.modality});
            } else {
                for (int k = 0; k < n.child_count; ++k) unroll(n.first_child + k, at);
            }
            ++spent_;
        }
    }
};

}  // namespace

CompiledMoves compile_moves(const betza::PieceMoves& moves, Orientation o) {
    CompiledMoves out;
    std::set<ComponentKey> seen;
    MoveKeys known;
    for (const Component& c : moves.components)
        if (seen.insert(key_of(c)).second) add_component(out, known, c, o);
    out.may_repeat_destination = OverlapFinder(out).any();
    return out;
}

}  // namespace seireigi
