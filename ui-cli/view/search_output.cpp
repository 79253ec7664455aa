#include "view/search_output.h"

#include <sstream>

#include "text/notation.h"

namespace seireigi::cli {

std::string info_line(const Variant& v, const search::Info& info) {
    std::ostringstream s;
    s << "info depth " << info.depth << " seldepth " << info.seldepth << " multipv " << info.multipv
      << " score ";
    if (info.score.mate)
        s << "mate " << info.score.mate_in;
    else
        s << "cp " << info.score.cp;
    if (!info.player_scores.empty()) {
        // Three or more players: each player's score, "out" for those out of the game.
        s << " scores";
        for (std::size_t p = 0; p < info.player_scores.size(); ++p) {
            s << ' ' << p + 1 << ':';
            if (info.player_scores[p] == search::kPlayerOut)
                s << "out";
            else
                s << info.player_scores[p];
        }
    }
    s << " nodes " << info.nodes << " nps " << info.nps << " time " << info.time_ms << " hashfull "
      << info.hashfull << " pv";
    for (Move m : info.pv) s << ' ' << write_move(v, m);
    return s.str();
}

}  // namespace seireigi::cli
