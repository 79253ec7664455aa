// ThreadedSeat: a seat that thinks by a blocking call, run on a worker thread of its own so that
// the Match and the front ends never wait for it. An engine seat implements choose() (and
// on_stop(), which forwards to the engine's thread-safe stop); everything asynchronous is here.
#pragma once

#include <atomic>
#include <mutex>
#include <thread>

#include "seats/seat.h"

namespace seireigi {

class ThreadedSeat : public Seat {
  public:
    ~ThreadedSeat() override;

    void start_thinking(std::shared_ptr<const Game> game, MoveBudget budget, Reply reply) final;
    SeatAction choose_now(const Game& game, const MoveBudget& budget) final;
    void consider_impasse(std::shared_ptr<const Game> game, Player self, Player declarer,
                          Reply reply) final;
    void stop() final;

  protected:
    // The action of the player to move in `game`, on the worker thread. It must return soon
    // (well within 100 ms) once stop_requested() is true or on_stop() was called.
    virtual SeatAction choose(const Game& game, const MoveBudget& budget) = 0;
    // Whether `self` accepts the impasse; by default exactly when `self` would not lose by it.
    virtual bool accept_impasse(const Game& game, Player self, Player declarer);
    // Called on the thread that calls stop(), while choose() may be running: interrupt it.
    virtual void on_stop() {}
    bool stop_requested() const { return stop_.load(std::memory_order_relaxed); }
    // Stops and waits for the worker. A derived class calls it in its destructor, so that the
    // worker never runs choose() on a half-destroyed seat.
    void finish();

  private:
    void launch(std::function<SeatAction()> work, Reply reply);

    std::mutex mutex_;  // guards worker_
    std::thread worker_;
    std::atomic<bool> stop_{false};
};

}  // namespace seireigi
