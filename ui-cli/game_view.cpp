#include "game_view.h"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "text/notation.h"

namespace seireigi::cli {

namespace {

constexpr std::size_t kScreenWidth = 80;

// Kanji mode marks the owner before the glyph, as KIF diagrams do (v = the second player).
constexpr std::array<const char*, kMaxPlayers> kOwnerMark = {" ", "v", ">", "<"};

const char* kRed = "\x1b[31m";
const char* kBoldRed = "\x1b[1;31m";
const char* kDim = "\x1b[2m";
// With three or four players, one colour per player (the first keeps the terminal's colour).
constexpr std::array<const char*, kMaxPlayers> kPlayerColor = {"", "\x1b[31m", "\x1b[32m",
                                                               "\x1b[33m"};
const char* kReverse = "\x1b[7m";
const char* kReset = "\x1b[0m";

bool is_wide(char32_t c) {
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
           (c >= 0x3041 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
           (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) ||
           (c >= 0x20000 && c <= 0x3FFFD);
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Quarter turns clockwise from North: North 0, East 1, South 2, West 3.
int quarter_turns(Orientation o) {
    return static_cast<int>(o);
}

// How the board is turned on the screen: the bottom player's forward direction points up.
struct Turn {
    int quarters = 0;  // the bottom player's orientation, in quarter turns from North
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
        return static_cast<Orientation>((quarter_turns(o) - quarters + 4) % 4);
    }
};

// With three or four players every piece carries its owner's forward direction, which is also
// the way it attacks once its owner is out of the game; `turn` shows it as seen on the screen.
std::string direction_mark(const Variant& v, Player owner, const Turn& turn = {}) {
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

// Latin: the abbreviation, '+' for promoted. Two players: lower case for the second. More:
// the direction mark first, and lower case for neutral pieces (their owner is out).
std::string latin_label(const Variant& v, Player owner, PieceType base, bool promoted,
                        bool neutral = false, const Turn& turn = {}) {
    const std::string text = (promoted ? "+" : "") + v.types[base].abbr;
    if (v.num_players() > 2) return direction_mark(v, owner, turn) + (neutral ? lower(text) : text);
    return owner == 0 ? text : lower(text);
}

// Kanji: the owner mark, then the face's kanji (the second player's King has its own), else the
// Latin label. Neutral pieces are shown in Latin, so that they stand out.
std::string kanji_label(const Variant& v, Player owner, PieceType base, bool promoted,
                        bool neutral = false, const Turn& turn = {}) {
    if (neutral) return latin_label(v, owner, base, promoted, true, turn);
    const PieceTypeInfo& face = promoted ? v.types[v.types[base].promotes_to] : v.types[base];
    std::string glyph = face.kanji;
    if (!promoted && owner == 1 && v.num_players() == 2 && !face.kanji_alt.empty())
        glyph = face.kanji_alt;
    if (glyph.empty()) return latin_label(v, owner, base, promoted, false, turn);
    return (v.num_players() > 2 ? direction_mark(v, owner, turn) : kOwnerMark[owner]) + glyph;
}

std::string pad_left(const std::string& s, std::size_t width) {
    const std::size_t w = display_width(s);
    return w >= width ? s : std::string(width - w, ' ') + s;
}

struct Labeller {
    const Variant& v;
    ViewOptions o;
    Turn turn;
    std::string operator()(Player owner, PieceType base, bool promoted,
                           bool neutral = false) const {
        return o.kanji ? kanji_label(v, owner, base, promoted, neutral, turn)
                       : latin_label(v, owner, base, promoted, neutral, turn);
    }
};

// The widest label any piece of the variant can have, so that the board keeps its width.
std::size_t cell_width(const Variant& v, const Labeller& label) {
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
    // Latin labels need a space between them; kanji labels start with the owner mark.
    return label.o.kanji ? std::max<std::size_t>(w, 3) : w + 1;
}

std::string colored(const std::string& s, const char* code, bool on) {
    return on ? code + s + kReset : s;
}

// "Gote hand: P x3, L" wrapped to the screen width.
std::string hand_lines(const Game& game, Player p, const Labeller& label) {
    const Variant& v = game.variant();
    const PositionState& st = game.current();
    if (!game.position().is_active(p))
        return v.players[p].name + " is out of the game (its pieces on the board are neutral)\n";
    const std::string head = v.players[p].name + " hand:";
    std::string out = head;
    std::size_t col = display_width(head);
    bool any = false;
    for (PieceType t : v.hand_types) {
        const int n = st.hands[p][t];
        if (n == 0) continue;
        any = true;
        std::string item = label(p, t, false);
        // The hand's owner is named at the start of the line: no owner mark needed.
        if (v.num_players() > 2)
            item = item.substr(direction_mark(v, p, label.turn).size());
        else if (label.o.kanji)
            item = item.substr(std::string(kOwnerMark[p]).size());
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

std::size_t display_width(std::string_view s) {
    std::size_t w = 0;
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = s[i];
        char32_t cp = c;
        int len = 1;
        if (c >= 0xF0) {
            cp = c & 0x07;
            len = 4;
        } else if (c >= 0xE0) {
            cp = c & 0x0F;
            len = 3;
        } else if (c >= 0xC0) {
            cp = c & 0x1F;
            len = 2;
        }
        for (int k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | (s[i + k] & 0x3F);
        w += is_wide(cp) ? 2 : 1;
        i += len;
    }
    return w;
}

std::string whole_characters(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = s[i];
        const std::size_t len = c < 0x80         ? 1
                                : (c >> 5) == 6  ? 2
                                : (c >> 4) == 14 ? 3
                                : (c >> 3) == 30 ? 4
                                                 : 0;
        bool whole = len > 0 && i + len <= s.size();
        for (std::size_t k = 1; whole && k < len; ++k)
            whole = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
        if (!whole) {
            out += '?';
            ++i;
            continue;
        }
        out.append(s.substr(i, len));
        i += len;
    }
    return out;
}

std::string render_game(const Game& game, const ViewOptions& o) {
    const Variant& v = game.variant();
    const Geometry& g = v.geo;
    const PositionState& st = game.current();
    const int n = v.num_players();
    const Player bottom = o.bottom >= 0 && o.bottom < n ? o.bottom : 0;
    const Turn turn{quarter_turns(v.orientation(bottom)), g.files, g.ranks};
    const Labeller label{v, o, turn};
    const std::size_t width = cell_width(v, label);
    const Square last_to = game.ply() > 0 ? game.moves().back().to() : kNoSquare;
    // Files are numbered from the right, ranks lettered from the top, as the board stands
    // unturned; turned sideways, the letters run along the top and the numbers down the side.
    const auto file_label = [&](int x) { return std::to_string(g.files - x); };
    const auto rank_label = [](int y) { return std::string(1, static_cast<char>('a' + y)); };

    const bool many = n > 2;
    std::string out;
    if (many) {
        // A legend: who plays which way, and what a neutral piece looks like.
        for (Player p = 0; p < n; ++p)
            out += (p ? "  " : "") + colored(v.players[p].name + " " + direction_mark(v, p, turn),
                                             kPlayerColor[p], o.color && p > 0);
        out += "   (the mark is the forward direction; lower case: neutral)\n";
    }
    // The hands of the players across the board, then the bottom player's below it.
    for (int i = n - 1; i >= 1; --i) out += hand_lines(game, (bottom + i) % n, label);
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
            const bool neutral = pc != kEmpty && !game.position().is_active(owner_of(pc));
            const std::string text =
                pc == kEmpty ? (o.kanji ? "・" : ".")
                             : label(owner_of(pc), type_of(pc), is_promoted(pc), neutral);
            std::string cell = pad_left(text, width);
            // Colour goes on after padding, so escape codes never upset the alignment.
            const std::size_t pad = width - display_width(text);
            if (s == last_to && o.color) {
                cell = std::string(pad, ' ') + colored(text, kReverse, true);
            } else if (pc != kEmpty && o.color && (neutral || owner_of(pc) != 0)) {
                const char* code = neutral ? kDim : many ? kPlayerColor[owner_of(pc)] : kRed;
                cell = std::string(pad, ' ') + colored(text, code, true);
            }
            out += cell;
        }
        const auto [x, y] = turn.board_xy(0, r);
        out += "  " + (turn.sideways() ? file_label(x) : rank_label(y)) + "\n";
    }
    out += hand_lines(game, bottom, label);

    std::string status;
    if (game.ply() > 0) {
        const Player mover = game.mover_of(game.ply() - 1);
        status += "Move " + std::to_string(game.ply()) + ": " + v.players[mover].name + " " +
                  write_move(v, game.moves().back()) + ".  ";
    }
    if (!game.over() && many) {
        // Why this player moves: a checked player moves first (RULES.md §D.4).
        const std::string who = v.players[game.to_move()].name;
        status += game.in_check() ? colored(who + " to move: in check!", kBoldRed, o.color)
                                  : who + " to move.";
        if (game.impasse_pending())
            status += "  (Impasse agreed: the first to reach " +
                      std::to_string(v.impasse_threshold) + " points wins.)";
    } else if (!game.over()) {
        status += v.players[game.to_move()].name + " to move.";
        if (game.in_check())
            status +=
                "  " + colored(v.players[game.to_move()].name + " is in check!", kBoldRed, o.color);
    }
    out += status + "\n";
    return out;
}

}  // namespace seireigi::cli
