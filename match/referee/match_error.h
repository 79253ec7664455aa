// A match that cannot go on: players or settings it cannot use, a record it cannot save or read.
// what() says why in words a player understands; the command prints it.
#pragma once

#include <stdexcept>

namespace seireigi {

struct MatchError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace seireigi
