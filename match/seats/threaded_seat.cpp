#include "seats/threaded_seat.h"

#include <exception>

namespace seireigi {

ThreadedSeat::~ThreadedSeat() {
    finish();
}

void ThreadedSeat::finish() {
    stop();
    std::lock_guard lock(mutex_);
    if (worker_.joinable()) worker_.join();
}

void ThreadedSeat::stop() {
    stop_.store(true, std::memory_order_relaxed);
    on_stop();
}

void ThreadedSeat::launch(std::function<SeatAction()> work, Reply reply) {
    std::lock_guard lock(mutex_);
    // The previous request has replied already (the Match asks one thing at a time), or was
    // stopped; its thread ends at once.
    if (worker_.joinable()) worker_.join();
    stop_.store(false, std::memory_order_relaxed);
    worker_ = std::thread([work = std::move(work), reply = std::move(reply)] {
        // A seat that fails (an engine's exception) leaves the game, saved, instead of ending
        // the program: the front end (a server with other games to come) lives on.
        SeatAction action = SeatAction::of(SeatAction::Kind::Quit);
        try {
            action = work();
        } catch (const std::exception&) {
        }
        reply(action);
    });
}

void ThreadedSeat::start_thinking(std::shared_ptr<const Game> game, MoveBudget budget,
                                  Reply reply) {
    launch([this, game, budget] { return choose(*game, budget); }, std::move(reply));
}

SeatAction ThreadedSeat::choose_now(const Game& game, const MoveBudget& budget) {
    std::lock_guard lock(mutex_);
    if (worker_.joinable()) worker_.join();
    stop_.store(false, std::memory_order_relaxed);
    try {
        return choose(game, budget);
    } catch (const std::exception&) {
        return SeatAction::of(SeatAction::Kind::Quit);  // as launch(): the seat leaves the game
    }
}

void ThreadedSeat::consider_impasse(std::shared_ptr<const Game> game, Player self, Player declarer,
                                    Reply reply) {
    launch(
        [this, game, self, declarer] {
            return SeatAction::of(accept_impasse(*game, self, declarer)
                                      ? SeatAction::Kind::AcceptImpasse
                                      : SeatAction::Kind::DeclineImpasse);
        },
        std::move(reply));
}

bool ThreadedSeat::accept_impasse(const Game& game, Player self, Player) {
    return game.impasse_scores()[self] >= game.variant().impasse_threshold;
}

}  // namespace seireigi
