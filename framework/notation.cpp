#include "notation.h"

#include <algorithm>
#include <cctype>

namespace seireigi {

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

std::string delimited(const std::string& abbr) {
    return abbr.size() == 1 ? abbr : "(" + abbr + ")";
}

Diagnostic error_at(std::size_t pos, const std::string& message) {
    return {"character " + std::to_string(pos + 1), message};
}

// Reads a piece abbreviation at text[pos]: a letter, or letters in parentheses. Returns the
// base type and whether it was written in upper case.
struct PieceRead {
    PieceType type = kNoType;
    bool upper_case = true;
};

std::variant<PieceRead, Diagnostic> read_piece(const Variant& v, std::string_view text,
                                               std::size_t& pos) {
    const std::size_t start = pos;
    std::string abbr;
    if (text[pos] == '(') {
        const std::size_t close = text.find(')', pos);
        if (close == std::string_view::npos)
            return error_at(pos, "'(' opens a piece abbreviation that is never closed by ')'");
        abbr = std::string(text.substr(pos + 1, close - pos - 1));
        pos = close + 1;
        if (abbr.empty()) return error_at(start, "empty piece abbreviation '()'");
    } else if (std::isalpha(static_cast<unsigned char>(text[pos]))) {
        abbr = std::string(1, text[pos]);
        ++pos;
    } else {
        return error_at(pos, std::string("expected a piece letter, found '") + text[pos] + "'");
    }
    PieceRead r;
    const bool all_upper = abbr == upper(abbr);
    const bool all_lower = abbr == lower(abbr);
    if (!all_upper && !all_lower)
        return error_at(start, "piece '" + abbr + "' mixes upper and lower case");
    r.upper_case = all_upper;
    for (PieceType t = 0; t < static_cast<PieceType>(v.types.size()); ++t) {
        if (v.types[t].is_base && upper(v.types[t].abbr) == upper(abbr)) {
            r.type = t;
            return r;
        }
    }
    return error_at(start, "unknown piece '" + abbr + "' in " + v.name);
}

}  // namespace

std::string piece_text(const Variant& v, PieceCode pc) {
    std::string abbr = delimited(v.types[type_of(pc)].abbr);
    if (owner_of(pc) == 1) abbr = lower(abbr);
    return (is_promoted(pc) ? "+" : "") + abbr;
}

std::string write_position(const Variant& v, const PositionState& st) {
    const Geometry& g = v.geo;
    std::string out;
    for (int y = 0; y < g.ranks; ++y) {
        if (y > 0) out += '/';
        int empty = 0;
        for (int x = 0; x < g.files; ++x) {
            const PieceCode pc = st.board[g.square(x, y)];
            if (pc == kEmpty) {
                ++empty;
                continue;
            }
            if (empty > 0) out += std::to_string(empty);
            empty = 0;
            out += piece_text(v, pc);
        }
        if (empty > 0) out += std::to_string(empty);
    }
    std::string hands;
    for (Player p = 0; p < v.num_players(); ++p) {
        for (auto it = v.hand_types.rbegin(); it != v.hand_types.rend(); ++it) {
            const int n = st.hands[p][*it];
            if (n == 0) continue;
            if (n > 1) hands += std::to_string(n);
            hands += piece_text(v, make_piece(p, *it, false));
        }
    }
    out += st.to_move == 0 ? " b " : " w ";
    out += hands.empty() ? "-" : hands;
    out += ' ' + std::to_string(st.move_number);
    return out;
}

std::variant<PositionState, Diagnostic> read_position(const Variant& v, std::string_view text) {
    if (v.num_players() != 2)
        return Diagnostic{"", "position text for " + std::to_string(v.num_players()) +
                                  "-player variants is not supported yet"};
    const Geometry& g = v.geo;
    PositionState st = empty_state(v);
    std::size_t pos = 0;
    while (pos < text.size() && text[pos] == ' ') ++pos;
    int x = 0;
    int y = 0;
    std::array<int, kMaxPlayers> royals{};
    auto rank_name = [&](int r) { return std::string(1, static_cast<char>('a' + r)); };
    // Board.
    while (pos < text.size() && text[pos] != ' ') {
        const char c = text[pos];
        if (c == '/') {
            if (x != g.files)
                return error_at(pos, "rank " + rank_name(y) + " has " + std::to_string(x) +
                                         " squares, expected " + std::to_string(g.files));
            ++y;
            x = 0;
            ++pos;
            if (y >= g.ranks)
                return error_at(pos - 1, "more than " + std::to_string(g.ranks) + " ranks");
            continue;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) {
            int n = 0;
            const std::size_t start = pos;
            while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])))
                n = n * 10 + (text[pos++] - '0');
            if (n == 0) return error_at(start, "an empty-square count must be at least 1");
            if (x + n > g.files)
                return error_at(start, "rank " + rank_name(y) + " is longer than " +
                                           std::to_string(g.files) + " squares");
            x += n;
            continue;
        }
        const std::size_t start = pos;
        bool promoted = false;
        if (c == '+') {
            promoted = true;
            if (++pos >= text.size()) return error_at(start, "'+' must be followed by a piece");
        }
        auto read = read_piece(v, text, pos);
        if (auto* d = std::get_if<Diagnostic>(&read)) return *d;
        const PieceRead pr = std::get<PieceRead>(read);
        if (x >= g.files)
            return error_at(start, "rank " + rank_name(y) + " is longer than " +
                                       std::to_string(g.files) + " squares");
        const Player owner = pr.upper_case ? 0 : 1;
        const PieceTypeInfo& info = v.types[pr.type];
        if (promoted && info.promotes_to == kNoType)
            return error_at(start, info.name + " cannot be promoted");
        const Square s = g.square(x, y);
        if (!promoted && !info.royal && info.promotes_to != kNoType &&
            !v.may_stay_unpromoted(owner, pr.type, s))
            return error_at(
                start, "an unpromoted " + info.name + " on " + g.name(s) + " could never move");
        if (info.royal && ++royals[owner] > 1)
            return error_at(start, "a second " + info.name + " for the same player");
        st.board[s] = make_piece(owner, pr.type, promoted);
        ++x;
    }
    if (y != g.ranks - 1 || x != g.files)
        return error_at(pos, "the board has " + std::to_string(y + 1) + " ranks (last one " +
                                 std::to_string(x) + " squares); expected " +
                                 std::to_string(g.ranks) + " ranks of " + std::to_string(g.files));
    // Side to move.
    while (pos < text.size() && text[pos] == ' ') ++pos;
    if (pos >= text.size()) return error_at(pos, "expected the player to move ('b' or 'w')");
    if (text[pos] == 'b')
        st.to_move = 0;
    else if (text[pos] == 'w')
        st.to_move = 1;
    else
        return error_at(pos, std::string("expected the player to move ('b' or 'w'), found '") +
                                 text[pos] + "'");
    ++pos;
    if (pos < text.size() && text[pos] != ' ')
        return error_at(pos, "expected a space after the player to move");
    while (pos < text.size() && text[pos] == ' ') ++pos;
    if (pos >= text.size()) return st;  // hands and move number may be left out
    // Hands.
    if (text[pos] == '-') {
        ++pos;
    } else {
        while (pos < text.size() && text[pos] != ' ') {
            int n = 1;
            const std::size_t start = pos;
            if (std::isdigit(static_cast<unsigned char>(text[pos]))) {
                n = 0;
                while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])))
                    n = n * 10 + (text[pos++] - '0');
                if (n == 0 || pos >= text.size() || text[pos] == ' ')
                    return error_at(start, "a hand count must be followed by a piece");
            }
            auto read = read_piece(v, text, pos);
            if (auto* d = std::get_if<Diagnostic>(&read)) return *d;
            const PieceRead pr = std::get<PieceRead>(read);
            if (std::find(v.hand_types.begin(), v.hand_types.end(), pr.type) == v.hand_types.end())
                return error_at(start, v.types[pr.type].name + " cannot be held in hand");
            st.hands[pr.upper_case ? 0 : 1][pr.type] += n;
        }
    }
    while (pos < text.size() && text[pos] == ' ') ++pos;
    if (pos < text.size()) {
        const std::size_t start = pos;
        int n = 0;
        while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])))
            n = n * 10 + (text[pos++] - '0');
        if (pos == start || n == 0) return error_at(start, "expected a move number");
        st.move_number = n;
        while (pos < text.size() && text[pos] == ' ') ++pos;
        if (pos < text.size()) return error_at(pos, "unexpected text after the move number");
    }
    return st;
}

std::string write_move(const Variant& v, Move m) {
    if (m.is_drop()) return delimited(v.types[m.dropped()].abbr) + "*" + v.geo.name(m.to());
    return v.geo.name(m.from()) + v.geo.name(m.to()) + (m.promotes() ? "+" : "");
}

std::variant<Move, Diagnostic> read_move(const Variant& v, std::string_view text,
                                         const MoveList& legal) {
    const Geometry& g = v.geo;
    std::size_t pos = 0;
    while (pos < text.size() && text[pos] == ' ') ++pos;
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (pos >= text.size()) return error_at(pos, "empty move");
    auto expect_square = [&](const char* what) -> std::variant<Square, Diagnostic> {
        if (auto s = g.read_square(text, pos)) return *s;
        return error_at(pos, std::string("expected ") + what +
                                 " (file number then rank letter, e.g. " +
                                 g.name(g.square(g.files / 2, g.ranks / 2)) + ")");
    };
    // A drop: piece, '*', square.
    if (!std::isdigit(static_cast<unsigned char>(text[pos]))) {
        const std::size_t start = pos;
        auto read = read_piece(v, text, pos);
        if (auto* d = std::get_if<Diagnostic>(&read)) return *d;
        const PieceType t = std::get<PieceRead>(read).type;
        if (pos >= text.size() || text[pos] != '*')
            return error_at(pos, "expected '*' after the piece of a drop (e.g. P*5e)");
        ++pos;
        auto to = expect_square("the drop square");
        if (auto* d = std::get_if<Diagnostic>(&to)) return *d;
        if (pos != text.size()) return error_at(pos, "unexpected text after the move");
        const Move m = Move::drop(t, std::get<Square>(to));
        if (std::find(legal.begin(), legal.end(), m) == legal.end())
            return error_at(start, "illegal move: " + write_move(v, m) + " is not legal here");
        return m;
    }
    auto from = expect_square("the from-square");
    if (auto* d = std::get_if<Diagnostic>(&from)) return *d;
    if (pos < text.size() && text[pos] == '-') {
        ++pos;
    } else if (pos < text.size() && (text[pos] == 'x' || text[pos] == 'X')) {
        ++pos;
    } else if (text.substr(pos).starts_with("×")) {
        pos += std::string_view("×").size();
    }
    auto to = expect_square("the to-square");
    if (auto* d = std::get_if<Diagnostic>(&to)) return *d;
    enum class Promo { Unsaid, Yes, No } promo = Promo::Unsaid;
    if (pos < text.size() && text[pos] == '+') {
        promo = Promo::Yes;
        ++pos;
    } else if (pos < text.size() && text[pos] == '=') {
        promo = Promo::No;
        ++pos;
    }
    if (pos != text.size()) return error_at(pos, "unexpected text after the move");
    const Square fs = std::get<Square>(from);
    const Square ts = std::get<Square>(to);
    const Move plain = Move::board(fs, ts, false);
    const Move promoting = Move::board(fs, ts, true);
    auto has = [&](Move m) { return std::find(legal.begin(), legal.end(), m) != legal.end(); };
    if (promo == Promo::Yes) {
        if (has(promoting)) return promoting;
        if (has(plain))
            return Diagnostic{"", "illegal move: " + write_move(v, promoting) +
                                      " cannot promote; play " + write_move(v, plain)};
    } else {
        if (has(plain)) return plain;
        if (has(promoting))
            return Diagnostic{
                "", "illegal move: the piece must promote here; write " + write_move(v, promoting)};
    }
    return Diagnostic{"",
                      "illegal move: " + write_move(v, promo == Promo::Yes ? promoting : plain) +
                          " is not legal here"};
}

}  // namespace seireigi
