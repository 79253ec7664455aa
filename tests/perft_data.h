// Reads tests/data/perft.txt: the perft reference numbers with their sources.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace seireigi::testing {

struct PerftCase {
    std::string variant;
    std::string position;  // "start" or position text
    int depth = 0;
    std::uint64_t nodes = 0;
    std::string source;
};

inline std::vector<PerftCase> read_perft_cases(const std::string& path) {
    std::vector<PerftCase> out;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        std::string part;
        while (std::getline(ss, part, '|')) f.push_back(trim(part));
        if (f.size() != 5) continue;
        out.push_back({f[0], f[1], std::stoi(f[2]), std::stoull(f[3]), f[4]});
    }
    return out;
}

}  // namespace seireigi::testing
