// The hand-optimized 9x9 Seireigi position (engine/fast_position.h): refusal of other variants,
// perft agreement with the generic engine and the reference generator, a seeded cross-check, and
// proof that the cross-check can fail (an injected fault; Seireigi against shogi).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "check/cross_check.h"
#include "check/perft.h"
#include "cli_runner.h"
#include "fast/attacks.h"
#include "fast/fast_position.h"
#include "fast/seireigi_rules.h"
#include "fast_position_data.h"
#include "position/generic_position.h"
#include "position/reference_position.h"
#include "rules/variant_fingerprint.h"
#include "test_support.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

std::shared_ptr<const Variant> seireigi_variant() {
    static const auto v = testing::variant("seireigi");
    return v;
}

// ---- slides looked up by line ----------------------------------------------------------------

// Where the build gathers and scatters bits, the slides along a line are looked up; they must
// be the two rays' squares for every square and occupancy (elsewhere both are the rays).
TEST(FastAttacks, LinesLookedUpAreTheirTwoRays) {
    using namespace fast;
    std::mt19937_64 rng(20261127);
    for (int trial = 0; trial < 4000; ++trial) {
        // Sparse to dense boards: an occupancy of one in 1, 2, 4 or 8 squares.
        Bitboard occ(rng(), rng());
        for (int thin = trial % 4; thin > 0; --thin) occ &= Bitboard(rng(), rng());
        occ &= Bitboard::all();
        for (int sq = 0; sq < kSquares; ++sq) {
            ASSERT_EQ(line_attacks<kFileLine>(sq, occ), line_attacks_by_rays<kFileLine>(sq, occ));
            ASSERT_EQ(line_attacks<kRankLine>(sq, occ), line_attacks_by_rays<kRankLine>(sq, occ));
            ASSERT_EQ(line_attacks<kRisingLine>(sq, occ),
                      line_attacks_by_rays<kRisingLine>(sq, occ));
            ASSERT_EQ(line_attacks<kFallingLine>(sq, occ),
                      line_attacks_by_rays<kFallingLine>(sq, occ));
        }
    }
}

// ---- the fingerprint and refusal -------------------------------------------------------------

TEST(FastPosition, BuiltInSeireigiHasTheRulesTheEngineWasWrittenFor) {
    const auto v = seireigi_variant();
    EXPECT_EQ(variant_rules_text(*v), std::string(kSeireigiRules));
    EXPECT_EQ(variant_fingerprint(*v), kSeireigiFingerprint);
    EXPECT_TRUE(FastPosition::supports(*v));
}

// Another variant is refused in one plain sentence: its rules text is no news to a player who
// chose shogi (issue 16 item 14); an edited Seireigi gets the first difference (below).
TEST(FastPosition, RefusesOtherVariantsInOneSentence) {
    for (const std::string name : {"shogi", "minishogi"}) {
        const auto v = testing::variant(name);
        std::string why;
        EXPECT_FALSE(FastPosition::supports(*v, &why)) << name;
        EXPECT_EQ(why, "the fast engine plays only standard 9x9 Seireigi, not '" + name + "'");
        EXPECT_THROW(FastPosition(v, start_state(*v)), std::invalid_argument) << name;
    }
}

// An edited copy of seireigi.yaml (zone depth 4) is refused too: the fingerprint is of the
// compiled rules, not of the variant's name.
TEST(FastPosition, RefusesAnEditedSeireigiFile) {
    std::ifstream in(testing::source_path("variants/seireigi.yaml"));
    std::stringstream text;
    text << in.rdbuf();
    std::string yaml = text.str();
    const auto at = yaml.find("zone_depth: 3");
    ASSERT_NE(at, std::string::npos);
    yaml.replace(at, 13, "zone_depth: 4");
    const std::string file = ::testing::TempDir() + "seireigi-zone4.yaml";
    std::ofstream(file) << yaml;
    const auto v = testing::variant(file);
    std::string why;
    EXPECT_FALSE(FastPosition::supports(*v, &why));
    EXPECT_NE(why.find("zone-depth 4"), std::string::npos) << why;

    // And the command line says so, with a non-zero exit.
    const testing::CliOutput refusal = testing::run_cli(
        testing::fresh_temporary_folder("seireigi-fast-refusal"),
        "perft --engine fast --depth 1 --variant " + file, testing::CliCall().stderr_into_stdout());
    EXPECT_NE(refusal.exit_code, 0);
    EXPECT_NE(refusal.out.find("fast engine plays only standard 9x9 Seireigi"), std::string::npos)
        << refusal.out;
}

// ---- agreement -------------------------------------------------------------------------------

TEST(FastPosition, PerftAgreesWithGenericAndReference) {
    const auto v = seireigi_variant();
    for (const auto& c : testing::kFastAgreementCases) {
        const PositionState st = testing::position(*v, c.position);
        FastPosition fast(v, st);
        GenericPosition generic(v, st);
        EXPECT_EQ(perft(fast, c.depth), perft(generic, c.depth)) << c.what << ": " << c.position;
        // Every depth below too, and the naive reference generator where it is quick.
        for (int d = 1; d < c.depth; ++d) {
            const BigCount g = perft(generic, d);
            EXPECT_EQ(perft(fast, d), g) << c.what << " depth " << d;
            if (g < 60000) {
                ReferencePosition reference(v, st);
                EXPECT_EQ(perft(reference, d), g) << c.what << " depth " << d << " (reference)";
            }
        }
        EXPECT_TRUE(fast.state() == st) << c.what;
    }
}

TEST(FastPosition, KnownMoveCountsOfRulesE1) {
    const auto v = seireigi_variant();
    const std::pair<const char*, int> cases[] = {
        {"4k4/9/9/6N2/9/9/9/9/4K4 b - 1", 7},  // K 5 + N 2 (forced promotions)
        {"9/k8/9/9/4+N4/9/9/9/8K b - 1", 13},  // Heavenly Horse 10 + K 3
        {"9/k8/9/9/4+L4/9/9/9/8K b - 1", 17},  // Free Tiger 14 + K 3
        {"9/k8/9/9/4+G4/9/9/9/8K b - 1", 16},  // Great Elephant 13 + K 3
        {"9/k8/9/9/4+S4/9/9/9/8K b - 1", 15},  // Running Wolf 12 + K 3
        {"8k/6+R2/9/9/9/9/9/9/4K4 w - 1", 0},  // stalemate
        {"4k4/9/9/9/8+G/9/9/9/4K4 w - 1", 4},  // long Great Elephant check
    };
    for (const auto& [text, n] : cases) {
        const FastPosition pos(v, testing::position(*v, text));
        MoveList moves;
        pos.legal_moves(moves);
        EXPECT_EQ(static_cast<int>(moves.size()), n) << text;
    }
    // Uchifuzume: P*1b is illegal with the Silver on 2c, legal without it.
    const FastPosition mate(v, testing::position(*v, "7nk/7p1/7S1/9/9/9/9/9/4K4 b P 1"));
    const FastPosition no_mate(v, testing::position(*v, "7nk/7p1/9/9/9/9/9/9/4K4 b P 1"));
    MoveList with_silver, without;
    mate.legal_moves(with_silver);
    no_mate.legal_moves(without);
    const auto has = [&](const MoveList& l, const char* m) {
        return std::any_of(l.begin(), l.end(), [&](Move x) { return write_move(*v, x) == m; });
    };
    EXPECT_FALSE(has(with_silver, "P*1b"));
    EXPECT_TRUE(has(without, "P*1b"));
}

TEST(FastPosition, IncrementalKeyAndUndoDuringRandomPlay) {
    const auto v = seireigi_variant();
    std::mt19937_64 rng(5);
    for (int game = 0; game < 20; ++game) {
        FastPosition pos(v, start_state(*v));
        std::vector<PositionState> states;
        for (int ply = 0; ply < 200; ++ply) {
            ASSERT_EQ(pos.key(), pos.compute_key());
            ASSERT_EQ(pos.key(), GenericPosition(v, pos.state()).key());
            MoveList moves;
            pos.legal_moves(moves);
            if (moves.empty()) break;
            states.push_back(pos.state());
            pos.do_move(moves[rng() % moves.size()]);
        }
        while (!states.empty()) {
            pos.undo_move();
            ASSERT_TRUE(pos.state() == states.back());
            states.pop_back();
        }
    }
}

// ---- cross-check -----------------------------------------------------------------------------

TEST(FastPosition, SeededCrossCheckWithGenericFindsNoDifference) {
    const auto v = seireigi_variant();
    CrossCheckOptions opt;
    opt.seed = 2024;
    opt.games = 130;
    opt.plies = 160;
    CrossCheck<FastPosition, GenericPosition> cc(v, v, opt);
    const auto st = start_state(*v);
    const CrossCheckReport r = cc.random_games(st, st);
    EXPECT_FALSE(r.difference) << cc.describe(r);
    EXPECT_GE(r.positions, 20000u);
    ::testing::Test::RecordProperty("positions", static_cast<int>(r.positions));
}

// A test-only fault: the fast engine with every drop on 5e hidden. The cross-check must catch it
// and show a line that leads to a position where such a drop is legal.
class HidingPosition : public FastPosition {
  public:
    using FastPosition::FastPosition;
    void legal_moves(MoveList& list) const {
        FastPosition::legal_moves(list);
        std::erase_if(list, [](Move m) { return m.is_drop() && m.to() == 4 * 9 + 4; });
    }
};
static_assert(PositionContract<HidingPosition>);

TEST(FastPosition, CrossCheckCatchesAnInjectedFault) {
    const auto v = seireigi_variant();
    CrossCheckOptions opt;
    opt.seed = 1;
    opt.games = 50;
    opt.line_budget = 50000;
    CrossCheck<HidingPosition, GenericPosition> cc(v, v, opt);
    const auto st = start_state(*v);
    const CrossCheckReport r = cc.random_games(st, st);
    ASSERT_TRUE(r.difference);
    const CrossCheckDifference& d = *r.difference;
    EXPECT_TRUE(d.only_a.empty());
    ASSERT_FALSE(d.only_b.empty());
    for (const auto& m : d.only_b) EXPECT_NE(m.find("*5e"), std::string::npos) << m;
    // The line ends where the counts part: perft 1 differs at the last position.
    ASSERT_FALSE(d.line_counts.empty());
    EXPECT_NE(d.line_counts.back().first, d.line_counts.back().second);
    // It also fails on a position list: a drop on 5e is legal at once here.
    const auto there = testing::position(*v, "4k4/9/9/9/9/9/9/9/4K4 b G 1");
    const CrossCheckReport r2 = cc.positions({{there, there}}, 1);
    ASSERT_TRUE(r2.difference);
    EXPECT_EQ(r2.difference->only_b, std::vector<std::string>{"G*5e"});
}

TEST(FastPosition, CrossCheckOfSeireigiAgainstShogiReportsAFirstDifference) {
    const auto sei = seireigi_variant();
    const auto sho = testing::variant("shogi");
    CrossCheckOptions opt;
    opt.seed = 1;
    opt.games = 20;
    opt.line_budget = 2000;  // keep the shortening search quick; the game line is the fallback
    CrossCheck<GenericPosition, GenericPosition> cc(sei, sho, opt);
    const CrossCheckReport r = cc.random_games(start_state(*sei), start_state(*sho));
    ASSERT_TRUE(r.difference);
    const CrossCheckDifference& d = *r.difference;
    EXPECT_FALSE(d.only_a.empty() && d.only_b.empty() && d.key_a.empty()) << cc.describe(r);
    EXPECT_FALSE(d.line.empty());
    const std::string text = cc.describe(r);
    EXPECT_NE(text.find("DIFFERENCE at position"), std::string::npos);
    EXPECT_NE(text.find("line from"), std::string::npos);
}

// The command line: exit status 1 and the report on a difference, 0 without one.
TEST(FastPosition, CrossCheckCommandExitStatus) {
    const auto scratch = testing::fresh_temporary_folder("seireigi-cross-check-exit");
    const auto run = [&](const std::string& args) {
        const testing::CliOutput r = testing::run_cli(scratch, "cross-check " + args,
                                                      testing::CliCall().stderr_into_stdout());
        return std::make_pair(r.exit_code, r.out);
    };
    const auto [differs, report] =
        run("--variants seireigi,shogi --games 5 --seed 3 --line-budget 1000");
    EXPECT_EQ(differs, 1) << report;
    EXPECT_NE(report.find("DIFFERENCE at position"), std::string::npos) << report;
    EXPECT_NE(report.find("moves only A has"), std::string::npos) << report;
    const auto [same, report2] = run("--engines fast,generic --games 3 --seed 3");
    EXPECT_EQ(same, 0) << report2;
    EXPECT_NE(report2.find("no difference"), std::string::npos) << report2;
    // The two readings of the Dai Seireigi zone differ at the start by exactly one move.
    const auto [dai, report3] =
        run("--variants dai-seireigi,dai-seireigi-zone5 --games 1 --plies 5");
    EXPECT_EQ(dai, 1) << report3;
    EXPECT_NE(report3.find("moves only A has (0):"), std::string::npos) << report3;
    EXPECT_NE(report3.find("moves only B has (1): 5o5e+"), std::string::npos) << report3;
}

}  // namespace
}  // namespace seireigi
