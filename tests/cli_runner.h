// Runs the built `seireigi` program (SEIREIGI_CLI) as a person would, through the shell: with a
// standard input, capturing its exit code, standard output and standard error. CliTest gives a
// test its own fresh temporary folder for those files and for whatever the program writes.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>

#include "test_support.h"

namespace seireigi::testing {

struct CliOutput {
    int exit_code = -1;  // -1: the program did not exit normally (a signal killed it)
    std::string out;
    std::string err;  // empty when merged into `out`
};

// How to run it, e.g. CliCall().with_input("quit\n").stderr_into_stdout().
struct CliCall {
    std::string input;              // its standard input
    std::string prefix;             // shell words before the program, e.g. "timeout 10 "
    std::string working_directory;  // "": the test's own
    bool merge_stderr = false;      // stderr into stdout, as a terminal shows them

    CliCall& with_input(std::string text) {
        input = std::move(text);
        return *this;
    }
    CliCall& with_prefix(std::string words) {
        prefix = std::move(words);
        return *this;
    }
    CliCall& in_directory(std::string folder) {
        working_directory = std::move(folder);
        return *this;
    }
    CliCall& stderr_into_stdout() {
        merge_stderr = true;
        return *this;
    }
};

// The bytes of `file` ("" if it cannot be read).
inline std::string read_file(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Runs `seireigi ARGS`; `scratch` holds the files of its standard streams.
inline CliOutput run_cli(const std::filesystem::path& scratch, const std::string& args,
                         const CliCall& call = {}) {
    const std::string in = (scratch / "stdin.txt").string();
    const std::string out = (scratch / "stdout.txt").string();
    const std::string err = (scratch / "stderr.txt").string();
    { std::ofstream(in, std::ios::binary) << call.input; }
    std::string command;
    if (!call.working_directory.empty()) command = "cd '" + call.working_directory + "' && ";
    command += call.prefix + std::string(cli_path()) + " " + args + " < " + in + " > " + out;
    command += call.merge_stderr ? " 2>&1" : " 2> " + err;
    const int status = std::system(command.c_str());
    CliOutput result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = read_file(out);
    if (!call.merge_stderr) result.err = read_file(err);
    return result;
}

// A test of the program with a temporary folder of its own, named after the test, emptied before
// and removed after.
class CliTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
        std::string name = std::string("seireigi-") + test->test_suite_name() + "-" + test->name();
        for (char& c : name)
            if (c == '/') c = '-';  // parameterised tests
        dir_ = fresh_temporary_folder(name);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    CliOutput run_cli(const std::string& args, const CliCall& call = {}) const {
        return testing::run_cli(dir_, args, call);
    }
    // Runs the program with `input` on its standard input; its exit code, stdout in `out` and
    // stderr in `err`.
    int run(const std::string& args, std::string& out, std::string& err,
            const std::string& input = "") const {
        CliOutput r = run_cli(args, CliCall().with_input(input));
        out = std::move(r.out);
        err = std::move(r.err);
        return r.exit_code;
    }
    static std::string read(const std::string& file) { return read_file(file); }

    std::filesystem::path dir_;
};

// A CliTest that sees the program as a terminal shows it: stdout and stderr together.
class TerminalCliTest : public CliTest {
  protected:
    // Runs the program with `input` on stdin; returns its exit code, stdout and stderr together
    // in `out`.
    int run(const std::string& args, const std::string& input, std::string& out) const {
        return run_in("", args, input, out);
    }
    // The same, with `folder` as the working directory ("": the test's own).
    int run_in(const std::string& folder, const std::string& args, const std::string& input,
               std::string& out) const {
        CliOutput r =
            run_cli(args, CliCall().with_input(input).in_directory(folder).stderr_into_stdout());
        out = std::move(r.out);
        return r.exit_code;
    }
};

}  // namespace seireigi::testing
