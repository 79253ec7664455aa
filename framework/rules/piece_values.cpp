#include "rules/piece_values.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "rules/variant.h"

namespace seireigi {

namespace {

double weight(Modality m) {
    return m == Modality::MoveOrCapture ? 1.0 : m == Modality::Hop ? 0.0 : 0.5;
}

struct EmptyBoard {
    int files, ranks;
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < files && y < ranks; }
};

// Marks the destinations of one path leg (and its children) from (x, y) on an empty board;
// counts the squares stepped onto.
void walk(const CompiledMoves& cm, int node, int x, int y, const EmptyBoard& b,
          std::vector<double>& best, long& walked) {
    const PathNode& n = cm.path_nodes[static_cast<std::size_t>(node)];
    if (n.modality == Modality::Hop) return;  // needs a screen: nothing on an empty board
    for (int step = 1; n.max_steps == 0 || step <= n.max_steps; ++step) {
        const int nx = x + n.v.dx * step, ny = y + n.v.dy * step;
        if (!b.inside(nx, ny)) break;
        ++walked;
        if (n.child_count == 0) {
            double& w = best[static_cast<std::size_t>(ny * b.files + nx)];
            w = std::max(w, weight(n.modality));
        } else {
            for (int c = 0; c < n.child_count; ++c)
                walk(cm, n.first_child + c, nx, ny, b, best, walked);
        }
    }
}

// The weighted destinations of the type from (x, y) on an empty board (0 when it has none).
double mobility_from(const CompiledMoves& cm, int x, int y, const EmptyBoard& b,
                     std::vector<double>& best, long& walked) {
    best.assign(static_cast<std::size_t>(b.files * b.ranks), 0.0);
    for (const auto& l : cm.leaps)
        if (b.inside(x + l.v.dx, y + l.v.dy)) {
            double& w = best[static_cast<std::size_t>((y + l.v.dy) * b.files + x + l.v.dx)];
            w = std::max(w, weight(l.modality));
        }
    for (const auto& s : cm.slides)
        for (int step = 1; s.max_steps == 0 || step <= s.max_steps; ++step) {
            const int nx = x + s.v.dx * step, ny = y + s.v.dy * step;
            if (!b.inside(nx, ny)) break;
            double& w = best[static_cast<std::size_t>(ny * b.files + nx)];
            w = std::max(w, weight(s.modality));
        }
    for (int root : cm.path_roots) walk(cm, root, x, y, b, best, walked);
    best[static_cast<std::size_t>(y * b.files + x)] = 0;  // a path may return home
    double here = 0;
    for (double w : best) here += w;
    return here;
}

// Every how many files and ranks a start square is taken: 1 (every square) unless the most
// expensive of nine probe squares (corners, edge middles, centre) says that every square would
// cost more than kMaxValueWalk.
int sample_stride(const CompiledMoves& cm, const EmptyBoard& b, std::vector<double>& best,
                  long& walked) {
    if (cm.path_roots.empty()) return 1;
    long most = 1;
    for (int y : {0, (b.ranks - 1) / 2, b.ranks - 1})
        for (int x : {0, (b.files - 1) / 2, b.files - 1}) {
            long here = 0;
            mobility_from(cm, x, y, b, best, here);
            walked += here;
            most = std::max(most, here);
        }
    int stride = 1;
    auto samples = [&](int s) {
        return static_cast<long>((b.files + s - 1) / s) * ((b.ranks + s - 1) / s);
    };
    while (most * samples(stride) > kMaxValueWalk && stride < std::max(b.files, b.ranks)) ++stride;
    return stride;
}

}  // namespace

DerivedValue derive_piece_value(const Variant& v, int type) {
    const CompiledMoves& cm = v.compiled[static_cast<int>(v.orientation(0))][type];
    const EmptyBoard b{v.geo.files, v.geo.ranks};
    DerivedValue out;
    std::vector<double> best;
    const int stride = sample_stride(cm, b, best, out.squares_walked);
    double total = 0;
    int squares_with_moves = 0;
    for (int y = stride / 2; y < b.ranks; y += stride)
        for (int x = stride / 2; x < b.files; x += stride) {
            const double here = mobility_from(cm, x, y, b, best, out.squares_walked);
            ++out.start_squares;
            if (here > 0) {
                total += here;
                ++squares_with_moves;
            }
        }
    if (squares_with_moves == 0) return out;
    const double mobility = total / squares_with_moves;
    out.value = std::max(1, static_cast<int>(std::lround(100.0 * std::pow(mobility, 0.75))));
    return out;
}

int derived_piece_value(const Variant& v, int type) {
    return derive_piece_value(v, type).value;
}

int hand_value_of(int value) {
    return static_cast<int>(std::lround(value * 1.15));
}

void assign_piece_values(Variant& v) {
    for (int t = 0; t < static_cast<int>(v.types.size()); ++t) {
        PieceTypeInfo& info = v.types[static_cast<std::size_t>(t)];
        if (info.royal) {
            info.value = info.hand_value = 0;
            continue;
        }
        if (info.value == 0) info.value = derived_piece_value(v, t);
        info.hand_value = hand_value_of(info.value);
    }
}

}  // namespace seireigi
