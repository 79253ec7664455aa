// UsiClient: drives an external USI engine (Fairy-Stockfish, another build of ours, any USI
// program) as a separate process. It knows the protocol, not the rules: positions and moves
// are the text the caller gives and gets, so the caller (a seat, the match referee) checks
// every move by our rules.
//
// An engine that crashes, closes its output or stays silent past its time is reported as
// such, killed, and started again (with the same options) on the next request.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "seats/child_process.h"

namespace seireigi {

struct UsiClientConfig {
    std::string command;  // run with /bin/sh
    // setoption NAME value VALUE, in order, after `usi` (e.g. VariantPath, then USI_Variant).
    std::vector<std::pair<std::string, std::string>> options;
    int handshake_timeout_ms = 10'000;  // usi -> usiok, isready -> readyok
};

// How long the engine may think, as the `go` line says it.
struct UsiGo {
    int btime_ms = -1;  // -1: no clocks
    int wtime_ms = -1;
    int binc_ms = 0;
    int winc_ms = 0;
    int byoyomi_ms = 0;
    int movetime_ms = 0;
    int depth = 0;
    long long nodes = 0;
    // How long to wait for bestmove beyond the time the engine was given.
    int grace_ms = 2'000;
};

struct UsiAnswer {
    enum class Status { Move, Resign, Win, Timeout, Crashed, Failed };
    Status status = Status::Failed;
    std::string move;               // for Move
    std::string ponder;             // may be empty
    std::string detail;             // what went wrong, or the last score seen ("cp 35", "mate 5")
    std::vector<std::string> info;  // the `info string` lines, for the record
};

class UsiClient {
  public:
    explicit UsiClient(UsiClientConfig config) : config_(std::move(config)) {}
    ~UsiClient() { quit(); }

    // Starts the engine if it is not running: usi/usiok, the options, isready/readyok. False
    // with `error` set if it does not come up.
    bool ensure_started(std::string& error);
    // The engine's `id name`, once started.
    const std::string& name() const { return name_; }
    // usinewgame (starting the engine if needed).
    bool new_game(std::string& error);
    // position POSITION [moves MOVES...], go ...; waits for bestmove.
    UsiAnswer think(const std::string& position_text, const std::vector<std::string>& moves,
                    const UsiGo& go);
    // gameover RESULT (win/lose/draw); harmless for engines that do not know it.
    void game_over(const std::string& result);
    void quit();
    int restarts() const { return restarts_; }

  private:
    // Reads until a line starting with `prefix`; false on timeout or exit (`error` says which).
    bool expect(const std::string& prefix, int timeout_ms, std::string& error);

    UsiClientConfig config_;
    ChildProcess process_;
    std::string name_;
    int restarts_ = 0;
    bool started_once_ = false;
};

}  // namespace seireigi
