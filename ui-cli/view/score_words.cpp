#include "view/score_words.h"

#include <cstdio>
#include <cstdlib>

namespace seireigi::cli {

std::string score_words(const Variant& v, Player mover, const search::Score& score) {
    const auto name = [&](Player p) { return v.players[static_cast<std::size_t>(p)].name; };
    // With two players a score for one side is the same score against the other: name the side
    // it favours. With more, the player to move is the one it is about.
    const bool two = v.num_players() == 2;
    const bool behind = score.mate ? score.mate_in < 0 : score.cp < 0;
    const Player named = two && behind ? 1 - mover : mover;
    if (score.mate) {
        // In plies, the moves of all players, as USI and tsume count them.
        const int n = std::abs(score.mate_in);
        const std::string plies = std::to_string(n) + (n == 1 ? " ply" : " plies");
        if (two) return name(named) + " mates in " + plies;
        return score.mate_in > 0 ? name(mover) + " mates in " + plies
                                 : name(mover) + " is mated in " + plies;
    }
    if (score.cp == 0) return "even";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f", (two ? std::abs(score.cp) : score.cp) / 100.0);
    return std::string(buf) + " for " + name(named);
}

}  // namespace seireigi::cli
