// seireigi play: play a game in the terminal against people or the random seat.
//
// The game runs in a Match (match/match.h), which asks each seat for its action and saves the
// game to the autosave file after every change (temporary file, then rename), so closing the
// terminal loses nothing and `--resume FILE` continues exactly where the game stood. The terminal
// is the Match's front end (terminal_front_end.h); this file only sets the game up.
#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <map>
#include <random>

#include "base/context.h"
#include "base/evaluation_choice.h"
#include "base/game_file.h"
#include "commands.h"
#include "game/game.h"
#include "live/match.h"
#include "record/game_record.h"
#include "record/kif.h"
#include "record/kif_csa_reader.h"
#include "search/think_time.h"
#include "seats/seat_factory.h"
#include "terminal/terminal_front_end.h"

namespace seireigi::cli {

namespace {

namespace fs = std::filesystem;

std::string default_autosave_path(const Variant& v) {
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    // Two games begun in one second must not share a file: the second would overwrite the first.
    const std::string base = "seireigi-" + v.id + "-" + stamp;
    std::string name = base + ".game";
    std::error_code ec;
    for (int n = 2; fs::exists(name, ec) || fs::is_symlink(name, ec); ++n)
        name = base + "-" + std::to_string(n) + ".game";
    return name;
}

// Parses "--seat N=SPEC" values into a map from player (0-based) to spec.
std::map<Player, std::string> seat_options(const std::vector<std::string>& values, int players) {
    std::map<Player, std::string> out;
    for (const auto& value : values) {
        const std::size_t eq = value.find('=');
        int n = 0;
        if (eq != std::string::npos && eq > 0 && eq < 3 &&
            value.substr(0, eq).find_first_not_of("0123456789") == std::string::npos)
            n = std::stoi(value.substr(0, eq));
        if (n < 1 || n > players) {
            std::cerr << "error: --seat " << value
                      << ": expected N=SPEC (human, engine[:LEVEL], random[:SEED], ...) with N "
                      << "from 1 to " << players << ", e.g. --seat 2=random:42\n";
            throw UserError{};
        }
        out[n - 1] = value.substr(eq + 1);
    }
    return out;
}

}  // namespace

void add_play_command(CLI::App& app) {
    struct Options {
        CommonOptions common;
        EvalChoice eval;
        std::vector<std::string> seats;
        std::string pieces = "latin";
        std::string color = "auto";
        std::string resume;
        std::string autosave;
        std::string kif;
        std::string view = "auto";
        bool flip = false;
        int movetime = search::kDefaultMoveMs;
        bool any_position = false;
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "play",
        "play in the terminal (by default you are the first player, against the engine). Moves are "
        "typed in USI notation (7g7f, 8h2b+, P*5e); type 'help' in the game "
        "for the commands (moves, undo, resign, impasse, save, kif, board, flip, legend, hint, "
        "quit)");
    opt->common.add_to(*cmd);
    opt->eval.add_to(*cmd, false);
    cmd->footer(std::string("\nDuring the game, at your prompt:\n") + terminal_help() +
                "Pieces: upper case for the first player, lower case for the second; with four "
                "players a mark\nshows each piece's forward direction. 'seireigi legend "
                "--variant V' lists the pieces.");
    cmd->add_option(
        "--seat", opt->seats,
        "who plays player N: N=human, "
        "N=engine[:brs|paranoid][:LEVEL][,hash=MB][,position=fast|generic]"
        "[,eval=nnue|classical][,evalfile=FILE] (level 1 weakest to 20 full strength, the "
        "default; brs or paranoid: the search for three or four players), N=random[:SEED] or "
        "N=usi:COMMAND (an external USI engine that this command line starts; two players). "
        "docs/match.md lists the settings. Default: "
        "1=human, every other player the engine; repeat for each player, e.g. --seat "
        "1=human --seat 2=human for two people at one terminal");
    cmd->add_option("--movetime", opt->movetime,
                    "milliseconds the engine thinks per move (with --resume: as the record says, "
                    "unless given)")
        ->check(CLI::Range(10, 3600000))
        ->capture_default_str();
    cmd->add_option("--pieces", opt->pieces, "piece names on the board: latin or kanji")
        ->check(CLI::IsMember({"latin", "kanji"}))
        ->capture_default_str();
    cmd->add_option("--color", opt->color, "colour: auto (only on a terminal), always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();
    cmd->add_flag("--flip", opt->flip,
                  "turn the board around (by default the board is seen from the side of the "
                  "one person at the table, else from the first player's side)");
    cmd->add_option("--view", opt->view,
                    "full: the board after every move; compact: the board only before a "
                    "person's move, the others' moves one line each; auto: compact with three or "
                    "four players and one person at the table, else full")
        ->check(CLI::IsMember({"auto", "full", "compact"}))
        ->capture_default_str();
    cmd->add_option("--resume", opt->resume,
                    "continue the game saved in FILE: a .game record, or KIF (.kif, .kifu) or "
                    "CSA (.csa) from other shogi programs (shogi unless --variant says otherwise "
                    "or the KIF names its variant)");
    cmd->add_option("--autosave", opt->autosave,
                    "file the game is saved to after every move (default: "
                    "seireigi-VARIANT-DATE-TIME.game here; with --resume FILE.game, that file)");
    cmd->add_flag("--any-position", opt->any_position,
                  "play a --position even if it cannot arise in a game (a study, a test): "
                  "warn instead of refusing; each player still needs one King");
    cmd->add_option("--kif", opt->kif,
                    "also keep the game as KIF in FILE, rewritten after every move (9x9 only), "
                    "for other shogi software to show");
    cmd->callback([opt, cmd] {
        TerminalSettings terminal;
        terminal.hint_ms = opt->movetime;
        terminal.view.kanji = opt->pieces == "kanji";
        terminal.view.color =
            opt->color == "always" ||
            (opt->color == "auto" && ::isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR"));
        MatchSettings settings;
        settings.budget.movetime_ms = opt->movetime;
        std::shared_ptr<const Variant> v;
        std::optional<Game> game;
        std::vector<std::string> saved_seats;
        const bool variant_given = cmd->count("--variant") > 0;
        if (!opt->resume.empty()) {
            GameFile saved = game_file_or_report(opt->resume, opt->common, variant_given,
                                                 "seireigi play --resume " + opt->resume);
            v = saved.variant;
            game.emplace(std::move(*saved.game));
            settings.variant_name = saved.variant_name;
            saved_seats = saved.seats;
            // The engine thinks as long as it did before the game was saved, unless told.
            if (cmd->count("--movetime") == 0 && saved.move_time_ms >= 10) {
                settings.budget.movetime_ms = saved.move_time_ms;
                terminal.hint_ms = saved.move_time_ms;
            }
            // A KIF or CSA file is another program's: the game goes on in a record of ours.
            settings.autosave = !opt->autosave.empty() ? opt->autosave
                                : record_format_of(opt->resume) == RecordFormat::Game
                                    ? opt->resume
                                    : default_autosave_path(*v);
        } else {
            v = load_or_report(opt->common);
            const PositionState st = position_or_report(
                v, opt->common,
                opt->any_position ? ImpossiblePosition::Warn : ImpossiblePosition::Refuse);
            if (auto why = Game::unfit_for_play(*v, st)) {
                report({"", *why});
                throw UserError{};
            }
            game.emplace(v, st);
            settings.variant_name = opt->common.variant_for_records();
            settings.autosave = opt->autosave.empty() ? default_autosave_path(*v) : opt->autosave;
        }
        if (!opt->kif.empty()) {
            if (auto why = kif_unsupported(*v)) {
                report({"", "--kif: " + *why});
                throw UserError{};
            }
            settings.kif = opt->kif;
        }
        // Seats: the command line, else the record, else a person against the engine.
        std::map<Player, std::string> specs = seat_options(opt->seats, v->num_players());
        std::vector<std::unique_ptr<Seat>> seats;
        std::vector<Player> people;
        for (Player p = 0; p < v->num_players(); ++p) {
            if (!specs.count(p) && p < static_cast<Player>(saved_seats.size()) &&
                !saved_seats[p].empty()) {
                // A record's seat line describes who played; it never starts a program.
                std::string replaced;
                seats.push_back(make_record_seat(saved_seats[p], v, "human", &replaced));
                if (!replaced.empty())
                    std::cout << v->players[p].name << ": " << replaced << " (--seat " << p + 1
                              << "=SPEC names another)\n";
                if (seats.back()->is_person()) people.push_back(p);
                continue;
            }
            std::string spec;
            const std::string from = "--seat " + std::to_string(p + 1);
            if (specs.count(p)) {
                spec = specs[p];
            } else if (p == 0) {
                spec = "human";
            } else if (engine_plays(*v)) {
                spec = "engine";
            } else {
                spec = "random:" + std::to_string(std::random_device{}() % 100000);
            }
            // --eval: the engine seats that name no evaluation use the one chosen.
            if (!opt->eval.eval.empty() && spec.starts_with("engine") &&
                spec.find(',') == std::string::npos)
                spec += ",eval=" + opt->eval.eval;
            auto seat = make_command_line_seat(spec, v);
            if (auto* d = std::get_if<Diagnostic>(&seat)) {
                report(*d, from);
                throw UserError{};
            }
            seats.push_back(std::move(std::get<std::unique_ptr<Seat>>(seat)));
            if (seats.back()->is_person()) people.push_back(p);
        }
        // The one person at the table sees the board from their own side.
        const int n = v->num_players();
        terminal.view.bottom = people.size() == 1 ? people.front() : 0;
        if (opt->flip) terminal.view.bottom = (terminal.view.bottom + n / 2) % n;
        terminal.compact =
            opt->view == "compact" || (opt->view == "auto" && n > 2 && people.size() == 1);
        Match match(std::move(*game), std::move(seats), settings);
        TerminalFrontEnd front_end(match, terminal);
        match.set_listener([&front_end](const MatchEvent& e) { front_end.on_event(e); });
        match.run();
    });
}

}  // namespace seireigi::cli
