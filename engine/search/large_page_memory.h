// An uninitialised block of memory for a large table (the transposition table), aligned to 2 MiB
// and, on Linux, advised to be backed by huge pages: a table of many megabytes probed at random
// addresses otherwise misses the processor's address translation cache on most probes, and
// each miss walks the page tables before the memory is even asked for. Where huge pages are
// not available the advice is ignored and the block is ordinary memory.
#pragma once

#include <cstddef>

namespace seireigi::search {

class LargePageMemory {
  public:
    LargePageMemory() = default;
    explicit LargePageMemory(std::size_t bytes);
    ~LargePageMemory();
    LargePageMemory(LargePageMemory&& other) noexcept;
    LargePageMemory& operator=(LargePageMemory&& other) noexcept;
    LargePageMemory(const LargePageMemory&) = delete;
    LargePageMemory& operator=(const LargePageMemory&) = delete;

    void* data() const { return data_; }
    std::size_t size() const { return bytes_; }

  private:
    void* data_ = nullptr;
    std::size_t bytes_ = 0;
};

}  // namespace seireigi::search
