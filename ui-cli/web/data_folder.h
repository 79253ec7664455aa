// The web board's data folder: variant files the menu offers (DIR/variants/*.yaml) and game
// records (DIR/games/). No file outside it is ever read or written: a name from a request is a
// plain file name, never a path.
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/types.h"
#include "rules/variant.h"

namespace seireigi::web {

// A variant the menu offers: built-in ("seireigi") or a file of the data folder
// ("file:my-variant.yaml").
struct VariantChoice {
    std::string id;
    std::string name;
    int players = 2;
};

// A loaded variant with the name a record keeps for it (built-in name or the file's path).
struct LoadedVariant {
    std::string name_in_record;
    std::shared_ptr<const Variant> variant;
};

class DataFolder {
  public:
    explicit DataFolder(std::filesystem::path root);
    // Creates DIR/games/ if needed; a message if it cannot.
    std::optional<std::string> prepare() const;
    const std::filesystem::path& root() const { return root_; }
    std::filesystem::path games() const { return root_ / "games"; }
    std::filesystem::path variants() const { return root_ / "variants"; }
    // The autosave of the first table ("") or of table `table`: DIR/games/autosave.game,
    // DIR/games/table-NAME.game.
    std::filesystem::path autosave(const std::string& table = "") const {
        return games() /
               (table.empty() ? std::string("autosave.game") : "table-" + table + ".game");
    }
    // The tables other than the first that have an autosave (their names).
    std::vector<std::string> saved_tables() const;

    // The built-in variants and the data folder's variant files that load without error. Kept
    // until a file in DIR/variants/ or DIR/pieces/ changes (building every variant takes a few
    // hundred milliseconds; the page asks on every visit).
    std::vector<VariantChoice> variant_choices() const;
    // A menu id, or a record's variant name (a built-in name, or a path that must lie in
    // DIR/variants/).
    std::variant<LoadedVariant, Diagnostic> load(const std::string& id_or_record_name) const;

    // The record file called `name` in DIR/games/ (".game" added when missing); refuses
    // folders, "..", and names that are not plain file names.
    std::variant<std::filesystem::path, Diagnostic> game_file(const std::string& name) const;
    std::vector<std::string> saved_games() const;
    // Renames a table's autosave, which cannot be resumed, to a new name in DIR/games/
    // ("autosave-unresumable-DATE-TIME.game"), never over an existing file: the new name, or
    // why it could not be moved.
    std::variant<std::filesystem::path, std::string> keep_autosave_aside(
        const std::string& table = "") const;

  private:
    std::vector<VariantChoice> build_variant_choices() const;
    // What the menu depends on: the names, sizes and times of the data folder's files.
    std::string folder_signature() const;

    struct Menu {
        std::mutex mutex;
        std::string signature;  // of the folder when `choices` was built
        std::optional<std::vector<VariantChoice>> choices;
    };
    std::filesystem::path root_;
    std::unique_ptr<Menu> menu_ = std::make_unique<Menu>();
};

// Whether `name` is a plain file name: letters, digits, '.', '-', '_', not starting with '.',
// at most 100 characters. Folders and ".." are not.
bool is_plain_file_name(const std::string& name);

}  // namespace seireigi::web
