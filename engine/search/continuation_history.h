// Continuation history: how well a quiet move did after a given earlier move (the opponent's
// last move, and our own move before it), by the piece that moved and the square it went to.
// It orders quiet moves and reduces them less in the search where plain history (by from and
// to squares) does not tell apart the replies to different threats: the cutoff after "their
// Rook to 2e" is another move than after "their Bishop to 2e".
//
// A move's key is (player, face moved, square reached). The table holds a row of every key
// for every key; on large boards (more keys than kMaxKeys) keys are folded onto kMaxKeys, so
// the table stays small at the price of a few shared entries.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "core/types.h"
#include "rules/variant.h"

namespace seireigi::search {

class ContinuationHistory {
  public:
    static constexpr int kNone = -1;       // the key of a null move or an unknown move
    static constexpr int kMaxKeys = 2600;  // keys per dimension before folding (9x9 shogi fits)
    static constexpr int kSaturation = 16384;

    // Sized for `v`; entries start at zero (kept if the size is unchanged and `keep`, halved).
    void reset(const Variant& v, bool keep) {
        face_index_.assign(256, -1);
        int faces = 0;
        for (std::size_t t = 0; t < v.types.size(); ++t) {
            const PieceTypeInfo& info = v.types[t];
            if (!info.is_base) continue;
            face_index_[static_cast<std::size_t>(make_face(static_cast<PieceType>(t), false))] =
                faces++;
            if (info.promotes_to != kNoType)
                face_index_[static_cast<std::size_t>(make_face(static_cast<PieceType>(t), true))] =
                    faces++;
        }
        squares_ = v.geo.squares();
        const int keys = std::max(1, v.num_players() * faces * squares_);
        keys_ = std::min(keys, kMaxKeys);
        faces_ = faces;
        const std::size_t size = static_cast<std::size_t>(keys_) * static_cast<std::size_t>(keys_);
        if (keep && table_.size() == size) {
            for (auto& e : table_) e = static_cast<std::int16_t>(e / 2);
        } else {
            table_.assign(size, 0);
        }
    }

    void clear() { std::fill(table_.begin(), table_.end(), std::int16_t{0}); }

    // The key of player `p` moving a piece of `face` to `to` (kNone for a face not in the
    // variant's list, which no legal move has).
    int key(Player p, int face, Square to) const {
        const int f = face_index_[static_cast<std::size_t>(face)];
        if (f < 0) return kNone;
        const int k = (p * faces_ + f) * squares_ + to;
        return k < keys_ ? k : k % keys_;  // a division only where keys fold (large boards)
    }

    // The entry of the move with key `now` after the move with key `before` (0 if either is
    // unknown).
    int get(int before, int now) const {
        return before == kNone || now == kNone ? 0 : table_[index(before, now)];
    }

    // Moves the entry toward +-kSaturation by `bonus` (a cut) or `-bonus` (no cut).
    void update(int before, int now, int bonus) {
        if (before == kNone || now == kNone) return;
        std::int16_t& e = table_[index(before, now)];
        const int v = e + bonus - e * std::abs(bonus) / kSaturation;
        e = static_cast<std::int16_t>(std::clamp(v, -kSaturation, kSaturation));
    }

  private:
    std::size_t index(int before, int now) const {
        return static_cast<std::size_t>(before) * static_cast<std::size_t>(keys_) +
               static_cast<std::size_t>(now);
    }

    std::vector<int> face_index_;  // by face: its place among the variant's faces, or -1
    int faces_ = 0, squares_ = 0, keys_ = 1;
    std::vector<std::int16_t> table_;
};

}  // namespace seireigi::search
