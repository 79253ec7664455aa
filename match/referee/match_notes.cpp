#include "referee/match_notes.h"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace seireigi {

namespace {

constexpr std::string_view kPlayer = "# match-player ";
constexpr std::string_view kGame = "# match-game ";
constexpr std::string_view kAdjudication = "# match-adjudication ";
constexpr std::string_view kNotCounted = "# match-not-counted";

// The whole number at the start of `text` and what follows it; false if there is none.
bool leading_number(std::string_view text, int& number, std::string_view& rest) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec != std::errc() || end == text.data()) return false;
    rest = text.substr(static_cast<std::size_t>(end - text.data()));
    return true;
}

}  // namespace

bool MatchNotes::complete() const {
    return seat_players.size() >= 2 && game >= 1 &&
           std::none_of(seat_players.begin(), seat_players.end(),
                        [](const std::string& name) { return name.empty(); });
}

std::string annotated_record(const GameRecord& record, const MatchNotes& notes) {
    std::string lines;
    for (std::size_t seat = 0; seat < notes.seat_players.size(); ++seat)
        lines +=
            std::string(kPlayer) + std::to_string(seat + 1) + " " + notes.seat_players[seat] + "\n";
    lines += std::string(kGame) + std::to_string(notes.game) + "\n";
    if (!notes.adjudication.empty())
        lines += std::string(kAdjudication) + notes.adjudication + "\n";
    if (!notes.counted) lines += std::string(kNotCounted) + "\n";
    std::string text = write_record(record);
    return text.insert(text.find('\n') + 1, lines);
}

MatchNotes read_match_notes(const std::string& record_text) {
    MatchNotes notes;
    std::istringstream lines(record_text);
    std::string line;
    while (std::getline(lines, line)) {
        const std::string_view l = line;
        int number = 0;
        std::string_view rest;
        if (l.starts_with(kPlayer)) {
            if (!leading_number(l.substr(kPlayer.size()), number, rest) || number < 1 ||
                number > kMaxPlayers || !rest.starts_with(' '))
                continue;
            const auto seat = static_cast<std::size_t>(number - 1);
            if (notes.seat_players.size() <= seat) notes.seat_players.resize(seat + 1);
            notes.seat_players[seat] = std::string(rest.substr(1));
        } else if (l.starts_with(kGame)) {
            if (leading_number(l.substr(kGame.size()), number, rest)) notes.game = number;
        } else if (l.starts_with(kAdjudication)) {
            notes.adjudication = std::string(l.substr(kAdjudication.size()));
        } else if (l == kNotCounted) {
            notes.counted = false;
        }
    }
    return notes;
}

}  // namespace seireigi
