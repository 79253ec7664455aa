// The web board's answers as JSON: the game as the page draws it, the variants it offers, and a
// piece's reach for the legend. The page keeps no rules of its own: it reads everything here.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rules/variant.h"
#include "view/piece_reach.h"
#include "web/web_game.h"

namespace seireigi::web {

// The variant (board, players, piece faces), the position (board, hands, player to move,
// players in the game, position text), the legal moves with their move text, the last move,
// the players in check, the moves played, the events, the result and the seats.
std::string game_json(const GameView& view);

// The position after `ply` moves of the game (0 <= ply <= the moves played), for reviewing it:
// the same position fields as game_json, without legal moves.
std::string review_json(const GameView& view, int ply);

std::string reach_json(const cli::PieceReach& reach);

// {"error": message}
std::string error_json(const std::string& message);

}  // namespace seireigi::web
