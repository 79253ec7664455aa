#include "nnue/training_data.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "rules/variant_fingerprint.h"

namespace seireigi::nnue {

namespace {

constexpr char kFileMagic[8] = {'S', 'E', 'I', 'R', 'D', 'A', 'T', 'A'};
constexpr char kGameMagic[4] = {'G', 'A', 'M', 'E'};
constexpr std::size_t kFileHeader = 8 + 4 + 8;
constexpr std::size_t kGameHeader = 4 + 4 + 4 + 4;

template <class T>
void put(std::string& out, T value) {
    char raw[sizeof(T)];
    std::memcpy(raw, &value, sizeof(T));
    out.append(raw, sizeof(T));
}

template <class T>
bool get(const std::string& in, std::size_t& at, T& value) {
    if (in.size() - at < sizeof(T)) return false;
    std::memcpy(&value, in.data() + at, sizeof(T));
    at += sizeof(T);
    return true;
}

std::string file_header(const Variant& v) {
    std::string out(kFileMagic, sizeof kFileMagic);
    put(out, kDataVersion);
    put(out, variant_fingerprint(v));
    return out;
}

void encode(std::string& out, const Variant& v, const TrainingPosition& p) {
    put(out, static_cast<std::uint8_t>(p.state.to_move));
    put(out, static_cast<std::int16_t>(std::clamp(p.score, -kScoreLimit, kScoreLimit)));
    put(out, static_cast<std::int8_t>(p.result));
    put(out, static_cast<std::uint16_t>(std::min(p.ply, 65535)));
    const int squares = v.geo.squares();
    std::string bitmap(static_cast<std::size_t>((squares + 7) / 8), '\0');
    std::string pieces;
    for (Square s = 0; s < squares; ++s) {
        const PieceCode pc = p.state.board[static_cast<std::size_t>(s)];
        if (pc == kEmpty) continue;
        bitmap[static_cast<std::size_t>(s / 8)] |= static_cast<char>(1 << (s % 8));
        pieces +=
            static_cast<char>((is_promoted(pc) ? 0x80 : 0) | (owner_of(pc) << 6) | type_of(pc));
    }
    out += bitmap;
    out += pieces;
    for (Player pl = 0; pl < 2; ++pl)
        for (PieceType t : v.hand_types)
            put(out, static_cast<std::uint8_t>(
                         p.state.hands[static_cast<std::size_t>(pl)][static_cast<std::size_t>(t)]));
}

bool decode(const std::string& in, std::size_t& at, const Variant& v, TrainingPosition& p) {
    std::uint8_t to_move = 0, byte = 0;
    std::int16_t score = 0;
    std::int8_t result = 0;
    std::uint16_t ply = 0;
    if (!get(in, at, to_move) || !get(in, at, score) || !get(in, at, result) || !get(in, at, ply))
        return false;
    if (to_move > 1 || result < -1 || result > 1) return false;
    p.state = empty_state(v);
    p.state.to_move = to_move;
    p.score = score;
    p.result = result;
    p.ply = ply;
    const int squares = v.geo.squares();
    const std::size_t bitmap_at = at;
    at += static_cast<std::size_t>((squares + 7) / 8);
    if (at > in.size()) return false;
    const int types = static_cast<int>(v.types.size());
    for (Square s = 0; s < squares; ++s) {
        if (!(in[bitmap_at + static_cast<std::size_t>(s / 8)] >> (s % 8) & 1)) continue;
        if (!get(in, at, byte)) return false;
        const int type = byte & 0x3F;
        if (type >= types || !v.types[static_cast<std::size_t>(type)].is_base) return false;
        p.state.board[static_cast<std::size_t>(s)] = make_piece((byte >> 6) & 1, type, byte & 0x80);
    }
    for (Player pl = 0; pl < 2; ++pl)
        for (PieceType t : v.hand_types) {
            if (!get(in, at, byte)) return false;
            p.state.hands[static_cast<std::size_t>(pl)][static_cast<std::size_t>(t)] = byte;
        }
    return true;
}

// The whole games of `bytes` (a file's contents after its header) and where the last whole
// one ends.
std::vector<TrainingGame> read_games(const std::string& bytes, const Variant& v,
                                     std::size_t& whole_end) {
    std::vector<TrainingGame> games;
    std::size_t at = kFileHeader;
    whole_end = at;
    while (bytes.size() - at >= kGameHeader && std::memcmp(bytes.data() + at, kGameMagic, 4) == 0) {
        std::size_t p = at + 4;
        std::uint32_t index = 0, count = 0, size = 0;
        get(bytes, p, index);
        get(bytes, p, count);
        get(bytes, p, size);
        if (bytes.size() - p < size) break;
        const std::string block = bytes.substr(p, size);
        TrainingGame game;
        game.index = index;
        std::size_t q = 0;
        bool ok = true;
        for (std::uint32_t i = 0; i < count && ok; ++i) {
            TrainingPosition pos;
            ok = decode(block, q, v, pos);
            game.positions.push_back(std::move(pos));
        }
        if (!ok || q != block.size()) break;
        games.push_back(std::move(game));
        at = p + size;
        whole_end = at;
    }
    return games;
}

std::string read_all(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

DataWriter::DataWriter(const std::filesystem::path& path, const Variant& variant)
    : variant_(variant), path_(path) {
    const std::string header = file_header(variant);
    std::string bytes = read_all(path);
    std::size_t whole_end = kFileHeader;
    if (!bytes.empty()) {
        if (bytes.size() < kFileHeader || bytes.compare(0, kFileHeader, header) != 0)
            throw std::runtime_error(path.string() + " holds other data (not " + variant.name +
                                     " training data of this format)");
        for (const auto& g : read_games(bytes, variant, whole_end)) games_.insert(g.index);
    }
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT, 0644);
    if (fd_ < 0) throw std::runtime_error("cannot write " + path.string());
    if (bytes.empty()) {
        if (::write(fd_, header.data(), header.size()) != static_cast<ssize_t>(header.size()))
            throw std::runtime_error("cannot write " + path.string());
    } else if (::ftruncate(fd_, static_cast<off_t>(whole_end)) != 0) {  // a partial last game
        throw std::runtime_error("cannot mend " + path.string());
    }
    ::lseek(fd_, 0, SEEK_END);
}

DataWriter::~DataWriter() {
    if (fd_ >= 0) ::close(fd_);
}

void DataWriter::append(const TrainingGame& game) {
    std::string body;
    for (const auto& p : game.positions) encode(body, variant_, p);
    std::string block(kGameMagic, 4);
    put(block, game.index);
    put(block, static_cast<std::uint32_t>(game.positions.size()));
    put(block, static_cast<std::uint32_t>(body.size()));
    block += body;
    std::size_t done = 0;
    while (done < block.size()) {
        const ssize_t n = ::write(fd_, block.data() + done, block.size() - done);
        if (n <= 0) throw std::runtime_error("cannot write " + path_.string());
        done += static_cast<std::size_t>(n);
    }
    ::fdatasync(fd_);
    games_.insert(game.index);
}

std::vector<TrainingGame> read_data_file(const std::filesystem::path& path, const Variant& variant,
                                         std::string* error) {
    const std::string bytes = read_all(path);
    if (bytes.size() < kFileHeader || bytes.compare(0, kFileHeader, file_header(variant)) != 0) {
        if (error)
            *error = path.string() + ": not " + variant.name +
                     " training data of this format (version " + std::to_string(kDataVersion) + ")";
        return {};
    }
    std::size_t whole_end = 0;
    return read_games(bytes, variant, whole_end);
}

std::vector<std::filesystem::path> data_files(const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(folder, ec))
        if (e.is_regular_file() && e.path().extension() == ".data") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace seireigi::nnue
