// seireigi moves: list the legal moves of a position.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "base/engines.h"
#include "commands.h"
#include "text/notation.h"
#include "view/board_printer.h"

namespace seireigi::cli {

void add_moves_command(CLI::App& app) {
    struct Options {
        CommonOptions common;
        std::string engine = "generic";
        bool board = false;
        std::string pieces = "latin";
        std::string color = "auto";
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("moves", "list the legal moves of a position");
    opt->common.add_to(*cmd);
    cmd->add_option("--engine", opt->engine, kEngineHelp)->capture_default_str();
    cmd->add_flag("--board", opt->board, "print the board first (as 'seireigi play' shows it)");
    cmd->add_option("--pieces", opt->pieces, "with --board: piece names latin or kanji")
        ->check(CLI::IsMember({"latin", "kanji"}))
        ->capture_default_str();
    cmd->add_option("--color", opt->color,
                    "with --board: colour auto (only on a terminal), always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();
    cmd->callback([opt] {
        auto v = load_or_report(opt->common);
        const PositionState st = position_or_report(v, opt->common);
        if (opt->board) {
            BoardStyle style;
            style.kanji = opt->pieces == "kanji";
            style.color =
                opt->color == "always" ||
                (opt->color == "auto" && ::isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR"));
            std::cout << render_board(*v, st, style) << "\n";
        }
        with_engine(opt->engine, v, st, [&](auto& pos) {
            MoveList list;
            pos.legal_moves(list);
            std::vector<std::string> texts;
            for (Move m : list) texts.push_back(write_move(*v, m));
            std::cout << list.size() << " legal moves";
            if (pos.in_check(pos.side_to_move())) std::cout << " (in check)";
            std::cout << "\n";
            for (const auto& t : texts) std::cout << t << "\n";
        });
    });
}

}  // namespace seireigi::cli
