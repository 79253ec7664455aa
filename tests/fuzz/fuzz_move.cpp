// Move text against a game: each line is a move (or "undo"); legal ones are played, and the
// game then goes through its record and back to the same moves, position and result.
// The first byte chooses the variant.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "game/game.h"
#include "record/game_record.h"
#include "text/start_position.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace seireigi;
    if (size == 0) return 0;
    auto variant = fuzz::built_in_by_byte(data[0]);
    Game game(variant, start_state(*variant));
    std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        if (line == "undo") {
            game.undo();
            continue;
        }
        if (game.over()) continue;
        auto read = game.read_move(line);
        if (auto* m = std::get_if<Move>(&read)) game.play(*m);
    }
    const GameRecord record = record_of(game, variant->id, {});
    const std::string text = write_record(record);
    auto back = read_record(text);
    if (auto* d = std::get_if<Diagnostic>(&back))
        fuzz::fail("a written record does not read: " + d->text() + "\n" + text);
    auto replayed = replay_record(std::get<GameRecord>(back), variant);
    if (auto* d = std::get_if<Diagnostic>(&replayed))
        fuzz::fail("a written record does not replay: " + d->text() + "\n" + text);
    const Game& again = std::get<Game>(replayed);
    if (again.moves() != game.moves() || !(again.current() == game.current()) ||
        !(again.result() == game.result()))
        fuzz::fail("the replayed game differs\n" + text);
    return 0;
}
