#include "view/board_printer.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "base/display_width.h"

namespace seireigi::cli {

namespace {

constexpr std::size_t kScreenWidth = 80;

const char* kRed = "\x1b[31m";
const char* kDim = "\x1b[2m";
// With three or four players, one colour per player (the first keeps the terminal's colour).
constexpr std::array<const char*, kMaxPlayers> kPlayerColor = {"", "\x1b[31m", "\x1b[32m",
                                                               "\x1b[33m"};
const char* kReverse = "\x1b[7m";
const char* kReset = "\x1b[0m";

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool active(const PositionState& st, Player p) {
    return (st.active >> p) & 1;
}

// How the board is turned on the screen: the bottom player's forward direction points up.
struct Turn {
    int quarters = 0;  // the bottom player's orientation, in quarter turns clockwise from North
    int files = 0, ranks = 0;
    bool sideways() const { return quarters % 2 == 1; }
    int columns() const { return sideways() ? ranks : files; }
    int rows() const { return sideways() ? files : ranks; }
    // The board coordinates (x toward file 1, y toward the last rank) shown at screen column c,
    // row r.
    std::pair<int, int> board_xy(int c, int r) const {
        switch (quarters) {
            case 1:  // East up: turned a quarter counter-clockwise
                return {files - 1 - r, c};
            case 2:
                return {files - 1 - c, ranks - 1 - r};
            case 3:  // West up: turned a quarter clockwise
                return {r, ranks - 1 - c};
            default:
                return {c, r};
        }
    }
    // A direction on the board as it appears on the screen.
    Orientation on_screen(Orientation o) const {
        return static_cast<Orientation>((static_cast<int>(o) - quarters + 4) % 4);
    }
};

// Three or four players: the owner's forward direction on the screen, which is also the way a
// neutral piece attacks once its owner is out.
std::string direction_mark(const Variant& v, Player owner, const Turn& turn) {
    switch (turn.on_screen(v.orientation(owner))) {
        case Orientation::North:
            return "^";
        case Orientation::East:
            return ">";
        case Orientation::South:
            return "v";
        case Orientation::West:
            return "<";
    }
    return "?";
}

struct Label {
    const Variant& v;
    bool kanji;
    Turn turn;

    // The mark before a piece that says whose it is: the direction with three or four players;
    // in kanji with two players, 'v' for the second player (as KIF diagrams do, however the
    // board is turned) and a space for the first; none in Latin with two players (the case
    // says it).
    std::string owner_mark(Player owner) const {
        if (v.num_players() > 2) return direction_mark(v, owner, turn);
        if (!kanji) return "";
        return owner == 1 ? "v" : " ";
    }
    // Without the owner mark (hands name their owner at the start of the line).
    std::string face(Player owner, PieceType base, bool promoted, bool neutral) const {
        const PieceTypeInfo& info = promoted ? v.types[v.types[base].promotes_to] : v.types[base];
        if (kanji && !neutral) {
            std::string glyph = info.kanji;
            if (!promoted && owner == 1 && v.num_players() == 2 && !info.kanji_alt.empty())
                glyph = info.kanji_alt;
            if (!glyph.empty()) return glyph;
        }
        const std::string text = (promoted ? "+" : "") + v.types[base].abbr;
        // Lower case: the second of two players, or a neutral piece.
        return (v.num_players() == 2 ? owner == 1 : neutral) ? lower(text) : text;
    }
    std::string operator()(Player owner, PieceType base, bool promoted, bool neutral) const {
        return owner_mark(owner) + face(owner, base, promoted, neutral);
    }
};

// The widest label any piece of the variant can have, so that the board keeps its width whatever
// stands on it, plus a separating space (kanji cells would run together otherwise: `v飛将v強熊`).
std::size_t cell_width(const Variant& v, const Label& label) {
    std::size_t w = std::to_string(v.geo.files).size();
    for (Player p = 0; p < v.num_players(); ++p)
        for (PieceType t = 0; t < static_cast<PieceType>(v.types.size()); ++t) {
            if (!v.types[t].is_base) continue;
            for (const bool neutral : {false, v.num_players() > 2}) {
                w = std::max(w, display_width(label(p, t, false, neutral)));
                if (v.types[t].promotes_to != kNoType)
                    w = std::max(w, display_width(label(p, t, true, neutral)));
            }
        }
    return w + 1;
}

std::string colored(const std::string& s, const char* code, bool on) {
    return on && *code ? code + s + kReset : s;
}

// "Gote hand: P x3 L" wrapped to the screen width.
std::string hand_lines(const Variant& v, const PositionState& st, Player p, const Label& label) {
    if (!active(st, p))
        return v.players[p].name + " is out of the game (its pieces on the board are neutral)\n";
    const std::string head = v.players[p].name + " hand:";
    std::string out = head;
    std::size_t col = display_width(head);
    bool any = false;
    for (PieceType t : v.hand_types) {
        const int n = st.hands[p][t];
        if (n == 0) continue;
        any = true;
        std::string item = label.face(p, t, false, false);
        if (n > 1) {
            item += 'x';  // appended separately: GCC 12 warns falsely (-Wrestrict) on "x" + string
            item += std::to_string(n);
        }
        if (col + 1 + display_width(item) > kScreenWidth) {
            out += '\n';
            out += std::string(display_width(head), ' ');
            col = display_width(head);
        }
        out += " " + item;
        col += 1 + display_width(item);
    }
    if (!any) out += " -";
    return out + "\n";
}

}  // namespace

std::string render_position(const Variant& v, const PositionState& st, const BoardStyle& style) {
    const Geometry& g = v.geo;
    const int n = v.num_players();
    const Player bottom = style.bottom < n ? style.bottom : 0;
    const Turn turn{static_cast<int>(v.orientation(bottom)), g.files, g.ranks};
    const Label label{v, style.kanji, turn};
    const std::size_t width = cell_width(v, label);
    const bool many = n > 2;
    // Files are numbered from the right, ranks lettered from the top, as the board stands
    // unturned; turned sideways, the letters run along the top and the numbers down the side.
    const auto file_label = [&](int x) { return std::to_string(g.files - x); };
    const auto rank_label = [](int y) { return std::string(1, static_cast<char>('a' + y)); };
    std::string out;
    if (many) {
        // Who plays which way, and what a neutral piece looks like.
        for (Player p = 0; p < n; ++p)
            out += (p ? "  " : "") + colored(v.players[p].name + " " + direction_mark(v, p, turn),
                                             kPlayerColor[p], style.color);
        out += "   (the mark is the forward direction; lower case: neutral)\n";
    }
    // The hands of the players across the board, then the bottom player's below it.
    for (int i = n - 1; i >= 1; --i) out += hand_lines(v, st, (bottom + i) % n, label);
    out += " ";
    for (int c = 0; c < turn.columns(); ++c) {
        const auto [x, y] = turn.board_xy(c, 0);
        out += pad_left(turn.sideways() ? rank_label(y) : file_label(x), width);
    }
    out += "\n";
    for (int r = 0; r < turn.rows(); ++r) {
        out += " ";
        for (int c = 0; c < turn.columns(); ++c) {
            const auto [x, y] = turn.board_xy(c, r);
            const Square s = g.square(x, y);
            const PieceCode pc = st.board[s];
            const bool neutral = pc != kEmpty && !active(st, owner_of(pc));
            const std::string text =
                pc == kEmpty ? (style.kanji ? "・" : ".")
                             : label(owner_of(pc), type_of(pc), is_promoted(pc), neutral);
            // Colour goes on after padding, so escape codes never upset the alignment.
            const std::string pad(width - std::min(width, display_width(text)), ' ');
            if (s == style.highlight && style.color) {
                out += pad + colored(text, kReverse, true);
            } else if (pc != kEmpty && style.color && (neutral || owner_of(pc) != 0)) {
                const char* code = neutral ? kDim : many ? kPlayerColor[owner_of(pc)] : kRed;
                out += pad + colored(text, code, true);
            } else {
                out += pad + text;
            }
        }
        const auto [x, y] = turn.board_xy(0, r);
        out += "  " + (turn.sideways() ? file_label(x) : rank_label(y)) + "\n";
    }
    out += hand_lines(v, st, bottom, label);
    return out;
}

std::string render_board(const Variant& v, const PositionState& st, const BoardStyle& style) {
    return render_position(v, st, style) + v.players[st.to_move].name + " to move\n";
}

}  // namespace seireigi::cli
