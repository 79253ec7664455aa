// UsiSeat: a seat played by an external USI engine ("usi:COMMAND"). Every move the engine
// answers is read by our rules; a move they reject, a crash or silence past its time ends the
// engine's game as a loss (the seat resigns), and failure() says why for the record. A crashed
// or silent engine is started again for the next game.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "seats/threaded_seat.h"
#include "seats/usi_client.h"

namespace seireigi {

struct UsiSeatTime {
    int movetime_ms = 0;  // fixed time per move (the default: 1 s if nothing else is given)
    int byoyomi_ms = 0;
    // Clocks, kept by the caller (the referee) and handed over before each move.
    int my_time_ms = -1;
    int their_time_ms = -1;
    int increment_ms = 0;
    int nodes = 0;
    int depth = 0;
};

// Engines are not asked about an impasse: it is accepted exactly when it does not lose
// (ThreadedSeat's rule). The engine thinks on the seat's worker thread.
class UsiSeat : public ThreadedSeat {
  public:
    UsiSeat(UsiClientConfig config, UsiSeatTime time);
    ~UsiSeat() override { finish(); }
    std::string spec() const override { return "usi:" + command_; }
    // Also callable directly (a referee that keeps the clocks): the Match's budget applies when
    // the seat's own time settings give none.
    SeatAction choose(const Game& game, TimeBudget budget = {}) override;

    // The clocks for the next move (a referee with time + increment sets them before choose).
    void set_time(const UsiSeatTime& time) { time_ = time; }
    // Why the last choose() resigned when the engine did not: an illegal or unreadable move, a
    // crash or a timeout; empty if the engine itself resigned or played.
    const std::string& failure() const { return failure_; }
    // The engine's own words and last score, for the record.
    const UsiAnswer& last_answer() const { return last_; }
    UsiClient& client() { return client_; }

  private:
    std::string command_;
    UsiClient client_;
    UsiSeatTime time_;
    std::string failure_;
    UsiAnswer last_;
    std::string last_start_;
    std::vector<std::string> last_moves_;
};

// Reads "usi:COMMAND" with options "NAME=VALUE" (given apart, one per --option); the Diagnostic
// says what is wrong.
std::variant<std::unique_ptr<UsiSeat>, Diagnostic> make_usi_seat(
    std::string_view spec, const std::vector<std::string>& options, const UsiSeatTime& time);

}  // namespace seireigi
