// seireigi usi: the engine speaks USI on stdin/stdout (docs/protocols.md).
#include <iostream>

#include "base/context.h"
#include "commands.h"
#include "protocols/protocol_variants.h"
#include "protocols/usi_session.h"

namespace seireigi::cli {

void add_usi_command(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "usi",
        "run as a USI engine for shogi GUIs and match tools: reads USI commands on standard input "
        "and answers on standard output (see docs/protocols.md)");
    auto opt = std::make_shared<CommonOptions>();
    opt->add_to(*cmd, /*with_position=*/false);
    cmd->callback([opt] {
        std::string why;
        auto variant = load_two_player_variant(opt->variant, opt->source(), why);
        if (!variant) {
            std::cerr << "error: " << why << "\n";
            throw UserError{};
        }
        UsiSession session(std::cout, opt->source(), variant);
        session.run(std::cin);
    });
}

}  // namespace seireigi::cli
