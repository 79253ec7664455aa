// `--eval nnue|classical` and `--eval-file FILE`, as the commands that search share them: which
// evaluation the engine uses (docs/engine.md, "Evaluation").
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>

#include "nnue/network.h"
#include "rules/variant.h"

namespace seireigi::cli {

struct EvalChoice {
    std::string eval;  // "nnue", "classical" or "" (the default: nnue::default_network)
    std::string file;  // a network file instead of the variant's own

    void add_to(CLI::App& app, bool with_file = true);
};

// The network the choice names for `v`; null for the hand-written evaluation. Without a choice,
// the variant's own network when its file names one. A network that cannot be used (none named,
// a bad or mismatched file) is reported on stderr as a warning and the hand-written evaluation
// plays instead.
std::shared_ptr<const nnue::Network> chosen_network(const EvalChoice& choice, const Variant& v);

// What a search says it evaluates with: "NNUE variants/seireigi.nnue (1.2 MB)" or "classical".
std::string evaluation_name(const nnue::Network* net);

}  // namespace seireigi::cli
