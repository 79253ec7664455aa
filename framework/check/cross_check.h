// Cross-check: two Position contract implementations (or one engine on two variant files) side
// by side, legal move list by legal move list (docs/architecture.md: "cross-check is a product
// feature and a test").
//
// Random games: seeded, the same on every platform (moves picked with rng() % n from the sorted
// list). At every position the sorted legal move lists are compared, and, for two engines on one
// variant, the Zobrist keys (every engine must compute the generic engine's key). On the first
// difference the report holds the position, the moves only one side has, and the shortest line of
// moves from the game's start along which the two perft-divide trees part (searched by iterative
// deepening within a node budget; the game's own line when the budget runs out).
//
// Two variants: moves are compared as values after mapping B's drop types to A's by catalogue id
// (type indices depend on catalogue order), and the position texts replace the keys.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "position/position_contract.h"
#include "position/position_state.h"
#include "rules/variant.h"
#include "text/notation.h"

namespace seireigi {

struct CrossCheckOptions {
    std::uint64_t seed = 1;
    int games = 100;
    int plies = 200;                      // at most this many moves per game
    int line_max_depth = 6;               // iterative deepening bound for the shortest line
    std::uint64_t line_budget = 100'000;  // positions visited by that search
    // Called after each game (random games) or each start position (done, of total), for
    // progress reports; may be empty.
    std::function<void(int done, int total)> on_game_done;
};

struct CrossCheckDifference {
    std::string position;  // position text (A's variant)
    std::vector<std::string> only_a, only_b;
    std::string key_a, key_b;       // set when the keys (or position texts) differ
    std::vector<std::string> line;  // moves from the start position to `position`
    bool line_is_shortest = false;  // found by the search (else: the game's moves)
    // For each prefix of `line`: perft of the remaining depth + 1, by A and by B (where known).
    std::vector<std::pair<std::string, std::string>> line_counts;
    std::string start;  // position text the line starts from
};

struct CrossCheckReport {
    std::uint64_t positions = 0;  // positions compared
    std::uint64_t games = 0;
    std::optional<CrossCheckDifference> difference;
};

template <PositionContract A, PositionContract B>
class CrossCheck {
  public:
    CrossCheck(std::shared_ptr<const Variant> va, std::shared_ptr<const Variant> vb,
               CrossCheckOptions opt = {})
        : va_(std::move(va)), vb_(std::move(vb)), opt_(opt), same_variant_(va_ == vb_) {
        b_to_a_.assign(128, 127);
        for (PieceType tb = 0; tb < static_cast<PieceType>(vb_->types.size()); ++tb) {
            const PieceType ta = va_->find_type(vb_->types[tb].id);
            if (ta != kNoType) b_to_a_[tb] = ta;
        }
    }

    // Random games from `start_a` (read in A's variant) and `start_b` (in B's).
    CrossCheckReport random_games(const PositionState& start_a, const PositionState& start_b) {
        CrossCheckReport report;
        std::mt19937_64 rng(opt_.seed);
        for (int g = 0; g < opt_.games && !report.difference; ++g) {
            ++report.games;
            A a(va_, start_a);
            B b(vb_, start_b);
            std::vector<Move> line_a, line_b;
            for (int ply = 0;; ++ply) {
                Lists l = lists(a, b);
                ++report.positions;
                if (auto d = difference_at(a, b, l)) {
                    d->start = write_position(*va_, start_a);
                    shorten(*d, start_a, start_b, line_a);
                    report.difference = std::move(d);
                    break;
                }
                if (ply == opt_.plies || l.a.empty()) break;
                const std::size_t i = rng() % l.a.size();
                a.do_move(l.a[i]);
                b.do_move(l.b_raw[i]);
                line_a.push_back(l.a[i]);
                line_b.push_back(l.b_raw[i]);
            }
            if (opt_.on_game_done) opt_.on_game_done(g + 1, opt_.games);
        }
        return report;
    }

    // Every position of the tree of the given depth below each start (depth 1: the start only).
    CrossCheckReport positions(const std::vector<std::pair<PositionState, PositionState>>& starts,
                               int depth) {
        CrossCheckReport report;
        for (const auto& [sa, sb] : starts) {
            A a(va_, sa);
            B b(vb_, sb);
            std::vector<Move> line;
            std::uint64_t budget = ~0ull;
            ++report.games;
            if (auto d = search(a, b, depth, line, budget, &report.positions)) {
                d->start = write_position(*va_, sa);
                d->line_is_shortest = true;
                fill_counts(*d, sa, sb, line);
                d->line = texts(line);
                report.difference = std::move(d);
                return report;
            }
            if (opt_.on_game_done) opt_.on_game_done(report.games, static_cast<int>(starts.size()));
        }
        return report;
    }

    // The report as text for people.
    std::string describe(const CrossCheckReport& r) const {
        std::ostringstream out;
        out << "positions " << r.positions << "\ngames " << r.games << "\n";
        if (!r.difference) {
            out << "no difference\n";
            return out.str();
        }
        const CrossCheckDifference& d = *r.difference;
        out << "DIFFERENCE at position " << d.position << "\n";
        auto list = [&](const char* who, const std::vector<std::string>& v) {
            out << "  moves only " << who << " has (" << v.size() << "):";
            for (const auto& m : v) out << " " << m;
            out << "\n";
        };
        list("A", d.only_a);
        list("B", d.only_b);
        if (!d.key_a.empty()) out << "  A: " << d.key_a << "\n  B: " << d.key_b << "\n";
        out << "  line from " << d.start << " ("
            << (d.line_is_shortest ? "shortest perft-divide line" : "the random game's moves")
            << ", " << d.line.size() << " plies):";
        for (const auto& m : d.line) out << " " << m;
        out << "\n";
        if (!d.line_counts.empty()) {
            out << "  perft along the line (A / B):\n";
            for (std::size_t i = 0; i < d.line_counts.size(); ++i) {
                if (d.line_counts[i].first == "?") continue;  // too deep to count
                out << "    ";
                if (i == 0)
                    out << "(start)";
                else
                    out << "after " << d.line[i - 1];
                out << ": " << d.line_counts[i].first << " / " << d.line_counts[i].second << "\n";
            }
        }
        return out.str();
    }

  private:
    struct Lists {
        std::vector<Move> a;      // sorted
        std::vector<Move> b;      // B's moves in A's values, sorted like b_raw
        std::vector<Move> b_raw;  // B's own values, in the order of a where the lists agree
    };

    Move to_a(Move m) const { return m.is_drop() ? Move::drop(b_to_a_[m.dropped()], m.to()) : m; }

    Lists lists(const A& a, const B& b) const {
        Lists l;
        a.legal_moves(l.a);
        b.legal_moves(l.b_raw);
        std::sort(l.a.begin(), l.a.end());
        std::vector<std::pair<Move, Move>> pb;
        pb.reserve(l.b_raw.size());
        for (Move m : l.b_raw) pb.emplace_back(to_a(m), m);
        std::sort(pb.begin(), pb.end(), [](auto& x, auto& y) { return x.first < y.first; });
        l.b.clear();
        l.b_raw.clear();
        for (auto& [ma, mb] : pb) {
            l.b.push_back(ma);
            l.b_raw.push_back(mb);
        }
        return l;
    }

    std::optional<CrossCheckDifference> difference_at(const A& a, const B& b,
                                                      const Lists& l) const {
        std::optional<CrossCheckDifference> d;
        if (l.a != l.b) {
            d.emplace();
            std::vector<Move> oa, ob;
            std::set_difference(l.a.begin(), l.a.end(), l.b.begin(), l.b.end(),
                                std::back_inserter(oa));
            std::set_difference(l.b.begin(), l.b.end(), l.a.begin(), l.a.end(),
                                std::back_inserter(ob));
            for (Move m : oa) d->only_a.push_back(write_move(*va_, m));
            for (Move m : ob) {
                // Name it in B's variant (A may not know the dropped type).
                auto it = std::find(l.b.begin(), l.b.end(), m);
                d->only_b.push_back(write_move(*vb_, l.b_raw[it - l.b.begin()]));
            }
        }
        if (same_variant_) {
            if (a.key() != b.key()) {
                if (!d) d.emplace();
                d->key_a = "key " + std::to_string(a.key());
                d->key_b = "key " + std::to_string(b.key());
            }
        } else {
            const std::string pa = write_position(*va_, a.state());
            const std::string pb = write_position(*vb_, b.state());
            if (pa != pb) {
                if (!d) d.emplace();
                d->key_a = "position " + pa;
                d->key_b = "position " + pb;
            }
        }
        if (d) d->position = write_position(*va_, a.state());
        return d;
    }

    // Depth-first search of the trees of `depth` plies for a position where the engines differ;
    // `line` holds the moves to it (in A's values). Stops when the budget runs out.
    std::optional<CrossCheckDifference> search(A& a, B& b, int depth, std::vector<Move>& line,
                                               std::uint64_t& budget, std::uint64_t* counted) {
        if (budget == 0) return std::nullopt;
        --budget;
        if (counted) ++*counted;
        Lists l = lists(a, b);
        if (auto d = difference_at(a, b, l)) return d;
        if (depth <= 1) return std::nullopt;
        for (std::size_t i = 0; i < l.a.size(); ++i) {
            a.do_move(l.a[i]);
            b.do_move(l.b_raw[i]);
            line.push_back(l.a[i]);
            auto d = search(a, b, depth - 1, line, budget, counted);
            a.undo_move();
            b.undo_move();
            if (d) return d;
            line.pop_back();
            if (budget == 0) return std::nullopt;
        }
        return std::nullopt;
    }

    // Replaces the game's line by the shortest one the search finds within the budget.
    void shorten(CrossCheckDifference& d, const PositionState& sa, const PositionState& sb,
                 const std::vector<Move>& game_line) {
        std::uint64_t budget = opt_.line_budget;
        const int game_plies = static_cast<int>(game_line.size());
        for (int depth = 1; depth <= std::min(opt_.line_max_depth, game_plies); ++depth) {
            A a(va_, sa);
            B b(vb_, sb);
            std::vector<Move> line;
            if (auto found = search(a, b, depth, line, budget, nullptr)) {
                found->start = d.start;
                found->line_is_shortest = true;
                fill_counts(*found, sa, sb, line);
                found->line = texts(line);
                d = std::move(*found);
                return;
            }
            if (budget == 0) break;
        }
        // Nothing shorter: the game's line is the shortest if the search covered every depth.
        d.line_is_shortest = budget > 0 && game_plies < opt_.line_max_depth + 1;
        fill_counts(d, sa, sb, game_line);
        d.line = texts(game_line);
    }

    // perft(n - i) by both sides after the first i moves of the line, where it is cheap.
    void fill_counts(CrossCheckDifference& d, const PositionState& sa, const PositionState& sb,
                     const std::vector<Move>& line) {
        A a(va_, sa);
        B b(vb_, sb);
        std::vector<Move> line_b;
        const int n = static_cast<int>(line.size());
        d.line_counts.clear();
        for (int i = 0; i <= n; ++i) {
            if (n - i + 1 <= 3) {
                d.line_counts.emplace_back(std::to_string(count(a, n - i + 1)),
                                           std::to_string(count(b, n - i + 1)));
            } else {
                d.line_counts.emplace_back("?", "?");
            }
            if (i == n) break;
            // Play the same move on both: B's value of A's move.
            MoveList lb;
            b.legal_moves(lb);
            Move mb = line[i];
            for (Move m : lb)
                if (to_a(m) == line[i]) mb = m;
            a.do_move(line[i]);
            b.do_move(mb);
        }
    }

    template <class P>
    static std::uint64_t count(P& pos, int depth) {
        MoveList list;
        pos.legal_moves(list);
        if (depth <= 1) return list.size();
        std::uint64_t total = 0;
        for (Move m : list) {
            pos.do_move(m);
            total += count(pos, depth - 1);
            pos.undo_move();
        }
        return total;
    }

    std::vector<std::string> texts(const std::vector<Move>& moves) const {
        std::vector<std::string> out;
        for (Move m : moves) out.push_back(write_move(*va_, m));
        return out;
    }

    std::shared_ptr<const Variant> va_, vb_;
    CrossCheckOptions opt_;
    bool same_variant_;
    std::vector<PieceType> b_to_a_;
};

}  // namespace seireigi
