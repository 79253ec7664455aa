#include "board_printer.h"

#include <algorithm>
#include <sstream>

#include "text/notation.h"

namespace seireigi::cli {

namespace {

std::string pad_left(const std::string& s, std::size_t width) {
    return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// "Sente hand: P x3 L ...", wrapped to stay within 80 columns (Dai Seireigi has 30 kinds).
std::string hand_line(const Variant& v, const PositionState& st, Player p) {
    const std::string head = v.players[p].name + " hand:";
    std::string out = head;
    std::size_t line_start = 0;
    bool empty = true;
    for (PieceType t : v.hand_types) {
        const int n = st.hands[p][t];
        if (n == 0) continue;
        empty = false;
        std::string item = " " + v.types[t].abbr;
        if (n > 1) item += 'x' + std::to_string(n);
        if (out.size() - line_start + item.size() > 79) {
            out += '\n';
            line_start = out.size();
            out += std::string(head.size(), ' ');
        }
        out += item;
    }
    return empty ? head + " -" : out;
}

}  // namespace

std::string render_board(const Variant& v, const PositionState& st) {
    const Geometry& g = v.geo;
    std::size_t width = 2;
    for (Square s = 0; s < g.squares(); ++s)
        if (st.board[s] != kEmpty) width = std::max(width, piece_text(v, st.board[s]).size());
    width = std::max<std::size_t>(width, std::to_string(g.files).size()) + 1;

    std::ostringstream out;
    for (Player p = v.num_players() - 1; p >= 1; --p) out << hand_line(v, st, p) << "\n";
    out << " ";
    for (int x = 0; x < g.files; ++x) out << pad_left(std::to_string(g.files - x), width);
    out << "\n";
    for (int y = 0; y < g.ranks; ++y) {
        out << " ";
        for (int x = 0; x < g.files; ++x) {
            const PieceCode pc = st.board[g.square(x, y)];
            out << pad_left(pc == kEmpty ? "." : piece_text(v, pc), width);
        }
        out << "  " << static_cast<char>('a' + y) << "\n";
    }
    out << hand_line(v, st, 0) << "\n";
    out << v.players[st.to_move].name << " to move\n";
    return out.str();
}

}  // namespace seireigi::cli
