// The subcommands of the `seireigi` program, one file each.
#pragma once

#include <CLI/CLI.hpp>

namespace seireigi::cli {

void add_perft_command(CLI::App& app);
void add_moves_command(CLI::App& app);
void add_validate_command(CLI::App& app);
void add_variants_command(CLI::App& app);
void add_piece_command(CLI::App& app);
void add_legend_command(CLI::App& app);
void add_cross_check_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_analyse_command(CLI::App& app);
void add_mate_command(CLI::App& app);
void add_usi_command(CLI::App& app);
void add_xboard_command(CLI::App& app);
void add_match_command(CLI::App& app);
void add_openings_command(CLI::App& app);
void add_tune_command(CLI::App& app);
void add_selfplay_command(CLI::App& app);
void add_train_command(CLI::App& app);
void add_study_command(CLI::App& app);

}  // namespace seireigi::cli
