// seireigi validate: check piece catalogues and variant files, reporting every error.
#include <iostream>
#include <variant>

#include "base/context.h"
#include "commands.h"
#include "text/start_position.h"
#include "view/variant_summary.h"

namespace seireigi::cli {

namespace {

// A variant file whose rules load may still give a start position that cannot be played:
// build the variant and read it, as perft and play will. The summary for the designer, or the
// error.
std::variant<std::string, Diagnostic> summary_or_error(const VariantSpec& spec) {
    try {
        const auto variant = build_variant(spec);
        auto start = read_start_position(*variant);
        if (auto* d = std::get_if<Diagnostic>(&start)) return *d;
        return variant_summary(variant, std::get<PositionState>(start));
    } catch (const std::exception& e) {
        return Diagnostic{spec.setup_position_at.file, e.what()};
    }
}

}  // namespace

void add_validate_command(CLI::App& app) {
    struct Options {
        std::vector<std::string> files;
        std::string data_dir;
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "validate", "check piece catalogues and variant files; every error with file:line:column");
    cmd->add_option("FILE", opt->files, "piece catalogue or variant file(s)")->required();
    cmd->add_option("--data-dir", opt->data_dir,
                    "directory holding pieces/ and variants/ to use besides the built-in ones");
    cmd->callback([opt] {
        DataSource source;
        if (!opt->data_dir.empty()) source.data_dir = opt->data_dir;
        std::size_t errors = 0;
        for (const auto& f : opt->files) {
            std::optional<VariantSpec> spec;
            auto found = validate_file(f, source, &spec);
            std::string summary;
            if (spec) {
                auto checked = summary_or_error(*spec);
                if (auto* d = std::get_if<Diagnostic>(&checked))
                    found.push_back(*d);
                else
                    summary = std::get<std::string>(checked);
            }
            for (const auto& d : found) report(d);
            if (found.empty())
                std::cout << f << ": ok" << (spec ? "" : " (a piece catalogue)") << "\n" << summary;
            errors += found.size();
        }
        if (errors > 0) {
            std::cerr << errors << (errors == 1 ? " error\n" : " errors\n");
            throw UserError{1};
        }
    });
}

}  // namespace seireigi::cli
