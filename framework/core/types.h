// Basic value types shared by every part of the framework and by every engine.
//
// The data model in one place (read this first):
//  * A board is W files by H ranks. A Square is y * W + x, where x counts columns from the
//    left edge of Sente's view (file number W - x) and y counts rows from the top (rank letter
//    'a' + y). Every engine uses this numbering in its canonical Move, so moves compare across
//    engines.
//  * A player faces one of four Orientations. North faces rank a (Sente), South faces the last
//    rank (Gote), East faces file 1, West faces the highest file.
//  * A piece on the board is (owner, base type, promoted), packed into a PieceCode. A piece whose
//    owner has been eliminated keeps its owner (and so its orientation); the Position knows which
//    players are active, so "neutral" needs no owner value of its own.
//  * A Move is (from, to, promote) for board moves and (dropped type, to) for drops.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace seireigi {

using Square = int;  // 0 .. W*H-1, see above
inline constexpr Square kNoSquare = -1;

using PieceType = int;  // index into Variant::types (base types and promoted faces alike)
inline constexpr PieceType kNoType = -1;

using Player = int;  // 0 .. players-1, in turn order
inline constexpr int kMaxPlayers = 4;

enum class Orientation : std::uint8_t { North, East, South, West };

// A vector in board coordinates: dx toward higher x (toward file 1), dy toward higher y (toward
// the last rank letter).
struct Vec {
    int dx = 0;
    int dy = 0;
    friend constexpr bool operator==(Vec, Vec) = default;
};

// A vector relative to a piece's owner: sideways (positive = the owner's right) and forward.
struct RelVec {
    int side = 0;
    int fwd = 0;
    friend constexpr bool operator==(RelVec, RelVec) = default;
};

// The board vector of a relative vector for a player facing `o`.
constexpr Vec to_board(RelVec r, Orientation o) {
    switch (o) {
        case Orientation::North:
            return {r.side, -r.fwd};
        case Orientation::East:
            return {r.fwd, r.side};
        case Orientation::South:
            return {-r.side, r.fwd};
        case Orientation::West:
            return {-r.fwd, -r.side};
    }
    return {};
}

// PieceCode packs (owner, promoted, type) into 16 bits; 0 means an empty square.
//   bits 0..6  base type index (0..127)
//   bit  7     promoted
//   bits 8..10 owner + 1
using PieceCode = std::uint16_t;
inline constexpr PieceCode kEmpty = 0;

// A piece and the square it stands on (no initialiser: a list of them is room, filled as used).
struct PlacedPiece {
    Square square;
    PieceCode piece;
};

constexpr PieceCode make_piece(Player owner, PieceType type, bool promoted) {
    return static_cast<PieceCode>(((owner + 1) << 8) | (promoted ? 0x80 : 0) | type);
}
constexpr Player owner_of(PieceCode p) {
    return (p >> 8) - 1;
}
constexpr PieceType type_of(PieceCode p) {
    return p & 0x7F;
}
constexpr bool is_promoted(PieceCode p) {
    return (p & 0x80) != 0;
}
// The face (type, promoted) decides how a piece moves; 0..255.
constexpr int face_of(PieceCode p) {
    return p & 0xFF;
}
constexpr int make_face(PieceType type, bool promoted) {
    return (promoted ? 0x80 : 0) | type;
}

// The canonical move value, equal across engines.
//   bits 0..9   to square
//   bits 10..19 from square (board moves)
//   bits 20..26 dropped base type (drops)
//   bit  27     promote
//   bit  28     drop
//   bit  29     board move (so that no valid move is 0, the null move)
class Move {
  public:
    constexpr Move() = default;
    static constexpr Move board(Square from, Square to, bool promote) {
        return Move(static_cast<std::uint32_t>(to) | (static_cast<std::uint32_t>(from) << 10) |
                    (promote ? 1u << 27 : 0u) | (1u << 29));
    }
    static constexpr Move drop(PieceType type, Square to) {
        return Move(static_cast<std::uint32_t>(to) | (static_cast<std::uint32_t>(type) << 20) |
                    (1u << 28));
    }
    constexpr bool is_drop() const { return (raw_ >> 28) & 1; }
    constexpr Square from() const {
        return is_drop() ? kNoSquare : static_cast<Square>((raw_ >> 10) & 0x3FF);
    }
    constexpr Square to() const { return static_cast<Square>(raw_ & 0x3FF); }
    constexpr PieceType dropped() const { return static_cast<PieceType>((raw_ >> 20) & 0x7F); }
    constexpr bool promotes() const { return (raw_ >> 27) & 1; }
    // Where the move comes from, as an index: the origin square, or `squares` + the type for a
    // drop. Without a branch (tables by origin are read for every move ordered): the origin
    // field is 0 in a drop, the type field 0 in a board move.
    constexpr std::size_t origin_index(std::size_t squares) const {
        const std::size_t drop = (raw_ >> 28) & 1;
        return ((raw_ >> 10) & 0x3FF) + drop * (squares + ((raw_ >> 20) & 0x7F));
    }
    constexpr std::uint32_t raw() const { return raw_; }
    // The move whose raw() is `raw` (hash tables store moves as raw values).
    static constexpr Move from_raw(std::uint32_t raw) { return Move(raw); }
    constexpr bool is_null() const { return raw_ == 0; }
    // Whether the bits form a move at all (exactly one of drop and board move, nothing else
    // where it does not belong): a move read from a hash table or a corrupted one may not.
    constexpr bool well_formed() const {
        if (raw_ >> 30) return false;
        const bool drop = (raw_ >> 28) & 1, board = (raw_ >> 29) & 1;
        if (drop == board) return false;
        return drop ? (raw_ & ((0x3FFu << 10) | (1u << 27))) == 0 : (raw_ & (0x7Fu << 20)) == 0;
    }
    friend constexpr bool operator==(Move, Move) = default;
    friend constexpr auto operator<=>(Move a, Move b) { return a.raw_ <=> b.raw_; }

  private:
    constexpr explicit Move(std::uint32_t raw) : raw_(raw) {}
    std::uint32_t raw_ = 0;
};

// A problem in some input, with where it happened. `where` is "file:line:column", "column N"
// or similar; the message says what was expected.
struct Diagnostic {
    std::string where;
    std::string message;
    std::string text() const { return where.empty() ? message : where + ": " + message; }
};

}  // namespace seireigi
