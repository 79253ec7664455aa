// The search for three and four players (docs/rules.md §D), over the generic position, whose
// do_move applies the whole turn procedure: mates of every checked player, the after-loss
// procedure (the hand to the mating player, the loser's pieces neutral), cascades, the checked
// player moving next, stalemate skips. So the player to move is always read from the position
// after a move, never computed as "the next seat".
//
// Two algorithms, both scoring every node from the root player's view (its score minus the best
// other active player's, multi_player_evaluation.h), the root maximising:
//  * paranoid: every other player minimises the root's value, each at his own ply (the
//    coalition of all against the root), plain alpha-beta over the real turn order;
//  * Best-Reply Search+ (Esser et al. 2013): between two moves of the root, only one opponent
//    deviates (all his moves are tried) while every other opponent who moves in that round
//    plays his first-ordered move (the hash move, else the best capture or promotion that does
//    not lose the exchange, else the best quiet move by history) -- never a pass, which could
//    leave a checked King in check. Without the exchange test the modelled opponents hand
//    pieces over, and the root's score swings by several pawns from one depth to the next. The
//    opponents' round counts as one layer of depth, so the root sees further than paranoid does.
// Leaves are searched on by a quiescence over the captures and promotions that do not lose the
// exchange (position/static_exchange.h; every move when the player to move is in check). The root
// losing its King scores as being mated; being the last player left as mating; a position seen
// before (in the tree or the game) as a draw.
//
// Iterative deepening, a transposition table keyed by the position's key (board, every hand,
// the players in the game, the player to move) and the root player and the node's kind, killer
// moves and a history table; time and node limits, stop() from another thread.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "position/generic_position.h"
#include "search/engine.h"
#include "search/history_table.h"
#include "search/killer_moves.h"
#include "search/multi_player_evaluation.h"
#include "search/ordered_moves.h"
#include "search/pv_table.h"
#include "search/score.h"
#include "search/search_control.h"
#include "search/transposition_table.h"

namespace seireigi::search {

class MultiPlayerSearcher {
  public:
    MultiPlayerSearcher(const Variant& v, int hash_mb);

    void set_algorithm(MultiPlayerAlgorithm a) { algorithm_ = a; }
    void set_skill(int level, std::uint64_t seed);
    void resize_hash(int mb) { tt_.resize(mb); }
    void clear();
    void stop() { control_.stop.store(true, std::memory_order_relaxed); }

    // Searches `pos` for its player to move. The position's key history (set_history: the
    // game's positions before it) counts for repetitions.
    Result run(GenericPosition& pos, const Limits& limits,
               const std::function<void(const Info&)>& on_info);

  private:
    // What a node is: the root player's move, or (BRS+) an opponent's move in a round where
    // nobody has deviated yet / where one opponent already has; paranoid uses Any.
    enum class Kind : std::uint8_t { Root, Fresh, Deviated, Any };

    struct Frame {
        OrderedMoves list;
        KillerMoves killers;
    };

    int node(int alpha, int beta, int depth, int ply, Kind kind);
    // After a move at `ply`: the node that follows, by who moves now.
    int child(int alpha, int beta, int depth, int ply, Kind after);
    int quiesce(int alpha, int beta, int ply, int qdepth);
    // What node() and quiesce() do first: count the node; true, with its score, when it ends
    // here (the search stopped, or the game is over for the root).
    bool ends_on_entry(int ply, int& score);
    // The score of a finished game (the root out, the root alone, or a draw), if it is one.
    bool terminal(int ply, int& score) const;
    bool repeated() const { return repeated(*pos_); }
    static bool repeated(const GenericPosition& pos);
    int evaluate() const;
    bool maximising() const { return pos_->side_to_move() == root_; }
    void order(Frame& f, Move tt_move);
    // The move an opponent who does not deviate plays: the best of the ordering.
    Move first_ordered(Frame& f, Move tt_move);
    bool quiet(Move m) const;
    std::uint64_t tt_key(Kind kind) const;
    Info make_info(int depth, int score) const;

    const Variant& variant_;
    MultiPlayerEvaluator eval_;
    TranspositionTable tt_;
    MultiPlayerAlgorithm algorithm_ = MultiPlayerAlgorithm::BestReplyPlus;
    int max_skill_depth_ = 0;
    int noise_cp_ = 0;
    std::uint64_t seed_ = 0;
    SearchControl control_;
    GenericPosition* pos_ = nullptr;
    Player root_ = 0;
    std::array<Frame, kMaxPly + 8> frames_;
    PvTable pv_;
    HistoryTable history_;
};

}  // namespace seireigi::search
