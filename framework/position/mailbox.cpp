#include "position/mailbox.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "rules/variant.h"

namespace seireigi {

namespace {

bool can_capture(Modality m) {
    return m == Modality::MoveOrCapture || m == Modality::CaptureOnly;
}

// Whether any destination leg of the path tree can capture a royal piece.
bool path_can_capture_royal(const CompiledMoves& m, int node) {
    const PathNode& n = m.path_nodes[node];
    if (n.child_count == 0) return can_capture(n.modality) && !n.victim_not_royal;
    for (int c = 0; c < n.child_count; ++c)
        if (path_can_capture_royal(m, n.first_child + c)) return true;
    return false;
}

// Whether a royal-capturing destination of the path tree lies beyond a Hop leg: such a path
// needs a screen, so adding a piece (a drop) can create the attack.
bool path_hops_to_royal(const CompiledMoves& m, int node, bool hopped = false) {
    const PathNode& n = m.path_nodes[node];
    if (n.child_count == 0) return hopped && can_capture(n.modality) && !n.victim_not_royal;
    for (int c = 0; c < n.child_count; ++c)
        if (path_hops_to_royal(m, n.first_child + c, hopped || n.modality == Modality::Hop))
            return true;
    return false;
}

// Fills reach[node] for the subtree at `node` (DeltaMoves::royal_reach) and returns it. A leg
// moves k steps along its vector, 1 <= k <= its range, and the range of an unlimited leg is
// the board's longest line.
OffsetBox fill_royal_reach(const CompiledMoves& m, int node, int longest,
                           std::vector<OffsetBox>& reach) {
    const PathNode& n = m.path_nodes[node];
    OffsetBox after;  // offsets from the square where this leg ends
    if (n.child_count == 0) {
        if (can_capture(n.modality) && !n.victim_not_royal) after = {0, 0, 0, 0};
    }
    for (int c = 0; c < n.child_count; ++c) {
        const OffsetBox child = fill_royal_reach(m, n.first_child + c, longest, reach);
        if (child.empty()) continue;
        after = after.empty() ? child
                              : OffsetBox{std::min(after.min_dx, child.min_dx),
                                          std::max(after.max_dx, child.max_dx),
                                          std::min(after.min_dy, child.min_dy),
                                          std::max(after.max_dy, child.max_dy)};
    }
    OffsetBox box;
    if (!after.empty()) {
        const int range = n.max_steps == 0 ? longest : std::min(n.max_steps, longest);
        box = {std::min(n.v.dx, range * n.v.dx) + after.min_dx,
               std::max(n.v.dx, range * n.v.dx) + after.max_dx,
               std::min(n.v.dy, range * n.v.dy) + after.min_dy,
               std::max(n.v.dy, range * n.v.dy) + after.max_dy};
    }
    reach[node] = box;
    return box;
}

int find_or_add(std::vector<int>& list, int value) {
    auto it = std::find(list.begin(), list.end(), value);
    if (it != list.end()) return static_cast<int>(it - list.begin());
    list.push_back(value);
    return static_cast<int>(list.size()) - 1;
}

}  // namespace

MailboxTables build_mailbox(const Variant& v) {
    MailboxTables mb;
    const Geometry& g = v.geo;
    const int pad = MailboxTables::kPad;
    mb.width = g.files + 2 * pad;
    mb.cells = mb.width * (g.ranks + 2 * pad);
    mb.square_of.assign(mb.cells, -1);
    mb.x_of_cell.resize(mb.cells);
    mb.y_of_cell.resize(mb.cells);
    for (int c = 0; c < mb.cells; ++c) {
        mb.x_of_cell[c] = c % mb.width - pad;
        mb.y_of_cell[c] = c / mb.width - pad;
    }
    mb.cell_of.resize(g.squares());
    for (Square s = 0; s < g.squares(); ++s) {
        const int cell = (g.y_of(s) + pad) * mb.width + g.x_of(s) + pad;
        mb.cell_of[s] = cell;
        mb.square_of[cell] = s;
    }

    const int nt = static_cast<int>(v.types.size());
    mb.num_types = nt;
    mb.mover_index.assign(static_cast<std::size_t>(v.num_players() + 1) << 8, -1);
    for (Player p = 0; p < v.num_players(); ++p)
        for (PieceType t = 0; t < nt; ++t)
            for (const bool promoted : {false, true}) {
                if (promoted && v.types[t].promotes_to == kNoType) continue;
                const PieceCode pc = make_piece(p, t, promoted);
                mb.mover_index[pc] = static_cast<std::int16_t>(
                    static_cast<int>(v.orientation(p)) * nt + v.mover_type(face_of(pc)));
            }
    mb.moves.resize(static_cast<std::size_t>(4) * nt);
    struct LeapEntry {
        int vec;
        int index;
    };
    std::vector<LeapEntry> leap_entries;
    std::vector<std::pair<int, int>> slide_entries;  // (direction, index) with range below
    std::vector<int> slide_entry_range;
    for (int o = 0; o < 4; ++o) {
        for (int t = 0; t < nt; ++t) {
            const CompiledMoves& cm = v.compiled[o][t];
            DeltaMoves& dm = mb.moves[o * nt + t];
            for (const auto& l : cm.leaps) {
                dm.leaps.push_back({mb.delta(l.v), l.modality, l.victim_not_royal});
                if (can_capture(l.modality) && !l.victim_not_royal)
                    leap_entries.push_back(
                        {find_or_add(mb.leap_deltas, mb.delta(l.v)), o * nt + t});
            }
            for (const auto& sl : cm.slides) {
                dm.slides.push_back(
                    {mb.delta(sl.v), sl.max_steps, sl.modality, sl.victim_not_royal});
                if (can_capture(sl.modality) && !sl.victim_not_royal) {
                    slide_entries.emplace_back(find_or_add(mb.slide_deltas, mb.delta(sl.v)),
                                               o * nt + t);
                    slide_entry_range.push_back(sl.max_steps == 0 ? 255
                                                                  : std::min(sl.max_steps, 254));
                }
            }
            dm.has_paths = !cm.path_roots.empty();
            mb.path_states = std::max(mb.path_states, cm.path_states);
            for (int root : cm.path_roots)
                if (path_can_capture_royal(cm, root)) dm.royal_capturing_paths = true;
            for (int root : cm.path_roots)
                if (path_hops_to_royal(cm, root)) dm.royal_capturing_hops = true;
            dm.royal_reach.resize(cm.path_nodes.size());
            for (int root : cm.path_roots)
                fill_royal_reach(cm, root, std::max(g.files, g.ranks) - 1, dm.royal_reach);
            dm.may_repeat_destination = cm.may_repeat_destination;
        }
    }
    const std::size_t stride = static_cast<std::size_t>(4) * nt;
    mb.leap_attacks.assign(mb.leap_deltas.size() * stride, 0);
    for (const auto& e : leap_entries) mb.leap_attacks[e.vec * stride + e.index] = 1;
    mb.slide_range.assign(mb.slide_deltas.size() * stride, 0);
    for (std::size_t i = 0; i < slide_entries.size(); ++i) {
        auto& r = mb.slide_range[slide_entries[i].first * stride + slide_entries[i].second];
        r = std::max<int>(r, slide_entry_range[i]);
    }

    const int r = std::max(g.files, g.ranks) - 1;
    const int side = 2 * r + 1;
    mb.offset_radius = r;
    mb.may_attack.assign(static_cast<std::size_t>(4) * nt * side * side, 0);
    for (int o = 0; o < 4; ++o) {
        for (int t = 0; t < nt; ++t) {
            const CompiledMoves& cm = v.compiled[o][t];
            std::uint8_t* table =
                &mb.may_attack[static_cast<std::size_t>(o * nt + t) * side * side];
            auto mark = [&](int dx, int dy) {
                if (dx >= -r && dx <= r && dy >= -r && dy <= r) table[(dy + r) * side + dx + r] = 1;
            };
            for (const auto& l : cm.leaps)
                if (can_capture(l.modality) && !l.victim_not_royal) mark(l.v.dx, l.v.dy);
            for (const auto& sl : cm.slides) {
                if (!can_capture(sl.modality) || sl.victim_not_royal) continue;
                const int steps = sl.max_steps == 0 ? r : std::min(sl.max_steps, r);
                for (int k = 1; k <= steps; ++k) mark(k * sl.v.dx, k * sl.v.dy);
            }
            if (mb.moves[o * nt + t].royal_capturing_paths ||
                mb.moves[o * nt + t].royal_capturing_hops)
                std::fill(table, table + side * side, std::uint8_t{1});
        }
    }

    // aligned[k][s]: s lies on some slide line through k (slides run in both senses here,
    // since a line through the king can be attacked from either side).
    const int n = g.squares();
    mb.aligned.assign(static_cast<std::size_t>(n) * n, 0);
    for (Square k = 0; k < n; ++k) {
        for (int d : mb.slide_deltas) {
            for (int dir : {d, -d}) {
                for (int c = mb.cell_of[k] + dir; mb.square_of[c] >= 0; c += dir)
                    mb.aligned[static_cast<std::size_t>(k) * n + mb.square_of[c]] = 1;
            }
        }
    }
    return mb;
}

std::shared_ptr<const MailboxTables> mailbox_tables(const std::shared_ptr<const Variant>& v) {
    // One entry per live variant; an entry whose variant has died is rebuilt, so an address
    // reused by a new variant never finds stale tables.
    struct Entry {
        std::weak_ptr<const Variant> variant;
        std::shared_ptr<const MailboxTables> tables;
    };
    static std::mutex mutex;
    static std::map<const Variant*, Entry> cache;
    const std::lock_guard lock(mutex);
    auto it = cache.find(v.get());
    if (it != cache.end() && it->second.variant.lock() == v) return it->second.tables;
    std::erase_if(cache, [](const auto& e) { return e.second.variant.expired(); });
    auto tables = std::make_shared<const MailboxTables>(build_mailbox(*v));
    cache[v.get()] = Entry{v, tables};
    return tables;
}

}  // namespace seireigi
