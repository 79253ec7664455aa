#include "search/large_page_memory.h"

#include <cstdlib>
#include <new>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace seireigi::search {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
}

LargePageMemory::LargePageMemory(std::size_t bytes) {
    // aligned_alloc wants a size that is a multiple of the alignment.
    bytes_ = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    data_ = std::aligned_alloc(kHugePage, bytes_);
    if (!data_) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(data_, bytes_, MADV_HUGEPAGE);  // advice only: failure leaves ordinary pages
#endif
}

LargePageMemory::~LargePageMemory() {
    std::free(data_);
}

LargePageMemory::LargePageMemory(LargePageMemory&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

LargePageMemory& LargePageMemory::operator=(LargePageMemory&& other) noexcept {
    if (this != &other) {
        std::free(data_);
        data_ = std::exchange(other.data_, nullptr);
        bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
}

}  // namespace seireigi::search
