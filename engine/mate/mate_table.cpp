#include "mate/mate_table.h"

#include <algorithm>
#include <bit>
#include <new>
#include <type_traits>

namespace seireigi::mate {

MateTable::MateTable(std::size_t megabytes) {
    const std::size_t wanted = std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / sizeof(Entry);
    const std::size_t buckets = std::bit_floor(std::max<std::size_t>(wanted / kBucket, 1));
    static_assert(std::is_aggregate_v<Entry> && std::is_trivially_copyable_v<Entry>);
    size_ = buckets * kBucket;
    entries_.reset(static_cast<Entry*>(std::calloc(size_, sizeof(Entry))));
    if (!entries_) throw std::bad_alloc();
    bucket_mask_ = buckets - 1;
}

void MateTable::clear() {
    std::fill(entries_.get(), entries_.get() + size_, Entry{});
}

std::optional<NodeValue> MateTable::lookup(std::uint64_t board_key, const PackedHand& hand,
                                           int remaining, const HandLayout& layout) const {
    const Entry* bucket = &entries_[(board_key & bucket_mask_) * kBucket];
    std::optional<NodeValue> path_dependent;  // a disproof that holds on one path only
    std::optional<NodeValue> exact;           // unsettled numbers of this hand and limit
    for (std::size_t i = 0; i < kBucket; ++i) {
        const Entry& e = bucket[i];
        if (!e.used || e.board_key != board_key) continue;
        const NodeValue v{e.pn, e.dn, e.length, e.reach};
        if (v.proven()) {
            // A mate in e.length plies, for the attacker holding at least e.hand.
            if ((remaining < 0 || e.length <= remaining) && layout.covers(hand, e.hand)) return v;
        } else if (v.disproven()) {
            // No mate within e.remaining plies, for the attacker holding at most e.hand.
            if ((e.remaining < 0 || (remaining >= 0 && remaining <= e.remaining)) &&
                layout.covers(e.hand, hand)) {
                if (!v.path_dependent()) return v;
                path_dependent = v;
            }
        } else if (e.hand == hand && e.remaining == remaining) {
            exact = v;
        }
    }
    return path_dependent ? path_dependent : exact;
}

void MateTable::store(std::uint64_t board_key, const PackedHand& hand, int remaining,
                      const NodeValue& value, std::uint64_t work) {
    Entry* bucket = &entries_[(board_key & bucket_mask_) * kBucket];
    Entry* slot = nullptr;
    for (std::size_t i = 0; i < kBucket; ++i) {
        Entry& e = bucket[i];
        if (e.used && e.board_key == board_key && e.hand == hand && e.remaining == remaining) {
            slot = &e;
            break;
        }
        if (!e.used) {
            if (!slot || slot->used) slot = &e;
        } else if (!slot || (slot->used && e.work < slot->work)) {
            slot = &e;
        }
    }
    const auto capped = static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xFFFFFFFFu));
    *slot = Entry{board_key, hand,         value.pn,    value.dn,
                  capped,    value.length, value.reach, static_cast<std::int16_t>(remaining),
                  true};
}

int MateTable::permille_used() const {
    std::size_t used = 0;
    const std::size_t sample = std::min<std::size_t>(size_, 8000);
    for (std::size_t i = 0; i < sample; ++i) used += entries_[i].used;
    return static_cast<int>(used * 1000 / std::max<std::size_t>(sample, 1));
}

}  // namespace seireigi::mate
