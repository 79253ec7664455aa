// The trainer (engine/nnue/trainer.h) on a small generated data set: positions of random games
// scored by their material balance, with results drawn from that score's win probability. The
// loss must fall, the fitted scale must find the probability the results were drawn with, and the
// exported net, read by the engine, must evaluate as the trainer's float net does up to the
// rounding of its weights.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <memory>

#include "cli_runner.h"
#include "core/splitmix64.h"
#include "nnue/network.h"
#include "nnue/trainer.h"
#include "nnue/training_data.h"
#include "nnue/training_set.h"
#include "position/generic_position.h"
#include "rules/variant_fingerprint.h"
#include "test_support.h"

namespace seireigi {
namespace {

constexpr double kResultScale = 200;  // results drawn with P(win) = sigmoid(material / 200)

// Material for the player to move, from the variant's piece values.
int material(const Variant& v, const PositionState& st) {
    int sum = 0;
    for (PieceCode pc : st.board) {
        if (pc == kEmpty) continue;
        const auto& type = v.types[static_cast<std::size_t>(type_of(pc))];
        const int value = is_promoted(pc)
                              ? v.types[static_cast<std::size_t>(type.promotes_to)].value
                              : type.value;
        sum += owner_of(pc) == st.to_move ? value : -value;
    }
    for (Player p = 0; p < 2; ++p)
        for (PieceType t : v.hand_types) {
            const int n = st.hands[static_cast<std::size_t>(p)][static_cast<std::size_t>(t)];
            const int value = n * v.types[static_cast<std::size_t>(t)].hand_value;
            sum += p == st.to_move ? value : -value;
        }
    return sum;
}

// `games` random games of up to `plies` plies, each position scored and given a result.
std::vector<nnue::TrainingGame> random_games(const std::shared_ptr<const Variant>& v, int games,
                                             int plies, std::uint64_t seed) {
    std::vector<nnue::TrainingGame> out;
    std::uint64_t draw = seed;
    auto next = [&draw] { return splitmix64(draw++); };
    for (int g = 0; g < games; ++g) {
        nnue::TrainingGame game;
        game.index = static_cast<std::uint32_t>(g);
        GenericPosition pos(v, start_state(*v));
        for (int ply = 0; ply < plies; ++ply) {
            MoveList moves;
            pos.legal_moves(moves);
            if (moves.empty()) break;
            nnue::TrainingPosition tp;
            tp.state = pos.state();
            tp.score = std::clamp(material(*v, tp.state), -nnue::kScoreLimit, nnue::kScoreLimit);
            const double win = nnue::sigmoid(tp.score / kResultScale);
            const double u = static_cast<double>(next() >> 11) * 0x1.0p-53;
            tp.result = u < win ? 1 : -1;
            tp.ply = ply;
            game.positions.push_back(tp);
            pos.do_move(moves[next() % moves.size()]);
        }
        out.push_back(std::move(game));
    }
    return out;
}

class NnueTrainer : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        variant_ = testing::variant("seireigi");
        // One folder per process: ctest runs each test of the suite as a process of its own,
        // several at a time.
        folder_ = testing::fresh_temporary_folder("seireigi-nnue-trainer-test-" +
                                                  std::to_string(::getpid()));
        games_ = random_games(variant_, 80, 80, 7);
        nnue::DataWriter writer(folder_ / "a.data", *variant_);
        for (const auto& g : games_) writer.append(g);
    }
    static void TearDownTestSuite() { std::filesystem::remove_all(folder_); }

    static nnue::TrainerOptions options() {
        nnue::TrainerOptions o;
        o.threads = 2;
        o.batch = 256;
        o.lr = 3e-3;
        o.lambda = 0.7;
        return o;
    }

    static inline std::shared_ptr<const Variant> variant_;
    static inline std::filesystem::path folder_;
    static inline std::vector<nnue::TrainingGame> games_;
};

TEST_F(NnueTrainer, LossFallsAndScaleIsFitted) {
    const auto set = nnue::load_training_set({folder_}, *variant_, {});
    EXPECT_EQ(set.games, 80);
    EXPECT_GT(set.duplicates, 0);  // every game starts from the same position
    EXPECT_EQ(set.validation.samples.empty(), false);
    EXPECT_GT(set.train.samples.size(), 3000U);
    // Results drawn with scale 200 over a few thousand positions: the fit lands near it.
    EXPECT_NEAR(set.scale, kResultScale, 60) << "fitted scale";
    const nnue::FeatureSet features(*variant_);
    nnue::Trainer trainer(set, features.size(), nnue::most_active_features(*variant_), options());
    const double train_before = trainer.loss(set.train);
    const double validation_before = trainer.loss(set.validation);
    nnue::EpochReport last;
    for (int e = 0; e < 8; ++e) last = trainer.run_epoch();
    const double train_after = trainer.loss(set.train);
    std::cout << "loss: training " << train_before << " -> " << train_after << ", validation "
              << validation_before << " -> " << last.validation_loss << "; scale " << set.scale
              << "\n";
    EXPECT_LT(train_after, 0.5 * train_before);
    EXPECT_LT(last.validation_loss, 0.7 * validation_before);
}

TEST_F(NnueTrainer, SameSeedAndThreadsTrainTheSameNet) {
    const auto set = nnue::load_training_set({folder_}, *variant_, {});
    const nnue::FeatureSet features(*variant_);
    const int most = nnue::most_active_features(*variant_);
    nnue::Trainer a(set, features.size(), most, options()),
        b(set, features.size(), most, options());
    auto other_seed = options();
    other_seed.seed = 2;
    nnue::Trainer c(set, features.size(), most, other_seed);
    for (auto* t : {&a, &b, &c}) t->run_epoch();
    EXPECT_EQ(a.network().w1, b.network().w1);
    EXPECT_EQ(a.network().w2, b.network().w2);
    EXPECT_NE(a.network().w1, c.network().w1);
}

// The engine's score may differ from the float net's only by what rounding the weights moves
// it: for out = b2 + sum_i w2_i h_i with quantised w2', h' (the clipped accumulator computed here
// from the rounded first-layer weights),
//   |out - out'| <= |b2 - b2'| + sum_i h_i |w2_i - w2'_i| + sum_i |w2'_i| |acc_i - acc'_i|
// (clipping moves no value further), plus the engine's division, which truncates (< 1 cp).
TEST_F(NnueTrainer, ExportedNetEvaluatesAsTheFloatNet) {
    const auto set = nnue::load_training_set({folder_}, *variant_, {});
    const nnue::FeatureSet features(*variant_);
    nnue::Trainer trainer(set, features.size(), nnue::most_active_features(*variant_), options());
    for (int e = 0; e < 4; ++e) trainer.run_epoch();
    const auto& net = trainer.network();
    nnue::NetInfo info;
    info.variant = variant_->name;
    info.fingerprint = variant_fingerprint(*variant_);
    info.data = "test";
    info.trainer = "test";
    info.commit = "unknown";
    const std::string bytes = net.write(info);
    auto loaded = nnue::Network::load(bytes, *variant_);
    ASSERT_TRUE(std::holds_alternative<std::shared_ptr<const nnue::Network>>(loaded))
        << std::get<Diagnostic>(loaded).text();
    const auto engine = std::get<std::shared_ptr<const nnue::Network>>(loaded);

    using Q = nnue::FloatNetwork;
    constexpr double qa = nnue::kQuantA, qb = nnue::kQuantB;
    double bound_sum = 0, diff_sum = 0, cp_sum = 0, cp_sq = 0;
    int n = 0;
    for (std::size_t g = 0; g < games_.size(); g += 4)
        for (const auto& tp : games_[g].positions) {
            const PositionState& st = tp.state;
            const Player mover = st.to_move;
            const auto mine = features.active(st, mover);
            const auto theirs = features.active(st, static_cast<Player>(1 - mover));
            const std::vector<std::int32_t> m(mine.begin(), mine.end()),
                o(theirs.begin(), theirs.end());
            float acc[2 * nnue::kHidden];
            const double cp = net.output(m.data(), static_cast<int>(m.size()), o.data(),
                                         static_cast<int>(o.size()), acc) *
                              nnue::kOutputScale;
            double bound = std::abs(net.b2 - Q::quantise_bias2(net.b2) / (qa * qb));
            for (int half = 0; half < 2; ++half) {
                const auto& f = half == 0 ? m : o;
                for (int i = 0; i < nnue::kHidden; ++i) {
                    long q = Q::quantise_first(net.b1[static_cast<std::size_t>(i)]);
                    for (std::int32_t x : f)
                        q += Q::quantise_first(net.w1[static_cast<std::size_t>(x) * nnue::kHidden +
                                                      static_cast<std::size_t>(i)]);
                    const auto j = static_cast<std::size_t>(half * nnue::kHidden + i);
                    const double w2 = net.w2[j], w2q = Q::quantise_second(net.w2[j]) / qb;
                    const double a = acc[j];
                    bound += std::clamp(a, 0.0, 1.0) * std::abs(w2 - w2q) +
                             std::abs(w2q) * std::abs(a - static_cast<double>(q) / qa);
                }
            }
            bound = bound * nnue::kOutputScale + 1.01;
            const int got = engine->evaluate(st);
            ASSERT_LE(std::abs(got - cp), bound) << "engine " << got << ", float " << cp;
            bound_sum += bound;
            diff_sum += std::abs(got - cp);
            cp_sum += cp;
            cp_sq += cp * cp;
            ++n;
        }
    const double spread = std::sqrt(cp_sq / n - (cp_sum / n) * (cp_sum / n));
    std::cout << n << " positions: |engine - float| " << diff_sum / n << " cp on average, bound "
              << bound_sum / n << " cp on average; the float net's scores spread " << spread
              << " cp\n";
    // Not a vacuous bound: the rounding is small against what the net tells positions apart by.
    EXPECT_LT(bound_sum / n, spread / 2);
    // Rounding errors of single weights mostly cancel: a few centipawns on average.
    EXPECT_LT(diff_sum / n, 15);
}

TEST_F(NnueTrainer, DamagedNetFileIsRefused) {
    const auto set = nnue::load_training_set({folder_}, *variant_, {});
    const nnue::FeatureSet features(*variant_);
    nnue::Trainer trainer(set, features.size(), nnue::most_active_features(*variant_), options());
    nnue::NetInfo info;
    info.variant = variant_->name;
    info.fingerprint = variant_fingerprint(*variant_);
    const std::string bytes = trainer.network().write(info);
    ASSERT_TRUE(std::holds_alternative<std::shared_ptr<const nnue::Network>>(
        nnue::Network::load(bytes, *variant_)));
    auto refusal = [&](const std::string& file, const Variant& v) {
        auto r = nnue::Network::load(file, v);
        return std::holds_alternative<Diagnostic>(r) ? std::get<Diagnostic>(r).text()
                                                     : std::string("accepted");
    };
    EXPECT_NE(refusal(bytes.substr(0, bytes.size() - 100), *variant_).find("cut short"),
              std::string::npos);
    std::string altered = bytes;
    altered[altered.size() / 2] ^= 0x10;
    EXPECT_NE(refusal(altered, *variant_).find("damaged"), std::string::npos);
    EXPECT_NE(refusal("not a net", *variant_).find("not a seireigi network file"),
              std::string::npos);
    const auto other = testing::variant("minishogi");
    EXPECT_NE(refusal(bytes, *other).find("made for the rules of"), std::string::npos);
}

TEST_F(NnueTrainer, CommandRefusesMissingAndForeignData) {
    const auto scratch = testing::fresh_temporary_folder("seireigi-nnue-trainer-cli");
    const auto net = (scratch / "net.nnue").string();
    auto missing = testing::run_cli(
        scratch, "train --data " + (scratch / "nowhere").string() + " --out " + net);
    EXPECT_NE(missing.exit_code, 0);
    EXPECT_NE(missing.err.find("no such folder"), std::string::npos) << missing.err;
    auto empty = testing::run_cli(scratch, "train --data " + scratch.string() + " --out " + net);
    EXPECT_NE(empty.exit_code, 0);
    EXPECT_NE(empty.err.find("no training data"), std::string::npos) << empty.err;
    auto foreign = testing::run_cli(
        scratch, "train --variant minishogi --data " + folder_.string() + " --out " + net);
    EXPECT_NE(foreign.exit_code, 0);
    EXPECT_NE(foreign.err.find("not Minishogi training data"), std::string::npos) << foreign.err;
    auto ok = testing::run_cli(scratch, "train --data " + folder_.string() + " --out " + net +
                                            " --epochs 2 --batch 512 --threads 2");
    EXPECT_EQ(ok.exit_code, 0) << ok.err;
    EXPECT_NE(ok.err.find("scale K"), std::string::npos) << ok.err;
    EXPECT_NE(ok.err.find("epoch 2/2: training loss"), std::string::npos) << ok.err;
    EXPECT_TRUE(std::filesystem::exists(net));
    std::filesystem::remove_all(scratch);
}

}  // namespace
}  // namespace seireigi
