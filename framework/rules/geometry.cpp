#include "rules/geometry.h"

namespace seireigi {

std::string Geometry::name(Square s) const {
    return std::to_string(file_number(s)) + rank_letter(s);
}

std::optional<Square> Geometry::read_square(std::string_view text, std::size_t& pos) const {
    std::size_t p = pos;
    int file = 0;
    int digits = 0;
    while (p < text.size() && text[p] >= '0' && text[p] <= '9' && digits < 2) {
        file = file * 10 + (text[p] - '0');
        ++p;
        ++digits;
    }
    if (digits == 0 || p >= text.size() || text[p] < 'a' || text[p] > 'z') return std::nullopt;
    const int y = text[p] - 'a';
    const int x = files - file;
    if (file < 1 || !on_board(x, y)) return std::nullopt;
    pos = p + 1;
    return square(x, y);
}

std::optional<Square> Geometry::parse_square(std::string_view text) const {
    std::size_t pos = 0;
    auto s = read_square(text, pos);
    if (!s || pos != text.size()) return std::nullopt;
    return s;
}

int Geometry::view_files(Orientation o) const {
    return (o == Orientation::North || o == Orientation::South) ? files : ranks;
}

int Geometry::view_ranks(Orientation o) const {
    return (o == Orientation::North || o == Orientation::South) ? ranks : files;
}

std::optional<Square> Geometry::from_view(Orientation o, int file, int rank_index) const {
    const int vx = view_files(o) - file;  // column from the player's left
    const int vy = rank_index;            // row from the player's far side
    if (vx < 0 || vx >= view_files(o) || vy < 0 || vy >= view_ranks(o)) return std::nullopt;
    int x = 0;
    int y = 0;
    switch (o) {
        case Orientation::North:
            x = vx;
            y = vy;
            break;
        case Orientation::South:
            x = files - 1 - vx;
            y = ranks - 1 - vy;
            break;
        case Orientation::East:
            x = files - 1 - vy;
            y = vx;
            break;
        case Orientation::West:
            x = vy;
            y = ranks - 1 - vx;
            break;
    }
    return square(x, y);
}

int Geometry::ranks_ahead(Orientation o, Square s) const {
    switch (o) {
        case Orientation::North:
            return y_of(s);
        case Orientation::South:
            return ranks - 1 - y_of(s);
        case Orientation::East:
            return files - 1 - x_of(s);
        case Orientation::West:
            return x_of(s);
    }
    return 0;
}

int Geometry::line_of(Orientation o, Square s) const {
    return (o == Orientation::North || o == Orientation::South) ? x_of(s) : y_of(s);
}

}  // namespace seireigi
