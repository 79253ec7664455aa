#include "base/context.h"

#include <filesystem>
#include <iostream>

#include "game/move_refusal.h"
#include "game/position_soundness.h"
#include "position/generic_position.h"
#include "rules/yaml_source.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace seireigi::cli {

void CommonOptions::add_to(CLI::App& app, bool with_position, const std::string& position_default) {
    app.add_option("--variant", variant,
                   "variant name (see 'seireigi variants') or path to a variant file")
        ->capture_default_str();
    if (with_position) {
        position_option = app.add_option(
            "--position", position,
            "starting position as position text (SFEN for 9x9, see docs/notation.md), or "
            "'start'; default: " +
                position_default);
        app.add_option("--moves", moves, "moves to play from the position first (USI, e.g. 7g7f)");
    }
    app.add_option(
        "--data-dir", data_dir,
        "directory holding pieces/ and variants/ to use besides the built-in ones (a file "
        "there replaces the built-in one of the same name)");
}

DataSource CommonOptions::source() const {
    return data_source_or_report(data_dir);
}

std::string CommonOptions::variant_for_records() const {
    if (!yaml::FileFinder::is_path(variant)) return variant;
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(variant, ec);
    return ec ? variant : absolute.lexically_normal().string();
}

DataSource data_source_or_report(const std::string& data_dir) {
    DataSource s;
    if (data_dir.empty()) return s;
    std::error_code ec;
    if (!std::filesystem::is_directory(data_dir, ec)) {
        report({"", "--data-dir " + data_dir +
                        ": no such folder (it should hold pieces/ and "
                        "variants/; leave --data-dir out for the built-in ones)"});
        throw UserError{};
    }
    if (!std::filesystem::is_directory(std::filesystem::path(data_dir) / "variants", ec)) {
        report({"", "--data-dir " + data_dir +
                        ": has no variants/ folder (it should hold "
                        "pieces/ and variants/)"});
        throw UserError{};
    }
    s.data_dir = data_dir;
    return s;
}

namespace {

void check_position_can_arise(const Variant& v, const PositionState& st,
                              ImpossiblePosition impossible) {
    bool refused = false;
    for (const PositionProblem& problem : impossible_position_problems(v, st)) {
        const bool fatal = impossible == ImpossiblePosition::Refuse;
        // Counting and listing moves is meaningful without a King (docs/rules.md §0.4).
        if (!fatal && problem.kind == PositionProblem::Kind::MissingKing) continue;
        std::cerr << (fatal ? "error" : "warning") << ": --position: this position cannot arise in "
                  << "a game: " << problem.message << "\n";
        refused |= fatal;
    }
    if (refused) throw UserError{};
}

}  // namespace

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
                                 const CommonOptions& opt, ImpossiblePosition impossible) {
    const GameLine line = game_line_or_report(variant, opt, impossible);
    if (line.moves.empty()) return line.start;
    GenericPosition pos(variant, line.start);
    for (Move m : line.moves) pos.do_move(m);
    return pos.state();
}

GameLine game_line_or_report(const std::shared_ptr<const Variant>& variant,
                             const CommonOptions& opt, ImpossiblePosition impossible) {
    const Variant& v = *variant;
    PositionState st;
    if (opt.position_option && opt.position_option->count() > 0 &&
        opt.position.find_first_not_of(' ') == std::string::npos) {
        report({"",
                "--position is empty: give a position text, or 'start' (or leave --position "
                "out) for the start position"});
        throw UserError{};
    }
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
        check_position_can_arise(v, st, impossible);
    }
    GameLine line{st, {}};
    if (opt.moves.empty()) return line;
    GenericPosition pos(variant, st);
    for (std::size_t i = 0; i < opt.moves.size(); ++i) {
        MoveList legal;
        pos.legal_moves(legal);
        auto read = read_legal_move(pos, legal, opt.moves[i]);
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
