// Choosing an engine by name (--engine): every engine implements the Position contract, so a
// command is written once as a generic lambda and run on the engine the user picked.
#pragma once

#include <iostream>
#include <memory>
#include <string>

#include "context.h"
#include "position.h"
#include "position_state.h"
#include "variant.h"

namespace seireigi::cli {

inline const char* kEngineHelp = "move generator: generic (default) or reference (naive, slow)";

template <class Fn>
void with_engine(const std::string& name, const std::shared_ptr<const Variant>& v,
                 const PositionState& st, Fn&& fn) {
    if (name == "generic") {
        GenericPosition pos(v, st);
        fn(pos);
        return;
    }
    std::cerr << "error: unknown engine '" << name << "'; choose generic\n";
    throw UserError{};
}

}  // namespace seireigi::cli
