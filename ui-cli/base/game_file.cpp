#include "base/game_file.h"

#include <filesystem>
#include <iostream>

#include "record/game_record.h"
#include "record/kif_csa_reader.h"
#include "rules/yaml_source.h"

namespace seireigi::cli {

namespace {

namespace fs = std::filesystem;

// The built-in variant whose display name a KIF written by this program gives.
std::optional<std::string> variant_id_named(const std::string& name, const DataSource& source) {
    for (const VariantListing& l : list_variants(source))
        if (l.name == name) return l.id;
    return std::nullopt;
}

GameFile read_kif_or_csa(const std::string& file, const std::string& text, RecordFormat format,
                         const CommonOptions& common, bool variant_given,
                         const std::string& command) {
    CommonOptions chosen = common;
    if (!variant_given) {
        chosen.variant = "shogi";
        if (format == RecordFormat::Kif)
            if (auto name = variant_named_in_kif(text)) {
                auto id = variant_id_named(*name, common.source());
                if (!id) {
                    report({"", "this KIF was written for the variant '" + *name +
                                    "', which is not among the variants here; say which: " +
                                    command + " --variant NAME_OR_FILE"},
                           file);
                    throw UserError{};
                }
                chosen.variant = *id;
            }
    }
    GameFile out;
    out.variant = load_or_report(chosen);
    auto read =
        format == RecordFormat::Kif ? read_kif(text, out.variant) : read_csa(text, out.variant);
    if (auto* d = std::get_if<Diagnostic>(&read)) {
        report(*d, file);
        throw UserError{};
    }
    out.game.emplace(std::move(std::get<ImportedGame>(read).game));
    out.variant_name = chosen.variant_for_records();
    return out;
}

}  // namespace

GameFile game_file_or_report(const std::string& file, const CommonOptions& common,
                             bool variant_given, const std::string& command) {
    auto text = read_text_file(file);
    if (auto* d = std::get_if<Diagnostic>(&text)) {
        report(*d, file);
        throw UserError{};
    }
    const std::string& content = std::get<std::string>(text);
    const RecordFormat format = record_format_of(file);
    if (format != RecordFormat::Game)
        return read_kif_or_csa(file, content, format, common, variant_given, command);
    auto record = read_record(content);
    if (auto* d = std::get_if<Diagnostic>(&record)) {
        report(*d, file);
        throw UserError{};
    }
    const GameRecord& r = std::get<GameRecord>(record);
    CommonOptions chosen = common;
    if (!variant_given) {
        chosen.variant = r.variant;
        std::error_code ec;
        if (yaml::FileFinder::is_path(r.variant) && !fs::exists(r.variant, ec)) {
            report({"", "this game was played under the variant file " + r.variant +
                            ", which is not there any more. If it has moved, say where: " +
                            command + " --variant FILE"},
                   file);
            throw UserError{};
        }
    }
    GameFile out;
    out.variant = load_or_report(chosen);
    auto replayed = replay_record(r, out.variant);
    if (auto* d = std::get_if<Diagnostic>(&replayed)) {
        report(*d, file);
        throw UserError{};
    }
    out.game.emplace(std::move(std::get<Game>(replayed)));
    out.seats = r.seats;
    out.move_time_ms = r.move_time_ms;
    out.variant_name = chosen.variant_for_records();
    return out;
}

}  // namespace seireigi::cli
