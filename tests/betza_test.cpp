// Tests of the XBetza parser (framework/betza.h) and the move compiler (compiled_moves.h).
//
// The walker below is deliberately tiny and test-local: it plays compiled moves on a small board
// of empty / own / enemy squares so that the spec's diagrams (docs/rules.md §B, §C, §E) can be
// checked directly. The real move generator lives in framework/movegen.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "rules/betza.h"
#include "rules/compiled_moves.h"

namespace seireigi {
namespace {

using betza::Leg;
using betza::ParseError;
using betza::PieceMoves;

constexpr Orientation kAll[4] = {Orientation::North, Orientation::East, Orientation::South,
                                 Orientation::West};

PieceMoves parse_ok(const std::string& text) {
    auto r = betza::parse(text);
    if (auto* e = std::get_if<ParseError>(&r)) {
        ADD_FAILURE() << "'" << text << "' failed at column " << e->column << ": " << e->message;
        return {};
    }
    return std::get<PieceMoves>(r);
}

// ---------------------------------------------------------------------------------------------
// A test-local board walker

enum class Cell { Empty, Own, Enemy, EnemyKing };

struct Board {
    int w = 0, h = 0;
    std::vector<Cell> cells;
    Board(int w_, int h_) : w(w_), h(h_), cells(w_ * h_, Cell::Empty) {}
    bool on(int x, int y) const { return x >= 0 && x < w && y >= 0 && y < h; }
    Cell at(int x, int y) const { return cells[y * w + x]; }
    // Square names as in docs/rules.md §0.3: file number (w - x), rank letter ('a' + y).
    int x_of(const std::string& name) const { return w - std::stoi(name); }
    int y_of(const std::string& name) const { return name.back() - 'a'; }
    void put(const std::string& name, Cell c) { cells[y_of(name) * w + x_of(name)] = c; }
    std::string name(int x, int y) const {
        return std::to_string(w - x) + static_cast<char>('a' + y);
    }
};

using Squares = std::set<std::pair<int, int>>;  // (x, y)

bool can_end(Modality m, bool victim_not_royal, Cell c) {
    if (c == Cell::Own) return false;
    if (c == Cell::Empty) return m != Modality::CaptureOnly;
    if (m == Modality::MoveOnly) return false;
    return !(victim_not_royal && c == Cell::EnemyKing);
}

struct Walker {
    const CompiledMoves& m;
    const Board& b;
    Squares out;

    // A destination leg: a leap (max 1) or a slide, as in docs/rules.md §C.0.
    void final_leg(Vec v, int max_steps, Modality mod, bool vnr, int x, int y) {
        for (int j = 1; max_steps == 0 || j <= max_steps; ++j) {
            int nx = x + v.dx * j, ny = y + v.dy * j;
            if (!b.on(nx, ny)) return;
            if (can_end(mod, vnr, b.at(nx, ny))) out.insert({nx, ny});
            if (b.at(nx, ny) != Cell::Empty) return;
        }
    }

    void path(int node, int x, int y) {
        const PathNode& n = m.path_nodes[node];
        if (n.child_count == 0) {
            final_leg(n.v, n.max_steps, n.modality, n.victim_not_royal, x, y);
            return;
        }
        for (int j = 1; n.max_steps == 0 || j <= n.max_steps; ++j) {
            int nx = x + n.v.dx * j, ny = y + n.v.dy * j;
            if (!b.on(nx, ny)) return;
            bool empty = b.at(nx, ny) == Cell::Empty;
            if (n.modality == Modality::Hop && empty) continue;
            if (n.modality == Modality::MoveOnly && !empty) return;
            for (int k = 0; k < n.child_count; ++k) path(n.first_child + k, nx, ny);
            if (n.modality == Modality::Hop) return;  // only the first piece is hopped
        }
    }

    Squares run(int x, int y) {
        for (const CompiledLeap& l : m.leaps)
            final_leg(l.v, 1, l.modality, l.victim_not_royal, x, y);
        for (const CompiledSlide& s : m.slides) {
            final_leg(s.v, s.max_steps, s.modality, s.victim_not_royal, x, y);
        }
        for (int r : m.path_roots) path(r, x, y);
        return out;
    }
};

Squares destinations(const std::string& betza, const Board& b, const std::string& from,
                     Orientation o = Orientation::North) {
    CompiledMoves m = compile_moves(parse_ok(betza), o);
    return Walker{m, b, {}}.run(b.x_of(from), b.y_of(from));
}

std::set<std::string> names(const Board& b, const Squares& s) {
    std::set<std::string> out;
    for (auto [x, y] : s) out.insert(b.name(x, y));
    return out;
}

std::set<std::string> names(std::initializer_list<const char*> list) {
    return std::set<std::string>(list.begin(), list.end());
}

// ---------------------------------------------------------------------------------------------
// Expected move sets on an empty board, in relative (side, fwd) vectors

constexpr int kSize = 15;  // the empty board, piece on its centre square
constexpr int kCentre = 7;

using Rel = std::set<std::pair<int, int>>;  // (side, fwd)

struct Expect {
    Rel set;
    Expect& pt(int s, int f) {
        set.insert({s, f});
        return *this;
    }
    Expect& pts(std::initializer_list<std::pair<int, int>> list) {
        for (auto p : list) set.insert(p);
        return *this;
    }
    // Left-right symmetric pair (s, f) and (-s, f).
    Expect& sym(int s, int f) { return pt(s, f).pt(-s, f); }
    Expect& ray(int s, int f) {
        for (int k = 1; k <= kCentre; ++k) pt(s * k, f * k);
        return *this;
    }
    Expect& rook() { return ray(1, 0).ray(-1, 0).ray(0, 1).ray(0, -1); }
    Expect& bishop() { return ray(1, 1).ray(-1, 1).ray(1, -1).ray(-1, -1); }
    Expect& wazir() { return pts({{1, 0}, {-1, 0}, {0, 1}, {0, -1}}); }
    Expect& ferz() { return pts({{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}); }
    Expect& ring2() {  // NAD: the 16 squares at distance exactly two (docs/rules.md §C.5)
        for (int s = -2; s <= 2; ++s) {
            for (int f = -2; f <= 2; ++f) {
                if (std::max(std::abs(s), std::abs(f)) == 2) pt(s, f);
            }
        }
        return *this;
    }
};

// The relative vector of a board vector for an owner facing o (inverse of to_board).
std::pair<int, int> to_rel(int dx, int dy, Orientation o) {
    for (int s = -kSize; s <= kSize; ++s) {
        for (int f = -kSize; f <= kSize; ++f) {
            if (to_board({s, f}, o) == Vec{dx, dy}) return {s, f};
        }
    }
    return {99, 99};
}

Rel empty_board_moves(const std::string& betza, Orientation o = Orientation::North) {
    Board b(kSize, kSize);
    CompiledMoves m = compile_moves(parse_ok(betza), o);
    Rel out;
    for (auto [x, y] : Walker{m, b, {}}.run(kCentre, kCentre)) {
        out.insert(to_rel(x - kCentre, y - kCentre, o));
    }
    return out;
}

struct PieceCase {
    const char* piece;
    const char* betza;
    Rel expected;
};

// Every XBetza string of docs/rules.md §B.1 and §B.2 with its move set on an empty 15x15 board.
std::vector<PieceCase> spec_pieces() {
    // Same-colour squares satisfying a condition: used for the diagonal hook movers.
    auto colour = [](auto keep) {
        Expect e;
        for (int s = -kCentre; s <= kCentre; ++s) {
            for (int f = -kCentre; f <= kCentre; ++f) {
                if ((s + f) % 2 == 0 && (s != 0 || f != 0) && keep(s, f)) e.pt(s, f);
            }
        }
        return e;
    };
    Expect all_squares;
    for (int s = -kCentre; s <= kCentre; ++s) {
        for (int f = -kCentre; f <= kCentre; ++f) {
            if (s != 0 || f != 0) all_squares.pt(s, f);
        }
    }
    Expect forward_half;  // the Square Mover's hook: every square ahead
    for (int s = -kCentre; s <= kCentre; ++s) {
        for (int f = 1; f <= kCentre; ++f) forward_half.pt(s, f);
    }

    return {
        // B.1 Seireigi
        {"King", "K", Expect().wazir().ferz().set},
        {"Rook", "R", Expect().rook().set},
        {"Dragon King", "RF", Expect().rook().ferz().set},
        {"Bishop", "B", Expect().bishop().set},
        {"Dragon Horse", "BW", Expect().bishop().wazir().set},
        {"Gold", "WfF", Expect().wazir().sym(1, 1).set},
        {"Great Elephant", "fBbFsfW",
         Expect().ray(1, 1).ray(-1, 1).sym(1, -1).sym(1, 0).pt(0, 1).set},
        {"Silver", "FfW", Expect().ferz().pt(0, 1).set},
        {"Running Wolf", "vRfFsW", Expect().ray(0, 1).ray(0, -1).sym(1, 1).sym(1, 0).set},
        {"Knight", "fN", Expect().sym(1, 2).set},
        {"Heavenly Horse", "FfWbNfAfD", Expect().ferz().pt(0, 1).sym(1, -2).sym(2, 2).pt(0, 2).set},
        {"Lance", "fR", Expect().ray(0, 1).set},
        {"Free Tiger", "sRvWsN",
         Expect().ray(1, 0).ray(-1, 0).pt(0, 1).pt(0, -1).sym(2, 1).sym(2, -1).set},
        {"Pawn", "fW", Expect().pt(0, 1).set},
        // B.2.1 Dai starting types
        {"Ram's-Head Soldier", "fB", Expect().ray(1, 1).ray(-1, 1).set},
        {"Running Rabbit", "fQ", Expect().ray(0, 1).ray(1, 1).ray(-1, 1).set},
        {"Stone General", "fF", Expect().sym(1, 1).set},
        {"Iron General", "fK", Expect().pt(0, 1).sym(1, 1).set},
        {"Flying Swallow", "fDfA", Expect().pt(0, 2).sym(2, 2).set},
        {"Flying Cat", "fHfG", Expect().pt(0, 3).sym(3, 3).set},
        {"Thunder Runner", "fCfZ", Expect().sym(1, 3).sym(2, 3).set},
        {"Copper", "vWfF", Expect().pt(0, 1).pt(0, -1).sym(1, 1).set},
        {"Strong Bear", "FfsW", Expect().ferz().pt(0, 1).sym(1, 0).set},
        {"Roaring Dog", "sWbFfsNfsCfsZ",
         Expect().sym(1, 0).sym(1, -1).sym(2, 1).sym(3, 1).sym(3, 2).set},
        {"Flying Falcon", "WfFvD", Expect().wazir().sym(1, 1).pt(0, 2).pt(0, -2).set},
        {"Cloud Eagle", "FvWfA", Expect().ferz().pt(0, 1).pt(0, -1).sym(2, 2).set},
        {"Great Leopard", "sRfFbW", Expect().ray(1, 0).ray(-1, 0).sym(1, 1).pt(0, -1).set},
        {"Kirin", "FD", Expect().ferz().pts({{2, 0}, {-2, 0}, {0, 2}, {0, -2}}).set},
        {"Phoenix", "WA", Expect().wazir().pts({{2, 2}, {-2, 2}, {2, -2}, {-2, -2}}).set},
        {"Bishop General", "J3B", Expect().bishop().set},
        {"Rook General", "J3R", Expect().rook().set},
        {"Lion Hawk", "BNAD", Expect().bishop().ring2().set},
        {"Queen", "Q", Expect().rook().bishop().set},
        {"Capricorn", "BmasB", colour([](int, int) { return true; }).set},
        {"Hook Mover", "RmasR", all_squares.set},
        // B.2.2 promoted-only types
        {"Tokin", "WfF", Expect().wazir().sym(1, 1).set},
        {"Great Stag", "vRsWvN", Expect().ray(0, 1).ray(0, -1).sym(1, 0).sym(1, 2).sym(1, -2).set},
        {"Prancing Stag", "sRfBvW",
         Expect().ray(1, 0).ray(-1, 0).ray(1, 1).ray(-1, 1).pt(0, 1).pt(0, -1).set},
        {"Golden Bird", "vWfFbsDbAffNfsN",
         Expect()
             .pt(0, 1)
             .pt(0, -1)
             .sym(1, 1)
             .sym(2, 0)
             .pt(0, -2)
             .sym(2, -2)
             .sym(1, 2)
             .sym(2, 1)
             .set},
        {"Great Dream-Eater", "J3vRfBbCbZ",
         Expect().ray(0, 1).ray(0, -1).ray(1, 1).ray(-1, 1).sym(1, -3).sym(2, -3).set},
        {"Free Demon", "J3fBsRbsCbsZ",
         Expect().ray(1, 1).ray(-1, 1).ray(1, 0).ray(-1, 0).sym(3, -1).sym(3, -2).set},
        {"Flying Ox", "BvR", Expect().bishop().ray(0, 1).ray(0, -1).set},
        {"Free Boar", "BsR", Expect().bishop().ray(1, 0).ray(-1, 0).set},
        {"Teaching King", "vRfBsWbF",
         Expect().ray(0, 1).ray(0, -1).ray(1, 1).ray(-1, 1).sym(1, 0).sym(1, -1).set},
        {"Whale", "fBbRbFfWbsN",
         Expect().ray(1, 1).ray(-1, 1).ray(0, -1).sym(1, -1).pt(0, 1).sym(2, -1).set},
        {"Wizard Stork", "QAD", Expect().rook().bishop().set},  // A and D lie on Q lines
        {"Ancient Dragon", "fBfmasBbFbG",
         colour([](int s, int f) { return s + f > 0 || f - s > 0; }).sym(1, -1).sym(3, -3).set},
        {"Square Mover", "fRfmasRbsWbsH", forward_half.sym(1, 0).pt(0, -1).sym(3, 0).pt(0, -3).set},
        {"Vice General", "J3BNAD", Expect().bishop().ring2().set},
        {"Great General", "J3Q", Expect().rook().bishop().set},
    };
}

TEST(Betza, EverySpecPieceParsesAndMovesAsStated) {
    for (const PieceCase& c : spec_pieces()) {
        SCOPED_TRACE(std::string(c.piece) + " " + c.betza);
        EXPECT_EQ(empty_board_moves(c.betza), c.expected);
    }
}

TEST(Betza, EverySpecPieceMovesTheSameInAllOrientations) {
    for (const PieceCase& c : spec_pieces()) {
        for (Orientation o : kAll) {
            SCOPED_TRACE(std::string(c.piece) + " orientation " + std::to_string(int(o)));
            EXPECT_EQ(empty_board_moves(c.betza, o), c.expected);
        }
    }
}

// docs/rules.md §B.1 and §E.1 #2-#5: the promoted Seireigi pieces on 5e of an empty 9x9 board.
TEST(Betza, Rules_E1_2to5_PromotedPiecePatterns) {
    Board b(9, 9);
    EXPECT_EQ(names(b, destinations("FfWbNfAfD", b, "5e")),
              names({"4d", "5d", "6d", "4f", "6f", "3c", "7c", "5c", "4g", "6g"}));
    EXPECT_EQ(names(b, destinations("sRvWsN", b, "5e")),
              names({"5d", "5f", "9e", "8e", "7e", "6e", "4e", "3e", "2e", "1e", "3d", "3f", "7d",
                     "7f"}));
    EXPECT_EQ(
        names(b, destinations("fBbFsfW", b, "5e")),
        names({"4d", "3c", "2b", "1a", "6d", "7c", "8b", "9a", "4f", "6f", "4e", "6e", "5d"}));
    EXPECT_EQ(names(b, destinations("vRfFsW", b, "5e")),
              names({"5d", "5c", "5b", "5a", "5f", "5g", "5h", "5i", "4d", "6d", "4e", "6e"}));
}

// docs/rules.md §C.4: third-perimeter jumps, and D-3: the Free Demon leaps only to (±3,-1),(±3,-2).
TEST(Betza, Rules_C4_ThirdPerimeterLeaps) {
    CompiledMoves demon = compile_moves(parse_ok("J3fBsRbsCbsZ"), Orientation::North);
    std::set<std::pair<int, int>> leaps;
    for (const CompiledLeap& l : demon.leaps) leaps.insert({l.v.dx, l.v.dy});
    EXPECT_EQ(leaps, (std::set<std::pair<int, int>>{{3, 1}, {-3, 1}, {3, 2}, {-3, 2}}));
    // §E.3 #11: Sente Free Demon on 8h of the 15x15 board.
    Board b(15, 15);
    Squares d = destinations("bsCbsZ", b, "8h");
    EXPECT_EQ(names(b, d), names({"11i", "5i", "11j", "5j"}));
}

// ---------------------------------------------------------------------------------------------
// Grammar details

Rel first_leg_steps(const std::string& betza) {
    Rel out;
    for (const auto& c : parse_ok(betza).components) {
        for (RelVec v : c.legs[0].steps) out.insert({v.side, v.fwd});
    }
    return out;
}

TEST(Betza, ObliqueDirectionGroups) {
    EXPECT_EQ(first_leg_steps("fN"), (Rel{{1, 2}, {-1, 2}}));
    EXPECT_EQ(first_leg_steps("bN"), (Rel{{1, -2}, {-1, -2}}));
    EXPECT_EQ(first_leg_steps("lN"), (Rel{{-2, 1}, {-2, -1}}));
    EXPECT_EQ(first_leg_steps("rN"), (Rel{{2, 1}, {2, -1}}));
    EXPECT_EQ(first_leg_steps("sN"), (Rel{{2, 1}, {2, -1}, {-2, 1}, {-2, -1}}));
    EXPECT_EQ(first_leg_steps("vN"), (Rel{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}}));
    EXPECT_EQ(first_leg_steps("fsN"), (Rel{{2, 1}, {-2, 1}}));
    EXPECT_EQ(first_leg_steps("bsN"), (Rel{{2, -1}, {-2, -1}}));
    EXPECT_EQ(first_leg_steps("ffN"), (Rel{{1, 2}, {-1, 2}}));
    EXPECT_EQ(first_leg_steps("frN"), (Rel{{2, 1}}));
    EXPECT_EQ(first_leg_steps("rfN"), (Rel{{1, 2}}));
    EXPECT_EQ(first_leg_steps("lbN"), (Rel{{-1, -2}}));
    EXPECT_EQ(first_leg_steps("blN"), (Rel{{-2, -1}}));
    EXPECT_EQ(first_leg_steps("fbN"), first_leg_steps("vN"));  // no such group: two letters
    EXPECT_EQ(first_leg_steps("fsC"), (Rel{{3, 1}, {-3, 1}}));
    EXPECT_EQ(first_leg_steps("bsZ"), (Rel{{3, -2}, {-3, -2}}));
    EXPECT_EQ(first_leg_steps("fsNfsCfsZ"),
              (Rel{{2, 1}, {-2, 1}, {3, 1}, {-3, 1}, {3, 2}, {-3, 2}}));
    EXPECT_EQ(first_leg_steps("fCfZ"), (Rel{{1, 3}, {-1, 3}, {2, 3}, {-2, 3}}));
}

TEST(Betza, OrthogonalDiagonalAndCompositeDirections) {
    EXPECT_EQ(first_leg_steps("frW"), (Rel{{0, 1}, {1, 0}}));
    EXPECT_EQ(first_leg_steps("vW"), (Rel{{0, 1}, {0, -1}}));
    EXPECT_EQ(first_leg_steps("sH"), (Rel{{3, 0}, {-3, 0}}));
    EXPECT_EQ(first_leg_steps("frF"), (Rel{{1, 1}}));
    EXPECT_EQ(first_leg_steps("rfF"), (Rel{{1, 1}}));
    EXPECT_EQ(first_leg_steps("flbrF"), (Rel{{-1, 1}, {1, -1}}));
    EXPECT_EQ(first_leg_steps("fF"), (Rel{{1, 1}, {-1, 1}}));
    EXPECT_EQ(first_leg_steps("lF"), (Rel{{-1, 1}, {-1, -1}}));
    EXPECT_EQ(first_leg_steps("vF"), first_leg_steps("F"));
    EXPECT_EQ(first_leg_steps("sA"), first_leg_steps("A"));
    EXPECT_EQ(first_leg_steps("fK"), (Rel{{0, 1}, {1, 1}, {-1, 1}}));
    EXPECT_EQ(first_leg_steps("fK"), first_leg_steps("fWfF"));
    EXPECT_EQ(first_leg_steps("frK"), (Rel{{0, 1}, {1, 0}, {1, 1}}));
    EXPECT_EQ(empty_board_moves("fQ"), empty_board_moves("fRfB"));
    // Groups form only from adjacent letters: in 'fmrF' the 'm' separates f and r.
    EXPECT_EQ(first_leg_steps("fmrF"), (Rel{{1, 1}, {-1, 1}, {1, -1}}));
    EXPECT_EQ(first_leg_steps("frmF"), (Rel{{1, 1}}));
}

TEST(Betza, FinalLegModalities) {
    auto mod = [](const std::string& s) {
        return parse_ok(s).components.at(0).legs.back().modality;
    };
    EXPECT_EQ(mod("R"), Modality::MoveOrCapture);
    EXPECT_EQ(mod("mR"), Modality::MoveOnly);
    EXPECT_EQ(mod("cR"), Modality::CaptureOnly);
    EXPECT_EQ(mod("mcR"), Modality::MoveOrCapture);
    EXPECT_EQ(mod("cmN"), Modality::MoveOrCapture);
}

TEST(Betza, RangesAndDoubledAtoms) {
    auto one = [](const std::string& s) { return parse_ok(s).components.at(0).legs.at(0); };
    EXPECT_EQ(one("R").max_steps, 0);
    EXPECT_EQ(one("R4").max_steps, 4);
    EXPECT_EQ(one("R0").max_steps, 0);
    EXPECT_EQ(one("R12").max_steps, 12);
    EXPECT_EQ(one("W3").max_steps, 3);
    EXPECT_EQ(one("WW").max_steps, 0);
    EXPECT_EQ(one("NN").max_steps, 0);
    EXPECT_EQ(one("N").max_steps, 1);
    EXPECT_EQ(empty_board_moves("WW"), empty_board_moves("R"));
    EXPECT_EQ(empty_board_moves("KK"), empty_board_moves("Q"));
    EXPECT_EQ(empty_board_moves("R2"),
              Expect().wazir().pts({{2, 0}, {-2, 0}, {0, 2}, {0, -2}}).set);
    // Range 1 on a rider is a step: it compiles to leaps.
    CompiledMoves r1 = compile_moves(parse_ok("R1"), Orientation::North);
    EXPECT_EQ(r1.leaps.size(), 4u);
    EXPECT_TRUE(r1.slides.empty());
    // The nightrider: N rider, 3 steps at most on 15x15 from the centre.
    EXPECT_EQ(empty_board_moves("fN0"), (Rel{{1, 2}, {-1, 2}, {2, 4}, {-2, 4}, {3, 6}, {-3, 6}}));
}

TEST(Betza, ContinuationLegs) {
    auto legs = [](const std::string& s) { return parse_ok(s).components.back().legs; };
    EXPECT_EQ(legs("masR").at(1).turns, (std::vector<int>{2, -2}));
    EXPECT_EQ(legs("maR").at(1).turns, (std::vector<int>{0, 2, -2}));  // default: all but back
    EXPECT_EQ(legs("mavR").at(1).turns, (std::vector<int>{0, 4}));
    EXPECT_EQ(legs("mabW").at(1).turns, (std::vector<int>{4}));
    EXPECT_EQ(legs("malrB").at(1).turns, (std::vector<int>{2, -2}));
    EXPECT_EQ(legs("maK").at(1).turns, (std::vector<int>{0, 1, -1, 2, -2, 3, -3}));
    EXPECT_EQ(legs("maflQ").at(1).turns, (std::vector<int>{1}));
    EXPECT_EQ(legs("mabrK").at(1).turns, (std::vector<int>{-3}));
    EXPECT_EQ(legs("malfQ").at(1).turns, (std::vector<int>{1}));
    // Modalities of the legs.
    auto hook = legs("masR");
    EXPECT_EQ(hook[0].modality, Modality::MoveOnly);
    EXPECT_EQ(hook[1].modality, Modality::MoveOrCapture);
    auto hop = legs("pafcR");
    EXPECT_EQ(hop[0].modality, Modality::Hop);
    EXPECT_EQ(hop[1].modality, Modality::CaptureOnly);
    EXPECT_EQ(hop[1].turns, (std::vector<int>{0}));
}

// One-leg 'p' on a rider is the cannon's hop: [Hop rider, straight-on rider].
TEST(Betza, SingleLegHopIsExpanded) {
    PieceMoves cannon = parse_ok("mRcpR");
    ASSERT_EQ(cannon.components.size(), 2u);
    const auto& legs = cannon.components[1].legs;
    ASSERT_EQ(legs.size(), 2u);
    EXPECT_EQ(legs[0].modality, Modality::Hop);
    EXPECT_EQ(legs[0].max_steps, 0);
    EXPECT_EQ(legs[1].turns, (std::vector<int>{0}));
    EXPECT_EQ(legs[1].modality, Modality::CaptureOnly);
    // The same legs as the written-out 'pafcR'.
    const PieceMoves written_out = parse_ok("pafcR");
    const auto& written = written_out.components.at(0).legs;
    ASSERT_EQ(written.size(), 2u);
    for (std::size_t k = 0; k < 2; ++k) {
        EXPECT_EQ(legs[k].steps, written[k].steps);
        EXPECT_EQ(legs[k].turns, written[k].turns);
        EXPECT_EQ(legs[k].max_steps, written[k].max_steps);
        EXPECT_EQ(legs[k].modality, written[k].modality);
    }
    // 5e: screen on 5c, enemy on 5a; the cannon captures 5a and moves to 5d only upward.
    Board b(9, 9);
    b.put("5c", Cell::Own);
    b.put("5a", Cell::Enemy);
    Squares d = destinations("mRcpR", b, "5e");
    EXPECT_TRUE(d.count({b.x_of("5a"), b.y_of("5a")}));
    EXPECT_FALSE(d.count({b.x_of("5b"), b.y_of("5b")}));
    EXPECT_FALSE(d.count({b.x_of("5c"), b.y_of("5c")}));
    EXPECT_TRUE(d.count({b.x_of("5d"), b.y_of("5d")}));
}

// The same IR, whatever the source text says (the text is kept for messages only).
void expect_same_ir(const PieceMoves& a, const PieceMoves& b) {
    ASSERT_EQ(a.components.size(), b.components.size());
    for (std::size_t i = 0; i < a.components.size(); ++i) {
        const auto& x = a.components[i];
        const auto& y = b.components[i];
        EXPECT_EQ(x.text, y.text);
        EXPECT_EQ(x.victim_not_royal, y.victim_not_royal);
        ASSERT_EQ(x.legs.size(), y.legs.size());
        for (std::size_t k = 0; k < x.legs.size(); ++k) {
            EXPECT_EQ(x.legs[k].steps, y.legs[k].steps);
            EXPECT_EQ(x.legs[k].turns, y.legs[k].turns);
            EXPECT_EQ(x.legs[k].max_steps, y.legs[k].max_steps);
            EXPECT_EQ(x.legs[k].modality, y.legs[k].modality);
        }
    }
}

// docs/rules.md §C.8: J3X is X plus the three hop-captures with {~K}.
TEST(Betza, Rules_C8_JumpMacroEqualsWrittenOutForm) {
    const std::pair<const char*, const char*> cases[] = {
        {"J3B", "BpafcB{~K}pafpafcB{~K}pafpafpafcB{~K}"},
        {"J3R", "RpafcR{~K}pafpafcR{~K}pafpafpafcR{~K}"},
        {"J3Q", "QpafcQ{~K}pafpafcQ{~K}pafpafpafcQ{~K}"},
        {"J3vR", "vRvpafcR{~K}vpafpafcR{~K}vpafpafpafcR{~K}"},
        {"J3fB", "fBfpafcB{~K}fpafpafcB{~K}fpafpafpafcB{~K}"},
        {"J1R", "RpafcR{~K}"},
        {"J3BNAD", "BpafcB{~K}pafpafcB{~K}pafpafpafcB{~K}NAD"},
    };
    for (auto [macro, written] : cases) {
        SCOPED_TRACE(macro);
        expect_same_ir(parse_ok(macro), parse_ok(written));
    }
    PieceMoves j = parse_ok("J3R");
    ASSERT_EQ(j.components.size(), 4u);
    EXPECT_FALSE(j.components[0].victim_not_royal);
    for (int k = 1; k <= 3; ++k) {
        EXPECT_TRUE(j.components[k].victim_not_royal);
        EXPECT_EQ(j.components[k].legs.size(), static_cast<std::size_t>(k + 1));
    }
}

// docs/rules.md §C.3 worked example: Sente Rook General on 5i, file 5 = l n k . . s P . RG.
TEST(Betza, Rules_C3_RookGeneralFile) {
    Board b(9, 9);
    b.put("5a", Cell::Enemy);
    b.put("5b", Cell::Enemy);
    b.put("5c", Cell::EnemyKing);
    b.put("5f", Cell::Enemy);
    b.put("5g", Cell::Own);
    std::set<std::string> file5;
    for (const std::string& n : names(b, destinations("J3R", b, "5i"))) {
        if (n[0] == '5') file5.insert(n);
    }
    EXPECT_EQ(file5, names({"5h", "5f", "5b"}));  // not 5g 5e 5d, not x5c (King), not x5a (4)
    // The written-out form gives the same.
    EXPECT_EQ(destinations("J3R", b, "5i"),
              destinations("RpafcR{~K}pafpafcR{~K}pafpafpafcR{~K}", b, "5i"));
    // Clear 5g and 5f: the King on 5c is attacked along the clear line (an ordinary capture).
    b.put("5g", Cell::Empty);
    b.put("5f", Cell::Empty);
    Squares clear = destinations("J3R", b, "5i");
    EXPECT_TRUE(clear.count({b.x_of("5c"), b.y_of("5c")}));
    // §E.3 #3: jumping its own King (an own piece) to capture.
    Board c(15, 15);
    c.put("8n", Cell::Own);
    c.put("8j", Cell::Enemy);
    EXPECT_TRUE(destinations("J3R", c, "8o").count({c.x_of("8j"), c.y_of("8j")}));
}

// docs/rules.md §C.1 worked example: Hook Mover on 4d of a 7x7 board, 26 destinations.
TEST(Betza, Rules_C1_HookMoverDiagram) {
    Board b(7, 7);
    b.put("4b", Cell::Own);
    b.put("6d", Cell::Own);
    b.put("2d", Cell::Enemy);
    b.put("4f", Cell::Enemy);
    b.put("6f", Cell::Enemy);
    b.put("1b", Cell::Enemy);
    std::set<std::string> got = names(b, destinations("RmasR", b, "4d"));
    std::set<std::string> want = names({
        "4c", "5d", "3d", "2d", "4e", "4f",  // plain slides
        "7c", "6c", "5c", "3c", "2c", "1c",  // via 4c
        "5b", "5a", "5e", "5f", "5g",        // via 5d
        "3b", "3a", "3e", "3f", "3g",        // via 3d
        "7e", "6e", "2e", "1e",              // via 4e
    });
    EXPECT_EQ(want.size(), 26u);
    EXPECT_EQ(got, want);
}

// docs/rules.md §C.1/§C.2 worked example: Capricorn on 4d, 17 destinations; Ancient Dragon there.
TEST(Betza, Rules_C2_CapricornDiagram) {
    Board b(7, 7);
    b.put("3c", Cell::Own);
    b.put("6b", Cell::Enemy);
    b.put("2f", Cell::Enemy);
    std::set<std::string> want = names({
        "5c", "6b", "5e", "6f", "7g", "3e", "2f",  // plain slides
        "4b", "3a", "6d", "7e",                    // via 5c
        "7c", "4f", "3g",                          // via 5e
        "5g",                                      // via 6f
        "2d", "1c",                                // via 3e
    });
    EXPECT_EQ(want.size(), 17u);
    EXPECT_EQ(names(b, destinations("BmasB", b, "4d")), want);
    EXPECT_EQ(names(b, destinations("fBfmasBbFbG", b, "4d")),
              names({"5c", "6b", "4b", "3a", "6d", "7e", "5e", "3e", "7g", "1g"}));
}

// docs/rules.md §E.3 #4-#5: the Hook Mover's two L-paths, and no turn on an occupied square.
TEST(Betza, Rules_E3_4_HookTwoPaths) {
    Board b(9, 9);
    Squares d = destinations("RmasR", b, "9i");
    EXPECT_TRUE(d.count({b.x_of("5e"), b.y_of("5e")}));
    b.put("7e", Cell::Own);  // blocks the path via 9e only
    EXPECT_TRUE(destinations("RmasR", b, "9i").count({b.x_of("5e"), b.y_of("5e")}));
    b.put("7e", Cell::Empty);
    b.put("9e", Cell::Enemy);
    b.put("5g", Cell::Own);  // blocks the path via 5i
    Squares e = destinations("RmasR", b, "9i");
    EXPECT_TRUE(e.count({b.x_of("9e"), b.y_of("9e")}));  // capture, but no turn there
    EXPECT_FALSE(e.count({b.x_of("5e"), b.y_of("5e")}));
}

// docs/rules.md §C.5 / §E.3 #12: the Lion Hawk's ring leaps ignore surrounding pieces.
TEST(Betza, Rules_E3_12_LionHawkSurrounded) {
    Board b(9, 9);
    for (const char* s : {"4d", "5d", "6d", "4e", "6e", "4f", "5f", "6f"}) b.put(s, Cell::Own);
    Squares d = destinations("BNAD", b, "5e");
    EXPECT_EQ(d.size(), 16u);
    EXPECT_FALSE(d.count({b.x_of("5d"), b.y_of("5d")}));
}

// ---------------------------------------------------------------------------------------------
// Orientation

TEST(Betza, AsymmetricPieceInAllOrientations) {
    // lW = (-1, 0) and frN = (+2, +1), relative to the owner.
    const std::pair<Orientation, std::set<std::pair<int, int>>> cases[] = {
        {Orientation::North, {{-1, 0}, {2, -1}}},
        {Orientation::East, {{0, -1}, {1, 2}}},
        {Orientation::South, {{1, 0}, {-2, 1}}},
        {Orientation::West, {{0, 1}, {-1, -2}}},
    };
    for (const auto& [o, want] : cases) {
        CompiledMoves m = compile_moves(parse_ok("lWfrN"), o);
        std::set<std::pair<int, int>> got;
        for (const CompiledLeap& l : m.leaps) got.insert({l.v.dx, l.v.dy});
        EXPECT_EQ(got, want) << "orientation " << int(o);
        EXPECT_TRUE(m.slides.empty());
        EXPECT_TRUE(m.path_nodes.empty());
    }
}

TEST(Betza, ContinuationTurnsInAllOrientations) {
    for (Orientation o : kAll) {
        SCOPED_TRACE(int(o));
        // Forward, then 90 degrees right: relative (0,1) then (1,0).
        CompiledMoves hook = compile_moves(parse_ok("fmarR"), o);
        ASSERT_EQ(hook.path_roots.size(), 1u);
        const PathNode& root = hook.path_nodes[hook.path_roots[0]];
        EXPECT_EQ(root.v, to_board({0, 1}, o));
        ASSERT_EQ(root.child_count, 1);
        EXPECT_EQ(hook.path_nodes[root.first_child].v, to_board({1, 0}, o));
        // Left, then 45 degrees left (a queen turn): relative (-1,0) then (-1,-1).
        CompiledMoves q = compile_moves(parse_ok("lmaflQ"), o);
        const PathNode& qroot = q.path_nodes[q.path_roots[0]];
        EXPECT_EQ(qroot.v, to_board({-1, 0}, o));
        EXPECT_EQ(q.path_nodes[qroot.first_child].v, to_board({-1, -1}, o));
        // Backward-right diagonal, turn left: relative (1,-1) then (1,1).
        CompiledMoves d = compile_moves(parse_ok("brmalB"), o);
        const PathNode& droot = d.path_nodes[d.path_roots[0]];
        EXPECT_EQ(droot.v, to_board({1, -1}, o));
        EXPECT_EQ(d.path_nodes[droot.first_child].v, to_board({1, 1}, o));
    }
}

// ---------------------------------------------------------------------------------------------
// Compiled structure

TEST(Betza, CompiledKinds) {
    CompiledMoves gold = compile_moves(parse_ok("WfF"), Orientation::North);
    EXPECT_EQ(gold.leaps.size(), 6u);
    EXPECT_TRUE(gold.slides.empty());
    CompiledMoves dk = compile_moves(parse_ok("RF"), Orientation::North);
    EXPECT_EQ(dk.slides.size(), 4u);
    EXPECT_EQ(dk.leaps.size(), 4u);
    CompiledMoves hm = compile_moves(parse_ok("RmasR"), Orientation::North);
    EXPECT_EQ(hm.slides.size(), 4u);
    EXPECT_EQ(hm.path_roots.size(), 4u);
    EXPECT_EQ(hm.path_nodes.size(), 12u);  // 4 roots with 2 children each
    for (int r : hm.path_roots) {
        EXPECT_EQ(hm.path_nodes[r].modality, Modality::MoveOnly);
        EXPECT_EQ(hm.path_nodes[r].child_count, 2);
    }
    CompiledMoves rg = compile_moves(parse_ok("J3R"), Orientation::North);
    EXPECT_EQ(rg.path_roots.size(), 12u);  // 3 hop-captures x 4 directions
    for (const PathNode& n : rg.path_nodes) {
        if (n.child_count == 0) {
            EXPECT_EQ(n.modality, Modality::CaptureOnly);
            EXPECT_TRUE(n.victim_not_royal);
        } else {
            EXPECT_EQ(n.modality, Modality::Hop);
            EXPECT_FALSE(n.victim_not_royal);
        }
    }
}

TEST(Betza, DuplicatesRemoved) {
    CompiledMoves k = compile_moves(parse_ok("KWFK"), Orientation::North);
    EXPECT_EQ(k.leaps.size(), 8u);
    EXPECT_FALSE(k.may_repeat_destination);
    CompiledMoves r = compile_moves(parse_ok("RvR"), Orientation::North);
    EXPECT_EQ(r.slides.size(), 4u);
    CompiledMoves hooks = compile_moves(parse_ok("RmasRmasR"), Orientation::North);
    EXPECT_EQ(hooks.path_roots.size(), 4u);
}

TEST(Betza, MayRepeatDestination) {
    auto repeats = [](const std::string& s) {
        return compile_moves(parse_ok(s), Orientation::North).may_repeat_destination;
    };
    EXPECT_TRUE(repeats("BNAD"));  // the B slide passes over the A squares
    EXPECT_TRUE(repeats("QAD"));
    EXPECT_TRUE(repeats("RmasR"));  // two L-paths to one square
    EXPECT_TRUE(repeats("BmasB"));
    EXPECT_TRUE(repeats("fBfmasBbFbG"));     // two forward turn lines cross
    EXPECT_FALSE(repeats("fRfmasRbsWbsH"));  // one turn line: every square one way
    EXPECT_TRUE(repeats("J3BNAD"));
    EXPECT_TRUE(repeats("RW"));
    EXPECT_TRUE(repeats("WmW"));
    EXPECT_FALSE(repeats("mWcW"));  // an empty square and an enemy square are never both
    EXPECT_FALSE(repeats("J3R"));   // k hops end beyond exactly k pieces
    EXPECT_FALSE(repeats("J3Q"));
    EXPECT_FALSE(repeats("J3vRfBbCbZ"));
    EXPECT_FALSE(repeats("RF"));
    EXPECT_FALSE(repeats("FfWbNfAfD"));
    EXPECT_FALSE(repeats("sRvWsN"));
    EXPECT_FALSE(repeats("K"));
}

// ---------------------------------------------------------------------------------------------
// Errors: column and message

TEST(Betza, BrokenStrings) {
    struct Broken {
        const char* text;
        int column;
        const char* message;
    };
    const Broken cases[] = {
        {"", 1, "empty movement string"},
        {"fs", 3, "expected an atom letter (W F D A N C Z H G K R B Q) after modifiers 'fs'"},
        {"fs!", 3, "after modifiers 'fs'"},
        {"fhR", 2, "'h' (half) is not supported; write the directions out"},
        {"X", 1, "unknown atom letter 'X'"},
        {"WfX", 3, "unknown atom letter 'X'"},
        {"fxR", 2, "unknown modifier 'x'"},
        {"ma", 2, "dangling 'a'"},
        {"RmasR a", 6, "spaces are not allowed"},
        {"J3B NAD", 4, "spaces are not allowed"},
        {"aR", 1, "expected 'm' or 'p' before 'a'"},
        {"fasR", 2, "expected 'm' or 'p' before 'a'"},
        {"camR", 1, "locust capture"},
        {"pN", 1, "'p' on the leaper 'N'"},
        {"mapR", 3, "last leg of a multi-leg move"},
        {"mpaR", 2, "'m' and 'p' cannot be combined"},
        {"mmR", 2, "given twice"},
        {"maN", 3, "oblique atom 'N' in a multi-leg move"},
        {"R{~K", 2, "unbalanced '{'"},
        {"R{~", 2, "unbalanced '{'"},
        {"R{~Q}", 4, "unknown victim class 'Q'"},
        {"R{K}", 3, "only '{~K}'"},
        {"R{x}", 3, "expected '~' after '{'"},
        {"R}", 2, "'}' without a matching '{'"},
        {"{~K}", 1, "'{' with no atom"},
        {"mR{~K}", 3, "move-only"},
        {"3R", 1, "range digit with no atom"},
        {"f3", 2, "range digit with no atom"},
        {"WW3", 3, "range after a doubled atom"},
        {"R100", 2, "range too large"},
        {"J0R", 2, "expected a digit 1-9"},
        {"JR", 2, "expected a digit 1-9"},
        {"J12R", 3, "single digit"},
        {"J3N", 3, "expected a rider R, B or Q"},
        {"J3", 3, "expected a rider R, B or Q"},
        {"J3mR", 3, "not allowed in the J macro"},
        {"J3R4", 4, "range is not supported in the J macro"},
        {"J3R{~K}", 4, "already implies '{~K}'"},
        {"fJ3R", 2, "must start a component"},
        {"R(", 2, "unexpected '('"},
    };
    for (const Broken& c : cases) {
        SCOPED_TRACE(c.text);
        auto r = betza::parse(c.text);
        const ParseError* e = std::get_if<ParseError>(&r);
        ASSERT_NE(e, nullptr);
        EXPECT_EQ(e->column, c.column);
        EXPECT_NE(e->message.find(c.message), std::string::npos) << e->message;
    }
}

// Multi-leg moves multiply: a few legs of long slides once made one piece cost minutes to
// generate. Move generation's cost for one piece on one square is bounded (docs/xbetza.md,
// Limits); a string beyond the bound is refused at once, at the component that passes it.
TEST(Betza, MultiLegExpansionIsLimited) {
    const auto start = std::chrono::steady_clock::now();
    for (const std::string text :
         {"mamamamamaQ", "mamamamamamaQ", "mamamamamamamamamamamamamamamamamamamamaQ"}) {
        auto r = betza::parse(text);
        const ParseError* e = std::get_if<ParseError>(&r);
        ASSERT_NE(e, nullptr) << text;
        EXPECT_EQ(e->column, 1);
        EXPECT_NE(e->message.find("more than the limit of 20000"), std::string::npos) << e->message;
    }
    // Dai Seireigi's hook movers are well within it; four of them are not.
    EXPECT_TRUE(std::holds_alternative<PieceMoves>(betza::parse("RmasRBmasB")));
    auto four = betza::parse("RmasRBmasBRmasRBmasB");
    ASSERT_TRUE(std::holds_alternative<ParseError>(four));
    EXPECT_EQ(std::get<ParseError>(four).column, 17);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 1.0);
}

// Compiling takes time near-linear in the length of the string: ten thousand components (most
// of them repeats) compile in all four orientations at once.
TEST(Betza, CompilationIsNearLinear) {
    std::string text;
    for (int i = 0; i < 2500; ++i) text += "fWbWlWrW";
    const auto start = std::chrono::steady_clock::now();
    auto r = betza::parse(text);
    ASSERT_TRUE(std::holds_alternative<PieceMoves>(r));
    for (int o = 0; o < 4; ++o) {
        const CompiledMoves m = compile_moves(std::get<PieceMoves>(r), static_cast<Orientation>(o));
        EXPECT_EQ(m.leaps.size(), 4u);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 0.5);
}

}  // namespace
}  // namespace seireigi
