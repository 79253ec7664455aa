#include "study/study_statistics.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace seireigi {

namespace {

bool is_elimination(EventKind k) {
    return k == EventKind::Checkmate || k == EventKind::Stalemate || k == EventKind::Resignation ||
           k == EventKind::PerpetualCheck;
}

// How a game ended, in the words of the report.
std::string ending_of(const StudyGame& g) {
    if (!g.game.over()) return "move limit (draw)";
    if (!g.adjudication.empty()) return "move limit (impasse points)";
    const auto& final = g.game.result().final;
    if (!final) return "other";
    switch (final->kind) {
        case EventKind::Checkmate:
            return "checkmate";
        case EventKind::Stalemate:
            return "stalemate";
        case EventKind::Resignation:
            return "resignation";
        case EventKind::PerpetualCheck:
            return "perpetual check";
        case EventKind::Repetition:
            return "repetition";
        case EventKind::MutualPerpetualCheck:
            return "mutual perpetual check";
        case EventKind::Impasse:
        case EventKind::ImpasseReached:
            return "impasse";
        case EventKind::AllSkipped:
            return "every player skipped";
        default:
            return std::string(event_word(final->kind));
    }
}

Standing standing_of(const StudyGame& g, Player p) {
    if (!g.game.over()) {
        // The referee's end at the move limit: those still in draw, those out have lost.
        const Standing s = g.game.result().standings.empty()
                               ? Standing::Playing
                               : g.game.result().standings[static_cast<std::size_t>(p)];
        return s == Standing::Playing ? Standing::Drawn : s;
    }
    return g.game.result().standings[static_cast<std::size_t>(p)];
}

// The face a piece shows: its base type, or the promoted face's type.
PieceType face_type(const Variant& v, PieceCode piece) {
    const PieceType base = type_of(piece);
    return is_promoted(piece) ? v.types[base].promotes_to : base;
}

// Replays g, counting legal moves and what each move did.
void count_moves(const Variant& v, const StudyGame& g, std::vector<PlyBranching>& branching,
                 std::vector<PieceActivity>& pieces) {
    Game replay(g.game.variant_ptr(), g.game.start());
    for (Move m : g.game.moves()) {
        if (replay.over()) break;
        const auto ply = static_cast<std::size_t>(replay.ply());
        if (branching.size() <= ply) branching.resize(ply + 1);
        PlyBranching& b = branching[ply];
        int drops = 0;
        for (Move legal : replay.legal_moves()) drops += legal.is_drop() ? 1 : 0;
        b.moves += static_cast<double>(replay.legal_moves().size());
        b.drops += drops;
        ++b.positions;
        const GenericPosition& pos = replay.position();
        if (m.is_drop()) {
            ++pieces[m.dropped()].drops;
        } else {
            const PieceCode piece = pos.piece_on(m.from());
            PieceActivity& a = pieces[face_type(v, piece)];
            ++a.moves;
            if (pos.piece_on(m.to()) != kEmpty) ++a.captures;
            if (m.promotes()) ++pieces[type_of(piece)].promotions;
        }
        try {
            replay.play(m);
        } catch (const std::logic_error&) {
            break;  // a move after a declaration the record holds: the counts stop there
        }
    }
}

}  // namespace

Estimate proportion(int count, int n) {
    Estimate e;
    if (n <= 0) return e;
    e.value = static_cast<double>(count) / n;
    e.stderr_value = std::sqrt(e.value * (1 - e.value) / n);
    // Wilson's score interval: unlike value ± 1.96 stderr it does not shrink to a point when
    // none or all of the games count.
    const double z2 = 1.96 * 1.96, nn = n;
    const double centre = (e.value + z2 / (2 * nn)) / (1 + z2 / nn);
    const double half =
        1.96 * std::sqrt(e.value * (1 - e.value) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
    e.low = std::max(0.0, centre - half);
    e.high = std::min(1.0, centre + half);
    return e;
}

StudyStatistics study_statistics(const StudyGames& study) {
    StudyStatistics s;
    const Variant& v = *study.variant;
    s.variant = v.name;
    s.players = v.num_players();
    s.games = static_cast<int>(study.games.size());
    s.seats.resize(static_cast<std::size_t>(s.players));
    for (int p = 0; p < s.players; ++p)
        s.seats[static_cast<std::size_t>(p)].name = v.players[p].name;
    for (const PieceTypeInfo& t : v.types) s.pieces.push_back({t.name, 0, 0, 0, 0});
    if (s.players > 2) {
        s.eliminated.assign(static_cast<std::size_t>(s.players),
                            std::vector<int>(static_cast<std::size_t>(s.players - 1), 0));
        s.survivors.assign(static_cast<std::size_t>(s.players), 0);
        s.at_end.assign(static_cast<std::size_t>(s.players), 0);
    }
    std::map<std::string, EndingCount> endings;
    int draws = 0;
    for (const StudyGame& g : study.games) {
        bool has_winner = false;
        for (int p = 0; p < s.players; ++p) {
            const Standing st = standing_of(g, p);
            Tally& t = s.seats[static_cast<std::size_t>(p)].tally;
            t.wins += st == Standing::Won ? 1 : 0;
            t.draws += st == Standing::Drawn ? 1 : 0;
            t.losses += st == Standing::Lost ? 1 : 0;
            has_winner = has_winner || st == Standing::Won;
        }
        draws += has_winner ? 0 : 1;
        EndingCount& e = endings[ending_of(g)];
        e.how = ending_of(g);
        ++e.games;
        e.decisive += has_winner ? 1 : 0;
        s.lengths.push_back(g.game.ply());
        count_moves(v, g, s.branching, s.pieces);
        if (s.players > 2) {
            int k = 0;
            for (const GameEvent& ev : g.game.events())
                if (is_elimination(ev.kind) && ev.player >= 0 && k < s.players - 1)
                    ++s.eliminated[static_cast<std::size_t>(ev.player)]
                                  [static_cast<std::size_t>(k++)];
            for (int p = 0; p < s.players; ++p) {
                const Standing st = standing_of(g, p);
                if (st == Standing::Won) ++s.survivors[static_cast<std::size_t>(p)];
                if (st == Standing::Drawn) ++s.at_end[static_cast<std::size_t>(p)];
            }
        }
    }
    for (auto& b : s.branching)
        if (b.positions) {
            b.moves /= b.positions;
            b.drops /= b.positions;
        }
    for (auto& [how, e] : endings) s.endings.push_back(e);
    std::stable_sort(s.endings.begin(), s.endings.end(),
                     [](const EndingCount& a, const EndingCount& b) { return a.games > b.games; });
    s.draw_rate = proportion(draws, s.games);
    for (SeatOutcome& seat : s.seats) {
        if (s.players == 2) {
            if (auto e = elo_trinomial(seat.tally)) {
                seat.score = {e->score, std::max(0.0, e->score - 1.96 * e->stderr_score),
                              std::min(1.0, e->score + 1.96 * e->stderr_score), e->stderr_score};
                if (&seat == &s.seats[0]) s.first_move_elo = e;
            }
        } else {
            seat.score = proportion(seat.tally.wins, s.games);
        }
    }
    if (!s.lengths.empty()) {
        std::vector<int> sorted = s.lengths;
        std::sort(sorted.begin(), sorted.end());
        double sum = 0;
        for (int l : sorted) sum += l;
        s.mean_length = sum / static_cast<double>(sorted.size());
        const std::size_t n = sorted.size();
        s.median_length = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }
    return s;
}

}  // namespace seireigi
