// Choosing an engine by name (--engine): every engine implements the Position contract, so a
// command is written once as a generic lambda and run on the engine the user picked.
#pragma once

#include <iostream>
#include <memory>
#include <string>
#include <type_traits>

#include "base/context.h"
#include "fast/fast_position.h"
#include "position/generic_position.h"
#include "position/position_state.h"
#include "position/reference_position.h"
#include "rules/variant.h"

namespace seireigi::cli {

inline const char* kEngineHelp =
    "move generator: generic (default), fast (hand-optimized, standard Seireigi only) or "
    "reference (naive, slow)";

// Refuses the fast engine on a variant it does not play, naming the option to change.
inline void fast_engine_or_report(const Variant& v, const std::string& option) {
    std::string why;
    if (FastPosition::supports(v, &why)) return;
    std::cerr << "error: " << why << "; choose another engine with " << option
              << " (generic plays every variant)\n";
    throw UserError{};
}

// `option` names the command's engine option in messages ("--engine", "--engines").
template <class Fn>
void with_engine(const std::string& name, const std::shared_ptr<const Variant>& v,
                 const PositionState& st, Fn&& fn, const std::string& option = "--engine") {
    if (name == "generic") {
        GenericPosition pos(v, st);
        fn(pos);
        return;
    }
    if (name == "reference") {
        ReferencePosition pos(v, st);
        fn(pos);
        return;
    }
    if (name == "fast") {
        fast_engine_or_report(*v, option);
        FastPosition pos(v, st);
        fn(pos);
        return;
    }
    std::cerr << "error: " << option << ": unknown engine '" << name
              << "'; choose generic, fast or reference\n";
    throw UserError{};
}

// The same choice for code that needs the engine as a type (cross-check builds two positions per
// game): calls fn(std::type_identity<P>{}) with the chosen position type.
template <class Fn>
void with_engine_type(const std::string& name, const Variant& v, Fn&& fn) {
    if (name == "generic") return fn(std::type_identity<GenericPosition>{});
    if (name == "reference") return fn(std::type_identity<ReferencePosition>{});
    if (name == "fast") {
        fast_engine_or_report(v, "--engines");
        return fn(std::type_identity<FastPosition>{});
    }
    std::cerr << "error: --engines: unknown engine '" << name
              << "'; choose generic, fast or reference\n";
    throw UserError{};
}

}  // namespace seireigi::cli
