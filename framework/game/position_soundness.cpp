#include "game/position_soundness.h"

#include <memory>

#include "position/generic_position.h"
#include "text/start_position.h"

namespace seireigi {

namespace {

// How many pieces of each base type (promoted or not, on the board or in hand, any owner).
// "Rooks", "Gold Generals": piece names are English nouns.
std::string plural(const std::string& name) {
    return name + (name.ends_with("s") ? "es" : "s");
}

std::vector<int> pieces_by_type(const Variant& v, const PositionState& st) {
    std::vector<int> n(v.types.size(), 0);
    for (PieceCode pc : st.board)
        if (pc != kEmpty) ++n[type_of(pc)];
    for (const auto& hand : st.hands)
        for (std::size_t t = 0; t < hand.size() && t < n.size(); ++t) n[t] += hand[t];
    return n;
}

}  // namespace

std::vector<PositionProblem> impossible_position_problems(const Variant& v,
                                                          const PositionState& st) {
    using Kind = PositionProblem::Kind;
    std::vector<PositionProblem> out;
    const Geometry& g = v.geo;
    // Kings: one for every player still in the game.
    for (Player p = 0; p < v.num_players(); ++p) {
        if (!((st.active >> p) & 1)) continue;
        int kings = 0;
        std::string king_name = "King";
        for (Square s = 0; s < g.squares(); ++s) {
            const PieceCode pc = st.board[s];
            if (pc != kEmpty && owner_of(pc) == p && v.types[type_of(pc)].royal) {
                ++kings;
                king_name = v.types[type_of(pc)].name;
            }
        }
        if (kings == 0) out.push_back({Kind::MissingKing, v.players[p].name + " has no King", p});
        if (kings > 1)
            out.push_back({Kind::ExtraKing,
                           v.players[p].name + " has " + std::to_string(kings) + " royal pieces (" +
                               king_name + "); a player has one",
                           p});
    }
    // The player who made the last move cannot have left its own King in check.
    if (v.num_players() == 2) {
        const Player last = 1 - st.to_move;
        const GenericPosition pos(std::shared_ptr<const Variant>(&v, [](const Variant*) {}), st);
        if (pos.in_check(last))
            out.push_back({Kind::NotToMoveInCheck,
                           v.players[last].name + " is in check but " + v.players[st.to_move].name +
                               " is to move (the last move would have left " +
                               v.players[last].name + "'s King in check)"});
    }
    // No more pieces of a kind than the set holds.
    const std::vector<int> set = pieces_by_type(v, start_state(v));
    const std::vector<int> here = pieces_by_type(v, st);
    for (std::size_t t = 0; t < v.types.size(); ++t) {
        if (here[t] <= set[t] || !v.types[t].is_base || v.types[t].royal) continue;
        out.push_back({Kind::TooManyPieces, std::to_string(here[t]) + " " +
                                                plural(v.types[t].name) +
                                                " (board and hands), but the set of " + v.name +
                                                " has " + std::to_string(set[t])});
    }
    // One unpromoted piece per file of a kind with the one-per-file rule.
    for (Player p = 0; p < v.num_players(); ++p) {
        const Orientation o = v.orientation(p);
        for (PieceType t = 0; t < static_cast<PieceType>(v.types.size()); ++t) {
            if (!v.types[t].one_per_file) continue;
            std::vector<Square> first(static_cast<std::size_t>(std::max(g.files, g.ranks)),
                                      kNoSquare);
            for (Square s = 0; s < g.squares(); ++s) {
                if (st.board[s] != make_piece(p, t, false)) continue;
                Square& seen = first[static_cast<std::size_t>(g.line_of(o, s))];
                if (seen == kNoSquare) {
                    seen = s;
                    continue;
                }
                out.push_back({Kind::TwoOnAFile, v.players[p].name + " has two unpromoted " +
                                                     plural(v.types[t].name) + " on one file (" +
                                                     g.name(seen) + " and " + g.name(s) +
                                                     "), which the rules forbid"});
            }
        }
    }
    return out;
}

}  // namespace seireigi
