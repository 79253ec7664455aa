// seireigi xboard: the engine speaks CECP version 2 to XBoard/WinBoard (docs/protocols.md).
#include <iostream>

#include "base/context.h"
#include "commands.h"
#include "protocols/protocol_variants.h"
#include "protocols/xboard_session.h"
#include "text/xboard_notation.h"

namespace seireigi::cli {

void add_xboard_command(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "xboard",
        "run as an XBoard/WinBoard engine (CECP version 2) on standard input and output; "
        "XBoard learns the pieces from the engine (see docs/protocols.md)");
    auto opt = std::make_shared<CommonOptions>();
    opt->add_to(*cmd, /*with_position=*/false);
    cmd->callback([opt] {
        std::string why;
        auto variant = load_two_player_variant(opt->variant, opt->source(), why);
        if (variant && !XboardNotation::make(*variant, &why)) variant = nullptr;
        if (!variant) {
            std::cerr << "error: " << why << "\n";
            throw UserError{};
        }
        XboardSession session(std::cout, opt->source(), variant);
        session.run(std::cin);
    });
}

}  // namespace seireigi::cli
