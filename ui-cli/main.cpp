// seireigi: the command-line program. Each subcommand lives in its own cmd_*.cpp file.
#include <CLI/CLI.hpp>
#include <csignal>
#include <iostream>
#include <string_view>

#include "base/context.h"
#include "commands.h"

namespace {

// "perft, moves, ..." : the subcommands, for messages that list them.
std::string command_list(CLI::App& app) {
    std::string out;
    for (const CLI::App* sub : app.get_subcommands({}))
        out += (out.empty() ? "" : ", ") + sub->get_name();
    return out;
}

// `seireigi help` and `seireigi help COMMAND`: the same text as --help.
int print_help(CLI::App& app, int argc, char** argv) {
    if (argc < 3) {
        std::cout << app.help();
        return 0;
    }
    for (CLI::App* sub : app.get_subcommands({}))
        if (sub->get_name() == argv[2]) {
            std::cout << sub->help();
            return 0;
        }
    std::cerr << "error: unknown command '" << argv[2] << "'; the commands are "
              << command_list(app) << "\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace seireigi::cli;
    // A write past a file-size limit (ulimit -f) or to a pipe or socket whose reader left fails
    // with an error that the caller reports (a game not saved, a web client gone); by default
    // either signal would end the whole program, a server with every game it holds.
    std::signal(SIGPIPE, SIG_IGN);
    std::signal(SIGXFSZ, SIG_IGN);
    CLI::App app{
        "seireigi: rules engine and tools for Seireigi, Yonin Seireigi, Dai Seireigi and other "
        "shogi variants described in YAML files.\n"
        "Type 'seireigi help COMMAND' (or 'seireigi COMMAND --help') for a command's options;\n"
        "start with 'seireigi play' to play, 'seireigi variants' to see the games."};
    app.name("seireigi");
    app.set_version_flag("--version", std::string("seireigi ") + SEIREIGI_VERSION);
    app.require_subcommand(1);
    add_perft_command(app);
    add_moves_command(app);
    add_validate_command(app);
    add_variants_command(app);
    add_piece_command(app);
    add_legend_command(app);
    add_cross_check_command(app);
    add_bench_command(app);
    add_play_command(app);
    add_serve_command(app);
    add_analyse_command(app);
    add_mate_command(app);
    add_usi_command(app);
    add_xboard_command(app);
    add_match_command(app);
    add_openings_command(app);
    add_tune_command(app);
    add_selfplay_command(app);
    add_train_command(app);
    add_study_command(app);
    if (argc < 2) {
        std::cout << app.help();
        return 0;
    }
    const std::string_view first = argv[1];
    if (first == "help") return print_help(app, argc, argv);
    if (!first.starts_with("-")) {
        bool known = false;
        for (const CLI::App* sub : app.get_subcommands({})) known |= sub->get_name() == first;
        if (!known) {
            std::cerr << "error: unknown command '" << first << "'; the commands are "
                      << command_list(app) << " (seireigi help lists what each does)\n";
            return 2;
        }
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const UserError& e) {
        return e.exit_code;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 3;
    }
    return 0;
}
