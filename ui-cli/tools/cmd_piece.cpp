// seireigi piece: draw where a piece can go, on an empty board or in a given position, telling
// apart move-only, capture-only and move-or-capture destinations, and jumps.
#include <algorithm>
#include <iostream>
#include <set>

#include "base/context.h"
#include "commands.h"
#include "text/notation.h"
#include "view/piece_reach.h"

namespace seireigi::cli {

namespace {

struct Options {
    CommonOptions common;
    std::string betza;
    std::string name;
    std::string at;
    std::string board;  // "WxH"
};

void run(const Options& opt) {
    VariantLoadResult r = load_variant(opt.common.variant, opt.common.source());
    if (!r.spec) {
        for (const auto& d : r.errors) report(d);
        throw UserError{};
    }
    VariantSpec spec = *r.spec;
    std::string piece_id = opt.name;
    if (!opt.betza.empty()) {
        auto parsed = betza::parse(opt.betza);
        if (auto* e = std::get_if<betza::ParseError>(&parsed)) {
            report({"--betza \"" + opt.betza + "\"",
                    "column " + std::to_string(e->column) + ": " + e->message});
            throw UserError{};
        }
        PieceDef def{
            "drawn-piece", "Piece", "X", "", "", opt.betza, std::get<betza::PieceMoves>(parsed)};
        while (std::any_of(spec.pieces.begin(), spec.pieces.end(),
                           [&](const PieceDef& p) { return p.abbr == def.abbr; }))
            def.abbr += "X";
        spec.pieces.push_back(def);
        spec.base_types.push_back(def.id);
        piece_id = def.id;
    }
    if (!opt.board.empty()) {
        int w = 0, h = 0;
        char x = 0;
        if (std::sscanf(opt.board.c_str(), "%d%c%d", &w, &x, &h) != 3 || x != 'x' || w < 3 ||
            h < 3 || w > 26 || h > 26) {
            report(
                {"--board \"" + opt.board + "\"", "expected WIDTHxHEIGHT, each 3 to 26, e.g. 9x9"});
            throw UserError{};
        }
        spec.files = w;
        spec.ranks = h;
        spec.setup_relative.clear();
        spec.setup_position.clear();
    }
    if (piece_id.empty()) {
        report({"",
                "say which piece to draw: --name NAME (an id or abbreviation of the variant, or "
                "a promoted face as +ABBR) "
                "or --betza STRING"});
        throw UserError{};
    }
    auto v = build_variant(spec);
    const PieceType type = v->find_face(piece_id);
    if (type == kNoType) {
        std::string names;
        for (const auto& t : v->types)
            if (t.is_base) names += " " + t.abbr + (t.promotes_to == kNoType ? "" : " +" + t.abbr);
        report({"--name \"" + piece_id + "\"",
                "no such piece in " + v->name + "; its pieces:" + names + " (or their ids)"});
        throw UserError{};
    }
    PositionState st = empty_state(*v);
    if (!opt.common.position.empty() || !opt.common.moves.empty())
        st = position_or_report(v, opt.common);
    Square from = v->geo.square(v->geo.files / 2, v->geo.ranks / 2);
    if (!opt.at.empty()) {
        auto s = v->geo.parse_square(opt.at);
        if (!s) {
            report({"--at \"" + opt.at + "\"", "not a square of the " +
                                                   std::to_string(v->geo.files) + "x" +
                                                   std::to_string(v->geo.ranks) + " board"});
            throw UserError{};
        }
        from = *s;
    }
    // A promoted-only face (e.g. Tokin) is drawn as the base type that promotes to it.
    PieceCode piece = make_piece(0, type, false);
    if (!v->types[type].is_base) {
        for (PieceType b = 0; b < static_cast<PieceType>(v->types.size()); ++b)
            if (v->types[b].is_base && v->types[b].promotes_to == type)
                piece = make_piece(0, b, true);
    }
    st.board[from] = piece;

    const PieceReach reach = piece_reach(v, st, from, 1);
    const Geometry& g = v->geo;

    std::cout << v->types[type].name << " (" << v->types[type].betza << ") on " << g.name(from)
              << ", facing " << v->players[0].name << "'s forward (up):\n";
    std::cout << " ";
    for (int x = 0; x < g.files; ++x) std::printf("%4d", g.files - x);
    std::cout << "\n";
    int count = 0;
    for (int y = 0; y < g.ranks; ++y) {
        std::cout << " ";
        for (int x = 0; x < g.files; ++x) {
            const Square s = g.square(x, y);
            std::string cell;
            const bool mv = reach.moves.count(s) > 0;
            const bool cap = reach.captures.count(s) > 0;
            if (s == from) {
                cell = "[" + piece_text(*v, piece) + "]";
            } else if (st.board[s] != kEmpty) {
                cell = piece_text(*v, st.board[s]) + (cap ? "x" : "");
            } else if (mv || cap) {
                cell = reach.jumps.count(s) ? "@" : "*";
                if (mv && !cap) cell += "m";
                if (cap && !mv) cell += "c";
            } else {
                cell = ".";
            }
            if (mv || cap) ++count;
            std::printf("%4s", cell.c_str());
        }
        std::cout << "  " << static_cast<char>('a' + y) << "\n";
    }
    std::cout << count
              << " destinations. Legend: * move or capture, *m move only, *c capture "
                 "only, @ a jump (leap over the squares between), x an enemy piece it captures.\n";
    const PieceTypeInfo& info = v->types[static_cast<std::size_t>(type)];
    const PieceTypeInfo& face = v->types[static_cast<std::size_t>(v->mover_type(face_of(piece)))];
    if (info.royal)
        std::cout << "Value: royal (never counted as material).\n";
    else
        std::cout << "Value: " << face.value << " centipawns on the board, " << info.hand_value
                  << " in hand (Pawn = 100; see docs/engine.md).\n";
}

}  // namespace

void add_piece_command(CLI::App& app) {
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "piece", "draw a piece's moves on an empty board or in a position (for piece designers)");
    opt->common.add_to(*cmd, /*with_position=*/true, "an empty board");
    cmd->add_option("--betza", opt->betza,
                    "XBetza string of the piece to draw (see docs/xbetza.md)");
    cmd->add_option("--name", opt->name,
                    "a piece of the variant by any name 'legend' prints: id, abbreviation, +ABBR "
                    "for a promoted face (+R), or the face's own abbreviation (DK)");
    cmd->add_option("--at", opt->at, "the piece's square (default: the centre)");
    cmd->add_option("--board", opt->board, "an empty board of this size instead, e.g. 7x7");
    cmd->callback([opt] { run(*opt); });
}

}  // namespace seireigi::cli
