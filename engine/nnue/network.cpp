#include "nnue/network.h"

#include <immintrin.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "rules/variant_fingerprint.h"

namespace seireigi::nnue {

namespace {

constexpr char kMagic[8] = {'S', 'E', 'I', 'R', 'N', 'N', 'U', 'E'};

// ---- the vector loops: one of each per instruction set, chosen at run time ----

void add_portable(std::int16_t* acc, const std::int16_t* w) {
    for (int i = 0; i < kHidden; ++i) acc[i] = static_cast<std::int16_t>(acc[i] + w[i]);
}
void sub_portable(std::int16_t* acc, const std::int16_t* w) {
    for (int i = 0; i < kHidden; ++i) acc[i] = static_cast<std::int16_t>(acc[i] - w[i]);
}
std::int32_t dot_portable(const std::int16_t* acc, const std::int16_t* w) {
    std::int32_t sum = 0;
    for (int i = 0; i < kHidden; ++i) sum += std::clamp<int>(acc[i], 0, kQuantA) * w[i];
    return sum;
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) void add_avx2(std::int16_t* acc, const std::int16_t* w) {
    for (int i = 0; i < kHidden; i += 16) {
        auto* a = reinterpret_cast<__m256i*>(acc + i);
        _mm256_store_si256(
            a, _mm256_add_epi16(_mm256_load_si256(a),
                                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i))));
    }
}
__attribute__((target("avx2"))) void sub_avx2(std::int16_t* acc, const std::int16_t* w) {
    for (int i = 0; i < kHidden; i += 16) {
        auto* a = reinterpret_cast<__m256i*>(acc + i);
        _mm256_store_si256(
            a, _mm256_sub_epi16(_mm256_load_si256(a),
                                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i))));
    }
}
__attribute__((target("avx2"))) std::int32_t dot_avx2(const std::int16_t* acc,
                                                      const std::int16_t* w) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i top = _mm256_set1_epi16(kQuantA);
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < kHidden; i += 16) {
        const __m256i a = _mm256_min_epi16(
            _mm256_max_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(acc + i)), zero),
            top);
        sum = _mm256_add_epi32(
            sum, _mm256_madd_epi16(a, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i))));
    }
    const __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    const __m128i s2 = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    return _mm_cvtsi128_si32(_mm_add_epi32(s2, _mm_shuffle_epi32(s2, 0xB1)));
}
__attribute__((target("avx512f,avx512bw"))) void add_avx512(std::int16_t* acc,
                                                            const std::int16_t* w) {
    for (int i = 0; i < kHidden; i += 32)
        _mm512_store_si512(acc + i,
                           _mm512_add_epi16(_mm512_load_si512(acc + i), _mm512_loadu_si512(w + i)));
}
__attribute__((target("avx512f,avx512bw"))) void sub_avx512(std::int16_t* acc,
                                                            const std::int16_t* w) {
    for (int i = 0; i < kHidden; i += 32)
        _mm512_store_si512(acc + i,
                           _mm512_sub_epi16(_mm512_load_si512(acc + i), _mm512_loadu_si512(w + i)));
}
__attribute__((target("avx512f,avx512bw"))) std::int32_t dot_avx512(const std::int16_t* acc,
                                                                    const std::int16_t* w) {
    const __m512i zero = _mm512_setzero_si512();
    const __m512i top = _mm512_set1_epi16(kQuantA);
    __m512i sum = _mm512_setzero_si512();
    for (int i = 0; i < kHidden; i += 32) {
        const __m512i a = _mm512_min_epi16(_mm512_max_epi16(_mm512_load_si512(acc + i), zero), top);
        sum = _mm512_add_epi32(sum, _mm512_madd_epi16(a, _mm512_loadu_si512(w + i)));
    }
    return _mm512_reduce_add_epi32(sum);
}
#endif

struct Kernels {
    void (*add)(std::int16_t*, const std::int16_t*);
    void (*sub)(std::int16_t*, const std::int16_t*);
    std::int32_t (*dot)(const std::int16_t*, const std::int16_t*);
};

Kernels kernels_for(Simd s) {
#if defined(__x86_64__)
    if (s == Simd::Avx512) return {add_avx512, sub_avx512, dot_avx512};
    if (s == Simd::Avx2) return {add_avx2, sub_avx2, dot_avx2};
#endif
    return {add_portable, sub_portable, dot_portable};
}

Simd best_simd() {
    for (Simd s : {Simd::Avx512, Simd::Avx2})
        if (simd_available(s)) return s;
    return Simd::Portable;
}

std::atomic<Simd> g_simd{best_simd()};
Kernels g_kernels = kernels_for(best_simd());

// ---- the file ----

std::uint32_t fnv1a(std::string_view bytes) {
    std::uint32_t h = 2166136261u;
    for (unsigned char c : bytes) h = (h ^ c) * 16777619u;
    return h;
}

template <class T>
void put(std::string& out, T value) {
    char raw[sizeof(T)];
    std::memcpy(raw, &value, sizeof(T));
    out.append(raw, sizeof(T));
}

// Reads the file front to back; every read checks that the bytes are there.
struct Reader {
    std::string_view bytes;
    std::size_t at = 0;
    template <class T>
    bool get(T& value) {
        if (bytes.size() - at < sizeof(T)) return false;
        std::memcpy(&value, bytes.data() + at, sizeof(T));
        at += sizeof(T);
        return true;
    }
    bool get(std::vector<std::int16_t>& values, std::size_t n) {
        if ((bytes.size() - at) / 2 < n) return false;
        values.resize(n);
        std::memcpy(values.data(), bytes.data() + at, n * 2);
        at += n * 2;
        return true;
    }
};

std::string header_text(const NetInfo& info) {
    std::ostringstream h;
    h << "variant: " << info.variant << "\n"
      << "fingerprint: " << fingerprint_hex(info.fingerprint) << "\n"
      << "features: " << info.features << "\n"
      << "data: " << info.data << "\n"
      << "trainer: " << info.trainer << "\n"
      << "commit: " << info.commit << "\n";
    return h.str();
}

std::string field(const std::string& header, const std::string& key) {
    std::istringstream in(header);
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(key + ": ", 0) == 0) return line.substr(key.size() + 2);
    return "";
}

}  // namespace

bool simd_available(Simd s) {
#if defined(__x86_64__)
    if (s == Simd::Avx512)
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    if (s == Simd::Avx2) return __builtin_cpu_supports("avx2");
#endif
    return s == Simd::Portable || s == Simd::Auto;
}

void set_simd(Simd s) {
    if (s == Simd::Auto) s = best_simd();
    if (!simd_available(s)) s = Simd::Portable;
    g_kernels = kernels_for(s);
    g_simd = s;
}

Simd active_simd() {
    return g_simd;
}

const char* simd_name(Simd s) {
    switch (s) {
        case Simd::Avx512:
            return "avx512";
        case Simd::Avx2:
            return "avx2";
        case Simd::Portable:
            return "portable";
        case Simd::Auto:
            break;
    }
    return "auto";
}

std::string Network::write(const NetInfo& info, const std::vector<std::int16_t>& bias1,
                           const std::vector<std::int16_t>& weights1,
                           const std::vector<std::int16_t>& weights2, std::int32_t bias2) {
    std::string out(kMagic, sizeof kMagic);
    const std::string header = header_text(info);
    put(out, kFormatVersion);
    put(out, static_cast<std::uint32_t>(header.size()));
    out += header;
    put(out, static_cast<std::uint32_t>(info.inputs));
    put(out, static_cast<std::uint32_t>(info.hidden));
    for (auto* part : {&bias1, &weights1, &weights2})
        out.append(reinterpret_cast<const char*>(part->data()), part->size() * 2);
    put(out, bias2);
    put(out, fnv1a(out));
    return out;
}

std::variant<std::shared_ptr<const Network>, Diagnostic> Network::load(std::string_view bytes,
                                                                       const Variant& variant,
                                                                       std::string source) {
    auto refuse = [&](std::string why) { return Diagnostic{source, why}; };
    if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        return refuse("not a seireigi network file (it does not start with SEIRNNUE)");
    if (bytes.size() < sizeof kMagic + 4 || fnv1a(bytes.substr(0, bytes.size() - 4)) != [&] {
            std::uint32_t sum = 0;
            std::memcpy(&sum, bytes.data() + bytes.size() - 4, 4);
            return sum;
        }())
        return refuse("the file is damaged or cut short (its checksum does not match)");
    Reader in{bytes.substr(0, bytes.size() - 4), sizeof kMagic};
    std::uint32_t version = 0, header_size = 0, inputs = 0, hidden = 0;
    if (!in.get(version)) return refuse("cut short");
    if (version != kFormatVersion)
        return refuse("format version " + std::to_string(version) + "; this program reads " +
                      std::to_string(kFormatVersion));
    if (!in.get(header_size) || in.bytes.size() - in.at < header_size) return refuse("cut short");
    const std::string header(in.bytes.substr(in.at, header_size));
    in.at += header_size;
    NetInfo info;
    info.variant = field(header, "variant");
    info.features = field(header, "features");
    info.data = field(header, "data");
    info.trainer = field(header, "trainer");
    info.commit = field(header, "commit");
    const std::string fingerprint = field(header, "fingerprint");
    try {
        info.fingerprint = std::stoull(fingerprint, nullptr, 16);
    } catch (const std::exception&) {
        return refuse("the header names no fingerprint");
    }
    const std::uint64_t expected = variant_fingerprint(variant);
    if (info.fingerprint != expected)
        return refuse("made for the rules of '" + info.variant + "' (" +
                      fingerprint_hex(info.fingerprint) + "), not those of '" + variant.name +
                      "' (" + fingerprint_hex(expected) + ")");
    if (info.features != FeatureSet::kName)
        return refuse("feature set '" + info.features + "'; this program reads '" +
                      FeatureSet::kName + "'");
    std::string why;
    if (!FeatureSet::supports(variant, &why)) return refuse(why);
    std::shared_ptr<Network> net(new Network(std::move(info), variant));
    if (!in.get(inputs) || !in.get(hidden)) return refuse("cut short");
    if (static_cast<int>(inputs) != net->features_.size())
        return refuse(std::to_string(inputs) + " inputs; the variant's features are " +
                      std::to_string(net->features_.size()));
    if (hidden != kHidden)
        return refuse(std::to_string(hidden) + " hidden neurons; this program's nets have " +
                      std::to_string(kHidden));
    net->info_.inputs = static_cast<int>(inputs);
    net->info_.hidden = static_cast<int>(hidden);
    if (!in.get(net->bias1_, kHidden) ||
        !in.get(net->weights1_, static_cast<std::size_t>(inputs) * kHidden) ||
        !in.get(net->weights2_, 2 * kHidden) || !in.get(net->bias2_))
        return refuse("cut short");
    if (in.at != in.bytes.size()) return refuse("has bytes after the weights");
    net->file_size_ = bytes.size();
    net->source_ = std::move(source);
    return std::shared_ptr<const Network>(std::move(net));
}

std::string Network::describe() const {
    char size[32];
    std::snprintf(size, sizeof size, "%.1f MB", static_cast<double>(file_size_) / 1e6);
    return "NNUE " + (source_.empty() ? std::string("network") : source_) + " (" + size + ")";
}

void Network::refresh(Accumulator& acc, Player q, const std::vector<int>& active) const {
    auto& a = acc.values[static_cast<std::size_t>(q)];
    std::copy(bias1_.begin(), bias1_.end(), a.begin());
    for (int f : active) add_feature(acc, q, f);
}

void Network::add_feature(Accumulator& acc, Player q, int feature) const {
    g_kernels.add(acc.values[static_cast<std::size_t>(q)].data(),
                  weights1_.data() + static_cast<std::size_t>(feature) * kHidden);
}

void Network::remove_feature(Accumulator& acc, Player q, int feature) const {
    g_kernels.sub(acc.values[static_cast<std::size_t>(q)].data(),
                  weights1_.data() + static_cast<std::size_t>(feature) * kHidden);
}

int Network::evaluate(const Accumulator& acc, Player mover) const {
    const std::int64_t sum =
        std::int64_t{bias2_} +
        g_kernels.dot(acc.values[static_cast<std::size_t>(mover)].data(), weights2_.data()) +
        g_kernels.dot(acc.values[static_cast<std::size_t>(1 - mover)].data(),
                      weights2_.data() + kHidden);
    return static_cast<int>(sum * kOutputScale / (kQuantA * kQuantB));
}

int Network::evaluate(const PositionState& st) const {
    Accumulator acc;
    for (Player q = 0; q < 2; ++q) refresh(acc, q, features_.active(st, q));
    return evaluate(acc, st.to_move);
}

}  // namespace seireigi::nnue
