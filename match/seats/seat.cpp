#include "seats/seat.h"

#include <future>

namespace seireigi {

SeatAction Seat::choose_now(const Game& game, const MoveBudget& budget) {
    auto answer = std::make_shared<std::promise<SeatAction>>();
    std::future<SeatAction> reply = answer->get_future();
    start_thinking(std::make_shared<const Game>(game), budget,
                   [answer](SeatAction a) { answer->set_value(a); });
    return reply.get();
}

}  // namespace seireigi
