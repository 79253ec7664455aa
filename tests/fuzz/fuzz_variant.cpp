// Variant files: YAML -> variant -> start position -> every legal move done and undone. Nothing
// crashes, and undoing a move restores the position exactly.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

#include "fuzz_support.h"
#include "position/generic_position.h"
#include "text/start_position.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace seireigi;
    // The loader reads files (a variant may extend the built-in ones); one per process.
    static const std::string path =
        "/tmp/seireigi-fuzz-variant-" + std::to_string(static_cast<long>(::getpid())) + ".yaml";
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    auto loaded = load_variant(path);
    if (!loaded.spec) return 0;
    if (loaded.spec->files * loaded.spec->ranks > 26 * 26) fuzz::fail("a board beyond 26x26");
    std::shared_ptr<const Variant> v;
    try {
        v = build_variant(*loaded.spec);
    } catch (const std::exception& e) {
        fuzz::fail(std::string("build_variant threw on a checked spec: ") + e.what());
    }
    auto start = read_start_position(*v);
    if (!std::holds_alternative<PositionState>(start)) return 0;
    GenericPosition pos(v, std::get<PositionState>(start));
    MoveList legal;
    pos.legal_moves(legal);
    const PositionState before = pos.state();
    for (Move m : legal) {
        pos.do_move(m);
        pos.undo_move();
        if (!(pos.state() == before)) fuzz::fail("do_move then undo_move changed the position");
    }
    return 0;
}
