#include "referee/openings.h"

#include <sstream>
#include <string>

#include "game/game.h"
#include "record/game_record.h"
#include "seats/random_seat.h"

namespace seireigi {

std::variant<std::vector<Opening>, Diagnostic> read_openings_file(
    const std::filesystem::path& path, std::shared_ptr<const Variant> variant,
    const PositionState& start) {
    auto text = read_text_file(path);
    if (auto* d = std::get_if<Diagnostic>(&text)) return *d;
    std::vector<Opening> openings;
    std::istringstream in(std::get<std::string>(text));
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        std::istringstream words(line);
        std::string word;
        Game game(variant, start);
        Opening opening;
        while (words >> word) {
            auto read = game.read_move(word);
            if (auto* d = std::get_if<Diagnostic>(&read))
                return Diagnostic{path.string() + ":" + std::to_string(number),
                                  "move " + std::to_string(opening.size() + 1) + " '" + word +
                                      "': " + d->message};
            opening.push_back(std::get<Move>(read));
            game.play(opening.back());
        }
        if (!opening.empty()) openings.push_back(std::move(opening));
    }
    if (openings.empty()) return Diagnostic{path.string(), "the file holds no opening"};
    return openings;
}

Opening random_opening(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                       int plies, int number) {
    Game game(variant, start);
    const RandomSeat mover(static_cast<std::uint64_t>(number));
    while (game.ply() < plies && !game.over()) {
        const Move m = mover.choose(game).move;
        if (m.is_null()) break;
        game.play(m);
    }
    // A random opening that ends the game (a mate in a few plies) is cut before its last move.
    Opening moves = game.moves();
    if (game.over() && !moves.empty()) moves.pop_back();
    return moves;
}

}  // namespace seireigi
