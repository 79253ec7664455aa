#include "rules/variant_fingerprint.h"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <vector>

namespace seireigi {

namespace {

const char* modality_text(Modality m) {
    switch (m) {
        case Modality::MoveOrCapture:
            return "";
        case Modality::MoveOnly:
            return "m";
        case Modality::CaptureOnly:
            return "c";
        case Modality::Hop:
            return "p";
    }
    return "?";
}

// Built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string temporaries.
std::string vec_text(Vec v) {
    std::string out = "(";
    out += std::to_string(v.dx);
    out += ',';
    out += std::to_string(v.dy);
    out += ')';
    return out;
}

void path_text(const CompiledMoves& m, int node, std::string& out) {
    const PathNode& n = m.path_nodes[node];
    out += vec_text(n.v) + "*" + std::to_string(n.max_steps) + modality_text(n.modality) +
           (n.victim_not_royal ? "~" : "");
    if (n.child_count == 0) return;
    out += "{";
    for (int i = 0; i < n.child_count; ++i) {
        if (i) out += " ";
        path_text(m, n.first_child + i, out);
    }
    out += "}";
}

// Moves as a sorted list of components: leaps "L(dx,dy)", slides "S(dx,dy)*range", paths
// "P..." (a path keeps its tree order, which is its meaning).
std::string moves_text(const CompiledMoves& m) {
    std::vector<std::string> parts;
    for (const auto& l : m.leaps) {
        std::string p = "L";
        p += vec_text(l.v);
        p += modality_text(l.modality);
        if (l.victim_not_royal) p += '~';
        parts.push_back(p);
    }
    for (const auto& s : m.slides) {
        std::string p = "S";
        p += vec_text(s.v);
        p += '*';
        p += std::to_string(s.max_steps);
        p += modality_text(s.modality);
        if (s.victim_not_royal) p += '~';
        parts.push_back(p);
    }
    for (int root : m.path_roots) {
        std::string p = "P";
        path_text(m, root, p);
        parts.push_back(p);
    }
    std::sort(parts.begin(), parts.end());
    parts.erase(std::unique(parts.begin(), parts.end()), parts.end());
    std::string out;
    for (const auto& p : parts) {
        if (!out.empty()) out += ' ';
        out += p;
    }
    return out.empty() ? "-" : out;
}

// The squares (names) where `allowed` is false for player p and type t.
template <class Allowed>
std::string forbidden_squares(const Variant& v, Allowed&& allowed) {
    std::string out;
    for (Square s = 0; s < v.geo.squares(); ++s)
        if (!allowed(s)) {
            if (!out.empty()) out += ',';
            out += v.geo.name(s);
        }
    return out.empty() ? "-" : out;
}

}  // namespace

std::string variant_rules_text(const Variant& v) {
    std::ostringstream out;
    out << "board " << v.geo.files << "x" << v.geo.ranks << "\n";
    static const char* kOrient[] = {"north", "east", "south", "west"};
    out << "players";
    for (const auto& p : v.players) out << " " << kOrient[static_cast<int>(p.orientation)];
    out << "\nstarting-player " << v.starting_player << "\n";
    out << "zone-depth " << v.zone_depth << "\n";
    out << "drops " << (v.drops ? "on" : "off") << "\n";
    out << "drop-mate-reading "
        << (v.drop_mate_reading == VariantSpec::DropMateReading::Narrow ? "narrow" : "broad")
        << "\n";
    if (v.num_players() > 2)
        out << "check-order "
            << (v.check_order == VariantSpec::CheckOrder::CheckedFirst ? "checked-first"
                                                                       : "rotation")
            << "\n";
    std::vector<PieceType> bases = v.hand_types;
    for (PieceType t = 0; t < static_cast<PieceType>(v.types.size()); ++t)
        if (v.types[t].is_base && v.types[t].royal) bases.push_back(t);
    for (std::size_t i = 0; i < bases.size(); ++i) {
        const PieceType t = bases[i];
        const PieceTypeInfo& info = v.types[t];
        out << "piece " << i << ": moves " << moves_text(v.compiled[0][t]);
        out << " | promotes ";
        if (info.promotes_to == kNoType)
            out << "no";
        else
            out << moves_text(v.compiled[0][info.promotes_to]);
        out << " | royal " << info.royal << " nifu " << info.one_per_file << " no-drop-mate "
            << info.no_drop_mate;
        for (Player p = 0; p < v.num_players(); ++p) {
            out << " | p" << p << " no-drop "
                << forbidden_squares(v, [&](Square s) { return v.may_drop(p, t, s); });
            if (info.promotes_to != kNoType)
                out << " must-promote " << forbidden_squares(v, [&](Square s) {
                    return v.may_stay_unpromoted(p, t, s);
                });
        }
        out << "\n";
    }
    return out.str();
}

std::uint64_t variant_fingerprint(const Variant& v) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : variant_rules_text(v)) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

std::string fingerprint_hex(std::uint64_t fingerprint) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fingerprint));
    return buf;
}

std::string first_rules_difference(const std::string& expected, const std::string& found) {
    std::istringstream a(expected), b(found);
    std::string la, lb;
    for (;;) {
        const bool ha = static_cast<bool>(std::getline(a, la));
        const bool hb = static_cast<bool>(std::getline(b, lb));
        if (!ha && !hb) return "";
        if (!ha) la = "(nothing)";
        if (!hb) lb = "(nothing)";
        if (!ha || !hb || la != lb) return "expected: " + la + "\n   found: " + lb;
    }
}

}  // namespace seireigi
