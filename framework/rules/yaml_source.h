// Where piece catalogues and variant files come from, and in which order names are looked up
// (docs/formats.md, "Where files are found"):
//  * a name the user gives ("seireigi") is looked up in --data-dir if given, then among the
//    files built into the binary (--data-dir adds files, and replaces those of the same name);
//  * a path (it contains '/' or ends in ".yaml") is read from disk, relative to the file that
//    writes it (or to the working directory, when the user gives it);
//  * a name written in a file on disk (`extends:`, `catalogues:`) is looked up next to that file
//    (a catalogue named in a variants/ folder: in ../pieces/), then in --data-dir, then among
//    the built-in files;
//  * a name written in a built-in file is looked up among the built-in files only.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace seireigi::yaml {

struct SourceFile {
    std::string name;  // shown in messages: "variants/seireigi.yaml" (built in) or a disk path
    std::string text;
    std::optional<std::filesystem::path> disk;  // nothing for a built-in file
    // One key per file, for caching and for finding cycles in `extends:`.
    std::string identity() const;
};

class FileFinder {
  public:
    enum class Kind { Variant, Catalogue };
    struct Found {
        std::optional<SourceFile> file;
        std::vector<std::string> tried;  // where it was looked for, for the "not found" message
        std::string unreadable;  // why a file that is there cannot be read (a pipe, too large)
    };

    explicit FileFinder(std::optional<std::filesystem::path> data_dir)
        : data_dir_(std::move(data_dir)) {}

    // The file `name` refers to; `from` is the file that wrote the name (nullptr: the user).
    Found find(Kind kind, std::string_view name, const SourceFile* from) const;
    // The ids of the variants in --data-dir and built in, sorted, each once.
    std::vector<std::string> variant_ids() const;

    static bool is_path(std::string_view name);
    // A regular file of at most kMaxTextFileBytes (core/file_text.h); else nothing, and `why`.
    static std::optional<SourceFile> read_disk(const std::filesystem::path& path,
                                               std::string* why = nullptr);

  private:
    std::optional<std::filesystem::path> data_dir_;
};

}  // namespace seireigi::yaml
