// seireigi moves: list the legal moves of a position.
#include <algorithm>
#include <iostream>

#include "board_printer.h"
#include "commands.h"
#include "engines.h"
#include "text/notation.h"

namespace seireigi::cli {

void add_moves_command(CLI::App& app) {
    struct Options {
        CommonOptions common;
        std::string engine = "generic";
        bool board = false;
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("moves", "list the legal moves of a position");
    opt->common.add_to(*cmd);
    cmd->add_option("--engine", opt->engine, kEngineHelp)->capture_default_str();
    cmd->add_flag("--board", opt->board, "print the board first");
    cmd->callback([opt] {
        auto v = load_or_report(opt->common);
        const PositionState st = position_or_report(v, opt->common);
        if (opt->board) std::cout << render_board(*v, st) << "\n";
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
