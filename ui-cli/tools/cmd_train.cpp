// seireigi train: fits an evaluation network to self-play data and writes the quantised net
// file (docs/training.md, "Trainer").
#include <cstdio>
#include <fstream>
#include <iostream>

#include "base/context.h"
#include "commands.h"
#include "nnue/network.h"
#include "nnue/trainer.h"
#include "nnue/training_set.h"
#include "rules/variant_fingerprint.h"

namespace seireigi::cli {

namespace {

struct TrainOptions {
    CommonOptions common;
    std::vector<std::string> data;
    std::string out;
    nnue::TrainerOptions trainer;
    nnue::TrainingSetOptions set;
};

std::string fixed(double x, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, x);
    return text;
}

void train(const TrainOptions& opt) {
    auto v = load_or_report(opt.common);
    std::string why;
    if (!nnue::FeatureSet::supports(*v, &why)) {
        report({"", why});
        throw UserError{};
    }
    std::vector<std::filesystem::path> folders(opt.data.begin(), opt.data.end());
    nnue::TrainingSet set;
    try {
        set = nnue::load_training_set(folders, *v, opt.set);
    } catch (const std::runtime_error& e) {
        report({"", e.what()});
        throw UserError{};
    }
    const auto kept = set.train.samples.size() + set.validation.samples.size();
    std::cerr << "data: " << set.games << " games, " << set.positions_read << " positions; "
              << set.duplicates << " duplicates and " << set.beyond_limit
              << " with |score| >= " << opt.set.score_limit << " left out; " << kept << " remain ("
              << set.train.samples.size() << " training, " << set.validation.samples.size()
              << " validation)\n";
    std::cerr << "scale K " << fixed(set.scale, 1)
              << " (win probability = sigmoid(score / K), fitted to the results: cross-entropy "
              << fixed(set.scale_loss, 4) << ")\n";
    const nnue::FeatureSet features(*v);
    nnue::Trainer trainer(set, features.size(), nnue::most_active_features(*v), opt.trainer);
    std::cerr << "loss before training: training " << fixed(trainer.loss(set.train), 6)
              << (set.validation.samples.empty()
                      ? std::string()
                      : ", validation " + fixed(trainer.loss(set.validation), 6))
              << "\n";
    for (int e = 0; e < opt.trainer.epochs; ++e) {
        const auto r = trainer.run_epoch();
        std::cerr << "epoch " << r.epoch << "/" << opt.trainer.epochs << ": training loss "
                  << fixed(r.train_loss, 6) << ", validation loss "
                  << (r.validation_loss < 0 ? std::string("-") : fixed(r.validation_loss, 6))
                  << ", lr " << r.lr << ", " << fixed(r.seconds, 1) << " s, "
                  << fixed(r.positions_per_second, 0) << " positions/s\n";
    }
    nnue::NetInfo info;
    info.variant = v->name;
    info.fingerprint = variant_fingerprint(*v);
    for (const auto& d : opt.data) info.data += (info.data.empty() ? "" : " ") + d;
    info.data += " (" + std::to_string(kept) + " positions)";
    info.trainer = opt.trainer.describe() + " score-limit=" + std::to_string(opt.set.score_limit) +
                   " validation-every=" + std::to_string(opt.set.validation_every) +
                   " scale=" + fixed(set.scale, 1);
    info.commit = SEIREIGI_COMMIT;  // when the build was configured (ui-cli/CMakeLists.txt)
    const std::string bytes = trainer.network().write(info);
    // The file must be one the engine reads: a failure here is the trainer's own fault.
    const auto loaded = nnue::Network::load(bytes, *v);
    if (const auto* d = std::get_if<Diagnostic>(&loaded)) {
        report(*d, "the trained net");
        throw UserError{3};
    }
    std::ofstream out(opt.out, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
        report({opt.out, "cannot write the net file"});
        throw UserError{};
    }
    std::cerr << "wrote " << opt.out << " (" << bytes.size() << " bytes)\n";
}

}  // namespace

void add_train_command(CLI::App& app) {
    auto opt = std::make_shared<TrainOptions>();
    auto* cmd = app.add_subcommand(
        "train",
        "train an evaluation network (NNUE) on self-play data and write the quantised net file "
        "(docs/training.md)");
    opt->common.add_to(*cmd, false);
    cmd->add_option("--data", opt->data, "folders of training data (*.data files)")
        ->required()
        ->expected(1, -1);
    cmd->add_option("--out", opt->out, "the net file to write")->required();
    cmd->add_option("--epochs", opt->trainer.epochs, "passes over the training positions")
        ->check(CLI::Range(0, 100000))
        ->capture_default_str();
    cmd->add_option("--threads", opt->trainer.threads, "threads sharing each batch")
        ->check(CLI::Range(1, 1024))
        ->capture_default_str();
    cmd->add_option("--lambda", opt->trainer.lambda,
                    "weight of the search score in the target (the rest is the game's result)")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    cmd->add_option("--lr", opt->trainer.lr, "Adam's learning rate in the first epoch")
        ->check(CLI::Range(1e-7, 1.0))
        ->capture_default_str();
    cmd->add_option("--lr-decay", opt->trainer.lr_decay,
                    "the learning rate's factor from one epoch to the next")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    cmd->add_option("--seed", opt->trainer.seed, "seed of the initial weights and the order")
        ->capture_default_str();
    cmd->add_option("--batch", opt->trainer.batch, "positions per optimiser step")
        ->check(CLI::Range(1, 1 << 24))
        ->capture_default_str();
    cmd->add_option("--score-limit", opt->set.score_limit,
                    "leave out positions whose |score| (centipawns) is at least this")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    cmd->add_option("--validation-every", opt->set.validation_every,
                    "every Nth game validates instead of training (0: no validation)")
        ->check(CLI::Range(0, 1000000))
        ->capture_default_str();
    cmd->callback([opt] { train(*opt); });
}

}  // namespace seireigi::cli
