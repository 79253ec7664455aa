#include "base/evaluation_choice.h"

#include <iostream>

#include "nnue/network_source.h"

namespace seireigi::cli {

void EvalChoice::add_to(CLI::App& app, bool with_file) {
    app.add_option("--eval", eval,
                   "the evaluation: nnue (the variant's network, or --eval-file) or classical "
                   "(hand-written); default: the variant's network when its file names one "
                   "(Seireigi's does), classical otherwise")
        ->check(CLI::IsMember({"classical", "nnue"}));
    if (with_file)
        app.add_option("--eval-file", file,
                       "a network file to evaluate with (implies --eval nnue)");
}

std::shared_ptr<const nnue::Network> chosen_network(const EvalChoice& choice, const Variant& v) {
    if (choice.eval == "classical" && choice.file.empty()) return nullptr;
    auto net = !choice.file.empty()    ? nnue::network_file(choice.file, v)
               : choice.eval == "nnue" ? nnue::variant_network(v)
                                       : nnue::default_network(v);
    if (auto* d = std::get_if<Diagnostic>(&net)) {
        std::cerr << "warning: " << d->text() << "; the hand-written evaluation plays instead\n";
        return nullptr;
    }
    return std::get<std::shared_ptr<const nnue::Network>>(net);
}

std::string evaluation_name(const nnue::Network* net) {
    return net ? net->describe() : "classical";
}

}  // namespace seireigi::cli
