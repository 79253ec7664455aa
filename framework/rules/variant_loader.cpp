// The loader reads files into located YAML trees (yaml_tree.h), merges `extends:` chains, and
// reads the result into a VariantSpec with yaml::Reader, which collects every problem. Checks
// that depend on an earlier value (squares need the board, promotions need the pieces) run only
// when that value was read without error, so one mistake gives one message, not a cascade.
#include "rules/variant_loader.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <tuple>

#include "rules/betza.h"
#include "rules/geometry.h"
#include "rules/yaml_source.h"
#include "yaml/yaml_reader.h"
#include "yaml/yaml_tree.h"

namespace seireigi {

namespace fs = std::filesystem;

namespace {

using yaml::FileFinder;
using yaml::Node;
using yaml::SourceFile;
using yaml::Where;
using Entry = yaml::Entry;

constexpr std::string_view kVariantKeys[] = {
    "name",       "description",     "extends",    "board",
    "players",    "catalogues",      "new_pieces", "base_pieces",
    "royal",      "promotions",      "zone_depth", "must_promote_last_ranks",
    "setup",      "starting_player", "drops",      "impasse",
    "turn_rules", "piece_values",    "network"};
constexpr std::string_view kVariantRequired[] = {"name",        "board", "players",
                                                 "base_pieces", "royal", "setup"};
constexpr std::string_view kPieceKeys[] = {"name", "abbr", "kanji", "kanji_alt", "betza", "value"};
constexpr std::string_view kPieceRequired[] = {"name", "abbr", "betza"};
constexpr std::string_view kBoardKeys[] = {"files", "ranks"};
constexpr std::string_view kPlayerKeys[] = {"name", "orientation"};
constexpr std::string_view kOrientations[] = {"north", "east", "south", "west"};
constexpr std::string_view kSetupKeys[] = {"relative", "position"};
constexpr std::string_view kDropKeys[] = {"enabled", "one_per_file", "no_drop_mate",
                                          "no_drop_last_ranks"};
constexpr std::string_view kImpasseKeys[] = {"values", "default", "threshold"};
constexpr std::string_view kImpasseRequired[] = {"threshold"};
constexpr std::string_view kTurnRuleKeys[] = {"check_order", "drop_pawn_mate"};
constexpr std::string_view kCheckOrders[] = {"checked-first", "rotation"};
constexpr std::string_view kDropMateReadings[] = {"narrow", "broad"};

constexpr int kMinBoard = 3;
constexpr int kMaxBoard = 26;    // rank letters a..z
constexpr int kMaxPieces = 127;  // a PieceCode holds 7 bits of piece type
constexpr int kMaxValue = 1000;  // impasse values: anything larger is surely a typo

// A file is a variant when its top level uses any variant key; otherwise it is a catalogue.
bool is_variant_file(const Node& root) {
    if (!root.is_map()) return false;
    for (const auto& [key, value] : root.entries)
        if (std::find(std::begin(kVariantKeys), std::end(kVariantKeys), key.scalar) !=
            std::end(kVariantKeys))
            return true;
    return false;
}

bool is_piece_id(std::string_view id) {
    if (id.empty() || id[0] < 'a' || id[0] > 'z') return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
}

bool is_abbreviation(std::string_view abbr) {
    return !abbr.empty() &&
           std::all_of(abbr.begin(), abbr.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

std::string in_quotes(std::string_view s) {
    return "'" + std::string(s) + "'";
}

std::string list_text(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
    return out;
}

struct DefinedPiece {
    PieceDef def;
    Where where;         // of its id
    std::string origin;  // "catalogue 'shogi'" or "new_pieces", for messages
};

// A square in a player's own view ("5i"): file number, rank letter.
struct ViewSquare {
    int file = 0;
    int rank_index = 0;
};

std::optional<ViewSquare> parse_view_square(std::string_view s) {
    std::size_t i = 0;
    int file = 0;
    while (i < s.size() && i < 2 && s[i] >= '0' && s[i] <= '9') file = file * 10 + (s[i++] - '0');
    if (i == 0 || file == 0 || i + 1 != s.size() || s[i] < 'a' || s[i] > 'z') return std::nullopt;
    return ViewSquare{file, s[i] - 'a'};
}

std::string_view orientation_name(Orientation o) {
    return kOrientations[static_cast<int>(o)];
}

class Loader {
  public:
    explicit Loader(const DataSource& source) : finder_(source.data_dir) {}

    VariantLoadResult load(std::string_view name_or_path);
    VariantLoadResult load(SourceFile file);
    std::vector<Diagnostic> validate(const fs::path& file, std::optional<VariantSpec>* variant);
    std::vector<VariantListing> list();

    yaml::Reader& reader() { return r_; }
    // The pieces of the catalogue that `name` (an item of `catalogues:`) refers to, or nothing
    // after reporting why not.
    const std::vector<DefinedPiece>* catalogue(const Node& name);
    std::vector<DefinedPiece> read_pieces(const Node& map, const std::string& origin);

  private:
    struct Parsed {
        SourceFile file;
        Node root;
        bool usable = true;  // false after a syntax error
    };
    const Parsed& parse(SourceFile file);
    std::optional<SourceFile> find_variant(std::string_view name_or_path);
    // The variant tree with its `extends:` chain merged in; `chain` holds the files being
    // extended (for finding cycles).
    std::optional<Node> merged_tree(const Parsed& p, std::vector<std::string>& chain);
    std::optional<PieceDef> read_piece(const Entry& entry);
    std::vector<Diagnostic> finish() const;

    FileFinder finder_;
    yaml::Reader r_;
    std::map<std::string, Parsed> parsed_;  // by SourceFile::identity()
    std::map<std::string, const Parsed*> by_name_;
    std::vector<std::string> file_order_;  // file names in the order they were read
    std::map<std::string, std::optional<std::vector<DefinedPiece>>> catalogues_;
};

// Reads a merged variant tree into a VariantSpec.
class VariantReader {
  public:
    VariantReader(Loader& loader, const Node& root, std::string id)
        : loader_(loader), r_(loader.reader()), root_(root) {
        spec_.id = std::move(id);
    }
    std::optional<VariantSpec> read();

  private:
    void read_network(const Node& n);
    void read_board(const Entry& e);
    void read_players(const Entry& e);
    void read_pieces();
    void add_pieces(const std::vector<DefinedPiece>& pieces, const Where& where);
    void read_base_pieces(const Entry& e);
    void read_royal(const Entry& e);
    void read_promotions(const Entry& e);
    void read_zone_depth();
    void read_must_promote(const Entry& e);
    void read_setup(const Entry& e);
    void read_relative(const Entry& e);
    void check_placements();
    void read_starting_player(const Entry& e);
    void read_drops(const Entry& e);
    void read_impasse(const Entry& e);
    void read_turn_rules(const Entry& e);
    void check_abbreviations();
    void collect_pieces();
    void read_piece_values(const Entry& e);

    // A reference to a piece by id; reports an unknown one (with a hint).
    std::optional<std::string> piece_ref(const Node& n, std::string_view what);
    // A reference to a base piece.
    std::optional<std::string> base_ref(const Node& n, std::string_view what);
    // A list of distinct base pieces.
    std::vector<std::string> base_list(const Node& n, std::string_view what);
    // A map of base piece -> whole number in min..max.
    std::map<std::string, int> base_numbers(const Entry& e, std::string_view what, int min,
                                            int max);
    // The fewest ranks any player sees ahead: the limit for depths counted in ranks.
    int fewest_ranks() const;
    std::string depth_limit_text() const;

    Loader& loader_;
    yaml::Reader& r_;
    const Node& root_;
    VariantSpec spec_;

    bool board_ok_ = false;
    bool players_ok_ = false;
    bool pieces_complete_ = true;  // every catalogue was found: unknown ids are real mistakes
    bool base_ok_ = false;
    std::map<std::string, DefinedPiece> available_;
    std::vector<std::string> available_order_;
    std::set<std::string> base_set_;
    std::vector<const Node*> base_nodes_;  // the base_pieces items, for abbreviation messages
    struct Placement {
        RelativePlacement place;
        const Node* node;
    };
    std::vector<Placement> placements_;
    const Entry* relative_ = nullptr;
};

// ---------------------------------------------------------------------------------------------
// Loader

const Loader::Parsed& Loader::parse(SourceFile file) {
    const std::string identity = file.identity();
    if (auto it = parsed_.find(identity); it != parsed_.end()) return it->second;
    const std::size_t before = r_.problems().size();
    Node root = yaml::parse(file.text, file.name, r_.problems());
    const bool usable = !(root.is_null() && r_.problems().size() > before);
    file_order_.push_back(file.name);
    auto& p = parsed_[identity];
    p = Parsed{std::move(file), std::move(root), usable};
    by_name_.emplace(p.file.name, &p);
    return p;
}

std::optional<PieceDef> Loader::read_piece(const Entry& entry) {
    const Node& key = entry.first;  // not a structured binding: a lambda below captures it
    const Node& value = entry.second;
    PieceDef def;
    def.id = key.scalar;
    if (!is_piece_id(def.id)) {
        r_.error(key.where, "piece id " + in_quotes(def.id) +
                                " must be lower-case letters, digits and '_', starting with a "
                                "letter (e.g. gold, dragon_king)");
    } else if (std::find(std::begin(kVariantKeys), std::end(kVariantKeys), def.id) !=
               std::end(kVariantKeys)) {
        r_.error(key.where, "piece id " + in_quotes(def.id) +
                                " is reserved (it is a key of variant files); choose another");
    }
    const std::string what = "piece " + in_quotes(def.id);
    if (!r_.map(value, what, key.where, kPieceKeys, kPieceRequired)) return std::nullopt;
    // A piece with errors is still returned, so that references to it raise no second error;
    // the variant is refused anyway.
    auto text_field = [&](std::string_view field, std::string& out) -> const Node* {
        const Node* n = value.find(field);
        if (!n) return nullptr;
        auto s = r_.text(*n, what + " " + std::string(field));
        if (!s) return nullptr;
        out = *s;
        return n;
    };
    text_field("name", def.name);
    text_field("kanji", def.kanji);
    text_field("kanji_alt", def.kanji_alt);
    if (const Node* n = value.find("value"))
        if (auto v = r_.integer(*n, what + " value (centipawns, Pawn = 100)", 1, 100000))
            def.value = *v;
    if (const Node* n = text_field("abbr", def.abbr); n && !is_abbreviation(def.abbr))
        r_.error(n->where, what + ": abbreviation " + in_quotes(def.abbr) +
                               " must be capital letters A-Z, e.g. G or RH (positions tell the "
                               "players apart by letter case)");
    if (const Node* n = text_field("betza", def.betza)) {
        auto parsed = betza::parse(def.betza);
        if (auto* error = std::get_if<betza::ParseError>(&parsed))
            r_.error(n->where, "bad XBetza \"" + def.betza + "\": column " +
                                   std::to_string(error->column) + ": " + error->message);
        else
            def.moves = std::get<betza::PieceMoves>(std::move(parsed));
    }
    return def;
}

std::vector<DefinedPiece> Loader::read_pieces(const Node& map, const std::string& origin) {
    std::vector<DefinedPiece> out;
    for (const auto& entry : map.entries)
        if (auto def = read_piece(entry))
            out.push_back({std::move(*def), entry.first.where, origin});
    return out;
}

const std::vector<DefinedPiece>* Loader::catalogue(const Node& name) {
    if (!name.is_scalar() || name.scalar.empty()) {
        r_.error(name.where,
                 "catalogues: expected the name of a piece catalogue, e.g. shogi; "
                 "found " +
                     yaml::show(name));
        return nullptr;
    }
    auto from = by_name_.find(name.where.file);
    const SourceFile* from_file = from == by_name_.end() ? nullptr : &from->second->file;
    auto found = finder_.find(FileFinder::Kind::Catalogue, name.scalar, from_file);
    if (!found.file) {
        r_.error(name.where, "unknown piece catalogue " + in_quotes(name.scalar) + "; looked for " +
                                 list_text(found.tried));
        return nullptr;
    }
    const std::string identity = found.file->identity();
    if (auto it = catalogues_.find(identity); it != catalogues_.end())
        return it->second ? &*it->second : nullptr;
    auto& slot = catalogues_[identity];
    const Parsed& p = parse(std::move(*found.file));
    if (!p.usable) return nullptr;
    if (is_variant_file(p.root)) {
        r_.error(name.where, "catalogue " + in_quotes(name.scalar) + " names " + p.file.name +
                                 ", which is a variant file, not a piece catalogue");
        return nullptr;
    }
    if (!p.root.is_map()) {
        r_.error(p.root.where, "a piece catalogue is a map of piece id to its definition; found " +
                                   yaml::show(p.root));
        return nullptr;
    }
    slot = read_pieces(p.root, "catalogue " + in_quotes(name.scalar));
    return &*slot;
}

std::optional<SourceFile> Loader::find_variant(std::string_view name_or_path) {
    auto found = finder_.find(FileFinder::Kind::Variant, name_or_path, nullptr);
    if (found.file) return found.file;
    std::string message;
    if (FileFinder::is_path(name_or_path)) {
        message = "cannot read the variant file " + std::string(name_or_path);
        if (!found.unreadable.empty()) message += ": " + found.unreadable;
    } else {
        const auto ids = finder_.variant_ids();
        message = "unknown variant " + in_quotes(name_or_path);
        if (auto guess = yaml::closest(name_or_path, ids))
            message += " (did you mean '" + *guess + "'?)";
        message += "; available: " + list_text(ids);
    }
    r_.error(Where{}, message);
    return std::nullopt;
}

std::optional<Node> Loader::merged_tree(const Parsed& p, std::vector<std::string>& chain) {
    if (!p.usable) return std::nullopt;
    const Entry* ext = p.root.entry("extends");
    if (!ext) return p.root;
    Node own = p.root;
    own.entries.erase(std::find_if(own.entries.begin(), own.entries.end(),
                                   [](const Entry& e) { return e.first.scalar == "extends"; }));
    const Node& name = ext->second;
    if (!name.is_scalar() || name.scalar.empty()) {
        r_.error(name.where,
                 "extends: expected the name of a variant, e.g. shogi; found " + yaml::show(name));
        return std::nullopt;
    }
    auto found = finder_.find(FileFinder::Kind::Variant, name.scalar, &p.file);
    if (!found.file) {
        r_.error(name.where, "unknown variant " + in_quotes(name.scalar) +
                                 " in extends; looked for " + list_text(found.tried));
        return std::nullopt;
    }
    const std::string identity = found.file->identity();
    if (std::find(chain.begin(), chain.end(), identity) != chain.end()) {
        std::string cycle;
        for (auto it = std::find(chain.begin(), chain.end(), identity); it != chain.end(); ++it)
            cycle += parsed_.at(*it).file.name + " -> ";
        r_.error(name.where, "extends makes a cycle: " + cycle + found.file->name);
        return std::nullopt;
    }
    const Parsed& base = parse(std::move(*found.file));
    if (!base.usable) return std::nullopt;
    if (!is_variant_file(base.root)) {
        r_.error(name.where, "extends names " + base.file.name + ", which is not a variant file");
        return std::nullopt;
    }
    chain.push_back(identity);
    auto base_tree = merged_tree(base, chain);
    chain.pop_back();
    if (!base_tree) return std::nullopt;
    return yaml::merge(*base_tree, own);
}

std::vector<Diagnostic> Loader::finish() const {
    auto order = [&](const Where& w) {
        auto it = std::find(file_order_.begin(), file_order_.end(), w.file);
        return it == file_order_.end() ? -1 : static_cast<int>(it - file_order_.begin());
    };
    std::vector<yaml::Problem> problems = r_.problems();
    std::stable_sort(problems.begin(), problems.end(), [&](const auto& a, const auto& b) {
        return std::tuple(order(a.where), a.where.line, a.where.column) <
               std::tuple(order(b.where), b.where.line, b.where.column);
    });
    std::vector<Diagnostic> out;
    for (const auto& p : problems) out.push_back({p.where.text(), p.message});
    return out;
}

VariantLoadResult Loader::load(std::string_view name_or_path) {
    if (auto file = find_variant(name_or_path)) return load(std::move(*file));
    return {std::nullopt, finish()};
}

VariantLoadResult Loader::load(SourceFile file) {
    VariantLoadResult result;
    const std::string id = fs::path(file.name).stem().string();
    const Parsed& p = parse(std::move(file));
    if (p.usable && p.root.is_map() && !is_variant_file(p.root)) {
        r_.error(Where{p.file.name, 1, 1},
                 "this is a piece catalogue, not a variant file (a variant has keys such as "
                 "name, board, players and setup)");
    } else {
        std::vector<std::string> chain{p.file.identity()};
        if (auto tree = merged_tree(p, chain)) result.spec = VariantReader(*this, *tree, id).read();
    }
    result.errors = finish();
    if (!result.errors.empty()) result.spec.reset();
    return result;
}

std::vector<Diagnostic> Loader::validate(const fs::path& file,
                                         std::optional<VariantSpec>* variant) {
    std::string why;
    auto source = FileFinder::read_disk(file, &why);
    if (!source) return {{file.generic_string(), "cannot read the file: " + why}};
    std::vector<yaml::Problem> scratch;
    if (is_variant_file(yaml::parse(source->text, source->name, scratch))) {
        VariantLoadResult loaded = load(std::move(*source));
        if (variant) *variant = std::move(loaded.spec);
        return loaded.errors;
    }
    const Parsed& p = parse(std::move(*source));
    if (p.usable && p.root.is_map())
        read_pieces(p.root, "catalogue " + in_quotes(fs::path(p.file.name).stem().string()));
    else if (p.usable)
        r_.error(p.root.where,
                 "expected a piece catalogue (a map of piece id to definition) or a variant "
                 "file (a map of variant keys); found " +
                     yaml::show(p.root));
    return finish();
}

std::vector<VariantListing> Loader::list() {
    std::vector<VariantListing> out;
    for (const auto& id : finder_.variant_ids()) {
        VariantListing listing{id, id, ""};
        if (auto file = finder_.find(FileFinder::Kind::Variant, id, nullptr).file) {
            std::vector<std::string> chain{file->identity()};
            if (auto tree = merged_tree(parse(std::move(*file)), chain)) {
                const Node* name = tree->find("name");
                const Node* description = tree->find("description");
                if (name && name->is_scalar()) listing.name = name->scalar;
                if (description && description->is_scalar())
                    listing.description = description->scalar;
            }
        }
        out.push_back(std::move(listing));
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// VariantReader

std::optional<VariantSpec> VariantReader::read() {
    const Where top{root_.where.file, 1, 1};
    if (!r_.map(root_, "the variant", top, kVariantKeys, kVariantRequired)) return std::nullopt;
    if (const Node* n = root_.find("name"))
        if (auto s = r_.text(*n, "name")) spec_.name = *s;
    if (const Node* n = root_.find("description"); n && !n->is_null())
        if (auto s = r_.text(*n, "description")) spec_.description = *s;
    if (const Node* n = root_.find("network")) read_network(*n);
    if (const Entry* e = root_.entry("board")) read_board(*e);
    if (const Entry* e = root_.entry("players")) read_players(*e);
    read_pieces();
    if (const Entry* e = root_.entry("base_pieces")) read_base_pieces(*e);
    if (const Entry* e = root_.entry("royal")) read_royal(*e);
    if (const Entry* e = root_.entry("promotions")) read_promotions(*e);
    read_zone_depth();
    if (const Entry* e = root_.entry("must_promote_last_ranks")) read_must_promote(*e);
    if (const Entry* e = root_.entry("setup")) read_setup(*e);
    if (const Entry* e = root_.entry("starting_player")) read_starting_player(*e);
    if (const Entry* e = root_.entry("drops")) read_drops(*e);
    if (const Entry* e = root_.entry("impasse")) read_impasse(*e);
    if (const Entry* e = root_.entry("turn_rules")) read_turn_rules(*e);
    check_abbreviations();
    collect_pieces();
    if (const Entry* e = root_.entry("piece_values")) read_piece_values(*e);
    return spec_;
}

// `network: FILE`: a plain file name, found in the folder of the file that writes it (for a
// built-in variant, among the built-in files).
void VariantReader::read_network(const Node& n) {
    auto name = r_.text(n, "network");
    if (!name) return;
    if (name->empty() || name->find('/') != std::string::npos || *name == "." || *name == "..") {
        r_.error(n.where,
                 "network: a plain file name next to the variant file, e.g. "
                 "seireigi.nnue; found '" +
                     *name + "'");
        return;
    }
    const std::filesystem::path folder = std::filesystem::path(n.where.file).parent_path();
    spec_.network = (folder / *name).string();
}

void VariantReader::read_board(const Entry& e) {
    if (!r_.map(e.second, "board", e.first.where, kBoardKeys, kBoardKeys)) return;
    std::optional<int> files;
    std::optional<int> ranks;
    if (const Node* n = e.second.find("files"))
        files = r_.integer(*n, "board.files", kMinBoard, kMaxBoard);
    if (const Node* n = e.second.find("ranks"))
        ranks = r_.integer(*n, "board.ranks", kMinBoard, kMaxBoard);
    if (!files || !ranks) return;
    spec_.files = *files;
    spec_.ranks = *ranks;
    board_ok_ = true;
}

void VariantReader::read_players(const Entry& e) {
    auto items = r_.list(e.second, "players");
    if (!items) return;
    if (items->size() < 2 || items->size() > static_cast<std::size_t>(kMaxPlayers)) {
        r_.error(e.first.where, "players: a variant has 2 to " + std::to_string(kMaxPlayers) +
                                    " players; found " + std::to_string(items->size()));
        return;
    }
    bool ok = true;
    for (std::size_t i = 0; i < items->size(); ++i) {
        const Node& item = *(*items)[i];
        const std::string what = "player " + std::to_string(i + 1);
        if (!r_.map(item, what, item.where, kPlayerKeys, kPlayerKeys)) {
            ok = false;
            continue;
        }
        const Node* name_node = item.find("name");
        const Node* orientation_node = item.find("orientation");
        auto name = name_node ? r_.text(*name_node, what + " name") : std::nullopt;
        auto orientation = orientation_node
                               ? r_.choice(*orientation_node, what + " orientation", kOrientations)
                               : std::nullopt;
        if (name && name->empty()) {
            r_.error(name_node->where, what + " name: a player needs a name, e.g. Sente");
            name.reset();
        }
        if (!name || !orientation) {
            ok = false;
            continue;
        }
        PlayerDef player{
            *name, static_cast<Orientation>(
                       std::find(std::begin(kOrientations), std::end(kOrientations), *orientation) -
                       std::begin(kOrientations))};
        for (const auto& other : spec_.players) {
            if (other.name == player.name) {
                r_.error(name_node->where, what + ": two players are called " + in_quotes(*name));
                ok = false;
            }
            if (other.orientation == player.orientation) {
                r_.error(orientation_node->where,
                         what + ": " + in_quotes(*name) + " and " + in_quotes(other.name) +
                             " both face " + *orientation + "; each player needs its own side");
                ok = false;
            }
        }
        spec_.players.push_back(player);
    }
    players_ok_ = ok;
}

void VariantReader::read_pieces() {
    if (const Entry* e = root_.entry("catalogues")) {
        auto items = r_.list(e->second, "catalogues", true);
        if (!items) pieces_complete_ = false;
        std::set<std::string> seen;
        const std::vector<const Node*> none;
        for (const Node* item : items ? *items : none) {
            if (item->is_scalar() && !seen.insert(item->scalar).second) {
                r_.error(item->where,
                         "catalogues: " + in_quotes(item->scalar) + " is listed twice");
                continue;
            }
            if (const auto* pieces = loader_.catalogue(*item))
                add_pieces(*pieces, item->where);
            else
                pieces_complete_ = false;
        }
    }
    if (const Entry* e = root_.entry("new_pieces")) {
        if (e->second.is_map()) {
            add_pieces(loader_.read_pieces(e->second, "new_pieces"), Where{});
        } else if (!e->second.is_null()) {
            r_.error(e->second.where,
                     "new_pieces: expected a map of piece id to its definition; "
                     "found " +
                         yaml::show(e->second));
            pieces_complete_ = false;
        }
    }
}

// `where` is the catalogue's item in `catalogues:`; pieces of new_pieces (where.line == 0) are
// reported at their own id.
void VariantReader::add_pieces(const std::vector<DefinedPiece>& pieces, const Where& where) {
    std::string clashes;
    for (const auto& p : pieces) {
        auto [it, fresh] = available_.emplace(p.def.id, p);
        if (fresh) {
            available_order_.push_back(p.def.id);
            continue;
        }
        const std::string clash =
            in_quotes(p.def.id) + " (already defined by " + it->second.origin + ")";
        if (where.line == 0)
            r_.error(p.where, "new_pieces: piece " + clash + "; piece ids must be unique");
        else
            clashes += (clashes.empty() ? "" : ", ") + clash;
    }
    if (!clashes.empty())
        r_.error(where, "catalogues: " + pieces.front().origin +
                            " defines pieces again: " + clashes + "; piece ids must be unique");
}

std::optional<std::string> VariantReader::piece_ref(const Node& n, std::string_view what) {
    if (!n.is_scalar()) {
        r_.error(n.where, std::string(what) + ": expected a piece id, found " + yaml::show(n));
        return std::nullopt;
    }
    if (available_.count(n.scalar)) return n.scalar;
    if (!pieces_complete_) return std::nullopt;  // a missing catalogue was reported already
    std::string message = std::string(what) + ": unknown piece " + in_quotes(n.scalar);
    std::string upper = n.scalar;
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    for (const auto& id : available_order_) {
        if (available_.at(id).def.abbr == upper) {
            r_.error(n.where, message + "; pieces are named by id, not by abbreviation: write " +
                                  in_quotes(id) + " for " + in_quotes(upper));
            return std::nullopt;
        }
    }
    if (auto guess = yaml::closest(n.scalar, available_order_))
        message += " (did you mean '" + *guess + "'?)";
    else if (available_order_.size() <= 30)
        message += "; known pieces: " + list_text(available_order_);
    r_.error(n.where, message);
    return std::nullopt;
}

std::optional<std::string> VariantReader::base_ref(const Node& n, std::string_view what) {
    auto id = piece_ref(n, what);
    if (!id || !base_ok_ || base_set_.count(*id)) return id;
    r_.error(n.where, std::string(what) + ": " + in_quotes(*id) +
                          " is not a base piece; list it in base_pieces first");
    return std::nullopt;
}

std::vector<std::string> VariantReader::base_list(const Node& n, std::string_view what) {
    std::vector<std::string> out;
    auto items = r_.list(n, what, true);
    const std::vector<const Node*> none;
    for (const Node* item : items ? *items : none) {
        auto id = base_ref(*item, what);
        if (!id) continue;
        if (std::find(out.begin(), out.end(), *id) != out.end())
            r_.error(item->where, std::string(what) + ": " + in_quotes(*id) + " is listed twice");
        else
            out.push_back(*id);
    }
    return out;
}

std::map<std::string, int> VariantReader::base_numbers(const Entry& e, std::string_view what,
                                                       int min, int max) {
    std::map<std::string, int> out;
    if (e.second.is_null()) return out;
    if (!e.second.is_map()) {
        r_.error(e.second.where, std::string(what) +
                                     ": expected a map of piece id to a number, e.g. pawn: 1; "
                                     "found " +
                                     yaml::show(e.second));
        return out;
    }
    for (const auto& [key, value] : e.second.entries) {
        auto id = base_ref(key, what);
        auto number = r_.integer(value, std::string(what) + "." + key.scalar, min, max);
        if (id && number) out[*id] = *number;
    }
    return out;
}

int VariantReader::fewest_ranks() const {
    const Geometry geo{spec_.files, spec_.ranks};
    int fewest = kMaxBoard;
    for (const auto& p : spec_.players) fewest = std::min(fewest, geo.view_ranks(p.orientation));
    return fewest;
}

std::string VariantReader::depth_limit_text() const {
    const Geometry geo{spec_.files, spec_.ranks};
    for (const auto& p : spec_.players) {
        if (geo.view_ranks(p.orientation) != fewest_ranks()) continue;
        if (p.orientation == Orientation::North || p.orientation == Orientation::South)
            return "the board has " + std::to_string(spec_.ranks) + " ranks";
        return "the board has " + std::to_string(spec_.files) + " files, which are the ranks of " +
               p.name + " (facing " + std::string(orientation_name(p.orientation)) + ")";
    }
    return "";
}

void VariantReader::read_base_pieces(const Entry& e) {
    auto items = r_.list(e.second, "base_pieces");
    if (!items) return;
    if (items->empty()) {
        r_.error(e.first.where, "base_pieces: list the pieces in hand order, with the royal piece");
        return;
    }
    bool ok = pieces_complete_;
    for (const Node* item : *items) {
        auto id = piece_ref(*item, "base_pieces");
        if (!id) {
            ok = false;
        } else if (!base_set_.insert(*id).second) {
            r_.error(item->where, "base_pieces: " + in_quotes(*id) + " is listed twice");
        } else {
            spec_.base_types.push_back(*id);
            base_nodes_.push_back(item);
        }
    }
    base_ok_ = ok;
}

void VariantReader::read_royal(const Entry& e) {
    if (auto id = base_ref(e.second, "royal")) spec_.royal = *id;
}

void VariantReader::read_promotions(const Entry& e) {
    if (e.second.is_null()) return;
    if (!e.second.is_map()) {
        r_.error(e.second.where,
                 "promotions: expected a map of base piece to promoted piece, "
                 "e.g. pawn: tokin; found " +
                     yaml::show(e.second));
        return;
    }
    for (const auto& [key, value] : e.second.entries) {
        auto from = base_ref(key, "promotions");
        auto to = piece_ref(value, "promotions." + key.scalar);
        if (from && *from == spec_.royal) {
            r_.error(key.where,
                     "promotions: the royal piece " + in_quotes(*from) + " cannot promote");
            continue;
        }
        if (from && to) spec_.promotions[*from] = *to;
    }
}

void VariantReader::read_zone_depth() {
    const Entry* e = root_.entry("zone_depth");
    if (!e) {
        const Node* promotions = root_.find("promotions");
        if (promotions && promotions->is_map() && !promotions->entries.empty())
            r_.error(Where{root_.where.file, 1, 1},
                     "the variant has promotions, so it needs zone_depth (how many ranks deep "
                     "the promotion zone is)");
        spec_.zone_depth = 0;
        return;
    }
    auto depth = r_.integer(e->second, "zone_depth", 1, kMaxBoard);
    if (!depth) return;
    if (board_ok_ && players_ok_ && *depth > fewest_ranks())
        r_.error(e->second.where, "zone_depth: " + std::to_string(*depth) +
                                      " is deeper than the board: " + depth_limit_text());
    spec_.zone_depth = *depth;
}

void VariantReader::read_must_promote(const Entry& e) {
    const int limit = board_ok_ && players_ok_ ? fewest_ranks() : kMaxBoard;
    spec_.must_promote_last_ranks = base_numbers(e, "must_promote_last_ranks", 0, limit);
    const Node* promotions = root_.find("promotions");
    for (const auto& [key, value] : e.second.entries)
        if (spec_.must_promote_last_ranks.count(key.scalar) &&
            !(promotions && promotions->find(key.scalar)))
            r_.error(key.where, "must_promote_last_ranks: " + in_quotes(key.scalar) +
                                    " has no promotion, so it cannot be made to promote");
}

void VariantReader::read_setup(const Entry& e) {
    if (!r_.map(e.second, "setup", e.first.where, kSetupKeys, yaml::KeyList{})) return;
    const Entry* relative = e.second.entry("relative");
    const Entry* position = e.second.entry("position");
    if (relative && position)
        r_.error(e.first.where, "setup: give either relative or position, not both");
    if (!relative && !position)
        r_.error(e.first.where,
                 "setup: give relative (placements in each player's own view) or "
                 "position (a position text)");
    if (relative) read_relative(*relative);
    if (position) {
        if (auto s = r_.text(position->second, "setup.position")) {
            spec_.setup_position = *s;
            spec_.setup_position_where = position->second.where.text();
            const yaml::Where& at = position->second.where;
            spec_.setup_position_at = {at.file, at.line, at.column};
        }
    }
}

void VariantReader::read_relative(const Entry& e) {
    relative_ = &e;
    if (!e.second.is_map()) {
        r_.error(e.second.where,
                 "setup.relative: expected a map of piece id to squares, e.g. "
                 "king: 5i; found " +
                     yaml::show(e.second));
        return;
    }
    bool ok = true;
    for (const auto& [key, value] : e.second.entries) {
        const std::string what = "setup.relative." + key.scalar;
        auto id = base_ref(key, "setup.relative");
        auto squares = r_.list(value, what, true);
        if (!id || !squares) {
            ok = false;
            continue;
        }
        for (const Node* sq : *squares) {
            auto text = r_.text(*sq, what);
            auto view = text ? parse_view_square(*text) : std::nullopt;
            if (text && !view)
                r_.error(sq->where, what +
                                        ": expected a square such as 5i or 12c (file number, "
                                        "then rank letter, as the player sees the board); "
                                        "found " +
                                        yaml::show(*sq));
            if (!view) {
                ok = false;
                continue;
            }
            placements_.push_back({{*id, view->file, view->rank_index}, sq});
            spec_.setup_relative.push_back(placements_.back().place);
        }
    }
    if (ok) check_placements();
}

// Turns every placement for every player and reports squares off the board or taken twice.
void VariantReader::check_placements() {
    if (base_ok_ && !spec_.royal.empty()) {
        const auto count =
            std::count_if(placements_.begin(), placements_.end(),
                          [&](const auto& p) { return p.place.piece == spec_.royal; });
        if (count != 1)
            r_.error(relative_->first.where,
                     "setup.relative must place the royal piece " + in_quotes(spec_.royal) +
                         " exactly once (each player gets one); found " + std::to_string(count));
    }
    if (!board_ok_ || !players_ok_) return;
    const Geometry geo{spec_.files, spec_.ranks};
    auto view_text = [&](const Placement& p) {
        return std::to_string(p.place.file) + static_cast<char>('a' + p.place.rank_index);
    };
    auto bounds_text = [&](Orientation o) {
        return "files 1-" + std::to_string(geo.view_files(o)) + ", ranks a-" +
               static_cast<char>('a' + geo.view_ranks(o) - 1);
    };
    struct Taken {
        std::size_t placement;
        std::size_t player;
    };
    std::map<Square, Taken> taken;
    std::set<std::pair<std::size_t, std::size_t>> reported;
    for (std::size_t i = 0; i < placements_.size(); ++i) {
        const Placement& pl = placements_[i];
        const std::string here = view_text(pl);
        std::vector<std::size_t> off;  // players for whom the square is off the board
        for (std::size_t p = 0; p < spec_.players.size(); ++p) {
            const PlayerDef& player = spec_.players[p];
            const auto square =
                geo.from_view(player.orientation, pl.place.file, pl.place.rank_index);
            if (!square) {
                off.push_back(p);
                continue;
            }
            auto [it, fresh] = taken.emplace(*square, Taken{i, p});
            if (fresh) continue;
            const Placement& other = placements_[it->second.placement];
            const PlayerDef& other_player = spec_.players[it->second.player];
            if (it->second.player == p) {
                // The same square in one player's view: the same for every player, so say it once.
                if (reported.insert({it->second.placement, i}).second)
                    r_.error(pl.node->where, "setup.relative: square " + here + " is used twice (" +
                                                 in_quotes(other.place.piece) + " and " +
                                                 in_quotes(pl.place.piece) + ")");
            } else {
                r_.error(pl.node->where, "setup.relative: " + player.name + "'s " + pl.place.piece +
                                             " on " + here + " (in " + player.name +
                                             "'s view) lands on " + geo.name(*square) + ", where " +
                                             other_player.name + "'s " + other.place.piece +
                                             " on " + view_text(other) + " (in " +
                                             other_player.name + "'s view) already stands");
            }
        }
        if (off.empty()) continue;
        std::string message = "setup.relative: square " + here + " is off the board";
        if (off.size() < spec_.players.size()) {
            std::vector<std::string> names;
            for (auto p : off) names.push_back(spec_.players[p].name);
            message += " for " + list_text(names) + ", who see";
        }
        r_.error(pl.node->where,
                 message + " (" + bounds_text(spec_.players[off.front()].orientation) + ")");
    }
}

void VariantReader::read_starting_player(const Entry& e) {
    if (!players_ok_) return;
    std::vector<std::string_view> names;
    for (const auto& p : spec_.players) names.push_back(p.name);
    if (auto name = r_.choice(e.second, "starting_player", names))
        spec_.starting_player =
            static_cast<int>(std::find(names.begin(), names.end(), *name) - names.begin());
}

void VariantReader::read_drops(const Entry& e) {
    if (!r_.map(e.second, "drops", e.first.where, kDropKeys, yaml::KeyList{})) return;
    if (const Node* n = e.second.find("enabled"))
        if (auto b = r_.boolean(*n, "drops.enabled")) spec_.drops = *b;
    if (const Node* n = e.second.find("one_per_file"))
        spec_.one_per_file = base_list(*n, "drops.one_per_file");
    if (const Node* n = e.second.find("no_drop_mate"))
        spec_.no_drop_mate = base_list(*n, "drops.no_drop_mate");
    if (const Entry* n = e.second.entry("no_drop_last_ranks"))
        spec_.no_drop_last_ranks =
            base_numbers(*n, "drops.no_drop_last_ranks", 0,
                         board_ok_ && players_ok_ ? fewest_ranks() : kMaxBoard);
}

void VariantReader::read_impasse(const Entry& e) {
    if (!r_.map(e.second, "impasse", e.first.where, kImpasseKeys, kImpasseRequired)) return;
    if (const Entry* n = e.second.entry("values"))
        spec_.impasse_values = base_numbers(*n, "impasse.values", 0, kMaxValue);
    if (const Node* n = e.second.find("default"))
        if (auto v = r_.integer(*n, "impasse.default", 0, kMaxValue))
            spec_.impasse_default_value = *v;
    if (const Node* n = e.second.find("threshold"))
        if (auto v = r_.integer(*n, "impasse.threshold", 1, 1000000)) spec_.impasse_threshold = *v;
    // The royal piece scores nothing unless the file says otherwise (docs/rules.md §A.1).
    if (!spec_.royal.empty()) spec_.impasse_values.emplace(spec_.royal, 0);
}

void VariantReader::read_turn_rules(const Entry& e) {
    if (!r_.map(e.second, "turn_rules", e.first.where, kTurnRuleKeys, yaml::KeyList{})) return;
    if (const Node* n = e.second.find("check_order"))
        if (auto c = r_.choice(*n, "turn_rules.check_order", kCheckOrders))
            spec_.check_order = *c == "rotation" ? VariantSpec::CheckOrder::Rotation
                                                 : VariantSpec::CheckOrder::CheckedFirst;
    if (const Node* n = e.second.find("drop_pawn_mate"))
        if (auto c = r_.choice(*n, "turn_rules.drop_pawn_mate", kDropMateReadings))
            spec_.drop_mate_reading = *c == "broad" ? VariantSpec::DropMateReading::Broad
                                                    : VariantSpec::DropMateReading::Narrow;
}

// Positions and moves name base pieces by abbreviation, so those must differ.
void VariantReader::check_abbreviations() {
    std::map<std::string, std::string> by_abbr;
    for (std::size_t i = 0; i < spec_.base_types.size(); ++i) {
        const std::string& id = spec_.base_types[i];
        const std::string& abbr = available_.at(id).def.abbr;
        if (abbr.empty()) continue;
        auto [it, fresh] = by_abbr.emplace(abbr, id);
        if (!fresh)
            r_.error(base_nodes_[i]->where, "base_pieces: " + in_quotes(it->second) + " and " +
                                                in_quotes(id) + " have the same abbreviation " +
                                                in_quotes(abbr) +
                                                "; positions and moves could not tell them apart");
    }
}

// The spec lists the pieces the variant uses, in the order they were defined.
void VariantReader::collect_pieces() {
    std::set<std::string> used(spec_.base_types.begin(), spec_.base_types.end());
    for (const auto& [from, to] : spec_.promotions) used.insert(to);
    for (const auto& id : available_order_)
        if (used.count(id)) spec_.pieces.push_back(available_.at(id).def);
    if (spec_.pieces.size() > static_cast<std::size_t>(kMaxPieces))
        r_.error(Where{root_.where.file, 1, 1},
                 "the variant uses " + std::to_string(spec_.pieces.size()) +
                     " pieces (base pieces and promoted faces); at most " +
                     std::to_string(kMaxPieces) + " are supported");
}

// The variant's own engine values, over the catalogues' (e.g. values tuned for this variant by
// `seireigi tune`): any piece the variant uses, base or promoted, not the royal one.
void VariantReader::read_piece_values(const Entry& e) {
    if (e.second.is_null()) return;
    if (!e.second.is_map()) {
        r_.error(e.second.where,
                 "piece_values: expected a map of piece id to centipawns (Pawn = 100), e.g. "
                 "bishop: 600; found " +
                     yaml::show(e.second));
        return;
    }
    for (const auto& [key, value] : e.second.entries) {
        auto id = piece_ref(key, "piece_values");
        auto number = r_.integer(value, "piece_values." + key.scalar + " (centipawns, Pawn = 100)",
                                 1, 100000);
        if (!id || !number) continue;
        const bool used = std::any_of(spec_.pieces.begin(), spec_.pieces.end(),
                                      [&](const PieceDef& d) { return d.id == *id; });
        if (!used)
            r_.error(key.where, "piece_values: " + in_quotes(*id) +
                                    " is not a piece of this variant (neither a base piece nor "
                                    "a promotion)");
        else if (*id == spec_.royal)
            r_.error(key.where, "piece_values: the royal piece " + in_quotes(*id) +
                                    " has no value (it is never material)");
        else
            spec_.piece_values[*id] = *number;
    }
}

}  // namespace

VariantLoadResult load_variant(std::string_view name_or_path, const DataSource& source) {
    return Loader(source).load(name_or_path);
}

std::vector<Diagnostic> validate_file(const fs::path& file, const DataSource& source,
                                      std::optional<VariantSpec>* variant) {
    return Loader(source).validate(file, variant);
}

std::vector<VariantListing> list_variants(const DataSource& source) {
    return Loader(source).list();
}

}  // namespace seireigi
