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

// Engines are not asked about an impasse: it is accepted exactly when it does not lose
// (ThreadedSeat's rule). The engine thinks on the seat's worker thread.
class UsiSeat : public ThreadedSeat {
  public:
    explicit UsiSeat(UsiClientConfig config);
    ~UsiSeat() override { finish(); }
    std::string spec() const override { return "usi:" + command_; }

    // Why the last choice resigned when the engine did not: an illegal or unreadable move, a
    // crash or a timeout; empty if the engine itself resigned or played.
    std::string failure() const override { return failure_; }
    // An illegal move or a win claim counts against the engine; a crash or silence does not.
    bool failure_counts() const override;
    // The engine's own words and last score, for the record.
    const UsiAnswer& last_answer() const { return last_; }
    UsiClient& client() { return client_; }

  protected:
    SeatAction choose(const Game& game, const MoveBudget& budget) override;

  private:
    std::string command_;
    UsiClient client_;
    std::string failure_;
    UsiAnswer last_;
    std::string last_start_;
    std::vector<std::string> last_moves_;
};

// Reads "usi:COMMAND" with options "NAME=VALUE" (given apart, one per --option); the Diagnostic
// says what is wrong.
std::variant<std::unique_ptr<UsiSeat>, Diagnostic> make_usi_seat(
    std::string_view spec, const std::vector<std::string>& options);

}  // namespace seireigi
