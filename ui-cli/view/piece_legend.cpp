#include "view/piece_legend.h"

#include <algorithm>
#include <vector>

#include "base/display_width.h"

namespace seireigi::cli {

namespace {

// Pads by display width: kanji take two columns.
std::string pad_right(const std::string& s, std::size_t width) {
    const std::size_t w = display_width(s);
    return w >= width ? s + " " : s + std::string(width - w, ' ');
}

std::string kanji_of(const PieceTypeInfo& t) {
    if (t.kanji.empty()) return "-";
    return t.kanji_alt.empty() || t.kanji_alt == t.kanji ? t.kanji : t.kanji + "/" + t.kanji_alt;
}

}  // namespace

std::string render_legend(const Variant& v) {
    using Row = std::vector<std::string>;
    std::vector<Row> rows;
    rows.push_back({"abbr", "name", "kanji", "moves (XBetza)", "promotes to"});
    for (PieceType t = 0; t < static_cast<PieceType>(v.types.size()); ++t) {
        const PieceTypeInfo& info = v.types[t];
        if (!info.is_base) continue;
        std::string promotes = "-";
        if (info.promotes_to != kNoType)
            promotes = "+" + info.abbr + " " + v.types[info.promotes_to].name;
        if (info.royal) promotes = "- (royal: losing it loses the game)";
        rows.push_back({info.abbr, info.name, kanji_of(info), info.betza, promotes});
        if (info.promotes_to != kNoType) {
            const PieceTypeInfo& face = v.types[info.promotes_to];
            rows.push_back({"+" + info.abbr, face.name, kanji_of(face), face.betza, ""});
        }
    }
    std::vector<std::size_t> width(rows.front().size(), 0);
    for (const Row& r : rows)
        for (std::size_t c = 0; c < r.size(); ++c)
            width[c] = std::max(width[c], display_width(r[c]));
    std::string out = v.name + ": " + std::to_string(rows.size() - 1) + " piece faces.";
    out += v.num_players() == 2
               ? " On the board the first player's pieces are in upper case, the second's in "
                 "lower case; '+' marks a promoted piece.\n"
               : " On the board each piece carries its owner's forward direction (^ > v <); '+' "
                 "marks a promoted piece.\n";
    out +=
        "Moves are XBetza (docs/xbetza.md; 'seireigi piece --variant V --name ABBR' draws "
        "them).\n\n";
    // With --pieces kanji the board shows a face without a kanji by its Latin abbreviation.
    std::string latin;
    for (const Row& r : rows)
        if (r[2] == "-") latin += (latin.empty() ? "" : ", ") + r[0];
    if (!latin.empty())
        out += "With --pieces kanji, faces without a kanji (" + latin +
               ") keep their Latin abbreviation on the board.\n\n";
    for (const Row& r : rows) {
        std::string line;
        for (std::size_t c = 0; c < r.size(); ++c)
            line += c + 1 == r.size() ? r[c] : pad_right(r[c], width[c] + 2);
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
    return out;
}

}  // namespace seireigi::cli
