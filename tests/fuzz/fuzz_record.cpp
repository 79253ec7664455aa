// Game records: any text is read and replayed without crashing (under the built-in variant it
// names); a record that replays is written again, and that text replays to the same game and
// writes identically.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "game/game.h"
#include "record/game_record.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace seireigi;
    static const std::set<std::string> kBuiltIn = {"seireigi",
                                                   "shogi",
                                                   "minishogi",
                                                   "dai-seireigi",
                                                   "yonin-seireigi-compact",
                                                   "yonin-seireigi-complete"};
    auto read = read_record(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!std::holds_alternative<GameRecord>(read)) return 0;
    const GameRecord& r = std::get<GameRecord>(read);
    if (!kBuiltIn.count(r.variant)) return 0;  // no files are read
    auto variant = fuzz::built_in(r.variant);
    auto replayed = replay_record(r, variant);
    if (!std::holds_alternative<Game>(replayed)) return 0;
    const Game& game = std::get<Game>(replayed);
    const std::string text = write_record(record_of(game, r.variant, r.seats));
    auto again = replay_record(std::get<GameRecord>(read_record(text)), variant);
    if (auto* d = std::get_if<Diagnostic>(&again))
        fuzz::fail("a rewritten record does not replay: " + d->text() + "\n" + text);
    const Game& second = std::get<Game>(again);
    if (second.moves() != game.moves() || !(second.current() == game.current()) ||
        second.events() != game.events() || !(second.result() == game.result()))
        fuzz::fail("the rewritten record gives another game\n" + text);
    if (write_record(record_of(second, r.variant, r.seats)) != text)
        fuzz::fail("the rewritten record writes differently\n" + text);
    return 0;
}
