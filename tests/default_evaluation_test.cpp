// The evaluation nobody chose: a variant's own network when its file names one (Seireigi's
// does), the hand-written evaluation when it names none or when the named network was trained for
// other rules (a variant that extends Seireigi and changes it). Every way in agrees: seat specs,
// `analyse`, `match` players and USI's Use_NNUE.
#include <gtest/gtest.h>

#include <fstream>

#include "cli_runner.h"
#include "nnue/network_source.h"
#include "seats/seat_factory.h"
#include "test_support.h"

namespace seireigi {
namespace {

using DefaultEvaluation = testing::CliTest;

TEST(DefaultNetwork, IsTheVariantsOwnWhereItNamesOne) {
    auto seireigi = nnue::default_network(*testing::variant("seireigi"));
    ASSERT_TRUE(std::holds_alternative<std::shared_ptr<const nnue::Network>>(seireigi));
    EXPECT_NE(std::get<std::shared_ptr<const nnue::Network>>(seireigi), nullptr);
    // No network named: the hand-written evaluation, and no complaint.
    auto minishogi = nnue::default_network(*testing::variant("minishogi"));
    ASSERT_TRUE(std::holds_alternative<std::shared_ptr<const nnue::Network>>(minishogi));
    EXPECT_EQ(std::get<std::shared_ptr<const nnue::Network>>(minishogi), nullptr);
}

TEST_F(DefaultEvaluation, AVariantWithOtherRulesInheritsTheNameButPlaysByHand) {
    const std::string file = path("shallow-zone.yaml");
    std::ofstream(file) << "extends: seireigi\nname: Shallow Zone\nzone_depth: 2\n";
    std::string out, err;
    ASSERT_EQ(run("validate " + file, out, err), 0) << out << err;
    const auto v = testing::variant(file);
    EXPECT_FALSE(v->network.empty());
    EXPECT_TRUE(std::holds_alternative<Diagnostic>(nnue::default_network(*v)));
    EXPECT_EQ(nnue::usable_default_network(*v), nullptr);
    // A seat still plays (by hand); naming the network is refused with the reason.
    EXPECT_TRUE(std::holds_alternative<std::unique_ptr<Seat>>(make_seat("engine", v)));
    EXPECT_TRUE(std::holds_alternative<Diagnostic>(make_seat("engine,eval=nnue", v)));
}

TEST(DefaultSeat, SeatSpecsSayOnlyWhatWasChosen) {
    const auto v = testing::variant("seireigi");
    for (const char* spec : {"engine", "engine,eval=nnue", "engine,eval=classical"}) {
        auto seat = make_seat(spec, v);
        ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Seat>>(seat)) << spec;
        EXPECT_EQ(std::get<std::unique_ptr<Seat>>(seat)->spec(), spec);
    }
}

TEST_F(DefaultEvaluation, AnalyseUsesTheNetworkUnlessToldOtherwise) {
    std::string out, err;
    ASSERT_EQ(run("analyse --variant seireigi --depth 2", out, err), 0) << err;
    EXPECT_NE(out.find("info string evaluation: NNUE"), std::string::npos) << out;
    ASSERT_EQ(run("analyse --variant seireigi --depth 2 --eval classical", out, err), 0) << err;
    EXPECT_NE(out.find("info string evaluation: classical"), std::string::npos) << out;
    ASSERT_EQ(run("analyse --variant minishogi --depth 2", out, err), 0) << err;
    EXPECT_NE(out.find("info string evaluation: classical"), std::string::npos) << out;
    EXPECT_EQ(err, "");  // a variant without a network is not warned about
}

TEST_F(DefaultEvaluation, UsiAnnouncesUseNnueOnAndSearchesWithTheNetwork) {
    std::string out, err;
    ASSERT_EQ(run("usi --variant seireigi", out, err, "usi\nisready\ngo depth 2\nquit\n"), 0)
        << err;
    EXPECT_NE(out.find("option name Use_NNUE type check default true"), std::string::npos) << out;
    EXPECT_NE(out.find("info string evaluation: NNUE"), std::string::npos) << out;
    ASSERT_EQ(run("usi --variant seireigi", out, err,
                  "usi\nsetoption name Use_NNUE value false\nisready\ngo depth 2\nquit\n"),
              0)
        << err;
    EXPECT_NE(out.find("info string evaluation: classical"), std::string::npos) << out;
}

}  // namespace
}  // namespace seireigi
