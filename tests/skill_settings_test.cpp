// Skill levels (engine/search/skill_settings.h, docs/engine.md): a weaker level is never given
// more than a stronger one, level 20 is untouched, and every engine (both positions on two
// players, the search for four) stops at its level's node cap.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "search/engine.h"
#include "search/skill_settings.h"
#include "test_support.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

using search::SkillSettings;

// A cap of 0 is "none": more than any number.
std::uint64_t cap_or_unlimited(std::uint64_t cap) {
    return cap ? cap : UINT64_MAX;
}

TEST(SkillSettings, LevelTwentyAndAboveHaveNoCapAndNoNoise) {
    for (int level : {20, 21, 100}) {
        const SkillSettings s = SkillSettings::of(level);
        EXPECT_EQ(s.max_depth, 0) << level;
        EXPECT_EQ(s.max_nodes, 0u) << level;
        EXPECT_EQ(s.noise_cp, 0) << level;
    }
}

TEST(SkillSettings, EveryLevelBelowTwentyIsHandicapped) {
    for (int level = 1; level < 20; ++level) {
        const SkillSettings s = SkillSettings::of(level);
        EXPECT_GT(s.max_depth, 0) << level;
        EXPECT_GT(s.max_nodes, 0u) << level;
        EXPECT_GT(s.noise_cp, 0) << level;
    }
}

// Weaker is never above stronger: depth and node caps grow with the level, noise shrinks; and
// each level is a step of its own, stronger than the one below in at least one of them.
TEST(SkillSettings, AreMonotoneInTheLevel) {
    for (int level = 1; level < 20; ++level) {
        const SkillSettings weaker = SkillSettings::of(level);
        const SkillSettings stronger = SkillSettings::of(level + 1);
        SCOPED_TRACE("level " + std::to_string(level) + " against " + std::to_string(level + 1));
        const std::uint64_t depth_weaker = cap_or_unlimited(std::uint64_t(weaker.max_depth));
        const std::uint64_t depth_stronger = cap_or_unlimited(std::uint64_t(stronger.max_depth));
        const std::uint64_t nodes_weaker = cap_or_unlimited(weaker.max_nodes);
        const std::uint64_t nodes_stronger = cap_or_unlimited(stronger.max_nodes);
        EXPECT_LE(depth_weaker, depth_stronger);
        EXPECT_LE(nodes_weaker, nodes_stronger);
        EXPECT_GE(weaker.noise_cp, stronger.noise_cp);
        EXPECT_TRUE(depth_weaker < depth_stronger || nodes_weaker < nodes_stronger ||
                    weaker.noise_cp > stronger.noise_cp);
    }
}

TEST(SkillSettings, LevelsBelowOneAreLevelOne) {
    const SkillSettings one = SkillSettings::of(1);
    for (int level : {0, -5}) {
        const SkillSettings s = SkillSettings::of(level);
        EXPECT_EQ(s.max_depth, one.max_depth);
        EXPECT_EQ(s.max_nodes, one.max_nodes);
        EXPECT_EQ(s.noise_cp, one.noise_cp);
    }
}

// The node cap joins the caller's limits: the smaller node limit wins, the rest is kept; at level
// 20 a timed search's limits are passed on as they are.
TEST(SkillSettings, CapTheNodesOfTheLimitsAndNothingElse) {
    search::Limits timed;
    timed.time_ms = 60000;
    timed.byoyomi_ms = 1000;
    timed.movetime_ms = 500;
    timed.depth = 30;
    const search::Limits full = SkillSettings::of(20).capped(timed);
    EXPECT_EQ(full.nodes, 0u);
    EXPECT_EQ(full.time_ms, 60000);
    EXPECT_EQ(full.byoyomi_ms, 1000);
    EXPECT_EQ(full.movetime_ms, 500);
    EXPECT_EQ(full.depth, 30);

    const SkillSettings ten = SkillSettings::of(10);
    const search::Limits capped = ten.capped(timed);
    EXPECT_EQ(capped.nodes, ten.max_nodes);
    EXPECT_EQ(capped.movetime_ms, 500);
    EXPECT_EQ(capped.depth, 30);

    search::Limits few;
    few.nodes = ten.max_nodes / 2;
    EXPECT_EQ(ten.capped(few).nodes, ten.max_nodes / 2);
}

// A search with no limit of its own at a low level stops at the level's node cap (within the few
// nodes the search counts past its last check), on every engine.
TEST(SkillSettings, EveryEngineStopsAtTheNodeCap) {
    struct Case {
        std::string variant;
        search::Implementation implementation;
    };
    for (const Case& c : {Case{"seireigi", search::Implementation::Fast},
                          Case{"seireigi", search::Implementation::Generic},
                          Case{"dai-seireigi", search::Implementation::Generic},
                          Case{"yonin-seireigi-compact", search::Implementation::Generic}}) {
        SCOPED_TRACE(c.variant);
        const auto v = testing::variant(c.variant);
        search::Options o;
        o.implementation = c.implementation;
        o.skill = 19;  // its depth cap is beyond what its node cap reaches from the start
        auto engine = search::Engine::create(v, o);
        ASSERT_TRUE(engine);
        engine->set_position(start_state(*v), {});
        const search::Result r = engine->search(search::Limits{}, {});
        const std::uint64_t cap = SkillSettings::of(19).max_nodes;
        EXPECT_FALSE(r.best.is_null());
        EXPECT_GE(r.nodes, cap);
        EXPECT_LE(r.nodes, cap + 200);
    }
}

}  // namespace
}  // namespace seireigi
