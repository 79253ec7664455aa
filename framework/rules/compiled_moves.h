// Compiled moves: the move IR of betza.h turned into board vectors for one orientation.
//
// Move generation and attack detection read only this. Three kinds cover the grammar:
//  * leaps: one fixed vector (steps are leaps of length one);
//  * slides: a vector repeated up to max_steps times (0 = unlimited);
//  * paths: multi-leg moves (hooks, hop-captures), a small tree of legs per first direction.
#pragma once

#include <vector>

#include "rules/betza.h"

namespace seireigi {

using betza::Modality;

struct CompiledLeap {
    Vec v;
    Modality modality = Modality::MoveOrCapture;  // never Hop
    bool victim_not_royal = false;
};

struct CompiledSlide {
    Vec v;
    int max_steps = 0;                            // 0 = unlimited
    Modality modality = Modality::MoveOrCapture;  // never Hop
    bool victim_not_royal = false;
};

// One leg of a multi-leg path. A leg starts where its parent leg ended (the root starts on the
// piece's square), moves along `v` like a leap (max_steps 1) or a slide, and ends on every square
// its modality allows:
//  * MoveOnly: each empty square reached (a slide may continue past it);
//  * Hop: the first occupied square (any owner); the piece jumps it, nothing is captured;
//  * CaptureOnly / MoveOrCapture: as for an ordinary leap or slide.
// A leg with children is a waypoint: the move continues with each child from each square where
// the leg ends; only legs without children are destinations.
struct PathNode {
    Vec v;
    int max_steps = 1;
    Modality modality = Modality::MoveOrCapture;
    bool victim_not_royal = false;  // meaningful on destination legs
    int first_child = -1;           // index into CompiledMoves::path_nodes
    int child_count = 0;
    // Nodes of one state have equal subtrees: the same leg of the same component, turned the same
    // way. Routes that meet on a square in one state go on alike, so generation walks each
    // (state, square) once. -1 on the first two legs, which no two routes enter on one square.
    int state = -1;
};

struct CompiledMoves {
    std::vector<CompiledLeap> leaps;
    std::vector<CompiledSlide> slides;
    std::vector<PathNode> path_nodes;
    std::vector<int> path_roots;  // indices of root legs
    int path_states = 0;          // PathNode::state is below this
    // True when two components can reach the same square, so that move generation must list
    // each destination once (a move is (from, to), whatever the path).
    bool may_repeat_destination = false;
};

// Compiles the IR for a piece whose owner faces `o`.
CompiledMoves compile_moves(const betza::PieceMoves& moves, Orientation o);

}  // namespace seireigi
