// The evaluation network's code (engine/nnue): its features follow the layout docs/training.md
// gives; the fast position's accumulators, kept move by move, equal a sum computed here from
// scratch with this test's own weights after every move and take-back of 1,000 random games, on
// every instruction set the processor has; the fast and the generic position evaluate every
// position alike and search identically with a network; a damaged or mismatched file is refused.
#include <gtest/gtest.h>

#include <random>

#include "fast/fast_position.h"
#include "nnue/feature_set.h"
#include "nnue/network.h"
#include "nnue/network_source.h"
#include "position/generic_position.h"
#include "rules/variant_fingerprint.h"
#include "search/engine.h"
#include "test_support.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

using nnue::kHidden;

// A network with random weights, kept as plain arrays for the test's own sums.
struct RandomNet {
    std::vector<std::int16_t> bias1, weights1, weights2;
    std::int32_t bias2 = 0;
    std::string bytes;
    std::shared_ptr<const nnue::Network> net;

    RandomNet(const Variant& v, std::uint64_t seed) {
        std::mt19937_64 rng(seed);
        const nnue::FeatureSet fs(v);
        auto fill = [&](std::vector<std::int16_t>& out, std::size_t n, int spread) {
            out.resize(n);
            for (auto& w : out)
                w = static_cast<std::int16_t>(static_cast<int>(rng() % (2 * spread + 1)) - spread);
        };
        fill(bias1, kHidden, 150);
        fill(weights1, static_cast<std::size_t>(fs.size()) * kHidden, 40);
        fill(weights2, 2 * kHidden, 60);
        bias2 = 1234;
        nnue::NetInfo info;
        info.variant = v.name;
        info.fingerprint = variant_fingerprint(v);
        info.inputs = fs.size();
        info.data = "random weights";
        info.trainer = "none";
        bytes = nnue::Network::write(info, bias1, weights1, weights2, bias2);
        auto loaded = nnue::Network::load(bytes, v, "random.nnue");
        if (auto* d = std::get_if<Diagnostic>(&loaded)) throw std::runtime_error(d->text());
        net = std::get<std::shared_ptr<const nnue::Network>>(loaded);
    }
};

// The active features of `st` for perspective q by the layout of docs/training.md, written here
// apart from FeatureSet: faces are the base types and their promoted faces in type order.
std::vector<int> layout_features(const Variant& v, const PositionState& st, Player q) {
    std::vector<int> face_index(v.types.size() * 2, -1);
    int faces = 0;
    for (std::size_t t = 0; t < v.types.size(); ++t) {
        if (!v.types[t].is_base) continue;
        face_index[2 * t] = faces++;
        if (v.types[t].promotes_to != kNoType) face_index[2 * t + 1] = faces++;
    }
    const int squares = v.geo.squares();
    std::vector<int> limit(v.types.size(), 0);
    for (PieceCode pc : start_state(v).board)
        if (pc != kEmpty) ++limit[static_cast<std::size_t>(type_of(pc))];
    std::vector<int> out;
    for (Square s = 0; s < squares; ++s) {
        const PieceCode pc = st.board[static_cast<std::size_t>(s)];
        if (pc == kEmpty) continue;
        const int side = owner_of(pc) == q ? 0 : 1;
        const int face = face_index[2 * static_cast<std::size_t>(type_of(pc)) + is_promoted(pc)];
        out.push_back((side * faces + face) * squares + (q == 0 ? s : squares - 1 - s));
    }
    int per_side = 0;
    for (PieceType t : v.hand_types) per_side += limit[static_cast<std::size_t>(t)];
    for (Player owner = 0; owner < 2; ++owner) {
        int offset = 2 * faces * squares + (owner == q ? 0 : per_side);
        for (PieceType t : v.hand_types) {
            const int held = st.hands[static_cast<std::size_t>(owner)][static_cast<std::size_t>(t)];
            for (int k = 1; k <= std::min(held, limit[static_cast<std::size_t>(t)]); ++k)
                out.push_back(offset + k - 1);
            offset += limit[static_cast<std::size_t>(t)];
        }
    }
    return out;
}

// The accumulator of perspective q summed from the test's own weights.
std::vector<int> sum_from_scratch(const RandomNet& rn, const Variant& v, const PositionState& st,
                                  Player q) {
    std::vector<int> acc(rn.bias1.begin(), rn.bias1.end());
    for (int f : layout_features(v, st, q))
        for (int i = 0; i < kHidden; ++i)
            acc[static_cast<std::size_t>(i)] +=
                rn.weights1[static_cast<std::size_t>(f) * kHidden + static_cast<std::size_t>(i)];
    return acc;
}

std::vector<int> kept(const FastPosition& pos, Player q) {
    const auto& a = pos.accumulator().values[static_cast<std::size_t>(q)];
    return {a.begin(), a.end()};
}

class EverySimd : public ::testing::TestWithParam<nnue::Simd> {
  protected:
    void SetUp() override {
        if (!nnue::simd_available(GetParam()))
            GTEST_SKIP() << nnue::simd_name(GetParam()) << " is not on this processor";
        nnue::set_simd(GetParam());
    }
    void TearDown() override { nnue::set_simd(nnue::Simd::Auto); }
};

TEST(NnueFeatures, FollowTheDocumentedLayout) {
    const auto v = testing::variant("seireigi");
    const nnue::FeatureSet fs(*v);
    std::mt19937_64 rng(7);
    GenericPosition pos(v, start_state(*v));
    for (int ply = 0; ply < 200; ++ply) {
        const PositionState st = pos.state();
        for (Player q = 0; q < 2; ++q) {
            auto a = fs.active(st, q), b = layout_features(*v, st, q);
            std::sort(a.begin(), a.end());
            std::sort(b.begin(), b.end());
            ASSERT_EQ(a, b) << "ply " << ply;
            for (int f : a) ASSERT_LT(f, fs.size());
        }
        MoveList moves;
        pos.legal_moves(moves);
        if (moves.empty()) break;
        pos.do_move(moves[static_cast<std::size_t>(rng() % moves.size())]);
    }
}

TEST_P(EverySimd, KeptAccumulatorEqualsFromScratchOverRandomGames) {
    const auto v = testing::variant("seireigi");
    const RandomNet rn(*v, 11);
    std::mt19937_64 rng(3);
    int checked = 0;
    for (int game = 0; game < 1000; ++game) {
        FastPosition pos(v, start_state(*v));
        pos.keep_network(rn.net);
        const int plies = 20 + static_cast<int>(rng() % 60);
        int made = 0;
        for (; made < plies; ++made) {
            MoveList moves;
            pos.legal_moves(moves);
            if (moves.empty()) break;
            pos.do_move(moves[static_cast<std::size_t>(rng() % moves.size())]);
            for (Player q = 0; q < 2; ++q)
                ASSERT_EQ(kept(pos, q), sum_from_scratch(rn, *v, pos.state(), q))
                    << "game " << game << " ply " << made + 1 << " perspective " << q;
            ++checked;
        }
        // Taken back to the start, the accumulators are the start's again.
        for (; made > 0; --made) pos.undo_move();
        for (Player q = 0; q < 2; ++q)
            ASSERT_EQ(kept(pos, q), sum_from_scratch(rn, *v, pos.state(), q)) << "game " << game;
    }
    EXPECT_GT(checked, 30000);
}

TEST_P(EverySimd, FastAndGenericPositionsEvaluateAlike) {
    const auto v = testing::variant("seireigi");
    const RandomNet rn(*v, 5);
    std::mt19937_64 rng(9);
    for (int game = 0; game < 100; ++game) {
        FastPosition fast(v, start_state(*v));
        fast.keep_network(rn.net);
        for (int ply = 0; ply < 80; ++ply) {
            const int kept_eval = rn.net->evaluate(fast.accumulator(), fast.side_to_move());
            ASSERT_EQ(kept_eval, rn.net->evaluate(fast.state())) << "game " << game;
            MoveList moves;
            fast.legal_moves(moves);
            if (moves.empty()) break;
            fast.do_move(moves[static_cast<std::size_t>(rng() % moves.size())]);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Nnue, EverySimd,
                         ::testing::Values(nnue::Simd::Portable, nnue::Simd::Avx2,
                                           nnue::Simd::Avx512),
                         [](const auto& info) { return std::string(nnue::simd_name(info.param)); });

// The output neuron by the formula of nnue/network.h, from the test's own weights.
TEST(NnueEvaluation, OutputFollowsTheFormula) {
    const auto v = testing::variant("seireigi");
    const RandomNet rn(*v, 21);
    const PositionState st =
        testing::position(*v, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    std::int64_t sum = rn.bias2;
    for (Player half = 0; half < 2; ++half) {
        const auto acc = sum_from_scratch(rn, *v, st, half == 0 ? st.to_move : 1 - st.to_move);
        for (int i = 0; i < kHidden; ++i)
            sum += std::int64_t{std::clamp(acc[static_cast<std::size_t>(i)], 0, nnue::kQuantA)} *
                   rn.weights2[static_cast<std::size_t>(half * kHidden + i)];
    }
    EXPECT_EQ(rn.net->evaluate(st),
              static_cast<int>(sum * nnue::kOutputScale / (nnue::kQuantA * nnue::kQuantB)));
}

// The bench signature's premise holds with a network: both positions search identically.
TEST(NnueEvaluation, FastAndGenericSearchIdentically) {
    const auto v = testing::variant("seireigi");
    const RandomNet rn(*v, 13);
    for (const char* text :
         {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
          "lnsgkg1nl/1r5s1/p1pppp1pp/1p2b1p2/9/2P1P2P1/PP1P1PP1P/2S4R1/LN1GKGSNL b B 13",
          "lns1k2nl/1r2g2s1/p1pp1g1pp/1p2pp3/4P4/2b4PB/PP1P1PP1P/2SG1S1R1/LN2KG1NL b Pp 25"}) {
        const PositionState st = testing::position(*v, text);
        std::vector<search::Result> results;
        for (auto implementation :
             {search::Implementation::Fast, search::Implementation::Generic}) {
            search::Options o;
            o.implementation = implementation;
            o.network = rn.net;
            auto engine = search::Engine::create(v, o);
            ASSERT_TRUE(engine);
            engine->set_position(st, {});
            search::Limits limits;
            limits.depth = 4;
            results.push_back(engine->search(limits, {}));
        }
        EXPECT_EQ(results[0].nodes, results[1].nodes) << text;
        EXPECT_EQ(results[0].best, results[1].best) << text;
        EXPECT_EQ(results[0].score, results[1].score) << text;
    }
}

TEST(NnueFile, DamagedOrMismatchedFilesAreRefusedWithTheReason) {
    const auto v = testing::variant("seireigi");
    const RandomNet rn(*v, 1);
    auto refusal = [&](std::string bytes, const Variant& variant) {
        auto r = nnue::Network::load(bytes, variant, "x.nnue");
        return std::holds_alternative<Diagnostic>(r) ? std::get<Diagnostic>(r).text()
                                                     : std::string("accepted");
    };
    EXPECT_NE(refusal(rn.bytes.substr(0, rn.bytes.size() / 2), *v).find("checksum"),
              std::string::npos);
    std::string altered = rn.bytes;
    altered[altered.size() / 2] ^= 0x10;
    EXPECT_NE(refusal(altered, *v).find("damaged or cut short"), std::string::npos);
    EXPECT_NE(refusal("PK\x03\x04 not a net", *v).find("not a seireigi network file"),
              std::string::npos);
    EXPECT_NE(refusal("", *v).find("not a seireigi network file"), std::string::npos);
    const auto shogi = testing::variant("shogi");
    EXPECT_NE(refusal(rn.bytes, *shogi).find("made for the rules of"), std::string::npos);
    EXPECT_EQ(refusal(rn.bytes, *v), "accepted");
    auto missing = nnue::network_file("/nonexistent/x.nnue", *v);
    ASSERT_TRUE(std::holds_alternative<Diagnostic>(missing));
    EXPECT_NE(std::get<Diagnostic>(missing).text().find("no such network file"), std::string::npos);
}

// A variant that names no network has none; the engine then evaluates by hand.
TEST(NnueFile, VariantWithoutNetworkSaysSo) {
    const auto v = testing::variant("minishogi");
    auto r = nnue::variant_network(*v);
    ASSERT_TRUE(std::holds_alternative<Diagnostic>(r));
    EXPECT_NE(std::get<Diagnostic>(r).text().find("names no evaluation network"),
              std::string::npos);
}

}  // namespace
}  // namespace seireigi
