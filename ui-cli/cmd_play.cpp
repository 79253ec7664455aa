// seireigi play: play a game in the terminal against people or the random seat.
//
// The loop asks the seat of the player to move for an action (seat.h): a person types moves and
// commands, the random seat picks a legal move. After every change the game is saved to the
// autosave file (temporary file, then rename), so closing the terminal loses nothing and
// `--resume FILE` continues exactly where the game stood.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <random>

#include "commands.h"
#include "context.h"
#include "game/game.h"
#include "game_view.h"
#include "match/seat.h"
#include "record/game_record.h"
#include "record/kif.h"
#include "seats/seat_factory.h"
#include "text/notation.h"

namespace seireigi::cli {

namespace {

const char* kHelp =
    "Type a move in USI notation: 7g7f, 8h2b+ (promote), P*5e (drop); 7g-7f and 5d5c= (do not\n"
    "promote) are accepted too. Commands:\n"
    "  moves      list the legal moves\n"
    "  undo       take back your last move (and the reply to it)\n"
    "  resign     give up the game (with three or four players you leave it: your King goes,\n"
    "             your pieces stay as neutral pieces, your hand goes to the last mover)\n"
    "  impasse    declare an impasse (every King in its promotion zone; the others must\n"
    "             accept; below the variant's points threshold loses)\n"
    "  save FILE  save the game to FILE (continue later with: seireigi play --resume FILE)\n"
    "  kif FILE   write the game as KIF for other shogi software (9x9 only)\n"
    "  board      show the board again\n"
    "  quit       leave; the game stays in the autosave file\n"
    "  help       this text\n";

std::string trim(const std::string& s) {
    const std::size_t a = s.find_first_not_of(" \t\r\n");
    if (a == std::string::npos) return "";
    return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

std::string default_autosave_path(const Variant& v) {
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    return "seireigi-" + v.id + "-" + stamp + ".game";
}

// Everything the loop and the terminal share about the game in progress.
struct Session {
    std::string variant_name;
    std::vector<std::unique_ptr<Seat>> seats;
    std::string autosave;
    std::string kif;  // also kept up to date as KIF, if set
    ViewOptions view;

    std::vector<std::string> seat_specs() const {
        std::vector<std::string> specs;
        for (const auto& s : seats) specs.push_back(s->spec());
        return specs;
    }
    GameRecord record(const Game& g) const { return record_of(g, variant_name, seat_specs()); }
    // A person's moves are worth an fsync each; games between programs (tests, demonstrations)
    // would spend most of their time waiting for the disk.
    bool any_human() const {
        return std::any_of(seats.begin(), seats.end(), [](const auto& s) { return s->is_human(); });
    }
    void save(const Game& g) const {
        const bool sync = any_human();
        if (auto error = write_file_atomically(autosave, write_record(record(g)), sync))
            std::cout << "warning: autosave failed: " << *error << "\n";
        if (kif.empty()) return;
        if (auto error = write_file_atomically(kif, write_kif(g, seat_specs()), sync))
            std::cout << "warning: writing the KIF failed: " << *error << "\n";
    }
};

// A person at the terminal: reads lines from stdin until one of them is a legal move or a
// command that changes the game; everything else is answered here and the game is untouched.
class TerminalInput : public HumanInput {
  public:
    explicit TerminalInput(const Session& session) : session_(session) {}

    SeatAction ask_action(const Game& game) override {
        const Variant& v = game.variant();
        for (;;) {
            std::cout << v.players[game.to_move()].name << "> " << std::flush;
            std::string line;
            if (!std::getline(std::cin, line)) return {SeatAction::Kind::Quit, Move()};
            line = trim(line);
            echo(line);
            const std::string word = line.substr(0, line.find(' '));
            const std::string arg = trim(line.substr(word.size()));
            if (line.empty()) continue;
            if (word == "help" || word == "?") {
                std::cout << kHelp;
            } else if (word == "moves") {
                std::string all;
                for (Move m : game.legal_moves()) all += " " + write_move(v, m);
                std::cout << game.legal_moves().size() << " legal moves:" << all << "\n";
            } else if (word == "board") {
                std::cout << render_game(game, session_.view);
            } else if (word == "save" || word == "kif") {
                save_as(game, word, arg);
            } else if (word == "undo") {
                return {SeatAction::Kind::Undo, Move()};
            } else if (word == "resign") {
                return {SeatAction::Kind::Resign, Move()};
            } else if (word == "impasse") {
                return {SeatAction::Kind::DeclareImpasse, Move()};
            } else if (word == "quit" || word == "exit") {
                return {SeatAction::Kind::Quit, Move()};
            } else {
                auto read = game.read_move(line);
                if (auto* m = std::get_if<Move>(&read)) return {SeatAction::Kind::Play, *m};
                std::cout << "'" << line << "': " << std::get<Diagnostic>(read).text()
                          << ". The game is unchanged; 'moves' lists the legal moves, 'help' "
                             "the commands.\n";
            }
        }
    }

    bool ask_accept_impasse(const Game& game, Player self, Player declarer) override {
        const Variant& v = game.variant();
        const std::vector<int> scores = game.impasse_scores();
        std::cout << v.players[declarer].name << " declares an impasse. Points:";
        for (Player p = 0; p < v.num_players(); ++p)
            std::cout << (p ? ", " : " ") << v.players[p].name << " " << scores[p];
        std::cout << " (" << v.impasse_threshold << " needed not to lose).\n";
        for (;;) {
            std::cout << v.players[self].name << ", do you accept? (yes/no) " << std::flush;
            std::string line;
            if (!std::getline(std::cin, line)) return false;
            line = trim(line);
            echo(line);
            if (line == "yes" || line == "y") return true;
            if (line == "no" || line == "n") return false;
        }
    }

  private:
    // Input from a pipe or file does not appear on the screen: show it after the prompt, so
    // that a transcript reads like the session.
    static void echo(const std::string& line) {
        static const bool piped = !::isatty(STDIN_FILENO);
        if (piped) std::cout << line << "\n";
    }

    void save_as(const Game& game, const std::string& what, const std::string& file) const {
        if (file.empty()) {
            std::cout << "Say where: " << what << " FILE\n";
            return;
        }
        std::string text;
        if (what == "kif") {
            if (auto why = kif_unsupported(game.variant())) {
                std::cout << "Cannot write KIF: " << *why << ".\n";
                return;
            }
            text = write_kif(game, session_.seat_specs());
        } else {
            text = write_record(session_.record(game));
        }
        if (auto error = write_file_atomically(file, text))
            std::cout << *error << "\n";
        else
            std::cout << "Saved to " << file << ".\n";
    }

    const Session& session_;
};

// Parses "--seat N=SPEC" values into a map from player (0-based) to spec.
std::map<Player, std::string> seat_options(const std::vector<std::string>& values, int players) {
    std::map<Player, std::string> out;
    for (const auto& value : values) {
        const std::size_t eq = value.find('=');
        int n = 0;
        if (eq != std::string::npos && eq > 0 &&
            value.substr(0, eq).find_first_not_of("0123456789") == std::string::npos)
            n = std::stoi(value.substr(0, eq));
        if (n < 1 || n > players) {
            std::cerr << "error: --seat " << value << ": expected N=human|random[:seed] with N "
                      << "from 1 to " << players << ", e.g. --seat 2=random:42\n";
            throw UserError{};
        }
        out[n - 1] = value.substr(eq + 1);
    }
    return out;
}

// Takes back moves until a person is to move again (at least one move).
void undo_to_human(Game& game, const Session& s) {
    if (!game.undo()) {
        std::cout << "Nothing to take back.\n";
        return;
    }
    while (game.ply() > 0 && !s.seats[game.to_move()]->is_human()) game.undo();
}

int run_game(Game& game, Session& s) {
    const Variant& v = game.variant();
    const bool any_human = s.any_human();
    std::cout << v.name << ":";
    for (Player p = 0; p < v.num_players(); ++p)
        std::cout << (p ? ", " : " ") << v.players[p].name << " " << s.seats[p]->spec();
    std::cout << ".\nThe game is saved to " << s.autosave << " after every move"
              << " (continue it with: seireigi play --resume " << s.autosave << ").\n";
    if (any_human) std::cout << "Type 'help' for the commands.\n";
    std::cout << render_game(game, s.view);
    s.save(game);
    while (!game.over()) {
        const Player p = game.to_move();
        const std::size_t events_before = game.events().size();
        const SeatAction a = s.seats[p]->choose(game);
        switch (a.kind) {
            case SeatAction::Kind::Play:
                game.play(a.move);
                if (any_human) {
                    if (!s.seats[p]->is_human())
                        std::cout << v.players[p].name << " plays " << write_move(v, a.move)
                                  << "\n";
                    std::cout << render_game(game, s.view);
                } else {
                    std::cout << game.ply() << ". " << v.players[p].name << " "
                              << write_move(v, a.move) << "\n";
                }
                break;
            case SeatAction::Kind::Resign:
                game.resign(p);
                if (any_human && !game.over()) std::cout << render_game(game, s.view);
                break;
            case SeatAction::Kind::DeclareImpasse: {
                if (auto why = game.impasse_refusal()) {
                    std::cout << "No impasse: " << *why << "\n";
                    continue;
                }
                bool accepted = true;
                for (Player q = 0; q < v.num_players() && accepted; ++q)
                    if (q != p && game.position().is_active(q))
                        accepted = s.seats[q]->accept_impasse(game, q, p);
                if (!accepted) {
                    std::cout << "The impasse is declined; play on.\n";
                    continue;
                }
                game.declare_impasse(p);
                break;
            }
            case SeatAction::Kind::Undo:
                undo_to_human(game, s);
                std::cout << render_game(game, s.view);
                s.save(game);
                continue;
            case SeatAction::Kind::Quit:
                s.save(game);
                std::cout << "\nThe game is left unfinished and saved in " << s.autosave
                          << ".\nContinue it with: seireigi play --resume " << s.autosave << "\n";
                return 0;
        }
        // What the move or declaration set off, with three or four players: checkmates (also
        // cascades), skipped turns, players leaving by resignation or perpetual check.
        if (v.num_players() > 2)
            for (std::size_t i = events_before; i < game.events().size(); ++i)
                std::cout << describe_event(v, game.events()[i]) << "\n";
        s.save(game);
    }
    if (!any_human) std::cout << render_game(game, s.view);
    std::cout << describe_result(game) << "\nThe game is saved in " << s.autosave << ".\n";
    return 0;
}

}  // namespace

void add_play_command(CLI::App& app) {
    struct Options {
        CommonOptions common;
        std::vector<std::string> seats;
        std::string pieces = "latin";
        std::string color = "auto";
        std::string resume;
        std::string autosave;
        std::string kif;
        bool any_position = false;
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "play",
        "play in the terminal (by default you are the first player, against the random "
        "seat)");
    opt->common.add_to(*cmd);
    cmd->footer(std::string("\nDuring the game, at your prompt:\n") + kHelp +
                "Pieces: upper case for the first player, lower case for the second; with four "
                "players a mark\nshows each piece's forward direction. 'seireigi legend "
                "--variant V' lists the pieces.");
    cmd->add_option("--seat", opt->seats,
                    "who plays player N: N=human or N=random[:seed] (default 1=human, "
                    "every other player random with a new seed); repeat for each player, e.g. "
                    "--seat 1=human --seat 2=human for two people at one terminal");
    cmd->add_option("--pieces", opt->pieces, "piece names on the board: latin or kanji")
        ->check(CLI::IsMember({"latin", "kanji"}))
        ->capture_default_str();
    cmd->add_option("--color", opt->color, "colour: auto (only on a terminal), always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();
    cmd->add_option("--resume", opt->resume, "continue the game saved in FILE");
    cmd->add_option("--autosave", opt->autosave,
                    "file the game is saved to after every move (default: "
                    "seireigi-VARIANT-DATE-TIME.game here; with --resume, the resumed file)");
    cmd->add_flag("--any-position", opt->any_position,
                  "play a --position even if it cannot arise in a game (a study, a test): "
                  "warn instead of refusing; each player still needs one King");
    cmd->add_option("--kif", opt->kif,
                    "also keep the game as KIF in FILE, rewritten after every move (9x9 only), "
                    "for other shogi software to show");
    cmd->callback([opt, cmd] {
        Session s;
        s.view.kanji = opt->pieces == "kanji";
        s.view.color = opt->color == "always" || (opt->color == "auto" && ::isatty(STDOUT_FILENO) &&
                                                  !std::getenv("NO_COLOR"));
        std::shared_ptr<const Variant> v;
        std::optional<Game> game;
        std::vector<std::string> saved_seats;
        if (!opt->resume.empty()) {
            auto text = read_text_file(opt->resume);
            if (auto* d = std::get_if<Diagnostic>(&text)) {
                report(*d, "--resume");
                throw UserError{};
            }
            auto record = read_record(std::get<std::string>(text));
            if (auto* d = std::get_if<Diagnostic>(&record)) {
                report(*d, opt->resume);
                throw UserError{};
            }
            const GameRecord& r = std::get<GameRecord>(record);
            CommonOptions common = opt->common;
            if (cmd->count("--variant") == 0) common.variant = r.variant;
            v = load_or_report(common);
            auto replayed = replay_record(r, v);
            if (auto* d = std::get_if<Diagnostic>(&replayed)) {
                report(*d, opt->resume);
                throw UserError{};
            }
            game.emplace(std::move(std::get<Game>(replayed)));
            s.variant_name = common.variant;
            saved_seats = r.seats;
            s.autosave = opt->autosave.empty() ? opt->resume : opt->autosave;
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
            s.variant_name = opt->common.variant;
            s.autosave = opt->autosave.empty() ? default_autosave_path(*v) : opt->autosave;
        }
        if (!opt->kif.empty()) {
            if (auto why = kif_unsupported(*v)) {
                report({"", "--kif: " + *why});
                throw UserError{};
            }
            s.kif = opt->kif;
        }
        // Seats: the command line, else the record, else a person against the random seat.
        std::map<Player, std::string> specs = seat_options(opt->seats, v->num_players());
        TerminalInput terminal(s);
        for (Player p = 0; p < v->num_players(); ++p) {
            std::string spec;
            if (specs.count(p))
                spec = specs[p];
            else if (p < static_cast<Player>(saved_seats.size()) && !saved_seats[p].empty())
                spec = saved_seats[p];
            else if (p == 0)
                spec = "human";
            else
                spec = "random:" + std::to_string(std::random_device{}() % 100000);
            auto seat = make_seat(spec, &terminal);
            if (auto* d = std::get_if<Diagnostic>(&seat)) {
                // Name where the seat came from: the command line or the saved game.
                report(*d, specs.count(p) ? "--seat " + std::to_string(p + 1)
                                          : opt->resume + ": seat " + std::to_string(p + 1));
                throw UserError{};
            }
            s.seats.push_back(std::move(std::get<std::unique_ptr<Seat>>(seat)));
        }
        const int code = run_game(*game, s);
        if (code != 0) throw UserError{code};
    });
}

}  // namespace seireigi::cli
