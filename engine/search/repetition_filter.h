// How many positions on the path from the game's start to the node being searched share each
// slot of a small table (a slot per low bits of the key). A node whose slot holds only itself
// cannot be a repetition, so the search skips the repetition query, which looks back through
// up to a hundred plies of keys at every node. Other keys in the slot only make it ask.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "position/key_history.h"

namespace seireigi::search {

class RepetitionFilter {
  public:
    // The positions of the game so far (the root included).
    void reset(const KeyHistory& history) {
        counts_.fill(0);
        for (int i = 0; i <= history.ply(); ++i) ++counts_[slot(history.key(i))];
    }

    // A node on the path: counted while the object lives.
    class Visit {
      public:
        Visit(RepetitionFilter& filter, std::uint64_t key) : count_(filter.counts_[slot(key)]) {
            ++count_;
        }
        ~Visit() { --count_; }
        Visit(const Visit&) = delete;
        Visit& operator=(const Visit&) = delete;
        // False when no other position on the path can have had this key.
        bool maybe_repeated() const { return count_ > 1; }

      private:
        std::uint32_t& count_;
    };

  private:
    static constexpr std::size_t kSlots = 4096;
    static std::size_t slot(std::uint64_t key) { return key & (kSlots - 1); }
    std::array<std::uint32_t, kSlots> counts_{};
};

}  // namespace seireigi::search
