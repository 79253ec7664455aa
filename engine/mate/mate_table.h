// The mate table: proof and disproof numbers of the positions a solve has met, keyed by the board
// (with the player to move), the attacker's hand and the plies left (-1: no limit). A settled
// entry answers for other limits too: a proof of a mate in n plies for every limit of at least n,
// a disproof within d plies for every limit up to d (one without limit for all), so that the
// searches under successive limits share their work. A lookup also answers from entries of the
// same board whose hand dominates (attacker_hand.h). Buckets of a few entries; the entry that
// cost least work is replaced.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>

#include "mate/attacker_hand.h"
#include "mate/proof_numbers.h"

namespace seireigi::mate {

class MateTable {
  public:
    explicit MateTable(std::size_t megabytes);

    void clear();
    // What is known of (board_key, hand) with `remaining` plies left, exactly, by dominance or
    // from another limit; nothing if unknown.
    std::optional<NodeValue> lookup(std::uint64_t board_key, const PackedHand& hand, int remaining,
                                    const HandLayout& layout) const;
    // Starts loading the bucket of board_key, for a lookup soon after.
    void prefetch(std::uint64_t board_key) const {
        const char* bucket =
            reinterpret_cast<const char*>(&entries_[(board_key & bucket_mask_) * kBucket]);
        for (std::size_t b = 0; b < sizeof(Entry) * kBucket; b += 64)
            __builtin_prefetch(bucket + b);
    }
    // `work`: the nodes spent on it, which decides what is replaced first.
    void store(std::uint64_t board_key, const PackedHand& hand, int remaining,
               const NodeValue& value, std::uint64_t work);
    // Per mille of the entries in use.
    int permille_used() const;

  private:
    struct Entry {
        std::uint64_t board_key = 0;
        PackedHand hand;
        ProofNumber pn = 0;
        ProofNumber dn = 0;
        std::uint32_t work = 0;
        std::uint16_t length = 0;
        std::uint16_t reach = 0;
        std::int16_t remaining = 0;
        bool used = false;
    };
    static constexpr std::size_t kBucket = 8;
    struct Free {
        void operator()(Entry* e) const { std::free(e); }
    };

    // Zeroed by calloc, which takes a large block as zero pages the system maps on first use:
    // a large table costs no time before the solve touches it (an all-zero Entry is unused).
    std::unique_ptr<Entry[], Free> entries_;
    std::size_t size_ = 0;
    std::size_t bucket_mask_ = 0;
};

}  // namespace seireigi::mate
