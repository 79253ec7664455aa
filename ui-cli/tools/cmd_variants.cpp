// seireigi variants: list the variants that can be played.
#include <iostream>

#include "base/context.h"
#include "commands.h"

namespace seireigi::cli {

void add_variants_command(CLI::App& app) {
    auto data_dir = std::make_shared<std::string>();
    auto* cmd =
        app.add_subcommand("variants", "list the built-in variants (or those in --data-dir)");
    cmd->add_option("--data-dir", *data_dir, "directory holding pieces/ and variants/");
    cmd->callback([data_dir] {
        const DataSource source = data_source_or_report(*data_dir);
        const auto listed = list_variants(source);
        if (listed.empty()) {
            report({"", "--data-dir " + *data_dir + ": variants/ holds no variant files (*.yaml)"});
            throw UserError{};
        }
        for (const auto& l : listed)
            std::cout << l.id << "  " << l.name << (l.description.empty() ? "" : ": ")
                      << l.description << "\n";
    });
}

}  // namespace seireigi::cli
