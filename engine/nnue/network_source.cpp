#include "nnue/network_source.h"

#include <sys/stat.h>
#include <fstream>
#include <iterator>

#include "nnue/embedded_networks.h"

namespace seireigi::nnue {

namespace {

// Far above any network this program writes; a larger "network" is refused before it is read.
constexpr std::uintmax_t kMaxFileSize = std::uintmax_t{256} << 20;

}  // namespace

std::variant<std::shared_ptr<const Network>, Diagnostic> network_file(
    const std::filesystem::path& path, const Variant& v) {
    const std::string name = path.string();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return Diagnostic{name, "no such network file (or not a regular file)"};
    if (std::filesystem::file_size(path, ec) > kMaxFileSize)
        return Diagnostic{name, "too large to be a network file"};
    std::ifstream in(path, std::ios::binary);
    const std::string bytes(std::istreambuf_iterator<char>(in), {});
    if (!in && !in.eof()) return Diagnostic{name, "cannot be read"};
    return Network::load(bytes, v, name);
}

std::variant<std::shared_ptr<const Network>, Diagnostic> variant_network(const Variant& v) {
    if (v.network.empty())
        return Diagnostic{"", v.name + " names no evaluation network (network: in its file)"};
    for (const auto& e : embedded_networks())
        if (e.name == v.network) return Network::load(e.bytes, v, e.name);
    return network_file(v.network, v);
}

std::variant<std::shared_ptr<const Network>, Diagnostic> default_network(const Variant& v) {
    if (v.network.empty()) return std::shared_ptr<const Network>();
    return variant_network(v);
}

std::shared_ptr<const Network> usable_default_network(const Variant& v) {
    auto net = default_network(v);
    auto* found = std::get_if<std::shared_ptr<const Network>>(&net);
    return found ? *found : nullptr;
}

}  // namespace seireigi::nnue
