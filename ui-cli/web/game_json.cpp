#include "web/game_json.h"

#include "base/json_text.h"
#include "game/turn_notes.h"
#include "record/kif.h"
#include "text/notation.h"

namespace seireigi::web {

using cli::JsonWriter;

namespace {

const char* orientation_word(Orientation o) {
    switch (o) {
        case Orientation::North:
            return "north";
        case Orientation::East:
            return "east";
        case Orientation::South:
            return "south";
        case Orientation::West:
            return "west";
    }
    return "north";
}

const char* standing_word(Standing s) {
    switch (s) {
        case Standing::Playing:
            return "playing";
        case Standing::Won:
            return "won";
        case Standing::Lost:
            return "lost";
        case Standing::Drawn:
            return "drawn";
    }
    return "playing";
}

void write_variant(JsonWriter& j, const Variant& v, const std::string& name_in_record) {
    j.key("variant").begin_object();
    j.field("id", v.id).field("name", v.name).field("source", name_in_record);
    j.field("files", v.geo.files).field("ranks", v.geo.ranks);
    j.key("players").begin_array();
    for (const auto& p : v.players)
        j.begin_object()
            .field("name", p.name)
            .field("orientation", orientation_word(p.orientation))
            .end_object();
    j.end_array();
    j.key("types").begin_array();
    for (const auto& t : v.types) {
        j.begin_object().field("id", t.id).field("name", t.name).field("abbr", t.abbr);
        j.field("kanji", t.kanji).field("kanji_alt", t.kanji_alt).field("betza", t.betza);
        j.field("base", t.is_base).field("promotes_to", t.promotes_to).field("royal", t.royal);
        j.end_object();
    }
    j.end_array();
    j.key("hand_types").values(v.hand_types);
    j.field("kif", !kif_unsupported(v).has_value());
    // Each player's promotion zone, for the board's shading.
    j.key("zones").begin_array();
    for (Player p = 0; p < v.num_players(); ++p) {
        j.begin_array();
        for (Square s = 0; s < v.geo.squares(); ++s)
            if (v.in_zone(p, s)) j.value(s);
        j.end_array();
    }
    j.end_array();
    j.end_object();
}

void write_move_fields(JsonWriter& j, const Variant& v, Move m) {
    j.field("from", m.is_drop() ? -1 : m.from()).field("to", m.to());
    j.field("drop", m.is_drop() ? m.dropped() : -1).field("promote", m.promotes());
    j.field("text", write_move(v, m));
}

// The position after `ply` moves as the page draws it: its text, the player to move, the players
// in the game, the board, the hands, the move that led to it and the players in check.
void write_shown_position(JsonWriter& j, const Game& g, int ply) {
    const Variant& v = g.variant();
    const PositionState& st = g.state_after(ply);
    j.field("position", write_position(v, st));
    j.field("to_move", st.to_move).field("ply", ply);
    j.key("active").begin_array();
    for (Player p = 0; p < v.num_players(); ++p) j.value(((st.active >> p) & 1) != 0);
    j.end_array();
    // One entry per square: null, or the owner, the base type and whether it is promoted.
    j.key("board").begin_array();
    for (Square s = 0; s < v.geo.squares(); ++s) {
        const PieceCode pc = st.board[s];
        if (pc == kEmpty) {
            j.null();
            continue;
        }
        j.begin_array().value(owner_of(pc)).value(type_of(pc)).value(is_promoted(pc)).end_array();
    }
    j.end_array();
    // Per player, the count of each hand type, in the order of variant.hand_types.
    j.key("hands").begin_array();
    for (Player p = 0; p < v.num_players(); ++p) {
        j.begin_array();
        for (PieceType t : v.hand_types) j.value(st.hands[p][t]);
        j.end_array();
    }
    j.end_array();
    j.key("last");
    if (ply > 0) {
        j.begin_object();
        write_move_fields(j, v, g.moves()[static_cast<std::size_t>(ply - 1)]);
        j.end_object();
    } else {
        j.null();
    }
    j.key("in_check").begin_array();
    if (!(g.over() && ply == g.ply()))
        for (Player p : g.checked_after(ply)) j.value(p);
    j.end_array();
}

// A flag is held as the player's resignation (docs/rules.md): said as what it was.
std::string said_with_flags(std::string text, const Variant& v, const ClockReading& clocks) {
    for (Player p = 0; p < static_cast<Player>(clocks.out_of_time.size()); ++p) {
        const std::string resigns = v.players[p].name + " resigns";
        if (clocks.out_of_time[p] && text.starts_with(resigns))
            text.replace(0, resigns.size(), v.players[p].name + "'s time runs out");
    }
    return text;
}

// The time control and the clocks now, or null without clocks. The page counts the running
// clock down from the moment the answer arrives.
void write_clocks(JsonWriter& j, const GameView& view) {
    j.key("clock");
    if (view.budget.time_ms < 0 || view.clocks.left_ms.empty()) {
        j.null();
        return;
    }
    j.begin_object();
    j.field("main_ms", view.budget.time_ms)
        .field("increment_ms", view.budget.increment_ms)
        .field("byoyomi_ms", view.budget.byoyomi_ms);
    j.key("left_ms").values(view.clocks.left_ms);
    j.field("running", view.clocks.running).field("byoyomi_left_ms", view.clocks.byoyomi_left_ms);
    j.key("out_of_time").values(view.clocks.out_of_time);
    j.field("held", view.clocks.held);  // no clock runs: a person's device is away
    j.end_object();
}

}  // namespace

std::string game_json(const GameView& view) {
    const Game& g = view.game;
    const Variant& v = g.variant();
    JsonWriter j;
    j.begin_object();
    j.field("version", static_cast<long long>(view.version));
    write_variant(j, v, view.variant_name);
    j.key("seats").values(view.seats);
    j.key("notices").values(view.notices);
    // "" while every change is saved; "not saved: REASON" until a save succeeds again.
    j.field("unsaved", view.unsaved.empty() ? std::string() : "not saved: " + view.unsaved);
    write_shown_position(j, g, g.ply());
    j.key("legal").begin_array();
    for (Move m : g.legal_moves()) {
        j.begin_object();
        write_move_fields(j, v, m);
        j.end_object();
    }
    j.end_array();
    // Each move with who made it, who it left in check and who was passed over (turn_notes.h).
    const std::vector<TurnNote> notes = turn_notes(g);
    const std::vector<std::string> japanese =
        kif_unsupported(v) ? std::vector<std::string>{} : japanese_moves(g);
    j.key("moves").begin_array();
    for (int i = 0; i < g.ply(); ++i) {
        const TurnNote& n = notes[static_cast<std::size_t>(i)];
        j.begin_object().field("text", write_move(v, g.moves()[i])).field("by", g.mover_of(i));
        j.key("check").values(n.checked);
        j.field("note", describe_turn_note(v, n));
        if (!japanese.empty()) j.field("japanese", japanese[static_cast<std::size_t>(i)]);
        j.end_object();
    }
    j.end_array();
    j.key("events").begin_array();
    for (const GameEvent& e : g.events())
        j.begin_object()
            .field("ply", e.ply)
            .field("text", said_with_flags(describe_event(v, e), v, view.clocks))
            .end_object();
    j.end_array();
    j.key("result").begin_object();
    j.field("over", g.over()).field("text", said_with_flags(describe_result(g), v, view.clocks));
    j.key("standings").begin_array();
    for (Standing s : g.result().standings) j.value(standing_word(s));
    j.end_array();
    j.end_object();
    j.key("impasse_scores").values(g.impasse_scores());
    j.field("impasse_threshold", v.impasse_threshold);
    write_clocks(j, view);
    // The engine's time per move (games without clocks); kept by the record across restarts.
    j.field("engine_ms", view.budget.time_ms < 0 ? view.budget.movetime_ms : -1);
    j.end_object();
    return j.text();
}

std::string review_json(const GameView& view, int ply) {
    JsonWriter j;
    j.begin_object();
    j.field("version", static_cast<long long>(view.version));
    write_shown_position(j, view.game, ply);
    j.end_object();
    return j.text();
}

std::string reach_json(const cli::PieceReach& reach) {
    JsonWriter j;
    j.begin_object();
    const std::pair<const char*, const std::set<Square>*> sets[] = {{"moves", &reach.moves},
                                                                    {"captures", &reach.captures},
                                                                    {"jumps", &reach.jumps},
                                                                    {"hooks", &reach.hooks}};
    for (const auto& [name, set] : sets) {
        j.key(name).values(*set);
    }
    j.end_object();
    return j.text();
}

std::string error_json(const std::string& message) {
    JsonWriter j;
    j.begin_object().field("error", message).end_object();
    return j.text();
}

}  // namespace seireigi::web
