#include "search/transposition_table.h"

#include <algorithm>
#include <memory>
#include <new>

#include "search/memory_limit.h"

namespace seireigi::search {

void TranspositionTable::resize(int megabytes) {
    const std::size_t bytes = static_cast<std::size_t>(std::max(1, megabytes)) << 20;
    std::size_t entries = 1;
    while (entries * 2 * sizeof(TTEntry) <= bytes) entries *= 2;
    // A size the machine cannot give keeps the table there is (front ends refuse such a size
    // with the reason first: search/memory_limit.h); a first table falls back to the smallest.
    const bool first = table_ == nullptr;
    LargePageMemory fresh;
    if (!table_size_refusal(bytes >> 20)) {
        try {
            fresh = LargePageMemory(entries * sizeof(TTEntry));
        } catch (const std::bad_alloc&) {
        }
    }
    if (!fresh.data()) {
        if (!first) return;
        entries = (std::size_t{1} << 20) / sizeof(TTEntry);
        fresh = LargePageMemory(entries * sizeof(TTEntry));
    }
    memory_ = std::move(fresh);
    table_ = static_cast<TTEntry*>(memory_.data());
    size_ = entries;
    std::uninitialized_fill_n(table_, entries, TTEntry{});
    mask_ = entries - 1;
}

void TranspositionTable::clear() {
    std::fill(table_, table_ + size_, TTEntry{});
}

void TranspositionTable::store(std::uint64_t key, Move move, int score, int eval, int depth,
                               Bound bound) {
    TTEntry& e = table_[key & mask_];
    // Replace an entry of another position only if it is from an older search or shallower;
    // keep the known best move when the new visit found none.
    if (e.key == key || e.generation != generation_ || depth >= e.depth) {
        if (move.is_null() && e.key == key) move = Move::from_raw(e.move);
        e.key = key;
        e.move = move.raw();
        e.score = score;
        e.eval = eval;
        e.depth = static_cast<std::int8_t>(std::clamp(depth, -1, 127));
        e.bound = bound;
        e.generation = generation_;
    }
}

int TranspositionTable::hashfull() const {
    const std::size_t sample = std::min<std::size_t>(1000, size_);
    int used = 0;
    for (std::size_t i = 0; i < sample; ++i)
        used += table_[i].bound != Bound::None && table_[i].generation == generation_;
    return static_cast<int>(used * 1000 / sample);
}

}  // namespace seireigi::search
