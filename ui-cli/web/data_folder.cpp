#include "web/data_folder.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <system_error>

#include "rules/variant_loader.h"

namespace seireigi::web {

namespace fs = std::filesystem;

namespace {

constexpr const char* kFilePrefix = "file:";

// `path` lies inside `folder` (after resolving "..", "." and symbolic links).
bool inside(const fs::path& folder, const fs::path& path) {
    std::error_code ec;
    const fs::path f = fs::weakly_canonical(folder, ec);
    if (ec) return false;
    const fs::path p = fs::weakly_canonical(path, ec);
    if (ec) return false;
    auto [fi, pi] = std::mismatch(f.begin(), f.end(), p.begin(), p.end());
    return fi == f.end() && pi != p.end();
}

std::variant<LoadedVariant, Diagnostic> build(const std::string& name, const std::string& what) {
    VariantLoadResult r = load_variant(name);
    if (!r.spec) {
        std::string text;
        for (const auto& d : r.errors) text += (text.empty() ? "" : "; ") + d.text();
        return Diagnostic{what, text};
    }
    try {
        return LoadedVariant{name, build_variant(*r.spec)};
    } catch (const std::exception& e) {
        return Diagnostic{what, e.what()};
    }
}

// Renames `from` to `to` unless something is at `to`: false with errno EEXIST then.
bool rename_without_replacing(const fs::path& from, const fs::path& to) {
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0)
        return true;
    if (errno != EINVAL && errno != ENOSYS) return false;
    // A file system without RENAME_NOREPLACE: a second name (which fails if `to` exists), then
    // the first removed.
    if (::link(from.c_str(), to.c_str()) != 0) return false;
    ::unlink(from.c_str());
    return true;
}

}  // namespace

bool is_plain_file_name(const std::string& name) {
    if (name.empty() || name.size() > 100 || name.front() == '.') return false;
    if (name.find("..") != std::string::npos) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_';
    });
}

DataFolder::DataFolder(fs::path root) : root_(std::move(root)) {}

std::optional<std::string> DataFolder::prepare() const {
    std::error_code ec;
    fs::create_directories(games(), ec);
    if (ec) return "cannot create the folder " + games().string() + ": " + ec.message();
    return std::nullopt;
}

std::string DataFolder::folder_signature() const {
    std::string signature;
    for (const fs::path& folder : {variants(), root_ / "pieces"}) {
        std::error_code ec;
        std::vector<std::string> entries;
        for (const auto& entry : fs::directory_iterator(folder, ec)) {
            std::error_code e;
            const auto size = entry.is_regular_file(e) ? entry.file_size(e) : 0;
            const auto time = entry.last_write_time(e).time_since_epoch().count();
            entries.push_back(entry.path().filename().string() + "\t" + std::to_string(size) +
                              "\t" + std::to_string(time));
        }
        std::sort(entries.begin(), entries.end());
        signature += folder.string() + "\n";
        for (const auto& e : entries) signature += e + "\n";
    }
    return signature;
}

std::vector<VariantChoice> DataFolder::variant_choices() const {
    const std::string signature = folder_signature();
    std::lock_guard lock(menu_->mutex);
    if (!menu_->choices || signature != menu_->signature) {
        menu_->choices = build_variant_choices();
        menu_->signature = signature;
    }
    return *menu_->choices;
}

std::vector<VariantChoice> DataFolder::build_variant_choices() const {
    std::vector<VariantChoice> out;
    std::vector<std::string> ids;
    for (const auto& l : list_variants()) ids.push_back(l.id);
    std::error_code ec;
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(variants(), ec)) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() == ".yaml" && is_plain_file_name(name)) files.push_back(name);
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) ids.push_back(kFilePrefix + f);
    for (const auto& id : ids) {
        auto loaded = load(id);
        if (auto* l = std::get_if<LoadedVariant>(&loaded))
            out.push_back({id, l->variant->name, l->variant->num_players()});
    }
    return out;
}

std::variant<LoadedVariant, Diagnostic> DataFolder::load(const std::string& id) const {
    if (id.rfind(kFilePrefix, 0) == 0) {
        const std::string file = id.substr(std::string(kFilePrefix).size());
        if (!is_plain_file_name(file))
            return Diagnostic{"variant \"" + id + "\"",
                              "name a file of the data folder's variants/ by its plain name"};
        return build(fs::absolute(variants() / file).string(), "variant \"" + file + "\"");
    }
    const bool is_path = id.find('/') != std::string::npos || id.ends_with(".yaml");
    if (is_path && !inside(variants(), id))
        return Diagnostic{"variant \"" + id + "\"",
                          "the variant file is outside the data folder's variants/ (" +
                              variants().string() + ")"};
    if (!is_path) {
        const auto builtin = list_variants();
        if (std::none_of(builtin.begin(), builtin.end(), [&](const auto& l) { return l.id == id; }))
            return Diagnostic{"variant \"" + id + "\"", "no such built-in variant"};
    }
    return build(id, "variant \"" + id + "\"");
}

std::variant<fs::path, Diagnostic> DataFolder::game_file(const std::string& name) const {
    if (!is_plain_file_name(name))
        return Diagnostic{"file name \"" + name + "\"",
                          "use a plain file name (letters, digits, '.', '-', '_'), no folders "
                          "and no '..'"};
    std::string file = name;
    if (!file.ends_with(".game")) file += ".game";
    return games() / file;
}

std::vector<std::string> DataFolder::saved_games() const {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(games(), ec))
        if (entry.path().extension() == ".game") out.push_back(entry.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> DataFolder::saved_tables() const {
    std::vector<std::string> out;
    for (const std::string& file : saved_games())
        if (file.starts_with("table-") && file.size() > 11)
            out.push_back(file.substr(6, file.size() - 11));
    return out;
}

std::variant<fs::path, std::string> DataFolder::keep_autosave_aside(
    const std::string& table) const {
    const fs::path autosave = this->autosave(table);
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    const std::string base = std::string("autosave-unresumable-") + stamp;
    for (int n = 1; n < 100; ++n) {
        // Built by appending: GCC 12 warns falsely (-Wrestrict) on "-" + std::to_string(n).
        std::string name = base;
        if (n > 1) {
            name += '-';
            name += std::to_string(n);
        }
        const fs::path to = games() / (name + ".game");
        if (rename_without_replacing(autosave, to)) return to;
        if (errno != EEXIST)
            return "cannot rename " + autosave.string() + " to " + to.string() + ": " +
                   std::strerror(errno);
    }
    return "cannot rename " + autosave.string() + ": every new name is taken";
}

}  // namespace seireigi::web
