#include "record/kif_csa_reader.h"

#include <iconv.h>

#include <array>
#include <cctype>

#include "game/move_refusal.h"
#include "text/notation.h"

namespace seireigi {

namespace {

// KIF's and CSA's even-game (平手) start: shogi's.
constexpr const char* kEvenStart =
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

constexpr std::array<std::string_view, 9> kFullWidthDigits = {"１", "２", "３", "４", "５",
                                                              "６", "７", "８", "９"};
constexpr std::array<std::string_view, 18> kKanjiNumbers = {
    "十八", "十七", "十六", "十五", "十四", "十三", "十二", "十一", "十",
    "九",   "八",   "七",   "六",   "五",   "四",   "三",   "二",   "一"};
constexpr int kanji_value(std::size_t index) {
    return 18 - static_cast<int>(index);
}

Diagnostic error_on(int line, const std::string& message) {
    return {"line " + std::to_string(line), message};
}

bool valid_utf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t extra = 0;
        if (c >= 0x80) {
            if ((c >> 5) == 6)
                extra = 1;
            else if ((c >> 4) == 14)
                extra = 2;
            else if ((c >> 3) == 30)
                extra = 3;
            else
                return false;
        }
        if (i + extra >= s.size() && extra > 0) return false;
        for (std::size_t k = 1; k <= extra; ++k)
            if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return false;
        i += extra + 1;
    }
    return true;
}

// Most Japanese programs write KIF and CSA in Shift_JIS (Windows' code page 932): read as such
// what is not UTF-8.
std::optional<std::string> to_utf8(std::string_view text) {
    if (valid_utf8(text)) return std::string(text);
    iconv_t cd = iconv_open("UTF-8", "CP932");
    if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
    std::string in(text), out(text.size() * 3 + 16, '\0');
    char* src = in.data();
    char* dst = out.data();
    std::size_t src_left = in.size(), dst_left = out.size();
    const std::size_t rc = iconv(cd, &src, &src_left, &dst, &dst_left);
    iconv_close(cd);
    if (rc == static_cast<std::size_t>(-1)) return std::nullopt;
    out.resize(out.size() - dst_left);
    return out;
}

std::vector<std::string> split_lines(std::string_view text) {
    std::vector<std::string> lines;
    std::size_t at = 0;
    if (text.starts_with("\xEF\xBB\xBF")) at = 3;  // a byte-order mark
    while (at <= text.size()) {
        std::size_t nl = text.find('\n', at);
        if (nl == std::string_view::npos) nl = text.size();
        std::string line(text.substr(at, nl - at));
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(std::move(line));
        at = nl + 1;
    }
    return lines;
}

bool take(std::string_view& s, std::string_view prefix) {
    if (!s.starts_with(prefix)) return false;
    s.remove_prefix(prefix.size());
    return true;
}

void skip_blanks(std::string_view& s) {
    while (true) {
        if (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
            s.remove_prefix(1);
        else if (!take(s, "　"))
            return;
    }
}

// One UTF-8 character from the front of `s`.
std::string take_char(std::string_view& s) {
    std::size_t n = 1;
    while (n < s.size() && (static_cast<unsigned char>(s[n]) >> 6) == 2) ++n;
    std::string c(s.substr(0, n));
    s.remove_prefix(std::min(n, s.size()));
    return c;
}

// A kanji number 1-18 at the front of `s`.
std::optional<int> take_kanji_number(std::string_view& s) {
    for (std::size_t i = 0; i < kKanjiNumbers.size(); ++i)
        if (take(s, kKanjiNumbers[i])) return kanji_value(i);
    return std::nullopt;
}

struct Face {
    PieceType base = kNoType;
    bool promoted = false;
};

// The face a glyph names in `v`: a catalogue kanji (either spelling), KIF's other spellings of
// shogi's pieces, or an abbreviation in parentheses as this program writes pieces without kanji.
std::optional<Face> face_of(const Variant& v, std::string glyph) {
    if (glyph == "成銀") glyph = "全";
    if (glyph == "成桂") glyph = "圭";
    if (glyph == "成香") glyph = "杏";
    if (glyph == "竜") glyph = "龍";
    if (glyph == "王") glyph = "玉";
    PieceType face = kNoType;
    if (glyph.size() > 2 && glyph.front() == '(' && glyph.back() == ')') {
        face = v.find_face(glyph.substr(1, glyph.size() - 2));
    } else {
        for (PieceType t = 0; t < static_cast<PieceType>(v.types.size()); ++t)
            if (v.types[t].kanji == glyph || v.types[t].kanji_alt == glyph ||
                (glyph == "玉" && v.types[t].royal && v.types[t].is_base)) {
                face = t;
                break;
            }
    }
    if (face == kNoType) return std::nullopt;
    if (v.types[face].is_base) return Face{face, false};
    for (PieceType b = 0; b < static_cast<PieceType>(v.types.size()); ++b)
        if (v.types[b].is_base && v.types[b].promotes_to == face) return Face{b, true};
    return std::nullopt;
}

// A piece's name at the front of `s`: two-glyph spellings first, then "(ABBR)", then one glyph.
std::string take_piece_name(std::string_view& s) {
    for (std::string_view two : {"成銀", "成桂", "成香"})
        if (take(s, two)) return std::string(two);
    if (s.starts_with("(") && s.find(')') != std::string_view::npos &&
        !std::isdigit(static_cast<unsigned char>(s.size() > 1 ? s[1] : '0'))) {
        const std::size_t close = s.find(')');
        std::string name(s.substr(0, close + 1));
        s.remove_prefix(close + 1);
        return name;
    }
    return take_char(s);
}

Square square_at(const Variant& v, int file, int rank) {
    const std::string name = std::to_string(file) + static_cast<char>('a' + rank - 1);
    std::string_view text = name;
    std::size_t pos = 0;
    auto s = v.geo.read_square(text, pos);
    return s && pos == name.size() ? *s : kNoSquare;
}

// Builds position text from a board (rank 1 first, file 9 first), hands and the side to move.
struct BoardText {
    std::array<std::array<PieceCode, 9>, 9> cells;  // [rank - 1][9 - file]
    std::array<std::vector<int>, 2> hands;
    Player to_move = 0;

    explicit BoardText(const Variant& v) {
        for (auto& row : cells) row.fill(kEmpty);
        for (auto& h : hands) h.assign(v.types.size(), 0);
    }
    std::string text(const Variant& v) const {
        std::string out;
        for (int y = 0; y < 9; ++y) {
            if (y) out += '/';
            int empty = 0;
            for (PieceCode pc : cells[static_cast<std::size_t>(y)]) {
                if (pc == kEmpty) {
                    ++empty;
                    continue;
                }
                if (empty) out += std::to_string(empty);
                empty = 0;
                out += piece_text(v, pc);
            }
            if (empty) out += std::to_string(empty);
        }
        out += to_move == 0 ? " b " : " w ";
        std::string hand;
        for (Player p = 0; p < 2; ++p)
            for (PieceType t : v.hand_types) {
                const int n = hands[static_cast<std::size_t>(p)][t];
                if (n == 0) continue;
                if (n > 1) hand += std::to_string(n);
                hand += piece_text(v, make_piece(p, t, false));
            }
        return out + (hand.empty() ? "-" : hand) + " 1";
    }
};

std::variant<PositionState, Diagnostic> position_from(const Variant& v, const std::string& text,
                                                      int line, const std::string& what) {
    auto read = read_position(v, text);
    if (auto* d = std::get_if<Diagnostic>(&read))
        return error_on(line, what + " is no position of " + v.name + ": " + d->message);
    const PositionState st = std::get<PositionState>(read);
    if (auto unfit = Game::unfit_for_play(v, st))
        return error_on(line, what + " cannot start a game of " + v.name + ": " + *unfit);
    return st;
}

// Plays `m` if legal, else says why (the terminal's reason) on `line`.
std::optional<Diagnostic> play_checked(Game& game, Move m, int line, int number) {
    if (game.over())
        return error_on(line, "move " + std::to_string(number) + " comes after the game ended (" +
                                  describe_result(game) + ")");
    const MoveList& legal = game.legal_moves();
    if (std::find(legal.begin(), legal.end(), m) == legal.end()) {
        auto read = game.read_move(write_move(game.variant(), m));
        const std::string why = std::holds_alternative<Diagnostic>(read)
                                    ? std::get<Diagnostic>(read).message
                                    : "illegal move " + write_move(game.variant(), m);
        return error_on(line, "move " + std::to_string(number) + ": " + why);
    }
    game.play(m);
    return std::nullopt;
}

std::optional<std::string> unsupported(const Variant& v, const char* format) {
    if (v.geo.files == 9 && v.geo.ranks == 9 && v.num_players() == 2) return std::nullopt;
    return std::string(format) + " records hold 9x9 games of two players, and " + v.name + " is " +
           std::to_string(v.geo.files) + "x" + std::to_string(v.geo.ranks) + " with " +
           std::to_string(v.num_players()) + " players";
}

// ---- KIF ----------------------------------------------------------------------------------

// The pieces of a KIF hand line ("角　歩二", "なし") added to `hand`.
std::optional<std::string> read_kif_hand(const Variant& v, std::string_view s,
                                         std::vector<int>& hand) {
    skip_blanks(s);
    if (s.empty() || take(s, "なし")) return std::nullopt;
    while (!s.empty()) {
        const std::string name = take_piece_name(s);
        const auto face = face_of(v, name);
        if (!face || face->promoted) return "unknown piece in hand '" + name + "'";
        hand[face->base] += take_kanji_number(s).value_or(1);
        skip_blanks(s);
    }
    return std::nullopt;
}

// A board row "|v香v桂 ・ ...|一" into `row`.
std::optional<std::string> read_kif_row(const Variant& v, std::string_view s,
                                        std::array<PieceCode, 9>& row) {
    take(s, "|");
    for (std::size_t x = 0; x < 9; ++x) {
        if (s.empty()) return "the row has " + std::to_string(x) + " squares, not 9";
        const char side = s.front();
        if (side != ' ' && side != 'v') return "expected ' ' or 'v' before a square's piece";
        s.remove_prefix(1);
        if (take(s, "・")) continue;
        const std::string name = take_piece_name(s);
        const auto face = face_of(v, name);
        if (!face) return "unknown piece '" + name + "' on the board";
        row[x] = make_piece(side == 'v' ? 1 : 0, face->base, face->promoted);
    }
    if (!s.starts_with("|")) return "the row has more than 9 squares";
    return std::nullopt;
}

// The words that end a KIF's moves.
bool kif_ending(std::string_view s) {
    for (std::string_view w : {"投了", "中断", "詰み", "千日手", "持将棋", "反則負け", "切れ負け",
                               "反則勝ち", "入玉勝ち", "不詰", "封じ手"})
        if (s.starts_with(w)) return true;
    return false;
}

}  // namespace

std::variant<ImportedGame, Diagnostic> read_kif(std::string_view raw,
                                                std::shared_ptr<const Variant> variant) {
    const Variant& v = *variant;
    if (auto why = unsupported(v, "KIF")) return Diagnostic{"", *why};
    const auto text = to_utf8(raw);
    if (!text) return Diagnostic{"", "the file is neither UTF-8 nor Shift_JIS text"};
    std::vector<std::string> players(2);
    BoardText board(v);
    bool diagram = false;
    int board_rows = 0;
    std::optional<std::string> handicap;
    int handicap_line = 0;
    std::optional<Game> game;
    Square last_to = kNoSquare;
    int number = 0;
    bool resigned = false;
    const std::vector<std::string> lines = split_lines(*text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int line = static_cast<int>(i) + 1;
        std::string_view s = lines[i];
        if (s.empty() || s.front() == '#' || s.front() == '*' || s.front() == '&') continue;
        if (s.starts_with("変化")) break;  // variations follow the main line
        if (s.front() == '|') {
            if (board_rows >= 9) return error_on(line, "the board has more than 9 rows");
            if (auto why = read_kif_row(v, s, board.cells[static_cast<std::size_t>(board_rows)]))
                return error_on(line, *why);
            ++board_rows;
            diagram = true;
            continue;
        }
        std::string_view rest = s;
        if (take(rest, "手合割：")) {
            handicap = std::string(rest);
            handicap_line = line;
            continue;
        }
        if (take(rest, "先手：") || take(rest, "下手：")) {
            players[0] = std::string(rest);
            continue;
        }
        if (take(rest, "後手：") || take(rest, "上手：")) {
            players[1] = std::string(rest);
            continue;
        }
        if (take(rest, "先手の持駒：") || take(rest, "下手の持駒：") ||
            take(rest, "後手の持駒：") || take(rest, "上手の持駒：")) {
            const bool gote = s.starts_with("後") || s.starts_with("上");
            if (auto why = read_kif_hand(v, rest, board.hands[gote ? 1 : 0]))
                return error_on(line, *why);
            diagram = true;
            continue;
        }
        if (s.starts_with("後手番") || s.starts_with("上手番")) {
            board.to_move = 1;
            continue;
        }
        if (s.starts_with("先手番") || s.starts_with("下手番")) {
            board.to_move = 0;
            continue;
        }
        skip_blanks(rest);
        if (rest.empty() || !std::isdigit(static_cast<unsigned char>(rest.front())))
            continue;  // header lines (開始日時：...), the board's frame, まで...
        // A move line: "  12 ７六歩(77)   ( 0:01/00:00:03)".
        int n = 0;
        while (!rest.empty() && std::isdigit(static_cast<unsigned char>(rest.front()))) {
            n = n * 10 + (rest.front() - '0');
            rest.remove_prefix(1);
        }
        skip_blanks(rest);
        if (kif_ending(rest)) {
            resigned = rest.starts_with("投了");
            break;
        }
        if (!game) {
            std::variant<PositionState, Diagnostic> start;
            if (diagram) {
                if (board_rows != 9)
                    return error_on(line, "the board diagram has " + std::to_string(board_rows) +
                                              " rows, not 9");
                start = position_from(v, board.text(v), line, "the board diagram");
            } else if (!handicap || *handicap == "平手") {
                start = position_from(v, kEvenStart, handicap ? handicap_line : line,
                                      "平手 (the shogi start)");
            } else {
                return error_on(handicap_line, "the handicap '" + *handicap +
                                                   "' is not read: only 平手 or a board diagram");
            }
            if (auto* d = std::get_if<Diagnostic>(&start)) return *d;
            game.emplace(variant, std::get<PositionState>(start));
        }
        ++number;
        if (n != number)
            return error_on(line, "move number " + std::to_string(n) + " where " +
                                      std::to_string(number) + " was expected");
        Square to = kNoSquare;
        if (take(rest, "同")) {
            skip_blanks(rest);
            to = last_to;
            if (to == kNoSquare) return error_on(line, "同 (same square) with no move before");
        } else {
            int file = 0;
            for (std::size_t f = 0; f < kFullWidthDigits.size() && !file; ++f)
                if (take(rest, kFullWidthDigits[f])) file = static_cast<int>(f) + 1;
            if (!file && !rest.empty() && rest.front() >= '1' && rest.front() <= '9') {
                file = rest.front() - '0';
                rest.remove_prefix(1);
            }
            const auto rank = take_kanji_number(rest);
            if (!file || !rank || *rank > 9)
                return error_on(line, "expected a square such as ７六 in '" + lines[i] + "'");
            to = square_at(v, file, *rank);
        }
        const std::string name = take_piece_name(rest);
        const auto face = face_of(v, name);
        if (!face) return error_on(line, "unknown piece '" + name + "' in " + v.name);
        bool promotes = false;
        if (take(rest, "不成")) {
        } else if (take(rest, "成")) {
            promotes = true;
        }
        Move m;
        if (take(rest, "打")) {
            m = Move::drop(face->base, to);
        } else if (rest.size() >= 4 && rest[0] == '(' && std::isdigit(rest[1]) &&
                   std::isdigit(rest[2]) && rest[3] == ')') {
            const Square from = square_at(v, rest[1] - '0', rest[2] - '0');
            if (from == kNoSquare)
                return error_on(line, "no such from-square in '" + lines[i] + "'");
            m = Move::board(from, to, promotes);
        } else {
            // A drop may leave out 打 when no piece of that kind could reach the square.
            m = Move::drop(face->base, to);
        }
        if (auto d = play_checked(*game, m, line, number)) return *d;
        last_to = to;
    }
    if (!game) {
        std::variant<PositionState, Diagnostic> start =
            diagram ? position_from(v, board.text(v), static_cast<int>(lines.size()),
                                    "the board diagram")
                    : position_from(v, kEvenStart, static_cast<int>(lines.size()),
                                    "平手 (the shogi start)");
        if (auto* d = std::get_if<Diagnostic>(&start)) return *d;
        game.emplace(variant, std::get<PositionState>(start));
    }
    if (resigned && !game->over()) game->resign(game->to_move());
    return ImportedGame{std::move(*game), players};
}

// ---- CSA ----------------------------------------------------------------------------------

namespace {

// CSA's two-letter piece codes, by the kanji of shogi's faces.
std::optional<std::string> csa_glyph(std::string_view code) {
    static const std::array<std::pair<std::string_view, std::string_view>, 14> kCodes = {{
        {"FU", "歩"},
        {"KY", "香"},
        {"KE", "桂"},
        {"GI", "銀"},
        {"KI", "金"},
        {"KA", "角"},
        {"HI", "飛"},
        {"OU", "玉"},
        {"TO", "と"},
        {"NY", "杏"},
        {"NK", "圭"},
        {"NG", "全"},
        {"UM", "馬"},
        {"RY", "龍"},
    }};
    for (const auto& [c, g] : kCodes)
        if (c == code) return std::string(g);
    return std::nullopt;
}

std::optional<Face> csa_face(const Variant& v, std::string_view code) {
    const auto glyph = csa_glyph(code);
    if (!glyph) return std::nullopt;
    return face_of(v, *glyph);
}

}  // namespace

std::variant<ImportedGame, Diagnostic> read_csa(std::string_view raw,
                                                std::shared_ptr<const Variant> variant) {
    const Variant& v = *variant;
    if (auto why = unsupported(v, "CSA")) return Diagnostic{"", *why};
    const auto text = to_utf8(raw);
    if (!text) return Diagnostic{"", "the file is neither UTF-8 nor Shift_JIS text"};
    std::vector<std::string> players(2);
    BoardText board(v);
    bool has_board = false;
    std::optional<Game> game;
    int number = 0;
    const std::vector<std::string> lines = split_lines(*text);
    auto start_game = [&](int line) -> std::optional<Diagnostic> {
        if (game) return std::nullopt;
        if (!has_board) return error_on(line, "a move before the position (PI or P1-P9)");
        auto start = position_from(v, board.text(v), line, "the position");
        if (auto* d = std::get_if<Diagnostic>(&start)) return *d;
        game.emplace(variant, std::get<PositionState>(start));
        return std::nullopt;
    };
    auto even_board = [&](int line) -> std::optional<Diagnostic> {
        auto even = read_position(v, kEvenStart);
        if (auto* d = std::get_if<Diagnostic>(&even))
            return error_on(line,
                            "PI (the shogi start) is no position of " + v.name + ": " + d->message);
        const PositionState& st = std::get<PositionState>(even);
        for (int y = 0; y < 9; ++y)
            for (int x = 0; x < 9; ++x)
                board.cells[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] =
                    st.board[v.geo.square(x, y)];
        has_board = true;
        return std::nullopt;
    };
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int line = static_cast<int>(i) + 1;
        // Several statements may share a line, separated by commas.
        std::vector<std::string> statements;
        {
            std::string_view s = lines[i];
            if (s.starts_with("'")) continue;
            std::size_t at = 0;
            while (at <= s.size()) {
                std::size_t comma = s.find(',', at);
                if (comma == std::string_view::npos) comma = s.size();
                statements.emplace_back(s.substr(at, comma - at));
                at = comma + 1;
            }
        }
        bool ended = false;
        for (const std::string& st : statements) {
            std::string_view s = st;
            if (s.empty() || s.front() == 'V' || s.front() == '$' || s.front() == 'T' ||
                s.front() == '\'')
                continue;
            if (take(s, "N+")) {
                players[0] = std::string(s);
            } else if (take(s, "N-")) {
                players[1] = std::string(s);
            } else if (s.front() == '%') {
                if (s == "%TORYO") {  // the player to move resigned
                    if (auto d = start_game(line)) return *d;
                    if (!game->over()) game->resign(game->to_move());
                }
                ended = true;
                break;
            } else if (take(s, "PI")) {
                if (auto d = even_board(line)) return *d;
                // Handicaps: the squares whose pieces are taken away ("82HI").
                while (s.size() >= 4) {
                    const Square sq = square_at(v, s[0] - '0', s[1] - '0');
                    if (sq == kNoSquare) return error_on(line, "no such square in PI");
                    board.cells[static_cast<std::size_t>(s[1] - '1')]
                               [static_cast<std::size_t>(9 - (s[0] - '0'))] = kEmpty;
                    s.remove_prefix(4);
                }
            } else if (s.size() >= 2 && s[0] == 'P' && s[1] >= '1' && s[1] <= '9') {
                const std::size_t y = static_cast<std::size_t>(s[1] - '1');
                s.remove_prefix(2);
                for (std::size_t x = 0; x < 9; ++x) {
                    if (s.size() < 3) return error_on(line, "a board row needs 9 squares");
                    const std::string_view cell = s.substr(0, 3);
                    s.remove_prefix(3);
                    if (cell == " * ") {
                        board.cells[y][x] = kEmpty;
                        continue;
                    }
                    const auto face = csa_face(v, cell.substr(1));
                    if ((cell[0] != '+' && cell[0] != '-') || !face)
                        return error_on(line, "unknown square '" + std::string(cell) + "'");
                    board.cells[y][x] =
                        make_piece(cell[0] == '-' ? 1 : 0, face->base, face->promoted);
                }
                has_board = true;
            } else if ((take(s, "P+") || take(s, "P-"))) {
                const Player p = st[1] == '-' ? 1 : 0;
                while (s.size() >= 4) {
                    const std::string_view code = s.substr(2, 2);
                    if (code == "AL") return error_on(line, "00AL (all the rest) is not read");
                    const auto face = csa_face(v, code);
                    if (!face) return error_on(line, "unknown piece '" + std::string(code) + "'");
                    if (s.substr(0, 2) == "00") {
                        board.hands[static_cast<std::size_t>(p)][face->base]++;
                    } else {
                        const int file = s[0] - '0', rank = s[1] - '0';
                        if (file < 1 || file > 9 || rank < 1 || rank > 9)
                            return error_on(line,
                                            "no such square '" + std::string(s.substr(0, 2)) + "'");
                        board.cells[static_cast<std::size_t>(rank - 1)]
                                   [static_cast<std::size_t>(9 - file)] =
                            make_piece(p, face->base, face->promoted);
                    }
                    s.remove_prefix(4);
                }
                has_board = true;
            } else if ((s == "+" || s == "-") && !game) {
                board.to_move = s == "-" ? 1 : 0;
            } else if ((s.front() == '+' || s.front() == '-') && s.size() == 7) {
                if (auto d = start_game(line)) return *d;
                ++number;
                const int ff = s[1] - '0', fr = s[2] - '0', tf = s[3] - '0', tr = s[4] - '0';
                const Square to = square_at(v, tf, tr);
                const auto face = csa_face(v, s.substr(5, 2));
                if (to == kNoSquare || !face)
                    return error_on(line, "move " + std::to_string(number) + ": cannot read '" +
                                              std::string(s) + "'");
                Move m;
                if (ff == 0 && fr == 0) {
                    m = Move::drop(face->base, to);
                } else {
                    const Square from = square_at(v, ff, fr);
                    if (from == kNoSquare)
                        return error_on(line, "move " + std::to_string(number) +
                                                  ": no such square in '" + std::string(s) + "'");
                    const PieceCode there = game->position().piece_on(from);
                    const bool promotes = face->promoted && there != kEmpty && !is_promoted(there);
                    m = Move::board(from, to, promotes);
                }
                if (auto d = play_checked(*game, m, line, number)) return *d;
            } else {
                return error_on(line, "cannot read '" + std::string(s) + "'");
            }
        }
        if (ended) break;
    }
    if (auto d = start_game(static_cast<int>(lines.size()))) return *d;
    return ImportedGame{std::move(*game), players};
}

RecordFormat record_format_of(std::string_view file_name) {
    auto ends = [&](std::string_view ext) {
        if (file_name.size() < ext.size()) return false;
        for (std::size_t i = 0; i < ext.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(
                    file_name[file_name.size() - ext.size() + i])) != ext[i])
                return false;
        return true;
    };
    if (ends(".kif") || ends(".kifu")) return RecordFormat::Kif;
    if (ends(".csa")) return RecordFormat::Csa;
    return RecordFormat::Game;
}

std::optional<std::string> variant_named_in_kif(std::string_view text) {
    const std::string_view mark = "# seireigi: ";
    const std::size_t at = text.find(mark);
    if (at == std::string_view::npos) return std::nullopt;
    const std::size_t start = at + mark.size();
    const std::size_t end = text.find(" (rules fingerprint", start);
    if (end == std::string_view::npos || text.find('\n', start) < end) return std::nullopt;
    return std::string(text.substr(start, end - start));
}

}  // namespace seireigi
