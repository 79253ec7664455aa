// A small table of static evaluations by position key: quiescence evaluates the same
// positions again and again (the transposition table keeps evaluations of full-width nodes
// only). A hit returns exactly what the evaluation would, so node counts do not change.
#pragma once

#include <cstdint>
#include <vector>

namespace seireigi::search {

class EvalCache {
  public:
    static constexpr int kBits = 16;

    EvalCache() : entries_(std::size_t{1} << kBits) {}
    // The evaluation stored for `key`, if any.
    bool probe(std::uint64_t key, int& eval) const {
        const Entry& e = entries_[index(key)];
        if (e.key != key || !e.used) return false;
        eval = e.eval;
        return true;
    }
    void store(std::uint64_t key, int eval) { entries_[index(key)] = {key, eval, true}; }
    // Starts loading the entry for `key` into the cache.
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&entries_[index(key)]); }

  private:
    struct Entry {
        std::uint64_t key = 0;
        int eval = 0;
        bool used = false;
    };
    static std::size_t index(std::uint64_t key) {
        return static_cast<std::size_t>(key >> (64 - kBits));
    }
    std::vector<Entry> entries_;
};

}  // namespace seireigi::search
