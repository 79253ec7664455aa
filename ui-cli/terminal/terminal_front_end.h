// The terminal as a front end of a Match: prints the board and what happens, and when a person
// is asked something, reads that person's answer from the next input line (a terminal or a
// pipe): a move, a command, or the answer to a question (promote? resign? accept the impasse?).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/display_width.h"
#include "live/match.h"
#include "search/engine.h"
#include "search/think_time.h"
#include "terminal/game_view.h"

namespace seireigi::cli {

struct TerminalSettings {
    ViewOptions view;
    // Print the board only before a person's prompt (and the other seats' moves as one line
    // each), instead of after every move.
    bool compact = false;
    // How long `hint` thinks when not told (milliseconds).
    int hint_ms = search::kDefaultMoveMs;
};

class TerminalFrontEnd {
  public:
    TerminalFrontEnd(Match& match, TerminalSettings settings);
    // The Match's listener: called on the thread that runs the Match.
    void on_event(const MatchEvent& e);

  private:
    void ask_move(Player p);
    void ask_impasse(Player p, Player declarer);
    void ask_after_game(Player p);
    // The next input line, trimmed; false at the end of the input.
    bool read_line(std::string& line);
    // y/yes or n/no; asks again on anything else; nothing at the end of the input.
    std::optional<bool> ask_yes_no(const std::string& question);
    void show_board(const Game& game);
    void save_as(const Game& game, const std::string& what, const std::string& file) const;
    void list_moves(const Game& game) const;
    // `history`: the moves played so far, numbered, with who played each.
    void list_history(const Game& game) const;
    // `position`: the position text now, and how to analyse it.
    void show_position(const Game& game) const;
    // `hint [SECONDS]`: the engine's move for player p in `game`, with its score and line.
    void show_hint(const Game& game, Player p, const std::string& arg);
    // The move `text` names, after asking whether to promote when it may and the text does not
    // say; nothing if the text is no legal move (said why) or the input ended.
    std::optional<Move> read_move(const Game& game, const std::string& text);

    Match& match_;
    TerminalSettings settings_;
    bool board_stale_ = true;  // the position changed since the board was last printed
    // While engines play on between a person's moves: plies since the board was last shown
    // (compact view shows it every kBoardEvery plies), and per person the turns lost to others'
    // out-of-turn moves and who made them (summed up when the person's turn comes).
    int plies_unseen_ = 0;
    std::vector<int> turns_lost_;
    std::vector<std::vector<Player>> lost_to_;
    std::unique_ptr<search::Engine> hint_engine_;  // made at the first `hint`
};

// The in-game help: move text and the commands.
const char* terminal_help();

}  // namespace seireigi::cli
