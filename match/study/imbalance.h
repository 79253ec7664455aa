// Imbalance games of `seireigi study --imbalance X=Y` (H. G. Muller's way of pricing a piece):
// the engine plays itself from the start with one side's piece X replaced by a Y on the same
// square (or, for X=N*Y, removed while the side gets N Ys in hand), the replaced side Sente in half
// the games and Gote in the other half, and the score of the side with Y against the side with X
// says what the exchange is worth (docs/study.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "position/position_state.h"
#include "referee/match_statistics.h"
#include "referee/saved_game.h"
#include "rules/variant.h"

namespace seireigi {

struct Imbalance {
    std::string x, y;  // as written: a piece's id or abbreviation in the variant
    PieceType x_type = kNoType, y_type = kNoType;
    int in_hand = 0;  // X=N*Y: N Ys in hand, X's square left empty; 0: one Y on X's square

    std::string name() const {
        return x + "=" + (in_hand ? std::to_string(in_hand) + "*" : std::string()) + y;
    }
    // The folder of its games in a study's folder, with sente/ and gote/ below: which side had Y.
    std::string folder() const { return "imbalance-" + name(); }
};

// Reads "X=Y" or "X=N*Y" (N from 1 to 9; Y a piece that may be dropped) for `variant` (two
// players; neither piece royal). The Diagnostic says why not.
std::variant<Imbalance, Diagnostic> read_imbalance(std::string_view text, const Variant& variant);

// `start` with `side`'s X replaced by a Y (unpromoted) on its square, or removed with N Ys put
// in the side's hand: the X deepest in the side's own camp, among equals the one on the lowest
// square number. Nothing when the side has no X.
std::optional<PositionState> with_imbalance(const Variant& variant, const PositionState& start,
                                            const Imbalance& imbalance, Player side);

struct ImbalanceResult {
    std::string name;                // "X=Y"
    Tally with_y;                    // the games of the side with Y: wins, draws, losses
    std::optional<EloEstimate> elo;  // the side with Y over the side with X, 95% interval
};

// One line for people: "G=S: the side with S scored 41.7% (5 wins, 0 draws, 7 losses in 12
// games): -58 Elo [-260, +140] for the exchange".
std::string describe_imbalance(const ImbalanceResult& r);

// The subfolder of the games in which `side` had Y: "sente" or "gote".
std::string imbalance_side_folder(Player side);

// The imbalance games saved in `folders` (DIR/imbalance-X=Y of one study or its shards): one
// result per imbalance found, by name. Throws MatchError for records it cannot read.
std::vector<ImbalanceResult> read_imbalance_results(const std::vector<std::string>& folders,
                                                    const VariantByName& variant_named);

}  // namespace seireigi
