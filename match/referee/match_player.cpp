#include "referee/match_player.h"

#include "nnue/network_source.h"

#include <charconv>
#include <string_view>
#include <vector>

#include "search/engine.h"
#include "seats/random_seat.h"
#include "seats/usi_seat.h"
#include "text/words.h"

namespace seireigi {

namespace {

template <class T>
bool read_number(std::string_view text, T& out) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

class EnginePlayer : public MatchPlayer {
  public:
    EnginePlayer(std::string name, std::unique_ptr<search::Engine> engine)
        : name_(std::move(name)), engine_(std::move(engine)) {}
    std::string name() const override { return name_; }
    std::string seat_spec() const override { return name_; }
    void new_game(int game_number) override {
        // Low levels add noise from the seed: a new seed each game keeps their games apart.
        search::Options o = engine_->options();
        o.seed = static_cast<std::uint64_t>(game_number);
        engine_->set_options(o);
        engine_->clear();
    }
    Move choose(const Game& game, const MoveBudget& budget) override {
        engine_->set_position(game.start(), game.moves());
        search::Limits limits;
        limits.nodes = budget.nodes;
        limits.movetime_ms = budget.movetime_ms;
        limits.time_ms = budget.time_ms;
        limits.increment_ms = budget.increment_ms;
        limits.byoyomi_ms = budget.byoyomi_ms;
        return engine_->search(limits, {}).best;
    }

  private:
    std::string name_;
    std::unique_ptr<search::Engine> engine_;
};

class RandomPlayer : public MatchPlayer {
  public:
    RandomPlayer(std::string name, std::uint64_t seed) : name_(std::move(name)), base_(seed) {}
    std::string name() const override { return name_; }
    std::string seat_spec() const override { return seat_.spec(); }
    void new_game(int game_number) override {
        seat_ = RandomSeat(base_ + static_cast<std::uint64_t>(game_number) - 1);
    }
    Move choose(const Game& game, const MoveBudget&) override { return seat_.choose(game).move; }

  private:
    std::string name_;
    std::uint64_t base_;
    RandomSeat seat_{0};
};

// An external engine over USI. The referee keeps the clocks and hands both to the engine; the
// seat reads every answer by our rules, so a move they reject comes back as a resignation with
// the reason in failure().
class UsiPlayer : public MatchPlayer {
  public:
    UsiPlayer(std::string name, std::unique_ptr<UsiSeat> seat)
        : name_(std::move(name)), seat_(std::move(seat)) {}
    std::string name() const override { return name_; }
    std::string seat_spec() const override { return seat_->spec(); }
    void new_game(int) override {}  // the seat sends usinewgame when a game does not continue
    Move choose(const Game& game, const MoveBudget& budget) override {
        UsiSeatTime time;
        time.nodes = static_cast<int>(budget.nodes);
        time.movetime_ms = budget.movetime_ms;
        time.my_time_ms = budget.time_ms;
        time.their_time_ms = budget.opponent_time_ms;
        time.increment_ms = budget.increment_ms;
        time.byoyomi_ms = budget.byoyomi_ms;
        seat_->set_time(time);
        const SeatAction a = seat_->choose(game);
        return a.kind == SeatAction::Kind::Play ? a.move : Move();
    }
    std::string failure() const override { return seat_->failure(); }
    bool failure_counts() const override {
        const auto status = seat_->last_answer().status;
        return status == UsiAnswer::Status::Move || status == UsiAnswer::Status::Win;
    }

  private:
    std::string name_;
    std::unique_ptr<UsiSeat> seat_;
};

std::variant<std::unique_ptr<MatchPlayer>, std::string> make_engine_player(
    const std::string& spec, std::shared_ptr<const Variant> variant) {
    const std::vector<std::string> parts = split(spec, ',');
    search::Options o;
    o.hash_mb = 16;
    const std::string& head = parts.front();
    if (head != "engine") {
        int level = 0;
        if (!read_number(std::string_view(head).substr(7), level) || level < 1 || level > 20)
            return "the level in '" + head + "' must be a whole number from 1 to 20, e.g. engine:5";
        o.skill = level;
    }
    std::string eval, eval_file;  // "": the variant's default (nnue::default_network)
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::string& p = parts[i];
        if (p == "eval=nnue" || p == "eval=classical") {
            eval = p.substr(5);
        } else if (p.starts_with("evalfile=")) {
            eval = "nnue";
            eval_file = p.substr(9);
        } else if (p.starts_with("hash=")) {
            if (!read_number(std::string_view(p).substr(5), o.hash_mb) || o.hash_mb < 1 ||
                o.hash_mb > 16384)
                return "'" + p + "': the hash size is a whole number of MB from 1 to 16384";
        } else if (p == "position=fast") {
            o.implementation = search::Implementation::Fast;
        } else if (p == "position=generic") {
            o.implementation = search::Implementation::Generic;
        } else {
            return "unknown engine setting '" + p +
                   "'; the settings are hash=MB, position=fast|generic, eval=nnue|classical and "
                   "evalfile=FILE";
        }
    }
    if (eval.empty()) {
        o.network = nnue::usable_default_network(*variant);
    } else if (eval == "nnue") {
        auto net = eval_file.empty() ? nnue::variant_network(*variant)
                                     : nnue::network_file(eval_file, *variant);
        if (auto* d = std::get_if<Diagnostic>(&net)) return "'" + spec + "': " + d->text();
        o.network = std::get<std::shared_ptr<const nnue::Network>>(net);
    }
    std::string why;
    auto engine = search::Engine::create(variant, o, &why);
    if (!engine) return "'" + spec + "' cannot play " + variant->name + ": " + why;
    return std::unique_ptr<MatchPlayer>(std::make_unique<EnginePlayer>(spec, std::move(engine)));
}

}  // namespace

std::variant<std::unique_ptr<MatchPlayer>, std::string> make_match_player(
    const std::string& spec, std::shared_ptr<const Variant> variant,
    const std::vector<std::string>& engine_options) {
    if (spec.starts_with("usi:")) {
        auto seat = make_usi_seat(spec, engine_options, {});
        if (auto* d = std::get_if<Diagnostic>(&seat)) return d->message;
        return std::unique_ptr<MatchPlayer>(
            std::make_unique<UsiPlayer>(spec, std::move(std::get<std::unique_ptr<UsiSeat>>(seat))));
    }
    if (!engine_options.empty())
        return "--option is for external engines (usi:COMMAND); '" + spec + "' takes none";
    if (spec == "engine" || spec.starts_with("engine:") || spec.starts_with("engine,"))
        return make_engine_player(spec, std::move(variant));
    if (spec == "random")
        return std::unique_ptr<MatchPlayer>(std::make_unique<RandomPlayer>(spec, 1));
    if (spec.starts_with("random:")) {
        std::uint64_t seed = 0;
        if (!read_number(std::string_view(spec).substr(7), seed))
            return "the seed in '" + spec + "' must be a whole number, e.g. random:42";
        return std::unique_ptr<MatchPlayer>(std::make_unique<RandomPlayer>(spec, seed));
    }
    return "unknown player '" + spec +
           "'; a player is engine[:LEVEL][,hash=MB][,position=fast|generic][,eval=nnue|classical]"
           "[,evalfile=FILE], random[:SEED] or usi:COMMAND";
}

}  // namespace seireigi
