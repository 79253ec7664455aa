#include "study/study_games.h"

#include "game/game.h"
#include "referee/match_error.h"
#include "referee/multi_player_series.h"
#include "referee/series.h"
#include "seats/seat_factory.h"

namespace seireigi {

int study_games_in_shard(const StudyPlaySettings& settings) {
    int n = 0;
    for (int g = 0; g < settings.games; ++g) n += settings.shard.holds(g) ? 1 : 0;
    return n;
}

namespace {

std::unique_ptr<Seat> study_seat(const std::shared_ptr<const Variant>& variant) {
    auto made = make_seat(kStudyPlayer, variant);
    if (auto* d = std::get_if<Diagnostic>(&made)) throw MatchError(d->message);
    return std::move(std::get<std::unique_ptr<Seat>>(made));
}

RefereeRules study_rules(const StudyPlaySettings& s) {
    RefereeRules rules;
    rules.max_moves = s.max_moves;
    rules.budget.nodes = s.nodes;
    rules.budget.movetime_ms = s.nodes ? 0 : s.movetime_ms;
    rules.overrun_margin_ms = 100;
    return rules;
}

void play_two_player(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                     const StudyPlaySettings& s,
                     const std::function<void(const StudyGameDone&)>& on_game) {
    SeriesSettings settings;
    settings.games = s.games;
    settings.out = s.out;
    settings.variant_name = s.variant_name;
    settings.concurrency = s.concurrency;
    settings.shard = s.shard;
    settings.paired = false;
    settings.rules.max_moves = s.max_moves;
    settings.rules = study_rules(s);
    if (!s.openings.empty()) {
        settings.openings = s.openings;
    } else {
        settings.openings.clear();
        for (int g = 1; g <= s.games; ++g)
            settings.openings.push_back(random_opening(variant, start, s.opening_plies, g));
    }
    std::vector<std::unique_ptr<Seat>> owned;
    std::vector<std::array<Seat*, 2>> seats(static_cast<std::size_t>(s.concurrency));
    for (auto& pair : seats)
        for (Seat*& seat : pair) {
            owned.push_back(study_seat(variant));
            seat = owned.back().get();
        }
    play_series(variant, start, {kStudyPlayer, kStudyPlayer}, seats, settings,
                [&](const SeriesGame& g, const MatchTable&) {
                    const RefereeOutcome& o = *g.outcome;
                    on_game({g.number, o.game.ply(), o.description(), g.from_record});
                });
}

void play_many_player(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                      const StudyPlaySettings& s,
                      const std::function<void(const StudyGameDone&)>& on_game) {
    if (!s.openings.empty())
        throw MatchError(
            "with three or four players a study opens with random plies; "
            "--openings is for two players");
    MultiPlayerSeriesSettings settings;
    // One engine in every seat.
    settings.players.assign(static_cast<std::size_t>(variant->num_players()), kStudyPlayer);
    settings.games = s.games;
    settings.rules = study_rules(s);
    settings.out = s.out;
    settings.variant_name = s.variant_name;
    settings.concurrency = s.concurrency;
    settings.shard = s.shard;
    settings.opening_plies = s.opening_plies;
    play_multi_player_series(variant, start, settings, [&](const MultiPlayerSeriesGame& g) {
        on_game({g.number, g.outcome->game.ply(), g.outcome->description(), g.from_record});
    });
}

}  // namespace

void play_study_games(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                      const StudyPlaySettings& settings,
                      const std::function<void(const StudyGameDone&)>& on_game) {
    if (variant->num_players() > 2)
        play_many_player(variant, start, settings, on_game);
    else
        play_two_player(variant, start, settings, on_game);
}

}  // namespace seireigi
