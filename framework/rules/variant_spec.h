// VariantSpec: a variant as plain, checked data, as the YAML loader produces it.
//
// Every field has been validated by the loader (variant_loader.h); build_variant() in variant.h
// compiles it into the immutable Variant that positions use. Pieces are named by their catalogue
// id (e.g. "gold") everywhere in the spec.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"
#include "rules/betza.h"

namespace seireigi {

// What a piece IS, from a catalogue in pieces/.
struct PieceDef {
    std::string id;         // catalogue key, e.g. "gold"
    std::string name;       // "Gold General"
    std::string abbr;       // "G": letters only; one letter is written bare, more are delimited
    std::string kanji;      // one- or two-character kanji, may be empty
    std::string kanji_alt;  // the second player's kanji where it differs (王 for the King)
    std::string betza;      // the XBetza source
    betza::PieceMoves moves;
    int value = 0;  // centipawns (Pawn = 100); 0: derived from the moves (piece_values.h)
};

struct PlayerDef {
    std::string name;  // "Sente"
    Orientation orientation = Orientation::North;
};

// A piece placed in a player's own view: file number and rank letter as that player sees the
// board (its farthest rank is 'a').
struct RelativePlacement {
    std::string piece;  // catalogue id of a base type
    int file = 0;
    int rank_index = 0;  // 0 = 'a'
};

// Where a text of a variant file starts: file, line and column (1-based), so that an error at
// its n-th character can name the spot in the file.
struct TextStart {
    std::string file;
    int line = 0;
    int column = 0;
    // "file:line:column" of the n-th character (1-based) of a text written on one line.
    std::string of_character(int n) const {
        return file + ":" + std::to_string(line) + ":" + std::to_string(column + n - 1);
    }
};

struct VariantSpec {
    std::string id;  // the file's stem, e.g. "seireigi"
    std::string name;
    std::string description;
    // The evaluation network's file (`network:`), resolved next to the variant file that names
    // it: "variants/seireigi.nnue" for a built-in file, else a disk path; "" for none.
    std::string network;
    int files = 9;
    int ranks = 9;
    std::vector<PlayerDef> players;  // in turn (clockwise) order

    // Every piece the variant uses, base types and promoted faces, catalogue order kept.
    std::vector<PieceDef> pieces;
    // The base types (what can stand on the board unpromoted and sit in hand), in hand order.
    std::vector<std::string> base_types;
    std::map<std::string, std::string> promotions;  // base id -> promoted face id
    std::string royal;                              // id of the royal piece (the King)
    // The variant's own piece values (centipawns) by id, over the catalogues' `value`.
    std::map<std::string, int> piece_values;

    // Setup: either the same relative placement for every player (turned by orientation), or
    // a position text.
    std::vector<RelativePlacement> setup_relative;
    std::string setup_position;
    std::string setup_position_where;  // file:line:column of the position text, for messages
    TextStart setup_position_at;
    int starting_player = 0;

    int zone_depth = 3;

    bool drops = true;
    std::vector<std::string> one_per_file;  // nifu: at most one unpromoted per file and player
    std::vector<std::string> no_drop_mate;  // may not be dropped to give mate (uchifuzume)
    // Overrides of the derived rules, in ranks counted from the far edge (1 = the last rank).
    std::map<std::string, int> no_drop_last_ranks;
    std::map<std::string, int> must_promote_last_ranks;

    // Impasse (declaration needs agreement; scoring in the game layer).
    std::map<std::string, int> impasse_values;  // by base id; promoted pieces keep the base value
    int impasse_default_value = 1;
    int impasse_threshold = 0;  // 0 = no impasse rule

    // Turn rules for three or more players (docs/rules.md §D); two-player variants ignore them.
    enum class CheckOrder { CheckedFirst, Rotation } check_order = CheckOrder::CheckedFirst;
    enum class DropMateReading { Narrow, Broad } drop_mate_reading = DropMateReading::Narrow;
};

}  // namespace seireigi
