#include "record/kif.h"

#include <array>
#include <cstdio>

#include "rules/variant_fingerprint.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace seireigi {

namespace {

constexpr std::array<const char*, 10> kFullWidthDigits = {"０", "１", "２", "３", "４",
                                                          "５", "６", "７", "８", "９"};
constexpr std::array<const char*, 19> kKanjiNumbers = {
    "",   "一",   "二",   "三",   "四",   "五",   "六",   "七",   "八",  "九",
    "十", "十一", "十二", "十三", "十四", "十五", "十六", "十七", "十八"};

// KIF's fixed 平手 (even game) start; any other start is written as a board diagram.
constexpr const char* kEvenStart =
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

// KIF writes these one-glyph board names of shogi's promoted minor pieces with two glyphs in
// moves. This is KIF's own vocabulary, not a variant's.
std::string move_spelling(const std::string& board_glyph) {
    if (board_glyph == "全") return "成銀";
    if (board_glyph == "圭") return "成桂";
    if (board_glyph == "杏") return "成香";
    return board_glyph;
}

// The one-glyph name of a face on the board: its catalogue kanji, else its abbreviation in
// parentheses (documented fallback for pieces without kanji).
std::string glyph(const Variant& v, PieceType base, bool promoted) {
    const PieceTypeInfo& t = promoted ? v.types[v.types[base].promotes_to] : v.types[base];
    return t.kanji.empty() ? "(" + t.abbr + ")" : t.kanji;
}

std::string kif_square(const Variant& v, Square s) {
    return std::string(kFullWidthDigits[v.geo.file_number(s)]) + kKanjiNumbers[v.geo.y_of(s) + 1];
}

std::string count_text(int n) {
    return n <= 1 ? "" : kKanjiNumbers[std::min(n, 18)];
}

std::string hand_text(const Variant& v, const PositionState& st, Player p) {
    std::string out;
    // KIF lists the strongest first, the reverse of the display order.
    for (auto it = v.hand_types.rbegin(); it != v.hand_types.rend(); ++it) {
        const int n = st.hands[p][*it];
        if (n == 0) continue;
        if (!out.empty()) out += "　";
        out += glyph(v, *it, false) + count_text(n);
    }
    return out.empty() ? "なし" : out;
}

std::string board_diagram(const Variant& v, const PositionState& st) {
    std::string out = "後手の持駒：" + hand_text(v, st, 1) + "\n";
    out += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
    for (int y = 0; y < 9; ++y) {
        out += "|";
        for (int x = 0; x < 9; ++x) {
            const PieceCode pc = st.board[v.geo.square(x, y)];
            if (pc == kEmpty) {
                out += " ・";
                continue;
            }
            out += owner_of(pc) == 0 ? " " : "v";
            out += glyph(v, type_of(pc), is_promoted(pc));
        }
        out += std::string("|") + kKanjiNumbers[y + 1] + "\n";
    }
    out += "+---------------------------+\n";
    out += "先手の持駒：" + hand_text(v, st, 0) + "\n";
    if (st.to_move == 1) out += "後手番\n";
    return out;
}

// The KIF word for how the game ended, and whether it is written as a move line.
std::string ending_word(EventKind k) {
    switch (k) {
        case EventKind::Checkmate:
        case EventKind::Stalemate:
            return "詰み";  // the side to move has no legal move
        case EventKind::Resignation:
            return "投了";
        case EventKind::PerpetualCheck:
            return "反則負け";  // perpetual check is a foul in shogi
        case EventKind::Repetition:
        case EventKind::MutualPerpetualCheck:
            return "千日手";
        case EventKind::Impasse:
            return "持将棋";
        case EventKind::Skipped:  // four-player events: KIF holds two-player games only
        case EventKind::AllSkipped:
        case EventKind::ImpassePending:
        case EventKind::ImpasseReached:
            break;
    }
    return "中断";
}

}  // namespace

std::optional<std::string> kif_unsupported(const Variant& v) {
    if (v.geo.files != 9 || v.geo.ranks != 9 || v.num_players() != 2)
        return "KIF records only 9x9 games of two players, and " + v.name + " is " +
               std::to_string(v.geo.files) + "x" + std::to_string(v.geo.ranks) + " with " +
               std::to_string(v.num_players()) + " players";
    return std::nullopt;
}

bool looks_like_kif(std::string_view text) {
    for (std::string_view mark : {"手数----", "手合割：", "先手：", "#KIF"})
        if (text.find(mark) != std::string_view::npos) return true;
    return false;
}

std::vector<std::string> japanese_moves(const Game& game) {
    const Variant& v = game.variant();
    std::vector<std::string> out;
    GenericPosition pos(game.variant_ptr(), game.start());
    Square last_to = kNoSquare;
    MoveList legal;
    for (Move m : game.moves()) {
        legal.clear();
        pos.legal_moves(legal);
        std::string text = pos.side_to_move() == 0 ? "☗" : "☖";
        text += m.to() == last_to ? "同　" : kif_square(v, m.to());
        if (m.is_drop()) {
            text += move_spelling(glyph(v, m.dropped(), false)) + "打";
        } else {
            const PieceCode pc = pos.piece_on(m.from());
            text += move_spelling(glyph(v, type_of(pc), is_promoted(pc)));
            bool could_promote = false;
            bool another = false;
            for (Move o : legal) {
                if (o.is_drop() || o.to() != m.to()) continue;
                if (o.from() == m.from() && o.promotes() != m.promotes()) could_promote = true;
                if (o.from() != m.from() && pos.piece_on(o.from()) == pc) another = true;
            }
            if (m.promotes())
                text += "成";
            else if (could_promote)
                text += "不成";
            if (another) {
                text += '(';
                text += std::to_string(v.geo.file_number(m.from()));
                text += std::to_string(v.geo.y_of(m.from()) + 1);
                text += ')';
            }
        }
        out.push_back(text);
        pos.do_move(m);
        last_to = m.to();
    }
    return out;
}

std::string write_kif(const Game& game, const std::vector<std::string>& seats) {
    const Variant& v = game.variant();
    std::string out = "#KIF version=2.0 encoding=UTF-8\n";
    char fp[17];
    std::snprintf(fp, sizeof fp, "%016llx",
                  static_cast<unsigned long long>(variant_fingerprint(v)));
    out +=
        "# seireigi: " + v.name + " (rules fingerprint " + fp + "); piece names: docs/records.md\n";
    if (write_position(v, game.start()) == kEvenStart)
        out += "手合割：平手\n";
    else
        out += board_diagram(v, game.start());
    out += "先手：" + (seats.size() > 0 ? seats[0] : std::string()) + "\n";
    out += "後手：" + (seats.size() > 1 ? seats[1] : std::string()) + "\n";
    out += "手数----指手---------消費時間--\n";

    GenericPosition pos(game.variant_ptr(), game.start());
    Square last_to = kNoSquare;
    char number[16];
    int n = 0;
    for (Move m : game.moves()) {
        std::string text = m.to() == last_to ? "同　" : kif_square(v, m.to());
        if (m.is_drop()) {
            text += move_spelling(glyph(v, m.dropped(), false)) + "打";
        } else {
            const PieceCode pc = pos.piece_on(m.from());
            text += move_spelling(glyph(v, type_of(pc), is_promoted(pc)));
            // KIF writes 成 for a promotion and nothing for a declined one (不成 belongs to KI2,
            // which has no from-square; KIF readers refuse it).
            if (m.promotes()) text += "成";
            // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "(" + std::string.
            text += '(';
            text += std::to_string(v.geo.file_number(m.from()));
            text += std::to_string(v.geo.y_of(m.from()) + 1);
            text += ')';
        }
        std::snprintf(number, sizeof number, "%4d ", ++n);
        out += number + text + "\n";
        pos.do_move(m);
        last_to = m.to();
    }
    const GameResult& r = game.result();
    if (r.over && r.final) {
        // Endings that no move shows get a line of their own, numbered like a move.
        std::snprintf(number, sizeof number, "%4d ", n + 1);
        out += number + ending_word(r.final->kind) + "\n";
        std::string summary = "まで" + std::to_string(n) + "手で";
        if (r.standings[0] == Standing::Won)
            summary += "先手の勝ち";
        else if (r.standings[1] == Standing::Won)
            summary += "後手の勝ち";
        else
            summary += r.final->kind == EventKind::Impasse ? "持将棋" : "千日手";
        out += summary + "\n";
    }
    return out;
}

}  // namespace seireigi
