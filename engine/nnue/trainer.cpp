#include "nnue/trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <sstream>
#include <thread>

#include "core/splitmix64.h"
#include "text/start_position.h"

namespace seireigi::nnue {

namespace {

// Runs fn(0) .. fn(threads - 1) at once, fn(0) on the calling thread.
template <class Fn>
void parallel(int threads, const Fn& fn) {
    std::vector<std::thread> workers;
    for (int t = 1; t < threads; ++t) workers.emplace_back([&fn, t] { fn(t); });
    fn(0);
    for (auto& w : workers) w.join();
}

// [begin, end) of part t of n items split into `parts` nearly equal parts.
std::pair<std::size_t, std::size_t> part(std::size_t n, int parts, int t) {
    const auto p = static_cast<std::size_t>(parts), i = static_cast<std::size_t>(t);
    return {n * i / p, n * (i + 1) / p};
}

constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-8;

}  // namespace

// One thread's gradients, laid out as the weights are (w1, b1, w2, b2); of w1 only the rows in
// `rows` are non-zero.
struct Trainer::Gradients {
    std::vector<float> g;
    std::vector<std::uint8_t> touched;  // by w1 row
    std::vector<std::int32_t> rows;
    double loss = 0;
};

std::string TrainerOptions::describe() const {
    std::ostringstream out;
    out << "epochs=" << epochs << " threads=" << threads << " lambda=" << lambda << " lr=" << lr
        << " lr-decay=" << lr_decay << " seed=" << seed << " batch=" << batch;
    return out.str();
}

int most_active_features(const Variant& variant) {
    const PositionState start = start_state(variant);
    return static_cast<int>(std::count_if(start.board.begin(), start.board.end(),
                                          [](PieceCode p) { return p != kEmpty; }));
}

Trainer::Trainer(const TrainingSet& set, int inputs, int most_active, const TrainerOptions& options)
    : set_(set), options_(options), net_(inputs, most_active) {
    options_.threads = std::max(options_.threads, 1);
    options_.batch = std::max(options_.batch, 1);
    net_.initialise(options_.seed, set.mean_active);
    const std::size_t params = net_.w1.size() + 3 * kHidden + 1;
    m_.assign(params, 0);
    v_.assign(params, 0);
}

double Trainer::target(const Sample& s) const {
    return options_.lambda * sigmoid(s.score / set_.scale) +
           (1 - options_.lambda) * (s.result + 1) * 0.5;
}

double Trainer::loss(const SampleList& list) const {
    const int threads = options_.threads;
    std::vector<double> sums(static_cast<std::size_t>(threads), 0);
    parallel(threads, [&](int t) {
        const auto [lo, hi] = part(list.samples.size(), threads, t);
        double sum = 0;
        for (std::size_t i = lo; i < hi; ++i) {
            const Sample& s = list.samples[i];
            const std::int32_t* f = list.features.data() + s.begin;
            const double cp =
                net_.output(f, s.mover_count, f + s.mover_count, s.other_count) * kOutputScale;
            const double d = sigmoid(cp / set_.scale) - target(s);
            sum += d * d;
        }
        sums[static_cast<std::size_t>(t)] = sum;
    });
    const double total = std::accumulate(sums.begin(), sums.end(), 0.0);
    return list.samples.empty() ? 0 : total / static_cast<double>(list.samples.size());
}

EpochReport Trainer::run_epoch() {
    const auto started = std::chrono::steady_clock::now();
    const SampleList& train = set_.train;
    const int threads = options_.threads;
    const std::size_t n = train.samples.size();
    const std::size_t w1_size = net_.w1.size();
    const std::size_t b1_at = w1_size, w2_at = b1_at + kHidden, b2_at = w2_at + 2 * kHidden;
    const double lr = options_.lr * std::pow(options_.lr_decay, epoch_);

    // The epoch's order: a Fisher-Yates shuffle from the seed and the epoch alone.
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0U);
    const std::uint64_t key =
        splitmix64(options_.seed ^ (0x5EED0000ULL + static_cast<unsigned>(epoch_)));
    for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[splitmix64(key ^ i) % i]);

    std::vector<Gradients> grads(static_cast<std::size_t>(threads));
    for (auto& g : grads) {
        g.g.assign(m_.size(), 0);
        g.touched.assign(static_cast<std::size_t>(net_.inputs()), 0);
    }
    double loss_sum = 0;
    const auto batch = static_cast<std::size_t>(options_.batch);
    for (std::size_t first = 0; first < n; first += batch) {
        const std::size_t count = std::min(batch, n - first);
        const double scale = set_.scale;
        // d loss / d out for one sample, averaged over the batch.
        const double per_sample = 2.0 * kOutputScale / scale / static_cast<double>(count);
        parallel(threads, [&](int t) {
            Gradients& gr = grads[static_cast<std::size_t>(t)];
            float* g = gr.g.data();
            const auto [lo, hi] = part(count, threads, t);
            float acc[2 * kHidden];
            gr.loss = 0;
            for (std::size_t k = first + lo; k < first + hi; ++k) {
                const Sample& s = train.samples[order[k]];
                const std::int32_t* f = train.features.data() + s.begin;
                const double out =
                    net_.output(f, s.mover_count, f + s.mover_count, s.other_count, acc);
                const double p = sigmoid(out * kOutputScale / scale);
                const double d = p - target(s);
                gr.loss += d * d;
                const auto go = static_cast<float>(d * p * (1 - p) * per_sample);
                g[b2_at] += go;
                for (int half = 0; half < 2; ++half) {
                    const float* a = acc + half * kHidden;
                    const float* w2 = net_.w2.data() + half * kHidden;
                    float* gw2 = g + w2_at + static_cast<std::size_t>(half) * kHidden;
                    float dacc[kHidden];
                    for (int i = 0; i < kHidden; ++i) {
                        const float h = std::clamp(a[i], 0.0F, 1.0F);
                        gw2[i] += go * h;
                        dacc[i] = a[i] > 0 && a[i] < 1 ? go * w2[i] : 0.0F;
                        g[b1_at + static_cast<std::size_t>(i)] += dacc[i];
                    }
                    const std::int32_t* feats = half == 0 ? f : f + s.mover_count;
                    const int nf = half == 0 ? s.mover_count : s.other_count;
                    for (int j = 0; j < nf; ++j) {
                        const auto row = static_cast<std::size_t>(feats[j]);
                        if (!gr.touched[row]) {
                            gr.touched[row] = 1;
                            gr.rows.push_back(feats[j]);
                        }
                        float* gw1 = g + row * kHidden;
                        for (int i = 0; i < kHidden; ++i) gw1[i] += dacc[i];
                    }
                }
            }
        });
        // The threads' gradients into the first one's, in thread order (the same sums each run).
        Gradients& total = grads[0];
        loss_sum += total.loss;
        for (std::size_t t = 1; t < grads.size(); ++t) {
            Gradients& gr = grads[t];
            loss_sum += gr.loss;
            for (std::int32_t r : gr.rows) {
                const auto row = static_cast<std::size_t>(r) * kHidden;
                for (std::size_t i = row; i < row + kHidden; ++i) {
                    total.g[i] += gr.g[i];
                    gr.g[i] = 0;
                }
                gr.touched[static_cast<std::size_t>(r)] = 0;
            }
            gr.rows.clear();
            for (std::size_t i = b1_at; i < total.g.size(); ++i) {
                total.g[i] += gr.g[i];
                gr.g[i] = 0;
            }
        }
        for (std::int32_t r : total.rows) total.touched[static_cast<std::size_t>(r)] = 0;
        total.rows.clear();
        // A dense Adam step (untouched rows keep moving with their momentum), in parallel.
        ++steps_;
        const double step = lr * std::sqrt(1 - std::pow(kBeta2, static_cast<double>(steps_))) /
                            (1 - std::pow(kBeta1, static_cast<double>(steps_)));
        auto weight = [&](std::size_t i) -> float& {
            if (i < b1_at) return net_.w1[i];
            if (i < w2_at) return net_.b1[i - b1_at];
            if (i < b2_at) return net_.w2[i - w2_at];
            return net_.b2;
        };
        parallel(threads, [&](int t) {
            const auto [lo, hi] = part(total.g.size(), threads, t);
            for (std::size_t i = lo; i < hi; ++i) {
                const float gi = total.g[i];
                total.g[i] = 0;
                m_[i] = static_cast<float>(kBeta1 * m_[i] + (1 - kBeta1) * gi);
                v_[i] = static_cast<float>(kBeta2 * v_[i] + (1 - kBeta2) * gi * gi);
                weight(i) -= static_cast<float>(step * m_[i] / (std::sqrt(v_[i]) + kEpsilon));
            }
        });
        net_.clip();
    }
    ++epoch_;
    EpochReport report;
    report.epoch = epoch_;
    report.lr = lr;
    report.train_loss = n ? loss_sum / static_cast<double>(n) : 0;
    if (!set_.validation.samples.empty()) report.validation_loss = loss(set_.validation);
    report.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    report.positions_per_second = report.seconds > 0 ? static_cast<double>(n) / report.seconds : 0;
    return report;
}

}  // namespace seireigi::nnue
