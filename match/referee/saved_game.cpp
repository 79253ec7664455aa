#include "referee/saved_game.h"

#include "referee/match_error.h"

namespace seireigi {

double SavedGame::first_seat_points() const {
    if (!game.over()) return 0.5;  // a draw the referee decided at the move limit
    const Standing first = game.result().standings[0];
    return first == Standing::Won ? 1.0 : first == Standing::Lost ? 0.0 : 0.5;
}

std::variant<SavedGame, std::string> read_saved_game(const std::filesystem::path& file,
                                                     const VariantByName& variant_named) {
    auto text = read_text_file(file);
    if (auto* d = std::get_if<Diagnostic>(&text)) throw MatchError(d->text());
    auto read = read_record(std::get<std::string>(text));
    if (auto* d = std::get_if<Diagnostic>(&read))
        throw MatchError(file.string() + ": " + d->text());
    const MatchNotes notes = read_match_notes(std::get<std::string>(text));
    if (!notes.complete()) return std::string("not saved by seireigi match");
    GameRecord& record = std::get<GameRecord>(read);
    std::shared_ptr<const Variant> variant = variant_named(record.variant);
    if (notes.seat_players.size() != static_cast<std::size_t>(variant->num_players()))
        return std::string("not saved by seireigi match");
    auto replayed = replay_record(record, variant);
    if (auto* d = std::get_if<Diagnostic>(&replayed))
        throw MatchError(file.string() + ": " + d->text());
    Game& game = std::get<Game>(replayed);
    if (!game.over() && notes.adjudication.find("draw") == std::string::npos)
        return std::string("the game is unfinished");
    return SavedGame{std::move(record), notes, std::move(variant), std::move(game)};
}

}  // namespace seireigi
