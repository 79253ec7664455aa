// seireigi variants: list the variants that can be played.
#include <iostream>

#include "base/context.h"
#include "commands.h"

namespace seireigi::cli {

void add_variants_command(CLI::App& app) {
    auto data_dir = std::make_shared<std::string>();
    auto* cmd = app.add_subcommand("variants",
                                   "list the variants: the built-in ones and those in --data-dir");
    cmd->add_option("--data-dir", *data_dir,
                    "directory holding pieces/ and variants/ to use besides the built-in ones (a "
                    "file there replaces the built-in one of the same name)");
    cmd->callback([data_dir] {
        const DataSource source = data_source_or_report(*data_dir);
        for (const auto& l : list_variants(source))
            std::cout << l.id << "  " << l.name << (l.description.empty() ? "" : ": ")
                      << l.description << "\n";
    });
}

}  // namespace seireigi::cli
