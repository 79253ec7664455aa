// XboardSession: the engine side of CECP version 2 (XBoard/WinBoard), for the two-player
// variants XBoard can show (docs/protocols.md). `variant V` answers with the setup and piece
// lines that teach XBoard the variant; the Game keeps the moves, so the rules (repetition,
// perpetual check) end games as they do everywhere else, and every move is checked by them.
// Commands are read on the caller's thread; the engine thinks on a SearchWorker, so `?`, ping
// and the clock commands are answered while it thinks.
#pragma once

#include <atomic>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "base/line_writer.h"
#include "game/game.h"
#include "protocols/search_worker.h"
#include "rules/variant.h"
#include "rules/variant_loader.h"
#include "search/engine.h"
#include "text/xboard_notation.h"

namespace seireigi::cli {

class XboardSession {
  public:
    // `variant` is the default (after `new`); it must be one XBoard can show.
    XboardSession(std::ostream& out, DataSource source, std::shared_ptr<const Variant> variant);
    ~XboardSession();

    void run(std::istream& in);
    // Handles one line; false after `quit`.
    bool handle(const std::string& line);

  private:
    enum class Search { None, Move, Analysis };

    bool handle_locked(const std::vector<std::string>& words, const std::string& line);
    void send_features();
    bool set_variant(const std::shared_ptr<const Variant>& v, std::string* why);
    void new_game(const PositionState& start);
    void user_move(const std::string& text);
    void report_result_if_over();
    void maybe_start_thinking();
    void start_search(Search kind);
    // Stops a running search; with `keep_move` a thinking engine still plays what it found.
    void stop_search(bool keep_move);
    search::Limits move_limits() const;
    bool ensure_engine();
    std::string thinking_line(const search::Info& info) const;
    void error(const std::string& command, const std::string& why);

    LineWriter out_;
    DataSource source_;
    std::vector<std::string> variant_ids_;  // the variants XBoard can show
    std::shared_ptr<const Variant> default_variant_;
    std::shared_ptr<const Variant> variant_;
    std::optional<XboardNotation> notation_;
    std::unique_ptr<Game> game_;

    bool force_ = false;
    Player engine_side_ = 1;  // after `new` the engine plays Gote (XBoard's Black)
    bool analyzing_ = false;
    bool post_ = false;
    // Time: until one of these arrives, at most 1 s per move.
    bool time_control_known_ = false;
    int moves_per_session_ = 0;
    int base_ms_ = 0;
    int increment_ms_ = 0;
    int seconds_per_move_ = 0;
    int depth_limit_ = 0;
    int engine_clock_ms_ = -1;
    int hash_mb_ = 16;

    std::unique_ptr<search::Engine> engine_;
    SearchWorker worker_;
    Search searching_ = Search::None;
    std::atomic<bool> discard_{false};
    std::mutex state_;  // the game and the search kind, shared with the search thread
};

}  // namespace seireigi::cli
