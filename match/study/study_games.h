// The self-play games of `seireigi study`: the engine plays itself from varied openings (random
// plies seeded by the game's number, or the lines of an openings file), on the one refereed
// runner (referee/series.h for two players, referee/multi_player_series.h for three and four),
// so that games run several at a time, shard by number and resume from their records. Game
// number g is decided by g alone at a node limit: shards together are one run.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "position/position_state.h"
#include "referee/openings.h"
#include "referee/shard.h"
#include "rules/variant.h"

namespace seireigi {

struct StudyPlaySettings {
    int games = 0;
    std::uint64_t nodes = 0;  // per move; 0: movetime_ms
    int movetime_ms = 0;
    int max_moves = 400;  // plies, the opening included; 0: none
    int opening_plies = 4;
    std::vector<Opening> openings;  // from a file: game g (from 1) plays openings[(g-1) % size]
    std::string out;                // the records' folder
    std::string variant_name;       // as the records name the variant
    int concurrency = 1;
    Shard shard;  // two players or more: every N-th game
};

// One finished game, for progress.
struct StudyGameDone {
    int number = 0;
    int plies = 0;
    std::string result;  // in words
    bool from_record = false;
};

// The engine's player name in the records ("engine": full strength).
inline constexpr const char* kStudyPlayer = "engine";

// How many games of `settings.games` this shard plays.
int study_games_in_shard(const StudyPlaySettings& settings);

// Plays (or finds saved) every game of the shard; `on_game` sees each as it ends, one call at a
// time. Throws MatchError for a folder that cannot be written or holds another run's games.
void play_study_games(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                      const StudyPlaySettings& settings,
                      const std::function<void(const StudyGameDone&)>& on_game);

}  // namespace seireigi
