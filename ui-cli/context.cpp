#include "context.h"

#include <iostream>

#include "position/generic_position.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace seireigi::cli {

void CommonOptions::add_to(CLI::App& app, bool with_position) {
    app.add_option("--variant", variant,
                   "variant name (see 'seireigi variants') or path to a variant file")
        ->capture_default_str();
    if (with_position) {
        app.add_option("--position", position,
                       "starting position as position text (SFEN for 9x9); default: the "
                       "variant's start");
        app.add_option("--moves", moves, "moves to play from the position first (USI, e.g. 7g7f)");
    }
    app.add_option("--data-dir", data_dir,
                   "directory holding pieces/ and variants/ to use instead of the built-in ones");
}

DataSource CommonOptions::source() const {
    DataSource s;
    if (!data_dir.empty()) s.data_dir = data_dir;
    return s;
}

void report(const Diagnostic& d, const std::string& context) {
    std::cerr << "error: " << (context.empty() ? "" : context + ": ") << d.text() << "\n";
}

std::shared_ptr<const Variant> load_or_report(const CommonOptions& opt) {
    VariantLoadResult r = load_variant(opt.variant, opt.source());
    if (!r.spec) {
        for (const auto& d : r.errors) report(d);
        throw UserError{};
    }
    try {
        return build_variant(*r.spec);
    } catch (const std::exception& e) {
        report({"", e.what()}, opt.variant);
        throw UserError{};
    }
}

PositionState position_or_report(const std::shared_ptr<const Variant>& variant,
                                 const CommonOptions& opt) {
    const GameLine line = game_line_or_report(variant, opt);
    if (line.moves.empty()) return line.start;
    GenericPosition pos(variant, line.start);
    for (Move m : line.moves) pos.do_move(m);
    return pos.state();
}

GameLine game_line_or_report(const std::shared_ptr<const Variant>& variant,
                             const CommonOptions& opt) {
    const Variant& v = *variant;
    PositionState st;
    if (opt.position.empty() || opt.position == "start") {
        try {
            st = start_state(v);
        } catch (const std::exception& e) {
            report({"", e.what()});
            throw UserError{};
        }
    } else {
        auto read = read_position(v, opt.position);
        if (auto* d = std::get_if<Diagnostic>(&read)) {
            report(*d, "--position \"" + opt.position + "\"");
            throw UserError{};
        }
        st = std::get<PositionState>(read);
    }
    GameLine line{st, {}};
    if (opt.moves.empty()) return line;
    GenericPosition pos(variant, st);
    for (std::size_t i = 0; i < opt.moves.size(); ++i) {
        MoveList legal;
        pos.legal_moves(legal);
        auto read = read_move(v, opt.moves[i], legal);
        if (auto* d = std::get_if<Diagnostic>(&read)) {
            report(*d, "--moves, move " + std::to_string(i + 1) + " \"" + opt.moves[i] + "\"");
            throw UserError{};
        }
        pos.do_move(std::get<Move>(read));
        line.moves.push_back(std::get<Move>(read));
    }
    return line;
}

}  // namespace seireigi::cli
