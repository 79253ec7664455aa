// UsiSession: the engine side of the USI protocol (docs/protocols.md), for every two-player
// variant. It follows Fairy-Stockfish's conventions so tools that drive it can drive us:
// USI_Variant picks a built-in variant, VariantPath loads a variant file, position text and
// move text are the project's notation (SFEN and USI moves on 9x9, their generalisations on
// other boards). Commands are read on the caller's thread; searches run on a SearchWorker, so
// stop, ponderhit, isready and quit are answered while the engine thinks. A line that cannot be
// read is answered with "info string error: ..." and changes nothing.
#pragma once

#include <atomic>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "base/line_writer.h"
#include "nnue/network.h"
#include "position/position_state.h"
#include "protocols/search_worker.h"
#include "rules/variant.h"
#include "rules/variant_loader.h"
#include "search/engine.h"

namespace seireigi::cli {

class UsiSession {
  public:
    UsiSession(std::ostream& out, DataSource source, std::shared_ptr<const Variant> variant);
    ~UsiSession();

    // Reads commands until `quit` or the end of input.
    void run(std::istream& in);
    // Handles one line; false after `quit`.
    bool handle(const std::string& line);

  private:
    void cmd_usi();
    void cmd_setoption(const std::vector<std::string>& words);
    void cmd_position(const std::vector<std::string>& words);
    void cmd_go(const std::vector<std::string>& words);
    // `go mate`: the mate solver on the worker, answering `checkmate ...` (0 ms: no limit).
    void go_mate(int movetime_ms);
    void stop_search();
    void error(const std::string& why);

    void select_variant(std::shared_ptr<const Variant> variant);
    bool ensure_engine();
    search::Options engine_options() const;
    // Loads the network that Use_NNUE and EvalFile name for the variant (none: classical).
    void load_network();

    LineWriter out_;
    DataSource source_;
    std::vector<std::string> variant_ids_;
    std::shared_ptr<const Variant> variant_;
    std::string variant_path_;
    PositionState start_;
    std::vector<Move> moves_;
    // Why only go mate may run on the position (the side to move has no King: a mating
    // problem); empty for a position of a game.
    std::string mate_only_;
    // Why there is no position to solve (the last position command was refused); empty if none.
    std::string refused_;

    int hash_mb_ = 16;
    bool ponder_ = false;
    int multipv_ = 1;
    int skill_ = 20;
    int mate_share_ = 0;          // search::Options::mate_share_percent
    bool mate_shortest_ = false;  // go mate proves its mate shortest, however long that takes
    bool use_nnue_ = true;        // the variant's network when its file names one
    std::string eval_file_;       // "": the variant's own network
    std::shared_ptr<const nnue::Network> network_;

    std::unique_ptr<search::Engine> engine_;
    SearchWorker worker_;
    std::atomic<bool> ponderhit_{false};
    std::atomic<bool> mate_stop_{false};
};

}  // namespace seireigi::cli
