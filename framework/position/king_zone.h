// What the evaluation's King danger counts on the squares next to a King (its zone), from the
// attack counts of the King's side and of its opponents (each capped at 2 per square, as the
// evaluation reads them). A position that maps attacks as sets of squares counts these with a
// few set operations (FastPosition::king_zone); the evaluation counts them square by square
// for any other position, and a test holds the two equal.
#pragma once

namespace seireigi {

struct KingZoneCounts {
    int attacks = 0;  // the opponents' attackers of each zone square (2 at most), summed
    int weak = 0;     // attacked squares that the King's side attacks at most once
    int holes = 0;    // empty squares, not attacked, that the King's side attacks at most once
    int supported_holes = 0;  // empty squares, attacked, that the King's side attacks at most once
    int defenders = 0;        // pieces of the King's side on zone squares
    friend bool operator==(const KingZoneCounts&, const KingZoneCounts&) = default;
};

}  // namespace seireigi
