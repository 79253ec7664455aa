// ScoredMoveList: a search's move list. Each move has a score slot for move ordering; the moves
// live on the stack up to kInline of them and spill to the heap past that (Dai Seireigi
// positions can have well over a thousand moves), so the common case allocates nothing.
// MoveList (a plain std::vector<Move>) stays the list of everything else.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>

#include "core/types.h"

namespace seireigi {

// Trivial, so that the list's storage needs no initialisation.
struct ScoredMove {
    Move move;
    int score;
    operator Move() const { return move; }  // NOLINT: a scored move is used as its move
};

class ScoredMoveList {
  public:
    // Room on the stack: above the most moves of any 9x9 position reached in play.
    static constexpr std::size_t kInline = 256;

    ScoredMoveList() = default;
    ScoredMoveList(const ScoredMoveList& other) { *this = other; }
    ScoredMoveList& operator=(const ScoredMoveList& other) {
        if (this == &other) return *this;
        clear();
        reserve(other.size_);
        std::copy(other.begin(), other.end(), data_);
        size_ = other.size_;
        return *this;
    }

    void push_back(Move m) {
        if (size_ == capacity_) grow();
        data_[size_++] = ScoredMove{m, 0};
    }
    template <class It>
    void append(It first, It last) {
        for (; first != last; ++first) push_back(*first);
    }
    void clear() { size_ = 0; }
    // Shrinks to n moves (n <= size()).
    void resize(std::size_t n) { size_ = std::min(n, size_); }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    // Whether the moves have left the stack for the heap.
    bool spilled() const { return heap_ != nullptr; }

    ScoredMove& operator[](std::size_t i) { return data_[i]; }
    const ScoredMove& operator[](std::size_t i) const { return data_[i]; }
    ScoredMove* begin() { return data_; }
    ScoredMove* end() { return data_ + size_; }
    const ScoredMove* begin() const { return data_; }
    const ScoredMove* end() const { return data_ + size_; }

  private:
    void reserve(std::size_t n) {
        while (capacity_ < n) grow();
    }
    void grow() {
        const std::size_t capacity = capacity_ * 2;
        auto heap = std::make_unique_for_overwrite<ScoredMove[]>(capacity);
        std::copy(data_, data_ + size_, heap.get());
        heap_ = std::move(heap);
        data_ = heap_.get();
        capacity_ = capacity;
    }

    // Uninitialised room (ScoredMove is trivial: the bytes become moves when written).
    alignas(ScoredMove) std::byte inline_[kInline * sizeof(ScoredMove)];
    std::unique_ptr<ScoredMove[]> heap_;
    ScoredMove* data_ = reinterpret_cast<ScoredMove*>(inline_);
    std::size_t size_ = 0;
    std::size_t capacity_ = kInline;
};

}  // namespace seireigi
