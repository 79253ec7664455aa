// seireigi: the command-line program. Each subcommand lives in its own cmd_*.cpp file.
#include <CLI/CLI.hpp>
#include <iostream>

#include "commands.h"
#include "context.h"

int main(int argc, char** argv) {
    using namespace seireigi::cli;
    CLI::App app{
        "seireigi: rules engine and tools for Seireigi, Yonin Seireigi, Dai Seireigi and other "
        "shogi variants described in YAML files"};
    app.require_subcommand(1);
    add_perft_command(app);
    add_moves_command(app);
    add_validate_command(app);
    add_variants_command(app);
    add_piece_command(app);
    add_cross_check_command(app);
    add_bench_command(app);
    add_play_command(app);
    add_analyse_command(app);
    add_match_command(app);
    add_openings_command(app);
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
