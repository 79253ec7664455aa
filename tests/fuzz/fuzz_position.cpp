// Position text: what reads writes back to a text that reads to the same position and writes
// identically; every legal move's position round-trips through text as well, and undoes.
// The first byte chooses the variant.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "position/generic_position.h"
#include "text/notation.h"
#include "text/start_position.h"

namespace {

using namespace seireigi;

// Whether no type has more pieces (board and hands) than the start position (99 when it has
// none): then no sequence of moves makes a hand larger than position text allows.
bool within_start_counts(const Variant& v, const PositionState& st, const PositionState& start) {
    std::vector<int> now(v.types.size()), then(v.types.size());
    auto count = [](const PositionState& p, std::vector<int>& n) {
        for (PieceCode pc : p.board)
            if (pc != kEmpty) ++n[type_of(pc)];
        for (const auto& hand : p.hands)
            for (std::size_t t = 0; t < hand.size(); ++t) n[t] += hand[t];
    };
    count(st, now);
    count(start, then);
    for (std::size_t t = 0; t < now.size(); ++t)
        if (now[t] > (then[t] > 0 ? then[t] : 99)) return false;
    return true;
}

void round_trip(const Variant& v, const PositionState& st) {
    const std::string text = write_position(v, st);
    auto back = read_position(v, text);
    if (auto* d = std::get_if<Diagnostic>(&back))
        fuzz::fail("written position '" + text + "' does not read back: " + d->text());
    if (!(std::get<PositionState>(back) == st)) fuzz::fail("'" + text + "' reads back differently");
    if (write_position(v, std::get<PositionState>(back)) != text)
        fuzz::fail("'" + text + "' writes back differently");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    auto variant = fuzz::built_in_by_byte(data[0]);
    const Variant& v = *variant;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    auto read = read_position(v, text);
    if (!std::holds_alternative<PositionState>(read)) return 0;
    const PositionState st = std::get<PositionState>(read);
    round_trip(v, st);
    // A board with more pieces of a type than the start can fill a hand beyond what position
    // text allows (docs/notation.md); such positions are only played, not written.
    const bool writable = within_start_counts(v, st, start_state(v));
    GenericPosition pos(variant, st);
    MoveList legal;
    pos.legal_moves(legal);
    for (Move m : legal) {
        pos.do_move(m);
        if (writable) round_trip(v, pos.state());
        pos.undo_move();
    }
    if (!(pos.state() == st)) fuzz::fail("moves done and undone changed the position");
    return 0;
}
