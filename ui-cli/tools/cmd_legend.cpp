// seireigi legend: what every piece of a variant is called and how it moves.
#include <iostream>

#include "base/context.h"
#include "commands.h"
#include "view/piece_legend.h"

namespace seireigi::cli {

void add_legend_command(CLI::App& app) {
    auto opt = std::make_shared<CommonOptions>();
    auto* cmd = app.add_subcommand(
        "legend",
        "list a variant's pieces: abbreviation, name, kanji, moves (XBetza), promotes to");
    opt->add_to(*cmd, /*with_position=*/false);
    cmd->callback([opt] { std::cout << render_legend(*load_or_report(*opt)); });
}

}  // namespace seireigi::cli
