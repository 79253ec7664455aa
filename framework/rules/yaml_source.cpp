#include "rules/yaml_source.h"

#include <algorithm>

#include "core/file_text.h"
#include "rules/embedded_data.h"

namespace seireigi::yaml {

namespace fs = std::filesystem;

std::string SourceFile::identity() const {
    if (!disk) return "built-in:" + name;
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(*disk, ec);
    return (ec ? disk->lexically_normal() : canonical).generic_string();
}

bool FileFinder::is_path(std::string_view name) {
    return name.find('/') != std::string_view::npos ||
           (name.size() >= 5 && name.substr(name.size() - 5) == ".yaml");
}

std::optional<SourceFile> FileFinder::read_disk(const fs::path& path, std::string* why) {
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        if (why) *why = "no such file";
        return std::nullopt;
    }
    std::string text;
    if (auto problem = read_regular_file(path, text)) {
        if (why) *why = *problem;
        return std::nullopt;
    }
    return SourceFile{path.lexically_normal().generic_string(), std::move(text), path};
}

namespace {

std::optional<SourceFile> read_builtin(const std::string& key) {
    for (const auto& f : embedded_files())
        if (f.path == key) return SourceFile{f.path, f.content, std::nullopt};
    return std::nullopt;
}

}  // namespace

FileFinder::Found FileFinder::find(Kind kind, std::string_view name, const SourceFile* from) const {
    Found found;
    const fs::path base_dir = (from && from->disk) ? from->disk->parent_path() : fs::path();
    auto try_disk = [&](const fs::path& p) {
        std::string why;
        found.file = read_disk(p, &why);
        found.tried.push_back(p.lexically_normal().generic_string());
        // A file that is there but cannot be read says why beside its name.
        if (!found.file && why != "no such file") {
            found.tried.back() += " (" + why + ")";
            found.unreadable = why;
        }
        return found.file.has_value();
    };

    if (is_path(name)) {
        try_disk(base_dir / fs::path(name));
        return found;
    }
    const std::string file_name = std::string(name) + ".yaml";
    const char* folder = kind == Kind::Variant ? "variants" : "pieces";

    const std::string key = std::string(folder) + "/" + file_name;
    auto try_builtin = [&] {
        found.tried.push_back("built-in " + key);
        found.file = read_builtin(key);
        return found.file.has_value();
    };
    // Built-in files name only built-in files.
    if (from && !from->disk) {
        try_builtin();
        return found;
    }
    // Next to the file that names it: catalogues of a variants/ folder live in ../pieces/.
    if (from) {
        fs::path dir = base_dir;
        if (kind == Kind::Catalogue && dir.filename() == "variants")
            dir = dir.parent_path() / "pieces";
        if (try_disk(dir / file_name)) return found;
    }
    // --data-dir adds to the built-in files: a file there replaces the built-in one of its name.
    if (data_dir_ && try_disk(*data_dir_ / folder / file_name)) return found;
    try_builtin();
    return found;
}

std::vector<std::string> FileFinder::variant_ids() const {
    std::vector<std::string> ids;
    if (data_dir_) {
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(*data_dir_ / "variants", ec))
            if (e.path().extension() == ".yaml") ids.push_back(e.path().stem().string());
    }
    const std::string prefix = "variants/";
    for (const auto& f : embedded_files())
        if (f.path.starts_with(prefix) && f.path.ends_with(".yaml"))
            ids.push_back(f.path.substr(prefix.size(), f.path.size() - prefix.size() - 5));
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

}  // namespace seireigi::yaml
