#include "terminal/game_view.h"

#include "text/notation.h"
#include "view/board_printer.h"

namespace seireigi::cli {

namespace {

const char* kBoldRed = "\x1b[1;31m";
const char* kReset = "\x1b[0m";

std::string colored(const std::string& s, const char* code, bool on) {
    return on ? code + s + kReset : s;
}

// "Move 12: Gote 3c3d.  Sente to move." with the check, or for four players why this player
// moves (a checked player moves first, docs/rules.md §D.4) and a pending impasse.
std::string status_line(const Game& game, bool color) {
    const Variant& v = game.variant();
    std::string status;
    if (game.ply() > 0) {
        const Player mover = game.mover_of(game.ply() - 1);
        status += "Move " + std::to_string(game.ply()) + ": " + v.players[mover].name + " " +
                  write_move(v, game.moves().back()) + ".  ";
    }
    if (game.over()) return status;
    const std::string who = v.players[game.to_move()].name;
    if (v.num_players() > 2) {
        status += game.in_check() ? colored(who + " to move: in check!", kBoldRed, color)
                                  : who + " to move.";
        if (game.impasse_pending())
            status += "  (Impasse agreed: the first to reach " +
                      std::to_string(v.impasse_threshold) + " points wins.)";
    } else {
        status += who + " to move.";
        if (game.in_check()) status += "  " + colored(who + " is in check!", kBoldRed, color);
    }
    return status;
}

}  // namespace

std::string render_game(const Game& game, const ViewOptions& o) {
    BoardStyle style;
    style.kanji = o.kanji;
    style.color = o.color;
    style.bottom = o.bottom;
    style.highlight = game.ply() > 0 ? game.moves().back().to() : kNoSquare;
    return render_position(game.variant(), game.current(), style) + status_line(game, o.color) +
           "\n";
}

}  // namespace seireigi::cli
