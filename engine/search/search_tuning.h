// The search's pruning and reduction parameters in one place (engine/search/searcher.h uses
// them), so a tuning run can try candidates without a rebuild: the environment variable
// SEIREIGI_SEARCH_TUNING="name=value,..." changes them (docs/engine.md). A depth limit of 0
// turns its technique off.
#pragma once

#include <span>
#include <string>

#include "search/tuning_text.h"

namespace seireigi::search {

struct SearchTuning {
    // Reverse futility: at depth <= rfp_depth, a static evaluation this far above beta stops
    // (margin per ply of depth, less per ply when the evaluation improves on two plies ago).
    int rfp_depth = 6;
    int rfp_margin = 120;
    int rfp_improving = 0;
    // Null move: reduction null_base + depth / null_depth_div (+ the evaluation's excess over
    // beta / null_eval_div when that is not 0, at most 3).
    int null_base = 3;
    int null_depth_div = 4;
    int null_eval_div = 0;
    // Late-move pruning of quiet moves at depth <= lmp_depth after (lmp_base + lmp_factor *
    // depth^2) * lmp_pct / 100 moves (doubled when the evaluation improves, if lmp_improving).
    int lmp_depth = 5;
    int lmp_base = 6;
    int lmp_factor = 1;
    int lmp_improving = 1;
    int lmp_pct = 100;
    // Futility pruning of quiet moves at depth <= futility_depth when the static evaluation
    // plus futility_base + futility_margin * depth cannot reach alpha.
    int futility_depth = 5;
    int futility_base = 0;
    int futility_margin = 150;
    // Futility pruning and history pruning judge a quiet move by the depth left after its
    // late-move reduction instead of the node's depth (if not 0).
    int prune_lmr_depth = 0;
    // Futility pruning spares moves that give check (if not 0): in a drop game the attack
    // on a King is a series of quiet checks, which a low static evaluation would prune.
    // Against Fairy-Stockfish at 0.2 s a move it scored 15/34 where the engine without it
    // scored 6-9/34 after as many games (docs/engine.md).
    int futility_keeps_checks = 1;
    // History pruning: a quiet move whose history is below -history_prune_margin * depth is
    // not searched at (pruning) depth <= history_prune_depth (0: off).
    int history_prune_depth = 0;
    int history_prune_margin = 4000;
    // Quiet moves (drops included) that lose more than see_quiet_margin * depth^2 by static
    // exchange, and captures that lose more than see_capture_margin * depth, are not searched
    // at depth <= the limit (checks are kept).
    int see_quiet_depth = 0;
    int see_quiet_margin = 30;
    int see_capture_depth = 0;
    int see_capture_margin = 100;
    // Late-move reductions: (lmr_base_pct + ln(depth) ln(moves) * 10000 / lmr_divisor_pct) /
    // 100 plies for quiet moves from the lmr_from-th on; one more at a node whose evaluation
    // does not improve (if lmr_improving); history / lmr_history_div less (if not 0).
    int lmr_base_pct = 50;
    int lmr_divisor_pct = 220;
    int lmr_from = 3;
    int lmr_improving = 0;
    int lmr_history_div = 8192;
    // Late-move reductions this many plies deeper at a node expected to fail high (a cut
    // node: the null-window child of a move searched after the first), if not 0.
    int lmr_cut_node = 0;
    // Mate-in-one probe also at main-search nodes of depth <= mate_probe_depth (not in check;
    // 0: only at quiescence's first level).
    int mate_probe_depth = 0;
    // Check extension only for checks that do not lose the exchange (if not 0).
    int check_extension_sound = 1;
    // Late-move reductions also for quiet moves that give check, by one ply less (if not 0):
    // drops that check are many at every node of a drop game.
    int lmr_checks = 0;
    // Internal iterative reduction: a node without a hash move at depth >= iir_depth is
    // searched one ply shallower (0: off).
    int iir_depth = 0;
    // Quiescence probes the transposition table and stores its results (if not 0).
    int qs_tt = 1;
    // History survives from one search to the next, halved (if not 0; else it starts empty).
    int history_keep = 1;
    // In check deeper than this many quiescence plies, only board moves answer the check (0:
    // drops too): with large hands, drops that block a check, the capture of the blocker with
    // a new check, and so on, made quiescence trees 64 plies deep on Dai Seireigi. When no
    // board move answers the check, the static evaluation stands in.
    int qs_drop_evasions_depth = 2;
    // From this quiescence ply on, out of check, only captures on the square of the last move
    // (0: every capture): a board full of pieces offers long chains of even trades.
    int qs_recapture_depth = 4;
    // Counter-move heuristic: the quiet move that refuted the previous move is ordered right
    // after the killers (if not 0).
    int countermove = 1;
    // Continuation history: quiet moves ordered (and reduced) also by how they did after the
    // same previous move and the move before it (search/continuation_history.h), if not 0.
    // Off: 200 games at 20,000 nodes a move scored -19 Elo [-68, +29] against it being off,
    // and its table costs about 6% of the node rate.
    int continuation_history = 0;
    // Singular extension of the hash move from depth se_depth (0: off), when the other moves
    // searched at half depth stay se_margin * depth / 8 below its hash score.
    int se_depth = 0;
    int se_margin = 16;
    // When time runs out within an iteration, its best root move so far is played (if not 0)
    // instead of the last finished iteration's. Off: against Fairy-Stockfish it scored 40.2%
    // at 50 ms (39.8% without) and about 20% at 0.2 s (docs/engine.md), no gain shown.
    int unfinished_iteration = 0;

    static SearchTuning with_changes(const std::string& text) {
        static const NamedWeight<SearchTuning> fields[] = {
            {"rfp_depth", &SearchTuning::rfp_depth},
            {"rfp_margin", &SearchTuning::rfp_margin},
            {"rfp_improving", &SearchTuning::rfp_improving},
            {"null_base", &SearchTuning::null_base},
            {"null_depth_div", &SearchTuning::null_depth_div},
            {"null_eval_div", &SearchTuning::null_eval_div},
            {"lmp_depth", &SearchTuning::lmp_depth},
            {"lmp_base", &SearchTuning::lmp_base},
            {"lmp_factor", &SearchTuning::lmp_factor},
            {"lmp_improving", &SearchTuning::lmp_improving},
            {"lmp_pct", &SearchTuning::lmp_pct},
            {"futility_depth", &SearchTuning::futility_depth},
            {"futility_base", &SearchTuning::futility_base},
            {"futility_margin", &SearchTuning::futility_margin},
            {"prune_lmr_depth", &SearchTuning::prune_lmr_depth},
            {"futility_keeps_checks", &SearchTuning::futility_keeps_checks},
            {"history_prune_depth", &SearchTuning::history_prune_depth},
            {"history_prune_margin", &SearchTuning::history_prune_margin},
            {"see_quiet_depth", &SearchTuning::see_quiet_depth},
            {"see_quiet_margin", &SearchTuning::see_quiet_margin},
            {"see_capture_depth", &SearchTuning::see_capture_depth},
            {"see_capture_margin", &SearchTuning::see_capture_margin},
            {"lmr_base_pct", &SearchTuning::lmr_base_pct},
            {"lmr_divisor_pct", &SearchTuning::lmr_divisor_pct},
            {"lmr_from", &SearchTuning::lmr_from},
            {"lmr_improving", &SearchTuning::lmr_improving},
            {"lmr_history_div", &SearchTuning::lmr_history_div},
            {"lmr_cut_node", &SearchTuning::lmr_cut_node},
            {"mate_probe_depth", &SearchTuning::mate_probe_depth},
            {"check_extension_sound", &SearchTuning::check_extension_sound},
            {"lmr_checks", &SearchTuning::lmr_checks},
            {"iir_depth", &SearchTuning::iir_depth},
            {"qs_tt", &SearchTuning::qs_tt},
            {"history_keep", &SearchTuning::history_keep},
            {"countermove", &SearchTuning::countermove},
            {"continuation_history", &SearchTuning::continuation_history},
            {"se_depth", &SearchTuning::se_depth},
            {"se_margin", &SearchTuning::se_margin},
            {"unfinished_iteration", &SearchTuning::unfinished_iteration},
            {"qs_drop_evasions_depth", &SearchTuning::qs_drop_evasions_depth},
            {"qs_recapture_depth", &SearchTuning::qs_recapture_depth},
        };
        SearchTuning t =
            search::with_changes(SearchTuning{}, std::span(fields), text, "search parameter");
        if (t.null_depth_div <= 0 || t.lmr_divisor_pct <= 0)
            throw std::invalid_argument(
                "search parameters null_depth_div and lmr_divisor_pct must be positive");
        return t;
    }
    static SearchTuning from_environment() {
        return with_changes(environment_text("SEIREIGI_SEARCH_TUNING"));
    }
};

}  // namespace seireigi::search
