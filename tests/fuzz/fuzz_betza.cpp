// XBetza strings: parsing never crashes, is fast, and what parses compiles in every orientation
// within the limits of docs/xbetza.md.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"
#include "rules/betza.h"
#include "rules/compiled_moves.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace seireigi;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = betza::parse(text);
    if (auto* e = std::get_if<betza::ParseError>(&parsed)) {
        if (e->column < 1 || e->column > static_cast<int>(size) + 1)
            fuzz::fail("error column " + std::to_string(e->column) + " outside the string");
        return 0;
    }
    const auto& moves = std::get<betza::PieceMoves>(parsed);
    for (int o = 0; o < 4; ++o) {
        const CompiledMoves m = compile_moves(moves, static_cast<Orientation>(o));
        if (m.path_nodes.size() > static_cast<std::size_t>(betza::kMaxSquaresVisited))
            fuzz::fail("a compiled path tree beyond the limit");
    }
    return 0;
}
