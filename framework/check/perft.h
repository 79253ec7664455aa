// Perft: the number of legal move sequences of a given length, over any Position contract
// implementation. Leaf counting is "bulk": at depth 1 the size of the move list is the count.
// Totals are exact past 64 bits (subtrees of depth <= 4 are counted in 64 bits, which no
// variant can overflow; levels above accumulate in an arbitrary-precision integer).
#pragma once

#include <boost/multiprecision/cpp_int.hpp>
#include <concepts>
#include <cstdint>
#include <utility>
#include <vector>

#include "position/position_contract.h"

namespace seireigi {

using BigCount = boost::multiprecision::cpp_int;

template <PositionContract P>
std::uint64_t perft_small(P& pos, int depth, std::vector<MoveList>& lists) {
    MoveList& list = lists[depth];
    list.clear();
    pos.legal_moves(list);
    if (depth == 1) return list.size();
    std::uint64_t total = 0;
    for (Move m : list) {
        pos.do_move(m);
        total += perft_small(pos, depth - 1, lists);
        pos.undo_move();
    }
    return total;
}

// A position that counts the leaves below it faster itself (the fast 9x9 position counts the
// last ply without writing moves) says so with perft_leaves and the depth up to which its 64-bit
// count cannot overflow; perft then uses it below that depth.
template <class P>
concept CountsLeaves = requires(P& p, int depth) {
    { p.perft_leaves(depth) } -> std::same_as<std::uint64_t>;
    { P::kLeafCountDepth } -> std::convertible_to<int>;
};

template <PositionContract P>
BigCount perft_big(P& pos, int depth, std::vector<MoveList>& lists) {
    if constexpr (CountsLeaves<P>) {
        if (depth <= P::kLeafCountDepth) return BigCount(pos.perft_leaves(depth));
    }
    if (depth <= 4) return depth <= 0 ? BigCount(1) : BigCount(perft_small(pos, depth, lists));
    MoveList list;
    pos.legal_moves(list);
    BigCount total = 0;
    for (Move m : list) {
        pos.do_move(m);
        total += perft_big(pos, depth - 1, lists);
        pos.undo_move();
    }
    return total;
}

template <PositionContract P>
BigCount perft(P& pos, int depth) {
    std::vector<MoveList> lists(static_cast<std::size_t>(std::max(depth, 1)) + 1);
    return perft_big(pos, depth, lists);
}

// The count below each legal move at depth - 1, in move-generation order. `on_root(move, count,
// index, moves)` is called as each root move's count completes (progress reports).
template <PositionContract P, class OnRoot>
std::vector<std::pair<Move, BigCount>> perft_divide(P& pos, int depth, OnRoot&& on_root) {
    std::vector<std::pair<Move, BigCount>> out;
    MoveList list;
    pos.legal_moves(list);
    for (std::size_t i = 0; i < list.size(); ++i) {
        pos.do_move(list[i]);
        out.emplace_back(list[i], perft(pos, depth - 1));
        pos.undo_move();
        on_root(out.back().first, out.back().second, i, list.size());
    }
    return out;
}

template <PositionContract P>
std::vector<std::pair<Move, BigCount>> perft_divide(P& pos, int depth) {
    return perft_divide(pos, depth, [](Move, const BigCount&, std::size_t, std::size_t) {});
}

}  // namespace seireigi
