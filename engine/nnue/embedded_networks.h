// The evaluation network files built into the binary (variants/*.nnue, by
// cmake/embed_networks.cmake), keyed by their path in the source tree.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace seireigi::nnue {

struct EmbeddedNetwork {
    std::string name;  // "variants/seireigi.nnue"
    std::string_view bytes;
};

const std::vector<EmbeddedNetwork>& embedded_networks();

}  // namespace seireigi::nnue
