#include "study/study_games.h"

#include "game/game.h"
#include "referee/match_error.h"
#include "referee/multi_player_series.h"
#include "referee/series.h"
#include "seats/random_seat.h"

namespace seireigi {

Opening random_opening(const std::shared_ptr<const Variant>& variant, const PositionState& start,
                       int plies, int number) {
    Game game(variant, start);
    const RandomSeat mover(static_cast<std::uint64_t>(number));
    while (game.ply() < plies && !game.over()) {
        const Move m = mover.choose(game).move;
        if (m.is_null()) break;
        game.play(m);
    }
    // A random opening that ends the game (a mate in a few plies) is cut before its last move.
    Opening moves = game.moves();
    if (game.over() && !moves.empty()) moves.pop_back();
    return moves;
}

int study_games_in_shard(const StudyPlaySettings& settings) {
    int n = 0;
    for (int g = 0; g < settings.games; ++g) n += settings.shard.holds(g) ? 1 : 0;
    return n;
}

namespace {

// The engine made anew for every game: an engine keeps some state from game to game that its
// clear() does not reset (a node-limited game then depends on the games played before it in
// the same process), and a study's game N must be the same game in one run, in a shard and
// after a resume.
class FreshEngine : public MatchPlayer {
  public:
    explicit FreshEngine(std::shared_ptr<const Variant> variant) : variant_(std::move(variant)) {
        make();
    }
    std::string name() const override { return engine_->name(); }
    std::string seat_spec() const override { return engine_->seat_spec(); }
    void new_game(int game_number) override {
        make();
        engine_->new_game(game_number);
    }
    Move choose(const Game& game, const MoveBudget& budget) override {
        return engine_->choose(game, budget);
    }

  private:
    void make() {
        auto made = make_match_player(kStudyPlayer, variant_);
        if (auto* why = std::get_if<std::string>(&made)) throw MatchError(*why);
        engine_ = std::move(std::get<std::unique_ptr<MatchPlayer>>(made));
    }
    std::shared_ptr<const Variant> variant_;
    std::unique_ptr<MatchPlayer> engine_;
};

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
    settings.rules.budget.nodes = s.nodes;
    settings.rules.budget.movetime_ms = s.nodes ? 0 : s.movetime_ms;
    settings.rules.overrun_margin_ms = 100;
    if (!s.openings.empty()) {
        settings.openings = s.openings;
    } else {
        settings.openings.clear();
        for (int g = 1; g <= s.games; ++g)
            settings.openings.push_back(random_opening(variant, start, s.opening_plies, g));
    }
    std::vector<std::unique_ptr<MatchPlayer>> owned;
    std::vector<std::array<MatchPlayer*, 2>> players(static_cast<std::size_t>(s.concurrency));
    for (auto& pair : players)
        for (MatchPlayer*& seat : pair) {
            owned.push_back(std::make_unique<FreshEngine>(variant));
            seat = owned.back().get();
        }
    play_series(variant, start, players, settings, [&](const SeriesGame& g, const MatchTable&) {
        const RefereeOutcome& o = *g.outcome;
        on_game({g.number, o.game.ply(),
                 o.adjudication.empty() ? describe_result(o.game) : o.adjudication, g.from_record});
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
    settings.nodes = s.nodes;
    settings.movetime_ms = s.movetime_ms;
    settings.max_moves = s.max_moves;
    settings.out = s.out;
    settings.variant_name = s.variant_name;
    settings.concurrency = s.concurrency;
    settings.shard = s.shard;
    settings.opening_plies = s.opening_plies;
    play_multi_player_series(variant, start, settings, [&](const MultiPlayerSeriesGame& g) {
        on_game({g.number, g.result->plies, g.result->description, g.from_record});
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
