#include "search/memory_limit.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace seireigi::search {

namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;
// Left to everything else the process needs besides the table.
constexpr std::size_t kReserve = 64 * kMiB;

std::optional<std::size_t> mem_available_from_meminfo() {
    std::ifstream in("/proc/meminfo");
    std::string key;
    std::size_t kib = 0;
    std::string unit;
    while (in >> key >> kib >> unit)
        if (key == "MemAvailable:") return kib * 1024;
    return std::nullopt;
}

// What the address-space limit leaves beside what the process maps already.
std::optional<std::size_t> address_space_left() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
    std::ifstream in("/proc/self/statm");
    std::size_t pages = 0;
    if (!(in >> pages)) return std::nullopt;
    const std::size_t used = pages * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    return limit.rlim_cur > used ? limit.rlim_cur - used : 0;
}

// What the control group's memory.max (cgroup v2) leaves beside memory.current.
std::optional<std::size_t> cgroup_left() {
    std::ifstream self("/proc/self/cgroup");
    std::string line;
    std::string path;
    while (std::getline(self, line))
        if (line.rfind("0::", 0) == 0) path = line.substr(3);
    if (path.empty()) return std::nullopt;
    const std::string folder = "/sys/fs/cgroup" + path;
    std::ifstream max_file(folder + "/memory.max");
    std::string max_text;
    if (!(max_file >> max_text) || max_text == "max") return std::nullopt;
    std::ifstream current_file(folder + "/memory.current");
    std::size_t current = 0;
    current_file >> current;
    const std::size_t max = std::stoull(max_text);
    return max > current ? max - current : 0;
}

}  // namespace

std::optional<std::size_t> memory_available() {
    std::optional<std::size_t> least;
    for (auto limit : {mem_available_from_meminfo(), address_space_left(), cgroup_left()})
        if (limit) least = least ? std::min(*least, *limit) : *limit;
    return least;
}

std::optional<std::string> table_size_refusal(std::size_t megabytes) {
    const auto available = memory_available();
    if (!available) return std::nullopt;
    const std::size_t can = *available > kReserve ? *available - kReserve : 0;
    if (megabytes <= can / kMiB) return std::nullopt;
    return "a table of " + std::to_string(megabytes) + " MB is more than this computer can give " +
           "the program now (" + std::to_string(can / kMiB) + " MB); the table stays as it was";
}

}  // namespace seireigi::search
