// Training data: positions from self-play games with the search's score and the game's result,
// in a compact, versioned binary format (docs/training.md):
//
//   file   = "SEIRDATA" u32 version u64 fingerprint   then game blocks
//   game   = "GAME" u32 game-index u32 count u32 bytes   then `count` positions (`bytes` in all)
//   position = u8 to_move i16 score i8 result u16 ply   occupancy bitmap (squares/8 rounded up)
//              u8 per occupied square in square order (bit 7 promoted, bit 6 owner, bits 0-5 the
//              base type)   u8 per player per hand type (variant.hand_types order)
//
// Little-endian. score: centipawns of the search for the player to move (mates clipped to
// +-kScoreLimit); result: +1 the player to move won the game, 0 a draw, -1 it lost. A game block
// is written whole, so a file cut at any moment loses at most its last, partial block, which
// readers drop and writers cut off before appending.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/types.h"
#include "position/position_state.h"
#include "rules/variant.h"

namespace seireigi::nnue {

inline constexpr std::uint32_t kDataVersion = 1;
inline constexpr int kScoreLimit = 10000;

struct TrainingPosition {
    PositionState state;
    int score = 0;   // centipawns for state.to_move
    int result = 0;  // +1, 0, -1 for state.to_move
    int ply = 0;
};

struct TrainingGame {
    std::uint32_t index = 0;  // the game's number in its run (decides its opening)
    std::vector<TrainingPosition> positions;
};

// Appends whole games to a data file; a file left cut short by a kill is mended first.
class DataWriter {
  public:
    // Opens (creates) `path` for `variant`; throws std::runtime_error with the reason when it
    // cannot, or when the file holds another variant's data.
    DataWriter(const std::filesystem::path& path, const Variant& variant);
    ~DataWriter();
    DataWriter(const DataWriter&) = delete;
    DataWriter& operator=(const DataWriter&) = delete;
    // The indices of the games the file holds whole.
    const std::set<std::uint32_t>& games() const { return games_; }
    // Writes the game and flushes it to disk; throws std::runtime_error on a write error.
    void append(const TrainingGame& game);

  private:
    const Variant& variant_;
    std::filesystem::path path_;
    int fd_ = -1;
    std::set<std::uint32_t> games_;
};

// Every whole game of a data file, in file order; a message in `error` (and nothing) when the
// file is not data for `variant`.
std::vector<TrainingGame> read_data_file(const std::filesystem::path& path, const Variant& variant,
                                         std::string* error);

// The data files of a folder (*.data), sorted by name.
std::vector<std::filesystem::path> data_files(const std::filesystem::path& folder);

}  // namespace seireigi::nnue
