// The games of a study read back from the folders `seireigi study` saved them in (one run, or
// the shards of one run: `--merge`), in the order of their numbers, each replayed under the rules.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "game/game.h"
#include "referee/saved_game.h"
#include "rules/variant.h"

namespace seireigi {

struct StudyGame {
    int number = 0;
    Game game;                 // as it ended (unfinished: the referee ended it at the move limit)
    std::string adjudication;  // the referee's decision, "" when the rules ended it
};

struct StudyGames {
    std::shared_ptr<const Variant> variant;
    std::string variant_name;  // as the records name it
    std::vector<StudyGame> games;
    std::vector<std::string> skipped;  // "FILE: why", for records that are no finished game
};

// Every game-*.txt record in the folders (a folder that does not exist holds none). Throws
// MatchError for a record that cannot be read, for records of two variants, and for a game
// number found twice (two folders of one shard, or of two studies).
StudyGames read_study_games(const std::vector<std::string>& folders,
                            const VariantByName& variant_named);

}  // namespace seireigi
