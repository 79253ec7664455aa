// Variant: the immutable, compiled form of a VariantSpec that every position reads.
//
// Compiling once gives: the geometry; players with orientations; piece types with their moves
// compiled per orientation; promotion zones per player; where each piece could never move again
// (which decides forced promotion and forbidden drops, docs/rules.md §A.1, derived from the moves);
// the starting position; and tables for fast attack detection.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "rules/compiled_moves.h"
#include "rules/geometry.h"
#include "rules/variant_spec.h"

namespace seireigi {

struct PieceTypeInfo {
    std::string id;
    std::string name;
    std::string abbr;
    std::string kanji;
    std::string kanji_alt;
    std::string betza;
    bool is_base = false;             // may stand unpromoted on the board / sit in hand
    PieceType promotes_to = kNoType;  // the face a base type promotes to
    bool royal = false;
    bool one_per_file = false;  // nifu
    bool no_drop_mate = false;  // uchifuzume
    int impasse_value = 0;
    // Centipawns (Pawn = 100): the catalogue's `value`, else derived (piece_values.h). For a
    // promoted face, the value of the face on the board.
    int value = 0;
    int hand_value = 0;  // a base type in hand: worth more than on the board (it can be dropped)
    int no_drop_last_ranks = -1;  // overrides (ranks from the far edge); -1 = derived
    int must_promote_last_ranks = -1;
};

struct Variant {
    std::string id;
    std::string name;
    std::string description;
    std::string network;  // VariantSpec::network
    Geometry geo;
    std::vector<PlayerDef> players;
    int num_players() const { return static_cast<int>(players.size()); }
    Orientation orientation(Player p) const { return players[p].orientation; }

    std::vector<PieceTypeInfo> types;   // base types and promoted-only faces
    std::vector<PieceType> hand_types;  // non-royal base types, in hand (display) order
    PieceType find_type(std::string_view id_or_abbr) const;  // by id, else by abbreviation
    // A face by any name `legend` prints: id, abbreviation, "+ABBR" (the promoted face of
    // ABBR), or a promoted face's own abbreviation ("DK"); for naming a piece, not positions.
    PieceType find_face(std::string_view name) const;

    int zone_depth = 3;
    bool drops = true;
    int starting_player = 0;
    int impasse_threshold = 0;
    VariantSpec::CheckOrder check_order = VariantSpec::CheckOrder::CheckedFirst;
    VariantSpec::DropMateReading drop_mate_reading = VariantSpec::DropMateReading::Narrow;

    // The setup: pieces on the board (hands start empty); or a position text to parse.
    std::vector<std::pair<Square, PieceCode>> setup;
    std::string setup_position;
    TextStart setup_position_at;  // where the variant file gives it, for messages

    // The piece type whose moves a face uses: the base type, or what it promotes to.
    PieceType mover_type(int face) const {
        const PieceType t = face & 0x7F;
        return (face & 0x80) ? types[t].promotes_to : t;
    }
    bool can_promote(PieceCode p) const {
        return !is_promoted(p) && types[type_of(p)].promotes_to != kNoType;
    }
    const CompiledMoves& moves(Orientation o, int face) const {
        return compiled[static_cast<int>(o)][mover_type(face)];
    }
    bool in_zone(Player p, Square s) const {
        return geo.ranks_ahead(orientation(p), s) < zone_depth;
    }
    // Whether an unpromoted piece of `type` owned by `p` may end a move on `s` without
    // promoting, and whether it may be dropped there: false where it could never move again
    // (derived from its moves; the variant file may override either).
    bool may_stay_unpromoted(Player p, PieceType type, Square s) const {
        return may_stay_[stand_index(p, type, s)] != 0;
    }
    bool may_drop(Player p, PieceType type, Square s) const {
        return may_drop_[stand_index(p, type, s)] != 0;
    }
    std::size_t stand_index(Player p, PieceType type, Square s) const {
        return (static_cast<std::size_t>(orientation(p)) * types.size() + type) * geo.squares() + s;
    }
    // The name of a face for notation: abbreviation, '+' for promoted.
    std::string face_abbr(int face) const;

    // Compiled moves per orientation and type (what mover_type returns).
    std::array<std::vector<CompiledMoves>, 4> compiled;
    std::vector<std::uint8_t> may_stay_;
    std::vector<std::uint8_t> may_drop_;
};

// Compiles a checked spec. Throws std::runtime_error only on a spec that the loader should
// have refused (a programming error), never on user input the loader checked.
std::shared_ptr<const Variant> build_variant(const VariantSpec& spec);

}  // namespace seireigi
