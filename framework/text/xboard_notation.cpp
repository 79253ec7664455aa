#include "text/xboard_notation.h"

#include <array>
#include <cctype>

#include "text/notation.h"

namespace seireigi {
namespace {

// XBoard's own shogi table: the letter of each slot (from "PNBRLS...G.++++++K"), used only as a
// preference so that familiar letters keep their familiar images.
constexpr std::string_view kXboardShogiSlots = "PNBRLS...G.";
// XBoard 4.9 (backend.c, HasPromotionChoice) offers a person the promotion choice in shogi only
// for slots 0-6 (Pawn..Alfil); slots 7-8 still promote when an engine sends the move.
constexpr int kChoiceSlots = 7;
constexpr int kPromotingSlots = 9;
constexpr int kBaseSlots = 11;  // slot + 11 is the promoted slot
constexpr int kMaxFilesWithHands = 12;

char upper(char c) {
    return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}
char lower(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

std::string letter_of(const Variant& v, PieceType t) {
    return v.types[t].abbr;
}

}  // namespace

std::optional<XboardNotation> XboardNotation::make(const Variant& v, std::string* why) {
    auto refuse = [&](const std::string& reason) -> std::optional<XboardNotation> {
        if (why) *why = reason;
        return std::nullopt;
    };
    if (v.num_players() != 2) return refuse("XBoard shows two-player variants only");
    if (v.orientation(0) != Orientation::North || v.orientation(1) != Orientation::South)
        return refuse("XBoard needs the first player at the bottom and the second at the top");
    if (v.drops && v.geo.files > kMaxFilesWithHands)
        return refuse("XBoard shows boards with hands up to " + std::to_string(kMaxFilesWithHands) +
                      " files; " + v.id + " has " + std::to_string(v.geo.files));
    if (v.geo.files > 16 || v.geo.ranks > 16) return refuse("XBoard shows boards up to 16 by 16");
    std::array<char, kBaseSlots> slots;
    slots.fill('.');
    std::array<bool, kBaseSlots> promotes{};
    char king = 0;
    std::vector<PieceType> promoting, plain;
    for (PieceType t = 0; t < static_cast<PieceType>(v.types.size()); ++t) {
        const PieceTypeInfo& info = v.types[t];
        if (!info.is_base) continue;
        if (info.abbr.size() != 1 || !std::isalpha(static_cast<unsigned char>(info.abbr[0])))
            return refuse("XBoard needs one-letter piece abbreviations; " + v.id + " has '" +
                          info.abbr + "'");
        if (info.royal) {
            if (king || info.promotes_to != kNoType)
                return refuse("XBoard needs exactly one royal piece that does not promote");
            king = upper(info.abbr[0]);
        } else {
            (info.promotes_to != kNoType ? promoting : plain).push_back(t);
        }
    }
    if (!king) return refuse("XBoard needs a royal piece");
    auto place = [&](PieceType t, int first, int last) {
        const char c = upper(letter_of(v, t)[0]);
        // XBoard's shogi slot for this letter, if it is free and in range ...
        const std::size_t preferred = kXboardShogiSlots.find(c);
        if (preferred != std::string_view::npos && static_cast<int>(preferred) >= first &&
            static_cast<int>(preferred) <= last && slots[preferred] == '.') {
            slots[preferred] = c;
            return static_cast<int>(preferred);
        }
        // ... else the last free slot of the range.
        for (int s = last; s >= first; --s)
            if (slots[s] == '.') {
                slots[s] = c;
                return s;
            }
        return -1;
    };
    // Pieces with XBoard's letters first, so that others do not take their slots.
    auto by_preference = [&](std::vector<PieceType>& list) {
        std::stable_partition(list.begin(), list.end(), [&](PieceType t) {
            return kXboardShogiSlots.find(upper(letter_of(v, t)[0])) != std::string_view::npos;
        });
    };
    by_preference(promoting);
    by_preference(plain);
    for (PieceType t : promoting) {
        int s = place(t, 0, kChoiceSlots - 1);
        if (s < 0) s = place(t, kChoiceSlots, kPromotingSlots - 1);
        if (s < 0) return refuse("XBoard has room for 9 promoting pieces");
        promotes[s] = true;
    }
    for (PieceType t : plain)
        if (place(t, kPromotingSlots, kBaseSlots - 1) < 0 && place(t, 0, kPromotingSlots - 1) < 0)
            return refuse("XBoard has room for 11 pieces besides the King");
    std::string white(slots.begin(), slots.end());
    std::string promoted_part(kBaseSlots, '.');
    for (int s = 0; s < kBaseSlots; ++s)
        if (promotes[s]) promoted_part[s] = '+';
    promoted_part.erase(promoted_part.find_last_not_of('.') + 1);
    white += promoted_part;
    white += king;
    std::string black;
    for (char c : white) black += lower(c);
    XboardNotation n;
    n.table_ = white + black;
    return n;
}

std::vector<std::string> XboardNotation::setup_lines(const Variant& v,
                                                     const PositionState& start) const {
    std::vector<std::string> lines;
    const int hand_slots = v.drops ? static_cast<int>(v.hand_types.size()) : 0;
    lines.push_back("setup (" + table_ + ") " + std::to_string(v.geo.files) + "x" +
                    std::to_string(v.geo.ranks) + "+" + std::to_string(hand_slots) + "_shogi " +
                    fen(v, start));
    for (PieceType t = 0; t < static_cast<PieceType>(v.types.size()); ++t) {
        const PieceTypeInfo& info = v.types[t];
        if (!info.is_base) continue;
        std::string moves = info.betza;
        const bool in_hand = v.drops && !info.royal;
        if (in_hand) {
            // 'f' per piece allowed on a file (nifu); '@' and the ranks a drop may reach.
            if (info.one_per_file) moves += "f";
            moves += '@';  // appended apart: GCC 12 warns (-Wrestrict) wrongly on "@" + string
            moves += std::to_string(v.geo.ranks);
        }
        lines.push_back("piece " + info.abbr + "& " + moves);
        if (info.promotes_to != kNoType)
            lines.push_back("piece +" + info.abbr + "& " + v.types[info.promotes_to].betza);
    }
    return lines;
}

std::string XboardNotation::fen(const Variant& v, const PositionState& st) const {
    // Our position text's board is XBoard's (one-letter pieces); the hands become [holdings].
    const std::string text = write_position(v, st);
    std::string fen = text.substr(0, text.find(' '));
    std::string holdings;
    for (Player p = 0; p < 2; ++p)
        for (PieceType t : v.hand_types)
            for (int i = 0; i < st.hands[p][t]; ++i)
                holdings += p == 0 ? upper(v.types[t].abbr[0]) : lower(v.types[t].abbr[0]);
    // Appended piece by piece: GCC 12 warns (-Wrestrict) wrongly on "[" + std::string(...).
    fen += '[';
    fen += holdings.empty() ? std::string("-") : holdings;
    fen += ']';
    fen += st.to_move == 0 ? " w" : " b";
    fen += " 0 " + std::to_string(std::max(1, (st.move_number + 1) / 2));
    return fen;
}

std::variant<PositionState, std::string> XboardNotation::read_fen(const Variant& v,
                                                                  std::string_view fen) const {
    // BOARD[HOLDINGS] SIDE ...   or   BOARD SIDE ... (holdings may also follow as /HOLDINGS)
    while (!fen.empty() && fen.front() == ' ') fen.remove_prefix(1);  // "setboard  FEN"
    const std::size_t space = fen.find(' ');
    std::string board(fen.substr(0, space));
    std::string rest(space == std::string_view::npos ? "" : fen.substr(space + 1));
    std::string holdings;
    if (const std::size_t open = board.find('['); open != std::string::npos) {
        const std::size_t close = board.find(']', open);
        if (close == std::string::npos) return std::string("'[' opens holdings that never close");
        holdings = board.substr(open + 1, close - open - 1);
        board.erase(open);
    }
    while (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
    if (rest.empty() || (rest[0] != 'w' && rest[0] != 'b'))
        return std::string("expected the side to move ('w' or 'b') after the board");
    const char side = rest[0] == 'w' ? 'b' : 'w';  // XBoard's White is Sente ("b")
    std::string hands;
    std::array<std::vector<int>, 2> counts;
    counts[0].assign(v.types.size(), 0);
    counts[1].assign(v.types.size(), 0);
    for (char c : holdings) {
        if (c == '-') continue;
        const PieceType t = v.find_type(std::string(1, upper(c)));
        if (t == kNoType || !v.types[t].is_base)
            return "unknown piece '" + std::string(1, c) + "' in the holdings";
        ++counts[std::isupper(static_cast<unsigned char>(c)) ? 0 : 1][t];
    }
    for (Player p = 0; p < 2; ++p)
        for (PieceType t : v.hand_types) {
            const int n = counts[p][t];
            if (n == 0) continue;
            if (n > 1) hands += std::to_string(n);
            hands += p == 0 ? upper(v.types[t].abbr[0]) : lower(v.types[t].abbr[0]);
        }
    const std::string text = board + " " + side + " " + (hands.empty() ? "-" : hands) + " 1";
    auto read = read_position(v, text);
    if (auto* d = std::get_if<Diagnostic>(&read)) return d->text();
    return std::get<PositionState>(read);
}

std::string XboardNotation::square(const Variant& v, Square s) const {
    return std::string(1, static_cast<char>('a' + v.geo.x_of(s))) +
           std::to_string(v.geo.ranks - v.geo.y_of(s));
}

std::string XboardNotation::move(const Variant& v, Move m) const {
    if (m.is_drop()) return letter_of(v, m.dropped()) + "@" + square(v, m.to());
    return square(v, m.from()) + square(v, m.to()) + (m.promotes() ? "+" : "");
}

std::variant<Move, std::string> XboardNotation::read_move(const Variant& v, std::string_view text,
                                                          const MoveList& legal) const {
    std::size_t pos = 0;
    auto read_square = [&]() -> std::optional<Square> {
        if (pos >= text.size() || text[pos] < 'a' || text[pos] >= 'a' + v.geo.files)
            return std::nullopt;
        const int x = text[pos++] - 'a';
        int rank = 0;
        const std::size_t digits = pos;
        while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])) &&
               pos - digits < 3)
            rank = rank * 10 + (text[pos++] - '0');
        if (pos == digits || rank < 1 || rank > v.geo.ranks) return std::nullopt;
        return v.geo.square(x, v.geo.ranks - rank);
    };
    const std::string shown(text);
    if (text.size() >= 2 && text[1] == '@') {
        const PieceType t = v.find_type(std::string(1, upper(text[0])));
        pos = 2;
        const auto to = read_square();
        if (t == kNoType || !to || pos != text.size()) return "not a move: " + shown;
        for (Move m : legal)
            if (m.is_drop() && m.dropped() == t && m.to() == *to) return m;
        return "no such drop here: " + shown;
    }
    const auto from = read_square();
    const auto to = read_square();
    if (!from || !to) return "not a move: " + shown;
    char suffix = 0;
    if (pos < text.size()) suffix = text[pos++];
    if (pos != text.size() || (suffix && suffix != '+' && suffix != '='))
        return "not a move: " + shown;
    std::optional<Move> plain, promoting;
    for (Move m : legal) {
        if (m.is_drop() || m.from() != *from || m.to() != *to) continue;
        (m.promotes() ? promoting : plain) = m;
    }
    if (suffix == '+') {
        if (promoting) return *promoting;
        return plain ? "this piece cannot promote here: " + shown : "illegal move: " + shown;
    }
    if (plain) return *plain;
    // XBoard does not know which promotions are forced: a bare move that must promote does.
    if (promoting && suffix == 0) return *promoting;
    return promoting ? "this piece must promote here: " + shown : "illegal move: " + shown;
}

}  // namespace seireigi
