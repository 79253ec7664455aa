// Both engines search identically on Seireigi (issue 12): the fast and the generic position feed
// the same search, and ties in move ordering go to the canonical Move, so at a fixed depth they
// must visit the same number of nodes and choose the same move. Positions: the Seireigi lines of
// tests/data/bench-positions.txt (the Dai lines are for the generic engine alone and are read
// here only to check that the file is well formed).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fast/fast_position.h"
#include "search/engine.h"
#include "test_support.h"
#include "text/notation.h"

namespace seireigi {
namespace {

struct BenchPosition {
    std::string variant;
    std::string position;
    int line = 0;
};

const std::string kBenchFile = "tests/data/bench-positions.txt";

// Lines: `VARIANT POSITION-TEXT`; '#' starts a comment line.
std::vector<BenchPosition> read_bench_positions() {
    std::vector<BenchPosition> out;
    std::ifstream in(testing::source_path(kBenchFile));
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        const auto start = line.find_first_not_of(" \t");
        if (start == std::string::npos || line[start] == '#') continue;
        const auto space = line.find(' ', start);
        if (space == std::string::npos) {
            ADD_FAILURE() << kBenchFile << ":" << number << ": expected a variant and a position";
            continue;
        }
        out.push_back({line.substr(start, space - start), line.substr(space + 1), number});
    }
    return out;
}

search::Result search_to_depth(const std::shared_ptr<const Variant>& v, const PositionState& st,
                               search::Implementation implementation, int depth) {
    search::Options options;
    options.implementation = implementation;
    std::string why;
    auto engine = search::Engine::create(v, options, &why);
    if (!engine) throw std::runtime_error(why);
    engine->set_position(st, {});
    search::Limits limits;
    limits.depth = depth;
    return engine->search(limits, {});
}

// Calls f(variant, position) for each bench position the fast engine plays (the Seireigi
// lines), the line named in any failure; returns how many there were.
template <class F>
int for_each_fast_position(F&& f) {
    int count = 0;
    for (const auto& p : read_bench_positions()) {
        const auto v = testing::variant(p.variant);
        if (!FastPosition::supports(*v)) continue;
        SCOPED_TRACE(kBenchFile + ":" + std::to_string(p.line) + " " + p.position);
        f(v, testing::position(*v, p.position));
        ++count;
    }
    return count;
}

TEST(SearchIdentity, BenchPositionsReadAndLegal) {
    const auto positions = read_bench_positions();
    int seireigi = 0, dai = 0;
    for (const auto& p : positions) {
        SCOPED_TRACE(kBenchFile + ":" + std::to_string(p.line));
        const auto v = testing::variant(p.variant);
        EXPECT_NO_THROW(testing::position(*v, p.position));
        seireigi += p.variant == "seireigi";
        dai += p.variant == "dai-seireigi";
    }
    EXPECT_GE(seireigi, 6);
    EXPECT_GE(dai, 2);
}

TEST(SearchIdentity, FastAndGenericEqualAtDepth4) {
    const int compared = for_each_fast_position(
        [&](const std::shared_ptr<const Variant>& v, const PositionState& st) {
            const auto fast = search_to_depth(v, st, search::Implementation::Fast, 4);
            const auto generic = search_to_depth(v, st, search::Implementation::Generic, 4);
            EXPECT_EQ(fast.depth, 4);
            EXPECT_EQ(fast.nodes, generic.nodes);
            EXPECT_EQ(fast.best, generic.best) << "fast " << write_move(*v, fast.best)
                                               << ", generic " << write_move(*v, generic.best);
            EXPECT_EQ(fast.score, generic.score);
            EXPECT_EQ(fast.pv, generic.pv);
        });
    EXPECT_GE(compared, 6);
}

// The techniques that are switched off by default (continuation history, singular extension)
// keep the two positions identical too, and change the search when switched on.
TEST(SearchIdentity, SwitchedOffTechniquesKeepFastAndGenericEqual) {
    struct Tuning {
        explicit Tuning(const char* text) { setenv("SEIREIGI_SEARCH_TUNING", text, 1); }
        ~Tuning() { unsetenv("SEIREIGI_SEARCH_TUNING"); }
    };
    int changed = 0;
    const int compared = for_each_fast_position(
        [&](const std::shared_ptr<const Variant>& v, const PositionState& st) {
            const auto off = search_to_depth(v, st, search::Implementation::Fast, 5);
            const Tuning on("continuation_history=1,se_depth=3");
            const auto fast = search_to_depth(v, st, search::Implementation::Fast, 5);
            const auto generic = search_to_depth(v, st, search::Implementation::Generic, 5);
            EXPECT_EQ(fast.nodes, generic.nodes);
            EXPECT_EQ(fast.best, generic.best);
            EXPECT_EQ(fast.pv, generic.pv);
            changed += fast.nodes != off.nodes;
        });
    EXPECT_GE(compared, 6);
    EXPECT_GE(changed, 3);
}

// The moves a node hands out stage by stage (hash move, captures, quiet moves and drops, losing
// captures) are every legal move once: at depth 1 with as many lines as there are legal moves,
// each line starts with another move and together they are the legal moves, on both engines.
TEST(SearchIdentity, EveryRootMoveIsOneLineOfAFullMultiPv) {
    const int compared = for_each_fast_position(
        [&](const std::shared_ptr<const Variant>& v, const PositionState& st) {
            FastPosition pos(v, st);
            MoveList legal_moves;
            pos.legal_moves(legal_moves);
            // Compared as sorted move texts, so a difference reads as the moves missing or doubled.
            const auto texts = [&](const MoveList& moves) {
                std::vector<std::string> out;
                for (const Move m : moves) out.push_back(write_move(*v, m));
                std::sort(out.begin(), out.end());
                return out;
            };
            const std::vector<std::string> legal = texts(legal_moves);
            for (auto implementation :
                 {search::Implementation::Fast, search::Implementation::Generic}) {
                search::Options options;
                options.implementation = implementation;
                auto engine = search::Engine::create(v, options);
                ASSERT_TRUE(engine);
                engine->set_position(st, {});
                search::Limits limits;
                limits.depth = 1;
                limits.multipv = static_cast<int>(legal.size());
                MoveList firsts;
                engine->search(limits, [&](const search::Info& info) {
                    if (!info.pv.empty()) firsts.push_back(info.pv.front());
                });
                EXPECT_EQ(texts(firsts), legal);
            }
        });
    EXPECT_GE(compared, 6);
}

}  // namespace
}  // namespace seireigi
