#include "game/turn_notes.h"

#include <algorithm>

namespace seireigi {

namespace {

bool leaves_game(EventKind k) {
    return k == EventKind::Checkmate || k == EventKind::Stalemate || k == EventKind::Resignation ||
           k == EventKind::PerpetualCheck;
}

std::string names(const Variant& v, const std::vector<Player>& players) {
    std::string out;
    for (std::size_t i = 0; i < players.size(); ++i) {
        if (i > 0) out += i + 1 == players.size() ? " and " : ", ";
        out += v.players[static_cast<std::size_t>(players[i])].name;
    }
    return out;
}

}  // namespace

std::vector<TurnNote> turn_notes(const Game& game) {
    const int n = game.variant().num_players();
    std::vector<TurnNote> notes;
    for (int i = 0; i < game.ply(); ++i) {
        TurnNote note;
        const int after = i + 1;  // the position after this move
        note.checked = game.checked_after(after);
        if (after < game.ply())
            note.next = game.mover_of(after);
        else if (!game.over())
            note.next = game.to_move();
        const Player mover = game.mover_of(i);
        const bool next_checked =
            std::find(note.checked.begin(), note.checked.end(), note.next) != note.checked.end();
        if (n > 2 && note.next >= 0 && next_checked) {
            // Everyone between the mover and the next player in turn order who was still playing
            // and not skipped (a skip is an event of its own).
            for (Player p = (mover + 1) % n; p != note.next && p != mover; p = (p + 1) % n) {
                bool gone = false;
                for (const GameEvent& e : game.events())
                    if (e.player == p && e.ply <= after &&
                        (leaves_game(e.kind) || (e.kind == EventKind::Skipped && e.ply == after)))
                        gone = true;
                if (!gone) note.passed_over.push_back(p);
            }
        }
        notes.push_back(std::move(note));
    }
    return notes;
}

std::string describe_turn_note(const Variant& v, const TurnNote& note) {
    std::string out;
    if (!note.checked.empty()) out = "check: " + names(v, note.checked);
    if (!note.passed_over.empty()) {
        if (!out.empty()) out += "; ";
        out += names(v, note.passed_over) + (note.passed_over.size() > 1 ? " are" : " is") +
               " passed over: " + v.players[static_cast<std::size_t>(note.next)].name +
               " is in check and moves first";
    }
    return out;
}

}  // namespace seireigi
