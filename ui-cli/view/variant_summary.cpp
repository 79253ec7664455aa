#include "view/variant_summary.h"

#include <algorithm>
#include <map>

#include "position/generic_position.h"

namespace seireigi::cli {

namespace {

std::string plural(int n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// "20 pieces: K, 2 G, 2 S, 9 P" in the catalogue's order, hands included ("in hand: 2 P").
std::string pieces_of(const Variant& v, const PositionState& st, Player p) {
    std::map<PieceType, int> board;
    int total = 0;
    for (PieceCode pc : st.board)
        if (pc != kEmpty && owner_of(pc) == p) {
            ++board[type_of(pc)];
            ++total;
        }
    std::string out;
    for (const auto& [t, n] : board)
        out += (out.empty() ? "" : ", ") + (n > 1 ? std::to_string(n) + " " : "") + v.types[t].abbr;
    std::string hand;
    for (PieceType t : v.hand_types) {
        const int n = st.hands[static_cast<std::size_t>(p)][t];
        if (n == 0) continue;
        total += n;
        hand +=
            (hand.empty() ? "" : ", ") + (n > 1 ? std::to_string(n) + " " : "") + v.types[t].abbr;
    }
    return plural(total, "piece") + ": " + out + (hand.empty() ? "" : "; in hand: " + hand);
}

}  // namespace

std::string variant_summary(const std::shared_ptr<const Variant>& variant,
                            const PositionState& start) {
    const Variant& v = *variant;
    std::string out = "  " + v.name + " (" + v.id + "): " + std::to_string(v.geo.files) + "x" +
                      std::to_string(v.geo.ranks) + " board, " + plural(v.num_players(), "player") +
                      ", promotion zone " + plural(v.zone_depth, "rank") + ", " +
                      (v.drops ? "captured pieces are dropped" : "no drops") + "\n";
    for (Player p = 0; p < v.num_players(); ++p)
        out += "  " + v.players[p].name + (p == start.to_move ? " (moves first)" : "") + ": " +
               pieces_of(v, start, p) + "\n";
    GenericPosition pos(variant, start);
    MoveList legal;
    pos.legal_moves(legal);
    out += "  legal first moves: " + std::to_string(legal.size()) + "\n";
    out += "  pieces (value estimate in centipawns, Pawn = 100; in hand in brackets):\n";
    for (PieceType t = 0; t < static_cast<PieceType>(v.types.size()); ++t) {
        const PieceTypeInfo& info = v.types[t];
        if (!info.is_base) continue;
        std::string line = "    " + info.abbr + " " + info.name + ": " + std::to_string(info.value);
        if (!info.royal) line += " [" + std::to_string(info.hand_value) + "]";
        if (info.royal) line += ", royal";
        if (info.promotes_to != kNoType) {
            const PieceTypeInfo& face = v.types[info.promotes_to];
            line += ", promotes to " + face.name + ": " + std::to_string(face.value);
        }
        out += line + "\n";
    }
    return out;
}

}  // namespace seireigi::cli
