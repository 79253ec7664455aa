// `--shard I/N`: the I-th of N deterministic shares of a run (1-based, as GNU parallel's {#} and
// Slurm's array task ids count), for N machines or batch jobs; the shares together are the run.
#pragma once

#include <optional>
#include <string>

namespace seireigi {

struct Shard {
    int index = 1;  // 1 .. count
    int count = 1;
    // Whether unit `unit` (0-based: a game, or a pair of games) belongs to this share.
    bool holds(long long unit) const { return unit % count == index - 1; }
};

// "I/N" with 1 <= I <= N; nothing when the text is not one.
std::optional<Shard> read_shard(const std::string& text);

}  // namespace seireigi
