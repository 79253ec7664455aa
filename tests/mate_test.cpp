// The mate solver (engine/mate/, docs/mate.md): every problem of tests/data/mate-problems.txt
// solved at a fixed node limit, each mate with its proven length and passed by the independent
// verifier, each position without a mate never "proven"; the rules the solver must respect
// (drop-pawn mate, perpetual check, repetition, interpositions) named one by one; both
// position implementations agreeing on Seireigi; the command line and its exit codes.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_runner.h"
#include "mate/defender_hand.h"
#include "mate/mate_solver.h"
#include "mate/mate_verifier.h"
#include "mate_problems.h"
#include "position/generic_position.h"
#include "search/engine.h"
#include "test_support.h"
#include "text/notation.h"

namespace seireigi {
namespace {

using testing::position;
using testing::variant;

mate::MateResult solve(const std::shared_ptr<const Variant>& v, const PositionState& st,
                       mate::MateOptions o, std::uint64_t nodes = 3'000'000) {
    o.nodes = nodes;
    o.hash_mb = 32;
    return mate::solve_mate(v, st, {}, o);
}

// Every problem: the mate found with its length, shortest proven, verified; no false proof.
TEST(Mate, SolvesTheProblemSet) {
    const auto set = testing::mate_problems("tests/data/mate-problems.txt");
    ASSERT_GE(set.size(), 10u);
    for (const testing::MateProblem& p : set) testing::check_problem(p, 3'000'000, 32);
}

// A player on a clock keeps the solver's limit even after a mate is proven (finishing its line
// took seconds in a match at 0.1 s a move: a loss on time); the mate command finishes it. The
// first mate here is proven after 4,131 nodes; the search for a shorter one spends the rest.
TEST(Mate, APlayerOnAClockKeepsTheLimitAfterAMateIsProven) {
    const auto v = variant("seireigi");
    const PositionState st =
        position(*v,
                 "l6nB/4Ssggl/p1+N1p1kp1/6p1P/5p1P1/1P3P1G1/P2PP1P1L/2+p1K3R/3r2sN1 w "
                 "BNL2Pgs2p 1");
    mate::MateOptions o;
    o.nodes = 8'000;
    o.verify = false;  // the solver's nodes alone
    const mate::MateResult finished = mate::solve_mate(v, st, {}, o);
    ASSERT_EQ(finished.outcome, mate::Outcome::Mate);
    EXPECT_GE(finished.nodes, 8'000u);
    o.finish_proven_mate = false;
    const mate::MateResult kept = mate::solve_mate(v, st, {}, o);
    EXPECT_GT(kept.first_mate_nodes, 0u);
    EXPECT_LE(kept.nodes, 8'000u);
    EXPECT_EQ(kept.outcome, mate::Outcome::Unknown);
}

// The quick answer (USI go mate, `seireigi mate --quick`) looks for a shorter mate with at most
// twice the first proof's work: here it answers in fewer nodes with a longer mate, "at most",
// its line verified; the full solve proves the 9-ply mate shortest.
TEST(Mate, AQuickAnswerBoundsTheSearchForAShorterMate) {
    const auto v = variant("shogi");
    const PositionState st =
        position(*v, "l1+R6/2sg5/ppk6/3pp4/7B1/2P2pLp1/PP1PP3P/1S1K2p2/LN5GL b RGN2Pbg2s2n3p 1");
    const mate::MateResult full = solve(v, st, {});
    ASSERT_EQ(full.outcome, mate::Outcome::Mate);
    EXPECT_EQ(full.plies, 9);
    EXPECT_TRUE(full.shortest_proven);
    mate::MateOptions o;
    o.shorten_effort = mate::kQuickShortenEffort;
    const mate::MateResult quick = solve(v, st, o);
    ASSERT_EQ(quick.outcome, mate::Outcome::Mate);  // verified
    EXPECT_FALSE(quick.shortest_proven);
    EXPECT_GT(quick.plies, 9);
    EXPECT_LT(quick.nodes, full.nodes / 2);
    o.shorten_effort = 0;  // the first mate found, no shorter one looked for
    const mate::MateResult first = solve(v, st, o);
    ASSERT_EQ(first.outcome, mate::Outcome::Mate);
    EXPECT_LE(first.nodes, quick.nodes);
}

// The first move of a mate, as text.
std::string first_move(const Variant& v, const mate::MateResult& r) {
    return r.line.empty() ? "" : write_move(v, r.line.front());
}

mate::MateResult solve_text(const std::string& variant_name, const std::string& text,
                            mate::MateOptions o = {}) {
    const auto v = variant(variant_name);
    return solve(v, position(*v, text), o);
}

// Uchifuzume (docs/rules.md §A.1): the Pawn dropped on 1b would leave the King on 1a no move, so it
// is no mate; the same drop with a Gold is one.
TEST(Mate, DropPawnMateIsNoMate) {
    const std::string board = "8k/9/6NS1/9/9/9/9/9/4K4 b ";
    const mate::MateResult pawn = solve_text("shogi", board + "P 1");
    EXPECT_NE(pawn.outcome, mate::Outcome::Mate) << first_move(*variant("shogi"), pawn);
    const mate::MateResult gold = solve_text("shogi", board + "G 1");
    ASSERT_EQ(gold.outcome, mate::Outcome::Mate);
    EXPECT_EQ(gold.plies, 1);
    const auto v = variant("shogi");
    EXPECT_TRUE(mate::verify_mate(v, position(*v, board + "G 1"), {}, mate::Mode::Tsume, gold).ok);
}

// A Rook dropped on file 1 checks the King on 1a; whether Gote may interpose its Pawn in hand
// depends on the piece on 1f: an unpromoted Pawn forbids it (nifu, docs/rules.md §A.1), a tokin
// does not. A solver that counted the tokin would "prove" mate in 1.
TEST(Mate, InterpositionFollowsNifu) {
    const mate::MateResult pawn = solve_text("shogi", "8k/6G2/9/9/9/8p/9/9/K8 b Rp 1");
    ASSERT_EQ(pawn.outcome, mate::Outcome::Mate);
    EXPECT_EQ(pawn.plies, 1);
    const mate::MateResult tokin = solve_text("shogi", "8k/6G2/9/9/9/8+p/9/9/K8 b Rp 1");
    EXPECT_FALSE(tokin.outcome == mate::Outcome::Mate && tokin.plies == 1);
}

// Standard Seireigi on both position implementations: the same answers.
TEST(Mate, FastAndGenericAgreeOnSeireigi) {
    int compared = 0;
    for (const testing::MateProblem& p : testing::mate_problems("tests/data/mate-problems.txt")) {
        if (p.variant != "seireigi") continue;
        SCOPED_TRACE("mate-problems.txt:" + std::to_string(p.line));
        const auto v = variant(p.variant);
        mate::MateOptions o;
        o.mode = p.mode;
        o.defender_holds_rest = p.defender_holds_rest;
        o.max_plies = p.max_plies;
        o.implementation = mate::Implementation::Fast;
        const mate::MateResult fast = solve(v, position(*v, p.position), o);
        o.implementation = mate::Implementation::Generic;
        const mate::MateResult generic = solve(v, position(*v, p.position), o);
        EXPECT_EQ(fast.implementation, "fast");
        EXPECT_EQ(fast.outcome, generic.outcome);
        EXPECT_EQ(fast.plies, generic.plies);
        EXPECT_EQ(fast.nodes, generic.nodes);  // the same tree: children in canonical order
        ++compared;
    }
    EXPECT_GE(compared, 3);
}

// The verifier is no rubber stamp: a line cut short, or a proof claimed one ply too short, fails.
TEST(Mate, VerifierRefusesWrongProofs) {
    const auto v = variant("shogi");
    const PositionState st = position(*v, "8k/6G2/9/9/9/8+p/9/9/K8 b Rp 1");
    mate::MateResult r = solve(v, st, {});
    ASSERT_EQ(r.outcome, mate::Outcome::Mate);
    ASSERT_GE(r.plies, 3);
    EXPECT_TRUE(mate::verify_mate(v, st, {}, mate::Mode::Tsume, r).ok);
    mate::MateResult shorter = r;
    shorter.line.resize(static_cast<std::size_t>(r.plies - 2));
    shorter.plies = r.plies - 2;
    EXPECT_FALSE(mate::verify_mate(v, st, {}, mate::Mode::Tsume, shorter).ok);
}

class MateCli : public testing::CliTest {};

TEST_F(MateCli, PrintsTheMateAndExitsZero) {
    const auto r =
        run_cli("mate --variant shogi --position '4k4/9/4P4/9/9/9/9/9/4K4 b G 1' --verify");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "mate in 1 plies: G*5b\n");
    EXPECT_NE(r.err.find("verified"), std::string::npos) << r.err;
}

TEST_F(MateCli, NoMateAndUnknownHaveTheirExitCodes) {
    const auto none = run_cli("mate --variant shogi --nodes 100000");
    EXPECT_EQ(none.exit_code, 10) << none.err;
    EXPECT_EQ(none.out, "no mate\n");
    const auto unknown =
        run_cli("mate --variant shogi --position '8k/6G2/9/9/9/8+p/9/9/K8 b Rp 1' --nodes 2");
    EXPECT_EQ(unknown.exit_code, 11) << unknown.err;
    EXPECT_EQ(unknown.out.rfind("unknown after ", 0), 0u) << unknown.out;
}

TEST_F(MateCli, BadInputIsOneMessage) {
    const auto bad = run_cli("mate --variant shogi --position 'not a position'");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.out, "");
    EXPECT_NE(bad.err.find("error: --position"), std::string::npos) << bad.err;
    const auto move = run_cli("mate --variant shogi --moves 1a1b");
    EXPECT_EQ(move.exit_code, 2);
    const auto four = run_cli("mate --variant yonin-seireigi-compact");
    EXPECT_EQ(four.exit_code, 2);
    EXPECT_NE(four.err.find("two players"), std::string::npos) << four.err;
}

// analyse reports a mate the solver proves before the search's own lines.
TEST_F(MateCli, AnalyseReportsAProvenMate) {
    const auto r = run_cli(
        "analyse --variant shogi --position '4k4/9/4P4/9/9/9/9/9/4K4 b G 1' --movetime 500");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("info string mate proven in 1 plies: G*5b\n"), std::string::npos) << r.out;
    const auto none = run_cli("analyse --variant shogi --movetime 200");
    EXPECT_EQ(none.out.find("mate proven"), std::string::npos) << none.out;
}

// The playing engine with Options::mate_share_percent plays the solver's mate, scored as one
// (mate in moves: a 9-ply mate is mate in 5), where a search of depth 1 alone sees none.
TEST(Mate, TheEngineWithAMateSharePlaysTheProvenMate) {
    const auto v = variant("shogi");
    const PositionState nine_plies = position(*v, "3s5/n2k1g3/6G2/+R8/9/9/9/9/7K1 b R 1");
    search::Limits limits;
    limits.movetime_ms = 20000;  // the solver's share: half of it at most, ended by its proof
    limits.depth = 1;
    search::Options o;
    auto plain = search::Engine::create(v, o);
    plain->set_position(nine_plies, {});
    EXPECT_FALSE(plain->search(limits, {}).score.mate);
    o.mate_share_percent = 50;
    auto engine = search::Engine::create(v, o);
    ASSERT_TRUE(engine);
    engine->set_position(nine_plies, {});
    const search::Result r = engine->search(limits, {});
    EXPECT_TRUE(r.score.mate);
    EXPECT_EQ(r.score.mate_in, 9);  // plies, as every Score counts them
    ASSERT_EQ(r.pv.size(), 9u);
    EXPECT_EQ(r.best, r.pv.front());
}

}  // namespace
}  // namespace seireigi
