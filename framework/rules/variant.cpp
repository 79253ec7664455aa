#include "rules/variant.h"

#include "rules/piece_values.h"

#include <stdexcept>

namespace seireigi {

PieceType Variant::find_type(std::string_view id_or_abbr) const {
    for (std::size_t t = 0; t < types.size(); ++t)
        if (types[t].id == id_or_abbr) return static_cast<PieceType>(t);
    for (std::size_t t = 0; t < types.size(); ++t)
        if (types[t].is_base && types[t].abbr == id_or_abbr) return static_cast<PieceType>(t);
    return kNoType;
}

PieceType Variant::find_face(std::string_view name) const {
    if (const PieceType t = find_type(name); t != kNoType) return t;
    if (name.starts_with("+")) {
        const PieceType base = find_type(name.substr(1));
        return base == kNoType || !types[base].is_base ? kNoType : types[base].promotes_to;
    }
    for (std::size_t t = 0; t < types.size(); ++t)
        if (types[t].abbr == name) return static_cast<PieceType>(t);
    return kNoType;
}

std::string Variant::face_abbr(int face) const {
    const PieceType t = face & 0x7F;
    return ((face & 0x80) ? "+" : "") + types[t].abbr;
}

namespace {

// Whether a piece with these moves could still move from `s` on an empty board (modality
// ignored): the rule behind forced promotion and forbidden drops.
bool has_mobility(const CompiledMoves& m, const Geometry& g, Square s) {
    const int x = g.x_of(s);
    const int y = g.y_of(s);
    auto fits = [&](Vec v) { return g.on_board(x + v.dx, y + v.dy); };
    for (const auto& l : m.leaps)
        if (fits(l.v)) return true;
    for (const auto& sl : m.slides)
        if (fits(sl.v)) return true;
    for (int root : m.path_roots)
        if (fits(m.path_nodes[root].v)) return true;
    return false;
}

int index_of(const VariantSpec& spec, const std::string& id) {
    for (std::size_t i = 0; i < spec.pieces.size(); ++i)
        if (spec.pieces[i].id == id) return static_cast<int>(i);
    throw std::runtime_error("variant '" + spec.id + "': unknown piece '" + id + "'");
}

}  // namespace

std::shared_ptr<const Variant> build_variant(const VariantSpec& spec) {
    auto v = std::make_shared<Variant>();
    v->id = spec.id;
    v->name = spec.name;
    v->description = spec.description;
    v->network = spec.network;
    v->geo = Geometry{spec.files, spec.ranks};
    v->players = spec.players;
    v->zone_depth = spec.zone_depth;
    v->drops = spec.drops;
    v->starting_player = spec.starting_player;
    v->impasse_threshold = spec.impasse_threshold;
    v->check_order = spec.check_order;
    v->drop_mate_reading = spec.drop_mate_reading;
    v->setup_position = spec.setup_position;
    v->setup_position_at = spec.setup_position_at;

    if (spec.pieces.size() > 127) throw std::runtime_error("more than 127 piece types");
    for (const auto& def : spec.pieces) {
        PieceTypeInfo info;
        info.id = def.id;
        info.name = def.name;
        info.abbr = def.abbr;
        info.kanji = def.kanji;
        info.kanji_alt = def.kanji_alt;
        info.betza = def.betza;
        info.impasse_value = spec.impasse_default_value;
        const auto own = spec.piece_values.find(def.id);
        info.value = own != spec.piece_values.end() ? own->second : def.value;
        v->types.push_back(info);
    }
    for (const auto& id : spec.base_types) v->types[index_of(spec, id)].is_base = true;
    for (const auto& [base, promoted] : spec.promotions)
        v->types[index_of(spec, base)].promotes_to = index_of(spec, promoted);
    if (!spec.royal.empty()) v->types[index_of(spec, spec.royal)].royal = true;
    for (const auto& id : spec.one_per_file) v->types[index_of(spec, id)].one_per_file = true;
    for (const auto& id : spec.no_drop_mate) v->types[index_of(spec, id)].no_drop_mate = true;
    for (const auto& [id, value] : spec.impasse_values)
        v->types[index_of(spec, id)].impasse_value = value;
    for (const auto& [id, n] : spec.no_drop_last_ranks)
        v->types[index_of(spec, id)].no_drop_last_ranks = n;
    for (const auto& [id, n] : spec.must_promote_last_ranks)
        v->types[index_of(spec, id)].must_promote_last_ranks = n;
    for (const auto& id : spec.base_types) {
        const int t = index_of(spec, id);
        if (!v->types[t].royal) v->hand_types.push_back(t);
    }

    const int num_types = static_cast<int>(v->types.size());
    for (int o = 0; o < 4; ++o) {
        v->compiled[o].reserve(num_types);
        for (const auto& def : spec.pieces)
            v->compiled[o].push_back(compile_moves(def.moves, static_cast<Orientation>(o)));
    }

    // Where an unpromoted piece may stand: derived from its moves, or the override.
    const Geometry& g = v->geo;
    v->may_stay_.assign(static_cast<std::size_t>(4) * num_types * g.squares(), 1);
    v->may_drop_ = v->may_stay_;
    for (int o = 0; o < 4; ++o) {
        const auto orient = static_cast<Orientation>(o);
        for (int t = 0; t < num_types; ++t) {
            const auto& info = v->types[t];
            for (Square s = 0; s < g.squares(); ++s) {
                const bool mobile = has_mobility(v->compiled[o][t], g, s);
                const int ahead = g.ranks_ahead(orient, s);
                const std::size_t i =
                    (static_cast<std::size_t>(o) * num_types + t) * g.squares() + s;
                v->may_drop_[i] =
                    info.no_drop_last_ranks >= 0 ? ahead >= info.no_drop_last_ranks : mobile;
                v->may_stay_[i] = info.must_promote_last_ranks >= 0
                                      ? ahead >= info.must_promote_last_ranks
                                      : mobile;
            }
        }
    }

    for (const auto& place : spec.setup_relative) {
        const int t = index_of(spec, place.piece);
        for (Player p = 0; p < v->num_players(); ++p) {
            const auto s = g.from_view(v->orientation(p), place.file, place.rank_index);
            if (!s) throw std::runtime_error("setup square off the board");
            v->setup.emplace_back(*s, make_piece(p, t, false));
        }
    }

    assign_piece_values(*v);
    return v;
}

}  // namespace seireigi
