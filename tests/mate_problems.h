// Mate problem files (tests/data/mate-problems*.txt), one problem a line:
// `variant | mode | plies | position | source`, mode `tsume`, `tsume+rest` (the defender holds
// the rest) or `any:N`; plies `none` for no mate. check_problem solves one at a node limit and
// checks what the solver claims: the mate found with its length, shortest proven and passed by
// the independent verifier; a position without a mate never "proven".
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "mate/defender_hand.h"
#include "mate/mate_solver.h"
#include "mate/mate_verifier.h"
#include "test_support.h"

namespace seireigi::testing {

struct MateProblem {
    std::string file;
    int line = 0;
    std::string variant;
    mate::Mode mode = mate::Mode::Tsume;
    bool defender_holds_rest = false;
    int plies = 0;      // 0: no mate
    int max_plies = 0;  // the any mode's limit
    std::string position;
    std::string source;
};

inline std::vector<MateProblem> mate_problems(const std::string& file) {
    std::ifstream in(source_path(file));
    EXPECT_TRUE(in) << "cannot read " << file;
    std::vector<MateProblem> out;
    std::string text;
    int n = 0;
    while (std::getline(in, text)) {
        ++n;
        if (trim(text).empty() || trim(text)[0] == '#') continue;
        std::vector<std::string> f;
        std::stringstream ss(text);
        for (std::string part; std::getline(ss, part, '|');) f.push_back(trim(part));
        if (f.size() != 5) {
            ADD_FAILURE() << file << ":" << n << ": five fields expected";
            continue;
        }
        MateProblem p;
        p.file = file;
        p.line = n;
        p.variant = f[0];
        p.defender_holds_rest = f[1] == "tsume+rest";
        if (f[1].rfind("any:", 0) == 0) {
            p.mode = mate::Mode::Any;
            p.max_plies = std::stoi(f[1].substr(4));
        }
        p.plies = f[2] == "none" ? 0 : std::stoi(f[2]);
        p.position = f[3];
        p.source = f[4];
        out.push_back(p);
    }
    return out;
}

// Solves p within `nodes` and checks the answer; returns it.
inline mate::MateResult check_problem(const MateProblem& p, std::uint64_t nodes,
                                      std::size_t hash_mb) {
    SCOPED_TRACE(p.file + ":" + std::to_string(p.line) + " " + p.variant + " " + p.position);
    const auto v = variant(p.variant);
    const PositionState st = position(*v, p.position);
    mate::MateOptions o;
    o.mode = p.mode;
    o.defender_holds_rest = p.defender_holds_rest;
    o.max_plies = p.max_plies;
    o.nodes = nodes;
    o.hash_mb = hash_mb;
    const mate::MateResult r = mate::solve_mate(v, st, {}, o);
    if (p.plies == 0) {
        EXPECT_NE(r.outcome, mate::Outcome::Mate) << "a false proof";
        return r;
    }
    EXPECT_EQ(r.outcome, mate::Outcome::Mate) << r.nodes << " nodes";
    if (r.outcome != mate::Outcome::Mate) return r;
    EXPECT_EQ(r.plies, p.plies);
    EXPECT_TRUE(r.shortest_proven);
    const PositionState solved =
        p.defender_holds_rest ? mate::with_defender_holding_rest(*v, st) : st;
    const mate::Verdict verdict = mate::verify_mate(v, solved, {}, p.mode, r);
    EXPECT_TRUE(verdict.ok) << verdict.why;
    return r;
}

}  // namespace seireigi::testing
