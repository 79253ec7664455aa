// The engine as the front ends see it: a search over one variant, behind one interface whatever
// position implementation runs underneath (the fast 9x9 position for standard Seireigi, the
// generic position for every other variant). USI, XBoard, `analyse`, `match`, the engine seats
// and the web server all drive it through this header only.
//
// Thread model: search() runs on the caller's thread and returns the result; stop() may be called
// from any other thread and makes a running search return within a few milliseconds. One Engine
// runs one search at a time; give each seat its own Engine.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"
#include "position/key_history.h"
#include "position/position_state.h"
#include "rules/variant.h"
#include "search/search_limits.h"

namespace seireigi::nnue {
class Network;
}

namespace seireigi::search {

// Which position implementation runs the search.
enum class Implementation { Auto, Fast, Generic };

// The search for three or more players (docs/engine.md).
enum class MultiPlayerAlgorithm { BestReplyPlus, Paranoid };

struct Options {
    int hash_mb = 16;
    int skill = 20;  // 1 (weakest) .. 20 (full strength); see docs/engine.md
    Implementation implementation = Implementation::Auto;
    std::uint64_t seed = 0;  // the noise of low skill levels
    MultiPlayerAlgorithm multi_player = MultiPlayerAlgorithm::BestReplyPlus;
    // The evaluation network (nnue/network.h) of a two-player variant; null: the hand-written
    // evaluation (search/evaluation.h).
    std::shared_ptr<const nnue::Network> network;
    // Two players, a search with a time limit (movetime or byoyomi): the share of that time, in
    // percent, the mate solver (docs/mate.md) spends at the root first; a mate it proves is
    // played at once. 0 (the default): off, until a match at equal time says it pays.
    int mate_share_percent = 0;
};

class Engine {
  public:
    virtual ~Engine() = default;

    // An engine for `variant`, or a message saying why not (Implementation::Fast on a variant
    // the fast position refuses, or on a variant with more than two players).
    static std::unique_ptr<Engine> create(std::shared_ptr<const Variant> variant, Options options,
                                          std::string* why_not = nullptr);

    virtual const Variant& variant() const = 0;
    // "fast" or "generic".
    virtual std::string implementation_name() const = 0;
    virtual void set_options(const Options& options) = 0;
    virtual Options options() const = 0;

    // The game so far: the start position and the moves played from it (each must be legal).
    // The search treats repetitions of positions in this history as the game does.
    virtual void set_position(const PositionState& start, const std::vector<Move>& moves) = 0;
    // The game so far when its moves alone do not replay it (three or more players: a player
    // left without a move, by resignation or perpetual check): the position as it stands and the
    // keys of the game's positions up to it (Game::key_history()), whose repetitions the search
    // treats as above. Throws std::invalid_argument if the history does not end in `current`.
    virtual void set_position_with_history(const PositionState& current,
                                           const KeyHistory& history) = 0;

    // Searches the current position. `on_info` (may be empty) receives progress lines.
    virtual Result search(const Limits& limits,
                          const std::function<void(const Info&)>& on_info) = 0;
    // Thread-safe: makes a running search return its best move so far.
    virtual void stop() = 0;
    // Forget what earlier searches learnt (hash table, history): a new game.
    virtual void clear() = 0;
};

// The text of a score for people: "+1.25", "-0.40", "mate in 3", "mated in 2".
std::string describe_score(const Score& s);

}  // namespace seireigi::search
