// `seireigi bench --contract`: what the search-facing calls of the Position contract cost, in
// nanoseconds per call, on each engine: legal(m) against generating every legal move, and
// gives_check(m) against the way it was answered before (copy the position, make the move,
// look for a check).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::cli {

struct ContractBenchPosition {
    std::string name;
    PositionState state;
};

void bench_contract(const std::shared_ptr<const Variant>& v,
                    const std::vector<ContractBenchPosition>& positions,
                    const std::vector<std::string>& engines);

}  // namespace seireigi::cli
