// Mailbox tables: the generic position's board layout and attack tables, compiled once per
// variant.
//
// The board is stored with a border of off-board cells wide enough for the longest atom step
// (3), so a leap or slide step is one addition and one sentinel test. Attack detection runs
// backwards from the attacked square: for every leap vector and every slide direction that some
// piece of the variant has, one table lookup says whether the piece found there attacks.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "rules/compiled_moves.h"
#include "rules/geometry.h"

namespace seireigi {

struct Variant;

struct LeapDelta {
    int delta;
    Modality modality;
    bool victim_not_royal;
};

struct SlideDelta {
    int delta;
    int max_steps;  // 0 = unlimited
    Modality modality;
    bool victim_not_royal;
};

// A rectangle of board offsets (dx, dy); empty when min > max.
struct OffsetBox {
    int min_dx = 1, max_dx = 0, min_dy = 1, max_dy = 0;
    bool empty() const { return min_dx > max_dx; }
    bool contains(int dx, int dy) const {
        return dx >= min_dx && dx <= max_dx && dy >= min_dy && dy <= max_dy;
    }
};

// A type's moves for one orientation, as cell deltas.
struct DeltaMoves {
    std::vector<LeapDelta> leaps;
    std::vector<SlideDelta> slides;
    bool has_paths = false;
    bool royal_capturing_paths = false;  // a path can capture a royal: attack tests must walk it
    bool royal_capturing_hops = false;   // ... over a screen: a piece added can open the attack
    bool may_repeat_destination = false;
    // Per path node: the offsets from the square where the node's leg starts at which a leg of
    // its subtree may capture a royal, whatever stands on the board. An attack test skips every
    // subtree whose box misses the target, so it walks only lines that can reach the King.
    std::vector<OffsetBox> royal_reach;
};

struct MailboxTables {
    static constexpr int kPad = 3;
    int width = 0;  // files + 2 * kPad
    int cells = 0;
    std::vector<int> cell_of;    // square -> cell
    std::vector<int> square_of;  // cell -> square, -1 off the board
    std::vector<int> x_of_cell;  // cell -> file index as in Geometry (off-board cells too)
    std::vector<int> y_of_cell;  // cell -> rank index
    int delta(Vec v) const { return v.dy * width + v.dx; }

    int num_types = 0;
    // [orientation * num_types + mover type]
    std::vector<DeltaMoves> moves;
    int path_states = 0;  // the most PathNode states of any type's moves (CompiledMoves)
    const DeltaMoves& moves_of(Orientation o, PieceType mover) const {
        return moves[static_cast<int>(o) * num_types + mover];
    }
    // [piece code] orientation * num_types + mover type: the row of `moves` and of the attack
    // tables for a piece, in one lookup (attack tests ask it for every piece they meet).
    std::vector<std::int16_t> mover_index;

    // Attack detection. A leap vector is attacker -> target; attacker cell = target - delta.
    std::vector<int> leap_deltas;
    std::vector<std::uint8_t> leap_attacks;  // [vector * 4 * num_types + o * num_types + mover]
    std::vector<int> slide_deltas;
    std::vector<std::uint8_t> slide_range;  // same indexing; 0 none, else max steps (255 = any)
    // Squares on a slide line from a king square: a piece leaving them may expose the king.
    std::vector<std::uint8_t> aligned;  // [king square * squares + square]

    // Whether a piece of (orientation, mover type) could capture a royal standing (dx, dy) from
    // it on some board, whatever stands between: its royal-capturing leaps and slide steps, and
    // every offset for a type whose paths can capture a royal. The check generation's quick
    // test before the exact one.
    int offset_radius = 0;                 // max(files, ranks) - 1
    std::vector<std::uint8_t> may_attack;  // [(o * num_types + mover) * side^2 + offset]
    bool may_attack_at(Orientation o, PieceType mover, int dx, int dy) const {
        const int r = offset_radius, side = 2 * r + 1;
        if (dx < -r || dx > r || dy < -r || dy > r) return false;
        const std::size_t at =
            static_cast<std::size_t>(static_cast<int>(o) * num_types + mover) * side * side +
            static_cast<std::size_t>((dy + r) * side + dx + r);
        return may_attack[at] != 0;
    }
};

MailboxTables build_mailbox(const Variant& v);

// The tables of `v`, built on first use and shared by every generic position of that variant for
// as long as the variant lives (the Variant itself carries no engine's layout).
std::shared_ptr<const MailboxTables> mailbox_tables(const std::shared_ptr<const Variant>& v);

}  // namespace seireigi
