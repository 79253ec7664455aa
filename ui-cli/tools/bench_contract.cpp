#include "tools/bench_contract.h"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <type_traits>

#include "base/engines.h"
#include "position/position_contract.h"

namespace seireigi::cli {

namespace {

// Runs `call` until at least 50 ms have passed; nanoseconds per call.
template <class Call>
double ns_per_call(std::size_t calls_per_round, Call&& call) {
    using clock = std::chrono::steady_clock;
    const auto t0 = clock::now();
    std::size_t calls = 0;
    double elapsed = 0;
    do {
        call();
        calls += calls_per_round;
        elapsed = std::chrono::duration<double, std::nano>(clock::now() - t0).count();
    } while (elapsed < 50e6);
    return elapsed / static_cast<double>(calls);
}

// Moves legal(m) is asked about: every legal move, and as many that are not (each legal move
// sent to another square: a hash move from another position, a corrupted killer).
template <class P>
std::vector<Move> probe_moves(const P& pos, const MoveList& legal) {
    std::vector<Move> probes(legal.begin(), legal.end());
    const int squares = pos.variant().geo.squares();
    for (Move m : legal) {
        const Square to = static_cast<Square>((m.to() + 7) % squares);
        probes.push_back(m.is_drop() ? Move::drop(m.dropped(), to)
                                     : Move::board(m.from(), to, m.promotes()));
    }
    return probes;
}

// One row: the costs on one position and engine.
template <class P>
void measure_row(const std::string& name, const std::string& engine, P& pos) {
    MoveList legal;
    pos.legal_moves(legal);
    if (legal.empty()) return;
    volatile std::size_t sink = 0;  // keeps the calls from being optimized away
    const std::vector<Move> probes = probe_moves(pos, legal);
    MoveList list;
    const double generate = ns_per_call(1, [&] {
        list.clear();
        pos.legal_moves(list);
        sink = sink + list.size();
    });
    const double legal_ns = ns_per_call(probes.size(), [&] {
        for (Move m : probes) sink = sink + pos.legal(m);
    });
    const Player mover = pos.side_to_move();
    // Before: a copy, the move, and a look at every other player's King.
    const double copy_ns = ns_per_call(legal.size(), [&] {
        for (Move m : legal) {
            P copy = pos;
            copy.do_move(m);
            bool check = false;
            for (Player p = 0; p < pos.variant().num_players(); ++p)
                check = check || (p != mover && copy.in_check(p));
            sink = sink + check;
        }
    });
    const double gives_ns = ns_per_call(legal.size(), [&] {
        for (Move m : legal) sink = sink + pos.gives_check(m);
    });
    std::cout << std::left << std::setw(10) << name << std::setw(9) << engine << std::right
              << std::setw(7) << legal.size() << std::fixed << std::setprecision(0) << std::setw(13)
              << generate << std::setw(11) << legal_ns << std::setw(15) << copy_ns << std::setw(14)
              << gives_ns << "\n";
}

}  // namespace

void bench_contract(const std::shared_ptr<const Variant>& v,
                    const std::vector<ContractBenchPosition>& positions,
                    const std::vector<std::string>& engines) {
    std::cout << "contract: nanoseconds per call (legal(m) over every legal move and as many "
                 "illegal ones; gives_check(m) over every legal move)\n";
    std::cout << std::left << std::setw(10) << "position" << std::setw(9) << "engine" << std::right
              << std::setw(7) << "moves" << std::setw(13) << "generate" << std::setw(11)
              << "legal(m)" << std::setw(15) << "check: copy" << std::setw(14) << "gives_check"
              << "\n";
    for (const ContractBenchPosition& bp : positions)
        for (const std::string& engine : engines)
            with_engine(
                engine, v, bp.state,
                [&](auto& pos) {
                    if constexpr (SearchPosition<std::decay_t<decltype(pos)>>)
                        measure_row(bp.name, engine, pos);
                    else
                        std::cout << std::left << std::setw(10) << bp.name << std::setw(9) << engine
                                  << "  (no search calls: the naive reference)\n";
                },
                "--engines");
}

}  // namespace seireigi::cli
