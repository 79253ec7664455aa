// KeyHistory: the Zobrist keys of the positions of a game or a line of play, each with who moved
// into it and whether that move gave check. It holds the one implementation of the repetition
// query, which the Game's fourfold-repetition and perpetual-check rules (game/game.h) and a search
// both use. The positions keep one (GenericPosition, FastPosition: key_history()), which a search
// seeds with the game's history before its root (set_history).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/types.h"
#include "position/position_state.h"

namespace seireigi {

// What the repetition query found about the current key.
struct Repetition {
    int occurrences = 0;  // at plies >= the query's `since`, the current position included
    int first_ply = -1;   // the earliest of them
    // Per player, over the moves after first_ply up to now: whether the player moved, and
    // whether every move it made there gave check.
    std::array<bool, kMaxPlayers> moved{};
    std::array<bool, kMaxPlayers> checked_every_move{};

    // The players who moved in the span and gave check with every move of theirs there.
    PlayerList perpetual_checkers() const {
        PlayerList out;
        for (Player p = 0; p < kMaxPlayers; ++p)
            if (moved[static_cast<std::size_t>(p)] &&
                checked_every_move[static_cast<std::size_t>(p)])
                out.push(p);
        return out;
    }
};

class KeyHistory {
  public:
    KeyHistory() = default;
    explicit KeyHistory(std::uint64_t start_key) { push(start_key, -1, false); }

    // The position after one more ply: its key, who moved into it (-1: nobody, as after a null
    // move or at the start) and whether that move left another player in check.
    void push(std::uint64_t key, Player mover, bool gave_check) {
        entries_.push_back({key, static_cast<std::int8_t>(mover), gave_check});
    }
    void pop() { entries_.pop_back(); }
    // The current position changed without a move (a player left the game): a new key.
    void replace_last_key(std::uint64_t key) { entries_.back().key = key; }
    void reserve(std::size_t n) { entries_.reserve(n); }

    // The ply of the current position (0: the first entry).
    int ply() const { return static_cast<int>(entries_.size()) - 1; }
    std::uint64_t key(int ply) const { return entries_[static_cast<std::size_t>(ply)].key; }
    Player mover(int ply) const { return entries_[static_cast<std::size_t>(ply)].mover; }
    bool gave_check(int ply) const { return entries_[static_cast<std::size_t>(ply)].gave_check; }

    // How often the current key occurred at plies >= since_ply (the current one included), and
    // per player whether every move it made after the earliest of them gave check.
    Repetition repetition(int since_ply) const;

  private:
    struct Entry {
        std::uint64_t key;
        std::int8_t mover;
        bool gave_check;
    };
    std::vector<Entry> entries_;
};

}  // namespace seireigi
