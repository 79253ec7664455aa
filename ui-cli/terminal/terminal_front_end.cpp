#include "terminal/terminal_front_end.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "base/proven_mate.h"
#include "nnue/network_source.h"
#include "record/game_record.h"
#include "record/kif.h"
#include "seats/engine_seat.h"
#include "text/notation.h"
#include "view/piece_legend.h"
#include "view/score_words.h"

namespace seireigi::cli {

namespace {

// The compact view's board every this many plies while no person moves.
constexpr int kBoardEvery = 8;

const char* kHelp =
    "Type a move in USI notation: 7g7f, 8h2b+ (promote), P*5e (drop); 7g-7f and 5d5c= (do not\n"
    "promote) are accepted too. A move that may promote and says neither + nor = asks first.\n"
    "Commands (upper or lower case):\n"
    "  moves      list the legal moves\n"
    "  history    list the moves played so far\n"
    "  position   print the position text (to analyse it: seireigi analyse --position ...)\n"
    "  undo       take back your last move and everything played after it\n"
    "  resign     give up the game, after asking (with three or four players you leave it: your\n"
    "             King goes, your pieces stay as neutral pieces, your hand goes to the last "
    "mover)\n"
    "  impasse    declare an impasse (every King in its promotion zone; the others must\n"
    "             accept; below the variant's points threshold loses)\n"
    "  save FILE  save the game to FILE (continue later with: seireigi play --resume FILE)\n"
    "  kif FILE   write the game as KIF for other shogi software (9x9 only)\n"
    "  board      show the board again\n"
    "  flip       turn the board around\n"
    "  legend     the pieces: abbreviation, name, kanji, moves (XBetza), promotion\n"
    "  hint [S]   the engine's move for you, thinking S seconds (default: the engine's\n"
    "             time per move)\n"
    "  quit       leave (also q or exit); the game stays in the autosave file\n"
    "  help       this text\n";

const char* kCommandList =
    "moves, history, position, undo, resign, impasse, save FILE, kif FILE, board, flip, legend, "
    "hint, quit, help";

std::string trim(const std::string& s) {
    const std::size_t a = s.find_first_not_of(" \t\r\n");
    if (a == std::string::npos) return "";
    return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Every move names a square, and squares are numbered: a word without a digit is a command.
bool looks_like_command(const std::string& word) {
    return std::none_of(word.begin(), word.end(),
                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

std::string names(const Variant& v, const std::vector<Player>& players) {
    std::string out;
    for (std::size_t i = 0; i < players.size(); ++i)
        out += (i == 0                    ? ""
                : i + 1 == players.size() ? " and "
                                          : ", ") +
               v.players[players[i]].name;
    return out;
}

}  // namespace

const char* terminal_help() {
    return kHelp;
}

TerminalFrontEnd::TerminalFrontEnd(Match& match, TerminalSettings settings)
    : match_(match), settings_(settings) {}

bool TerminalFrontEnd::read_line(std::string& line) {
    std::cout << std::flush;
    if (!std::getline(std::cin, line)) {
        std::cout << "\n";
        return false;
    }
    line = trim(line);
    // Input from a pipe or file does not appear on the screen: show it after the prompt, so
    // that a transcript reads like the session.
    static const bool piped = !::isatty(STDIN_FILENO);
    if (piped) std::cout << whole_characters(line) << "\n";
    return true;
}

std::optional<bool> TerminalFrontEnd::ask_yes_no(const std::string& question) {
    for (;;) {
        std::cout << question << " [y/n] ";
        std::string line;
        if (!read_line(line)) return std::nullopt;
        const std::string answer = lower(line);
        if (answer == "y" || answer == "yes") return true;
        if (answer == "n" || answer == "no") return false;
    }
}

void TerminalFrontEnd::show_board(const Game& game) {
    std::cout << render_game(game, settings_.view);
    board_stale_ = false;
    plies_unseen_ = 0;
}

void TerminalFrontEnd::on_event(const MatchEvent& e) {
    const Variant& v = match_.variant();
    const bool people = match_.people() > 0;
    const auto name = [&v](Player p) { return v.players[p].name; };
    const std::string& autosave = match_.settings().autosave;
    switch (e.kind) {
        case MatchEvent::Kind::Started: {
            std::cout << v.name << ":";
            const std::vector<std::string> specs = match_.seat_specs();
            for (Player p = 0; p < match_.players(); ++p)
                std::cout << (p ? ", " : " ") << name(p) << " " << specs[p];
            std::cout << ".\nThe game is saved to " << autosave << " after every move"
                      << " (continue it with: seireigi play --resume " << autosave << ").\n";
            if (people) std::cout << "Type 'help' for the commands.\n";
            show_board(*match_.snapshot());
            break;
        }
        case MatchEvent::Kind::Asking:
            if (e.question == Question::Move) ask_move(e.player);
            if (e.question == Question::AcceptImpasse) ask_impasse(e.player, e.by);
            if (e.question == Question::AfterGame) ask_after_game(e.player);
            break;
        case MatchEvent::Kind::Thinking:
            // A wait of a second or more shows that something is happening.
            if (people &&
                match_.seat_specs()[static_cast<std::size_t>(e.player)].starts_with("engine"))
                std::cout << name(e.player) << " is thinking..." << std::endl;
            break;
        case MatchEvent::Kind::Played: {
            board_stale_ = true;
            const auto game = match_.snapshot();
            if (!people) {
                std::cout << game->ply() << ". " << name(e.player) << " " << write_move(v, e.move)
                          << "\n";
                break;
            }
            if (!match_.is_person(e.player))
                std::cout << name(e.player) << " plays " << write_move(v, e.move) << "\n";
            // The compact view shows the board only before a person's move: while engines
            // play on for long, it is shown every few plies too.
            if (!settings_.compact || ++plies_unseen_ >= kBoardEvery) show_board(*game);
            break;
        }
        case MatchEvent::Kind::Happened:
            // With two players the result says it all; with more, each checkmate, skip and
            // departure is news while the game goes on.
            if (v.num_players() > 2) {
                board_stale_ = true;
                std::cout << describe_event(v, e.game_event) << "\n";
            }
            break;
        case MatchEvent::Kind::OutOfTurn:
            std::cout << name(e.player)
                      << " is in check and moves out of turn: " << names(v, e.passed_over)
                      << (e.passed_over.size() > 1 ? " lose" : " loses") << " this turn.\n";
            turns_lost_.resize(static_cast<std::size_t>(v.num_players()));
            lost_to_.resize(static_cast<std::size_t>(v.num_players()));
            for (Player q : e.passed_over) {
                if (!match_.is_person(q)) continue;
                ++turns_lost_[static_cast<std::size_t>(q)];
                auto& by = lost_to_[static_cast<std::size_t>(q)];
                if (std::find(by.begin(), by.end(), e.player) == by.end()) by.push_back(e.player);
            }
            break;
        case MatchEvent::Kind::ImpasseRefused:
            std::cout << "No impasse: " << e.text << "\n";
            break;
        case MatchEvent::Kind::ImpasseDeclined:
            std::cout << name(e.player) << " declines the impasse; play on.\n";
            break;
        case MatchEvent::Kind::Undone:
            board_stale_ = true;
            std::cout << "Taken back: " << name(e.player)
                      << "'s last move and everything after it.\n";
            if (!settings_.compact) show_board(*match_.snapshot());
            break;
        case MatchEvent::Kind::NothingToUndo:
            std::cout << "Nothing to take back: " << name(e.player) << " has made no move yet.\n";
            break;
        case MatchEvent::Kind::Over: {
            const auto game = match_.snapshot();
            if (board_stale_ || !people) show_board(*game);
            std::cout << describe_result(*game) << "\n";
            if (auto failure = match_.save_failure())
                std::cout << "The game is NOT saved (" << *failure << ").\n";
            else
                std::cout << "The game is saved in " << autosave << ".\n";
            break;
        }
        case MatchEvent::Kind::Left:
            if (auto failure = match_.save_failure())
                std::cout << "\nThe game is left unfinished and NOT saved (" << *failure << ").\n";
            else
                std::cout << "\nThe game is left unfinished and saved in " << autosave
                          << ".\nContinue it with: seireigi play --resume " << autosave << "\n";
            break;
        case MatchEvent::Kind::Warning:
            std::cout << "warning: " << e.text << "\n";
            break;
        case MatchEvent::Kind::OutOfTime:
            std::cout << name(e.player) << "'s time runs out.\n";
            break;
        case MatchEvent::Kind::ClocksHeld:  // the terminal holds no clocks
        case MatchEvent::Kind::ClocksRun:
            break;
    }
}

void TerminalFrontEnd::ask_move(Player p) {
    using K = SeatAction::Kind;
    const Variant& v = match_.variant();
    const auto game = match_.snapshot();
    if (board_stale_) show_board(*game);
    const auto seat = static_cast<std::size_t>(p);
    if (seat < turns_lost_.size() && turns_lost_[seat] > 0) {
        auto& by = lost_to_[seat];
        std::sort(by.begin(), by.end());
        std::cout << v.players[p].name << " lost " << turns_lost_[seat]
                  << (turns_lost_[seat] == 1 ? " turn" : " turns") << " while " << names(v, by)
                  << (by.size() == 1 ? " was" : " were") << " in check.\n";
        turns_lost_[seat] = 0;
        by.clear();
    }
    const auto submit = [&](SeatAction a) {
        if (auto refused = match_.submit(p, a)) {
            std::cout << *refused << "\n";
            return false;
        }
        return true;
    };
    for (;;) {
        std::cout << v.players[p].name << "> ";
        std::string line;
        if (!read_line(line)) {
            submit(SeatAction::of(K::Quit));
            return;
        }
        if (line.empty()) continue;
        const std::string first = line.substr(0, line.find(' '));
        const std::string word = lower(first);
        const std::string arg = trim(line.substr(first.size()));
        if (!looks_like_command(first)) {
            const std::optional<Move> m = read_move(*game, line);
            if (!m) {
                if (std::cin.eof()) submit(SeatAction::of(K::Quit));
                if (std::cin.eof()) return;
                continue;
            }
            if (submit(SeatAction::play(*m))) return;
        } else if (word == "help" || word == "?") {
            std::cout << kHelp;
        } else if (word == "hint") {
            show_hint(*game, p, arg);
        } else if (word == "legend") {
            std::cout << render_legend(v);
        } else if (word == "moves") {
            list_moves(*game);
        } else if (word == "history") {
            list_history(*game);
        } else if (word == "position") {
            show_position(*game);
        } else if (word == "board") {
            show_board(*game);
        } else if (word == "flip") {
            settings_.view.bottom = (settings_.view.bottom + v.num_players() / 2) % v.num_players();
            show_board(*game);
        } else if (word == "save" || word == "kif") {
            save_as(*game, word, arg);
        } else if (word == "undo") {
            if (submit(SeatAction::of(K::Undo))) return;
        } else if (word == "resign") {
            const std::optional<bool> sure = ask_yes_no("Resign the game?");
            if (!sure) {
                submit(SeatAction::of(K::Quit));
                return;
            }
            if (*sure && submit(SeatAction::of(K::Resign))) return;
            if (!*sure) std::cout << "Play on.\n";
        } else if (word == "impasse") {
            if (submit(SeatAction::of(K::DeclareImpasse))) return;
        } else if (word == "quit" || word == "q" || word == "exit") {
            submit(SeatAction::of(K::Quit));
            return;
        } else {
            std::cout << "unknown command '" << whole_characters(first)
                      << "'. The commands: " << kCommandList
                      << "; a move is written like 7g7f (see 'help').\n";
        }
    }
}

std::optional<Move> TerminalFrontEnd::read_move(const Game& game, const std::string& text) {
    auto read = game.read_move(text);
    if (auto* d = std::get_if<Diagnostic>(&read)) {
        std::cout << "'" << whole_characters(text) << "': " << whole_characters(d->text())
                  << ". The game is unchanged; 'moves' lists the legal moves, 'help' "
                     "the commands.\n";
        return std::nullopt;
    }
    const Move m = std::get<Move>(read);
    const bool says = text.back() == '+' || text.back() == '=';
    if (says || m.is_drop()) return m;
    // The text may have chosen the move without promotion only because it said nothing.
    const Move promoting = Move::board(m.from(), m.to(), true);
    const Move plain = Move::board(m.from(), m.to(), false);
    const MoveList& legal = game.legal_moves();
    const bool both = std::find(legal.begin(), legal.end(), promoting) != legal.end() &&
                      std::find(legal.begin(), legal.end(), plain) != legal.end();
    if (!both) return m;
    const std::optional<bool> promote = ask_yes_no("Promote?");
    if (!promote) return std::nullopt;
    return *promote ? promoting : plain;
}

void TerminalFrontEnd::show_hint(const Game& game, Player p, const std::string& arg) {
    int ms = settings_.hint_ms;
    if (!arg.empty()) {
        char* end = nullptr;
        const double seconds = std::strtod(arg.c_str(), &end);
        if (end == arg.c_str() || *end != '\0' || !(seconds > 0) || seconds > 3600) {
            std::cout << "hint: '" << whole_characters(arg)
                      << "' is not a time to think: give seconds above 0, up to 3600 (e.g. hint "
                         "5 or hint 0.5)\n";
            return;
        }
        ms = std::max(1, static_cast<int>(seconds * 1000));
    }
    if (!hint_engine_) {
        std::string why;
        search::Options o;
        o.network = nnue::usable_default_network(game.variant());
        hint_engine_ = search::Engine::create(game.variant_ptr(), o, &why);
        if (!hint_engine_) {
            std::cout << "No hint: the engine cannot play " << game.variant().name << " (" << why
                      << ").\n";
            return;
        }
    }
    const Variant& v = game.variant();
    // A forced mate, proven exactly, is the best hint: a tenth of the time for the mate solver.
    if (const auto mate = proven_mate(game.variant_ptr(), game.start(), game.moves(),
                                      std::clamp(ms / 10, 50, 1000))) {
        std::cout << "Hint: " << write_move(v, mate->line.front()) << " ("
                  << describe_proven_mate(v, *mate) << ")\n";
        return;
    }
    set_engine_position(*hint_engine_, game);
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f", ms / 1000.0);
    std::cout << "Thinking for " << seconds << " s..." << std::endl;
    search::Limits limits;
    limits.movetime_ms = ms;
    const search::Result r = hint_engine_->search(limits, {});
    if (r.best.is_null()) {
        std::cout << "No hint: " << game.variant().players[p].name << " has no legal move.\n";
        return;
    }
    std::string line;
    for (std::size_t i = 0; i < r.pv.size() && i < 8; ++i) {
        line += ' ';  // appended apart: GCC 12 warns falsely (-Wrestrict) on " " + string
        line += write_move(v, r.pv[i]);
    }
    std::cout << "Hint: " << write_move(v, r.best) << " (" << score_words(v, p, r.score)
              << ", depth " << r.depth << "; expected line:" << line << ")\n";
}

void TerminalFrontEnd::list_moves(const Game& game) const {
    std::string all;
    for (Move m : game.legal_moves()) {
        all += ' ';
        all += write_move(game.variant(), m);
    }
    std::cout << game.legal_moves().size() << " legal moves:" << all << "\n";
}

void TerminalFrontEnd::list_history(const Game& game) const {
    const Variant& v = game.variant();
    if (game.ply() == 0) {
        std::cout << "No move has been played yet.\n";
        return;
    }
    std::cout << game.ply() << (game.ply() == 1 ? " move" : " moves") << " played:\n";
    // Wrapped at 78 columns; with two players the numbers tell who moved, with more the names do.
    std::string row;
    for (int i = 0; i < game.ply(); ++i) {
        std::string item = std::to_string(i + 1) + ". ";
        if (v.num_players() > 2) item += v.players[game.mover_of(i)].name + " ";
        item += write_move(v, game.moves()[static_cast<std::size_t>(i)]);
        if (!row.empty() && row.size() + 2 + item.size() > 78) {
            std::cout << "  " << row << "\n";
            row.clear();
        }
        row += (row.empty() ? "" : "  ") + item;
    }
    std::cout << "  " << row << "\n";
}

void TerminalFrontEnd::show_position(const Game& game) const {
    const std::string text = write_position(game.variant(), game.current());
    std::cout << text << "\nAnalyse it with: seireigi analyse --variant "
              << match_.settings().variant_name << " --position '" << text << "'\n";
}

void TerminalFrontEnd::ask_impasse(Player p, Player declarer) {
    const Variant& v = match_.variant();
    const auto game = match_.snapshot();
    const std::vector<int> scores = game->impasse_scores();
    std::cout << v.players[declarer].name << " declares an impasse. Points:";
    for (Player q = 0; q < v.num_players(); ++q)
        std::cout << (q ? ", " : " ") << v.players[q].name << " " << scores[q];
    std::cout << " (" << v.impasse_threshold << " needed not to lose).\n";
    const std::optional<bool> yes = ask_yes_no(v.players[p].name + ", do you accept?");
    using K = SeatAction::Kind;
    match_.submit(p, SeatAction::of(!yes ? K::Quit : *yes ? K::AcceptImpasse : K::DeclineImpasse));
}

void TerminalFrontEnd::ask_after_game(Player p) {
    std::cout << "Type 'undo' to take back " << match_.variant().players[p].name
              << "'s last move or declaration, or press Enter to leave: ";
    std::string line;
    const bool undo = read_line(line) && lower(line) == "undo";
    match_.submit(p, SeatAction::of(undo ? SeatAction::Kind::Undo : SeatAction::Kind::Quit));
}

void TerminalFrontEnd::save_as(const Game& game, const std::string& what,
                               const std::string& file) const {
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
        text = write_kif(game, match_.seat_specs());
    } else {
        text = write_record(match_.record());  // as the autosave: seats, time per move
    }
    if (auto error = write_file_atomically(file, text))
        std::cout << *error << "\n";
    else
        std::cout << "Saved to " << file << ".\n";
}

}  // namespace seireigi::cli
