// The transposition table: what earlier visits learnt about a position (best move, score and
// the kind of bound, depth), found by the position's Zobrist key, which covers the board, every
// hand, the player to move and the players still in the game.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/types.h"
#include "search/large_page_memory.h"

namespace seireigi::search {

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

// 32 bytes, aligned: two entries to a cache line, so that no probe reads two lines.
struct alignas(32) TTEntry {
    std::uint64_t key = 0;
    std::uint32_t move = 0;  // Move::raw()
    std::int32_t score = 0;
    std::int32_t eval = 0;
    std::int8_t depth = -1;
    Bound bound = Bound::None;
    std::uint8_t generation = 0;
};

class TranspositionTable {
  public:
    explicit TranspositionTable(int megabytes) { resize(megabytes); }
    void resize(int megabytes);
    void clear();
    void new_search() { ++generation_; }

    // The entry for `key`, or nullptr.
    const TTEntry* probe(std::uint64_t key) const {
        const TTEntry& e = table_[key & mask_];
        return e.key == key && e.bound != Bound::None ? &e : nullptr;
    }
    void store(std::uint64_t key, Move move, int score, int eval, int depth, Bound bound);
    // Starts loading the entry for `key` into the cache (called on making a move, so that the
    // child's probe does not wait for memory).
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&table_[key & mask_]); }
    // Per mille of the entries written in this search (for `hashfull`).
    int hashfull() const;

  private:
    LargePageMemory memory_;
    TTEntry* table_ = nullptr;  // in memory_
    std::size_t size_ = 0;      // entries, a power of two
    std::uint64_t mask_ = 0;
    std::uint8_t generation_ = 0;
};

}  // namespace seireigi::search
