// The search's tactics (issue 12): every position of tests/data/tactics.txt is searched at its
// fixed node limit, on every implementation that plays its variant (the fast and the generic
// position on standard Seireigi, the generic one elsewhere), and the result must meet the
// position's expectations. The node limit makes each search deterministic, so a failure here is
// a change of the search's behaviour, not a slow machine.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fast/fast_position.h"
#include "position/generic_position.h"
#include "search/engine.h"
#include "test_support.h"

namespace seireigi {
namespace {

// One line of tactics.txt:
//   name | variant | position | game moves before it (or -) | expectations | nodes | source
// Expectations, separated by ';':
//   best M...   the best move is one of these
//   avoid M...  the best move is none of these (they may be illegal: a drop-pawn mate)
//   mate N      the score is "mate in N" (moves of the side to move)
//   no-mate     the score is not a mate for the side to move
//   draw        the score is exactly 0
//   above CP    the score is a mate for the side to move or more than CP centipawns
//   below CP    the score is a mate against the side to move or less than CP centipawns
struct TacticCase {
    std::string name;
    std::string variant;
    std::string position;
    std::vector<std::string> moves;
    std::vector<std::vector<std::string>> expectations;  // each: keyword, arguments
    std::uint64_t nodes = 0;
    std::string source;
    int line = 0;
};

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string part;
    while (std::getline(ss, part, sep)) out.push_back(testing::trim(part));
    return out;
}

std::vector<std::string> words(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string w;
    while (ss >> w) out.push_back(w);
    return out;
}

const std::string kTacticsFile = "tests/data/tactics.txt";

// A malformed line is a test failure (not a skipped case): it is reported by the
// TacticsFile.EveryLineReads test with its line number.
std::vector<TacticCase> read_tactics(std::vector<std::string>* errors = nullptr) {
    std::vector<TacticCase> out;
    std::ifstream in(testing::source_path(kTacticsFile));
    if (!in && errors) errors->push_back("cannot open " + kTacticsFile);
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (testing::trim(line).empty() || testing::trim(line)[0] == '#') continue;
        const auto f = split(line, '|');
        if (f.size() != 7) {
            if (errors)
                errors->push_back(kTacticsFile + ":" + std::to_string(number) +
                                  ": expected 7 fields, found " + std::to_string(f.size()));
            continue;
        }
        TacticCase c;
        c.name = f[0];
        c.variant = f[1];
        c.position = f[2];
        if (f[3] != "-") c.moves = words(f[3]);
        for (const auto& e : split(f[4], ';'))
            if (!e.empty()) c.expectations.push_back(words(e));
        try {
            c.nodes = std::stoull(f[5]);
        } catch (const std::exception&) {
            if (errors)
                errors->push_back(kTacticsFile + ":" + std::to_string(number) +
                                  ": the node limit is not a number: " + f[5]);
            continue;
        }
        c.source = f[6];
        c.line = number;
        out.push_back(std::move(c));
    }
    return out;
}

TEST(TacticsFile, EveryLineReads) {
    std::vector<std::string> errors;
    const auto cases = read_tactics(&errors);
    for (const auto& e : errors) ADD_FAILURE() << e;
    EXPECT_GE(cases.size(), 20u);
    for (const auto& c : cases) {
        SCOPED_TRACE(kTacticsFile + ":" + std::to_string(c.line) + " " + c.name);
        EXPECT_FALSE(c.expectations.empty());
        EXPECT_GT(c.nodes, 0u);
        EXPECT_LE(c.nodes, 400'000u) << "keep the default run fast (it also runs under sanitizers)";
        EXPECT_NE(c.source.find("source:"), std::string::npos)
            << "every position says where it is from";
    }
}

std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& w : v) s += (s.empty() ? "" : " ") + w;
    return s;
}

// Plays `texts` (move text) from `pos`; throws with the reader's message on a bad move.
std::vector<Move> play_moves(GenericPosition& pos, const std::vector<std::string>& texts) {
    std::vector<Move> out;
    for (const auto& t : texts) {
        MoveList legal;
        pos.legal_moves(legal);
        auto r = read_move(pos.variant(), t, legal);
        if (auto* d = std::get_if<Diagnostic>(&r))
            throw std::runtime_error("move " + t + ": " + d->text());
        out.push_back(std::get<Move>(r));
        pos.do_move(out.back());
    }
    return out;
}

// The listed moves of an expectation, read in the searched position (each must be legal there).
std::vector<Move> listed_moves(const GenericPosition& searched,
                               const std::vector<std::string>& texts) {
    MoveList legal;
    searched.legal_moves(legal);
    std::vector<Move> out;
    for (const auto& t : texts) {
        auto r = read_move(searched.variant(), t, legal);
        if (auto* d = std::get_if<Diagnostic>(&r))
            throw std::runtime_error("expected move " + t + ": " + d->text());
        out.push_back(std::get<Move>(r));
    }
    return out;
}

bool is_mate_for_mover(const search::Score& s) {
    return s.mate && s.mate_in > 0;
}
bool is_mate_against_mover(const search::Score& s) {
    return s.mate && s.mate_in < 0;
}

void check_expectations(const TacticCase& c, const GenericPosition& searched,
                        const search::Result& r) {
    const Variant& v = searched.variant();
    const std::string played = r.best.is_null() ? "(none)" : write_move(v, r.best);
    SCOPED_TRACE("played " + played + ", score " + search::describe_score(r.score) + ", depth " +
                 std::to_string(r.depth) + ", nodes " + std::to_string(r.nodes));
    for (const auto& e : c.expectations) {
        const std::string& what = e[0];
        const std::vector<std::string> args(e.begin() + 1, e.end());
        if (what == "avoid") {
            // An avoided move may be illegal (a drop-pawn mate): compare its text then.
            for (const auto& t : args) {
                MoveList legal;
                searched.legal_moves(legal);
                auto m = read_move(v, t, legal);
                if (auto* mv = std::get_if<Move>(&m))
                    EXPECT_NE(r.best, *mv) << "expected anything but " << t;
                else
                    EXPECT_NE(played, t) << t << " is not even legal here";
            }
        } else if (what == "best") {
            const auto listed = listed_moves(searched, args);
            const bool among = std::find(listed.begin(), listed.end(), r.best) != listed.end();
            EXPECT_TRUE(among) << "expected one of: " << join(args);
        } else if (what == "mate" && args.size() == 1) {
            EXPECT_TRUE(r.score.mate && (r.score.mate_in + 1) / 2 == std::stoi(args[0]))
                << "expected mate in " << args[0];
        } else if (what == "no-mate" && args.empty()) {
            EXPECT_FALSE(is_mate_for_mover(r.score)) << "expected no mate for the side to move";
        } else if (what == "draw" && args.empty()) {
            EXPECT_TRUE(!r.score.mate && r.score.cp == 0) << "expected a draw score";
        } else if (what == "above" && args.size() == 1) {
            EXPECT_TRUE(is_mate_for_mover(r.score) ||
                        (!r.score.mate && r.score.cp > std::stoi(args[0])))
                << "expected a score above " << args[0];
        } else if (what == "below" && args.size() == 1) {
            EXPECT_TRUE(is_mate_against_mover(r.score) ||
                        (!r.score.mate && r.score.cp < std::stoi(args[0])))
                << "expected a score below " << args[0];
        } else {
            ADD_FAILURE() << "cannot read the expectation '" << join(e) << "'";
        }
    }
}

class Tactics : public ::testing::TestWithParam<TacticCase> {};

TEST_P(Tactics, BestMoveAtNodeLimit) {
    const TacticCase& c = GetParam();
    SCOPED_TRACE(kTacticsFile + ":" + std::to_string(c.line) + " " + c.variant + " " + c.position +
                 (c.moves.empty() ? "" : " moves " + join(c.moves)));
    // A variant file is named relative to the source tree.
    const auto v = testing::variant(
        c.variant.find('/') == std::string::npos ? c.variant : testing::source_path(c.variant));
    const PositionState start = testing::position(*v, c.position);
    GenericPosition searched(v, start);
    const std::vector<Move> history = play_moves(searched, c.moves);

    std::vector<search::Implementation> implementations{search::Implementation::Generic};
    if (FastPosition::supports(*v)) implementations.push_back(search::Implementation::Fast);
    for (const auto implementation : implementations) {
        search::Options options;
        options.implementation = implementation;
        std::string why;
        auto engine = search::Engine::create(v, options, &why);
        ASSERT_TRUE(engine) << why;
        SCOPED_TRACE("engine " + engine->implementation_name());
        engine->set_position(start, history);
        search::Limits limits;
        limits.nodes = c.nodes;
        const search::Result r = engine->search(limits, {});
        check_expectations(c, searched, r);
    }
}

std::string case_name(const ::testing::TestParamInfo<TacticCase>& info) {
    std::string s;
    for (char ch : info.param.name) s += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
    return s;
}

INSTANTIATE_TEST_SUITE_P(File, Tactics, ::testing::ValuesIn(read_tactics()), case_name);

}  // namespace
}  // namespace seireigi
