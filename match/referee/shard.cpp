#include "referee/shard.h"

#include <sstream>

namespace seireigi {

std::optional<Shard> read_shard(const std::string& text) {
    Shard s;
    char slash = 0;
    std::istringstream in(text);
    if (!(in >> s.index >> slash >> s.count) || slash != '/' || !in.eof() || s.count < 1 ||
        s.index < 1 || s.index > s.count)
        return std::nullopt;
    return s;
}

}  // namespace seireigi
