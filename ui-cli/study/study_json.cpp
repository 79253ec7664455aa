// report.json: every number of the study's report, for scripts (docs/study.md lists the fields).
#include "base/json_text.h"
#include "study/study_output.h"
#include "study/study_verdict.h"

namespace seireigi::cli {

namespace {

void write_estimate(JsonWriter& j, const Estimate& e) {
    j.begin_object().field("value", e.value).field("low", e.low).field("high", e.high);
    j.field("stderr", e.stderr_value).end_object();
}

void write_difference(JsonWriter& j, const Difference& d) {
    j.begin_object().field("value", d.value).field("low", d.low).field("high", d.high);
    j.field("z", d.z).field("significant", d.significant).end_object();
}

void write_side(JsonWriter& j, const StudySide& side) {
    const StudyStatistics& s = side.statistics;
    j.begin_object();
    j.field("variant", s.variant).field("record_name", side.variant_name);
    j.field("players", s.players).field("games", s.games);
    j.key("seats").begin_array();
    for (const SeatOutcome& seat : s.seats) {
        j.begin_object().field("name", seat.name).field("wins", seat.tally.wins);
        j.field("draws", seat.tally.draws).field("losses", seat.tally.losses);
        j.key(s.players == 2 ? "score" : "win_rate");
        write_estimate(j, seat.score);
        j.end_object();
    }
    j.end_array();
    if (s.first_move_elo) {
        j.key("first_move_elo").begin_object().field("elo", s.first_move_elo->elo);
        j.field("low", s.first_move_elo->low).field("high", s.first_move_elo->high).end_object();
    }
    j.key("draw_rate");
    write_estimate(j, s.draw_rate);
    j.key("endings").begin_array();
    for (const EndingCount& e : s.endings)
        j.begin_object()
            .field("how", e.how)
            .field("games", e.games)
            .field("decisive", e.decisive)
            .end_object();
    j.end_array();
    j.key("lengths").values(s.lengths);
    j.field("mean_length", s.mean_length).field("median_length", s.median_length);
    j.key("branching").begin_array();
    for (const PlyBranching& b : s.branching)
        j.begin_object()
            .field("positions", b.positions)
            .field("moves", b.moves)
            .field("drops", b.drops)
            .end_object();
    j.end_array();
    j.key("pieces").begin_array();
    for (const PieceActivity& a : s.pieces)
        j.begin_object()
            .field("name", a.name)
            .field("moves", a.moves)
            .field("captures", a.captures)
            .field("drops", a.drops)
            .field("promotions", a.promotions)
            .end_object();
    j.end_array();
    if (!s.eliminated.empty()) {
        j.key("elimination_order").begin_array();
        for (std::size_t p = 0; p < s.eliminated.size(); ++p) {
            j.begin_object().field("seat", s.seats[p].name).key("eliminated");
            j.values(s.eliminated[p]).field("won", s.survivors[p]);
            j.field("in_at_the_end", s.at_end[p]);
            j.end_object();
        }
        j.end_array();
    }
    if (side.fit) {
        const PieceValueFit& f = *side.fit;
        j.key("piece_values").begin_object().field("games", f.games);
        j.field("positions", f.positions).field("bootstrap", f.resamples).field("scale", f.scale);
        j.key("values").begin_array();
        for (const FittedValue& v : f.values)
            j.begin_object()
                .field("id", v.id)
                .field("name", v.name)
                .field("file", v.file_value)
                .field("fitted", v.fitted)
                .field("low", v.low)
                .field("high", v.high)
                .field("spread", v.spread)
                .field("positions", v.positions)
                .end_object();
        j.end_array().end_object();
    }
    j.key("skipped").values(side.skipped);
    j.end_object();
}

}  // namespace

std::string study_json(const StudyReport& report) {
    JsonWriter j;
    j.begin_object();
    j.key("verdict").values(report.verdict);
    j.key("variant");
    write_side(j, report.variant);
    if (report.parent) {
        j.key("parent");
        write_side(j, *report.parent);
        const StudyStatistics& a = report.variant.statistics;
        const StudyStatistics& b = report.parent->statistics;
        j.key("differences").begin_object();
        j.key("seats").begin_array();
        for (std::size_t p = 0; p < a.seats.size() && p < b.seats.size(); ++p)
            write_difference(j, difference_of(a.seats[p].score, b.seats[p].score));
        j.end_array();
        j.key("draw_rate");
        write_difference(j, difference_of(a.draw_rate, b.draw_rate));
        j.field("mean_length", a.mean_length - b.mean_length);
        j.end_object();
    }
    j.key("imbalances").begin_array();
    for (const ImbalanceResult& r : report.imbalances) {
        j.begin_object();
        j.field("name", r.name)
            .field("wins", r.with_y.wins)
            .field("draws", r.with_y.draws)
            .field("losses", r.with_y.losses)
            .field("score", r.with_y.score());
        if (r.elo)
            j.field("elo", r.elo->elo).field("elo_low", r.elo->low).field("elo_high", r.elo->high);
        j.end_object();
    }
    j.end_array();
    j.end_object();
    return j.text() + "\n";
}

}  // namespace seireigi::cli
