// Bounds on what a file or a GUI can make the program spend: YAML aliases are refused (an alias
// bomb of 702 bytes once took 7.8 GB), columns are found without walking the line again for
// every node, a hash size the machine cannot give is refused and the old table kept, and only
// regular files of a bounded size are read as records or variant files (a pipe or a device is
// refused, not waited on).
#include <sys/stat.h>

#include <chrono>
#include <fstream>

#include "cli_runner.h"
#include "yaml/yaml_tree.h"

namespace seireigi::testing {
namespace {

// Nine levels of nine aliases each: 9^9 strings once expanded (342 bytes; the one of the report
// was 702 bytes of the same shape).
std::string alias_bomb() {
    std::string text =
        "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n";
    for (char c = 'b'; c <= 'i'; ++c) {
        const char p = static_cast<char>(c - 1);
        text += std::string(1, c) + ": &" + c + " [";
        for (int i = 0; i < 9; ++i) text += std::string(i ? "," : "") + "*" + p;
        text += "]\n";
    }
    return text;
}

class ResourceBounds : public CliTest {};

TEST_F(ResourceBounds, AYamlAliasBombIsRefusedQuickly) {
    const std::string bomb = alias_bomb();
    { std::ofstream(path("bomb.yaml")) << bomb; }
    // Under a memory limit of 2 GB (not under AddressSanitizer, see kUnderAddressSanitizer)
    // and a time limit of 60 s (it took 7.8 GB and 30 s).
    const std::string limits =
        std::string(kUnderAddressSanitizer ? "" : "ulimit -v 2000000; ") + "timeout 60 ";
    const auto start = std::chrono::steady_clock::now();
    const CliOutput r = run_cli("validate " + path("bomb.yaml"), CliCall().with_prefix(limits));
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("validate of a %zu-byte alias bomb: %.3f s\n", bomb.size(), seconds);
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("bomb.yaml:2:"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("aliases (*name) are not read"), std::string::npos) << r.err;
}

TEST(YamlColumns, ALongLineIsLocatedInLinearTime) {
    // One line of 40,000 list items (it took 14 s when every node walked its line again).
    std::string text = "items: [";
    for (int i = 0; i < 40000; ++i) text += (i ? ", " : "") + std::string("é") + std::to_string(i);
    text += "]\n";
    std::vector<yaml::Problem> problems;
    const auto start = std::chrono::steady_clock::now();
    const yaml::Node root = yaml::parse(text, "long.yaml", problems);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("a YAML line of 40,000 items (%zu bytes) read in %.3f s\n", text.size(), seconds);
    ASSERT_TRUE(problems.empty());
    ASSERT_NE(root.find("items"), nullptr);
    const yaml::Node& items = *root.find("items");
    ASSERT_EQ(items.items.size(), 40000u);
    // Columns count characters ("é" is two bytes, one character).
    const std::size_t byte = text.find("é39999");
    std::size_t characters = 0;
    for (std::size_t i = 0; i < byte; ++i)
        characters += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
    EXPECT_EQ(items.items.back().where.line, 1);
    EXPECT_EQ(items.items.back().where.column, static_cast<int>(characters) + 1);
}

TEST_F(ResourceBounds, AHashSizeTheMachineCannotGiveIsRefusedAndTheOldTableKept) {
    // Under an address-space limit of 3 GB: USI_Hash 65536 (64 GB, the documented maximum) and
    // XBoard's memory 20000 ended the program.
    if (kUnderAddressSanitizer)
        GTEST_SKIP() << "an address-space limit stops a program built with AddressSanitizer";
    const std::string limit = "ulimit -v 3000000; timeout 120 ";
    const CliOutput usi =
        run_cli("usi", CliCall().with_prefix(limit).with_input(
                           "usi\nsetoption name USI_Hash value 65536\n"
                           "setoption name USI_Hash value 64\nsetoption name USI_Hash value "
                           "65536\nisready\nposition startpos\ngo depth 3\nquit\n"));
    EXPECT_EQ(usi.exit_code, 0) << usi.out << usi.err;
    EXPECT_NE(usi.out.find("info string error: setoption USI_Hash 65536: a table of 65536 MB is "
                           "more than this computer can give the program now"),
              std::string::npos)
        << usi.out;
    EXPECT_NE(usi.out.find("readyok"), std::string::npos) << usi.out;
    EXPECT_NE(usi.out.find("bestmove"), std::string::npos) << usi.out;

    const CliOutput xboard =
        run_cli("xboard", CliCall().with_prefix(limit).with_input(
                              "xboard\nprotover 2\nmemory 20000\nnew\nping 7\nquit\n"));
    EXPECT_EQ(xboard.exit_code, 0) << xboard.out << xboard.err;
    EXPECT_NE(xboard.out.find("Error (a table of 20000 MB is more than"), std::string::npos)
        << xboard.out;
    EXPECT_NE(xboard.out.find("pong 7"), std::string::npos) << xboard.out;
}

TEST_F(ResourceBounds, APipeOrADeviceIsRefusedNotWaitedOn) {
    ASSERT_EQ(::mkfifo(path("game.fifo").c_str(), 0600), 0);
    ASSERT_EQ(::mkfifo(path("variant.yaml").c_str(), 0600), 0);
    const CliCall limited = CliCall().with_prefix("timeout 60 ");
    CliOutput r = run_cli("play --resume " + path("game.fifo"), limited);
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("this is a pipe, not a file"), std::string::npos) << r.err;
    r = run_cli("play --resume /dev/zero", limited);
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("this is a device, not a file"), std::string::npos) << r.err;
    r = run_cli("validate " + path("variant.yaml"), limited);
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("this is a pipe, not a file"), std::string::npos) << r.err;
    r = run_cli("moves --variant " + path("variant.yaml"), limited);
    EXPECT_NE(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.err.find("this is a pipe, not a file"), std::string::npos) << r.err;
}

TEST_F(ResourceBounds, ARecordOverTheSizeLimitIsRefused) {
    {
        std::ofstream out(path("huge.game"));
        out << "seireigi game record\n" << std::string(17 << 20, '#') << "\n";
    }
    const CliOutput r = run_cli("play --resume " + path("huge.game"));
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("bytes; at most 16777216 are read"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace seireigi::testing
