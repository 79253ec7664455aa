// Proof and disproof numbers: how many leaves must still be proven (pn) or disproven (dn) for a
// node to be settled. A proven node has pn 0 and dn infinite, a disproven one the reverse. Sums
// saturate below infinity, so that only a settled child makes a node's number infinite.
#pragma once

#include <algorithm>
#include <cstdint>

namespace seireigi::mate {

using ProofNumber = std::uint32_t;
inline constexpr ProofNumber kInfinitePn = 0x3FFFFFFF;

constexpr ProofNumber pn_add(ProofNumber a, ProofNumber b) {
    if (a >= kInfinitePn || b >= kInfinitePn) return kInfinitePn;
    return std::min<ProofNumber>(a + b, kInfinitePn - 1);
}

// The value of one node as the solver knows it.
struct NodeValue {
    ProofNumber pn = 1;
    ProofNumber dn = 1;
    // Proven: plies to mate along the proof found (odd; 0 for a node where the defender has no
    // legal move). Settled nodes only.
    std::uint16_t length = 0;
    // Disproven only because of a repetition of a position `reach` plies above this one on the
    // path that reached it: true of this path, perhaps not of another (the graph-history
    // problem). 0: a sound disproof (a cycle back to the node itself is one: whatever path
    // reaches it, its defender can always come back to it). kFarReach: the game before the root
    // or a path too long; never sound.
    std::uint16_t reach = 0;

    bool path_dependent() const { return reach > 0; }

    bool proven() const { return pn == 0; }
    bool disproven() const { return dn == 0; }
    bool settled() const { return pn == 0 || dn == 0; }
};

inline constexpr std::uint16_t kFarReach = 0xFFFF;
inline constexpr NodeValue kProvenLeaf{0, kInfinitePn, 0, 0};

}  // namespace seireigi::mate
