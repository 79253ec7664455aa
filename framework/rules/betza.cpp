// XBetza parser. The grammar is docs/xbetza.md; this file follows it section by section:
// atoms, direction modifiers (first leg, continuation legs), modalities, components, the {~K}
// victim suffix and the J macro.
#include "rules/betza.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>

namespace seireigi::betza {

namespace {

// ---------------------------------------------------------------------------------------------
// Atoms

// How direction letters select moves of an atom (docs/rules.md §B "Notation").
enum class Shape : std::uint8_t { Orthogonal, Diagonal, Oblique };

// A basic leaper: (a, b) with a >= b >= 0, e.g. the knight (2, 1).
struct Leaper {
    int a = 0;
    int b = 0;
    Shape shape = Shape::Orthogonal;
};

struct Atom {
    char letter = 0;
    std::vector<Leaper> parts;  // K and Q have two parts (W and F); all others one
    bool rider = false;         // R, B, Q: unlimited unless a range follows
    bool composite() const { return parts.size() > 1; }
};

constexpr Leaper kW{1, 0, Shape::Orthogonal};
constexpr Leaper kF{1, 1, Shape::Diagonal};

std::optional<Atom> atom_of(char c) {
    switch (c) {
        case 'W':
            return Atom{c, {kW}, false};
        case 'F':
            return Atom{c, {kF}, false};
        case 'D':
            return Atom{c, {{2, 0, Shape::Orthogonal}}, false};
        case 'A':
            return Atom{c, {{2, 2, Shape::Diagonal}}, false};
        case 'N':
            return Atom{c, {{2, 1, Shape::Oblique}}, false};
        case 'C':
            return Atom{c, {{3, 1, Shape::Oblique}}, false};
        case 'Z':
            return Atom{c, {{3, 2, Shape::Oblique}}, false};
        case 'H':
            return Atom{c, {{3, 0, Shape::Orthogonal}}, false};
        case 'G':
            return Atom{c, {{3, 3, Shape::Diagonal}}, false};
        case 'K':
            return Atom{c, {kW, kF}, false};
        case 'R':
            return Atom{c, {kW}, true};
        case 'B':
            return Atom{c, {kF}, true};
        case 'Q':
            return Atom{c, {kW, kF}, true};
        default:
            return std::nullopt;
    }
}

const char* const kAtomList = "(W F D A N C Z H G K R B Q)";

// Every vector of a leaper, in a fixed order (counter-clockwise from the owner's right).
std::vector<RelVec> all_vectors(Leaper l) {
    std::vector<RelVec> out;
    if (l.b == 0) {
        out = {{l.a, 0}, {0, l.a}, {-l.a, 0}, {0, -l.a}};
    } else if (l.a == l.b) {
        out = {{l.a, l.a}, {-l.a, l.a}, {-l.a, -l.a}, {l.a, -l.a}};
    } else {
        out = {{l.a, l.b},   {l.b, l.a},   {-l.b, l.a}, {-l.a, l.b},
               {-l.a, -l.b}, {-l.b, -l.a}, {l.b, -l.a}, {l.a, -l.b}};
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Direction letters of the first leg

bool is_direction(char c) {
    return c == 'f' || c == 'b' || c == 'l' || c == 'r' || c == 'v' || c == 's';
}

// The half-plane of a single letter: f = forward half, l = left half, ...
bool in_half(char c, RelVec v) {
    switch (c) {
        case 'f':
            return v.fwd > 0;
        case 'b':
            return v.fwd < 0;
        case 'l':
            return v.side < 0;
        case 'r':
            return v.side > 0;
        default:
            return false;
    }
}

// Does a single letter select vector v of an atom of this shape?
bool single_selects(Shape shape, char c, RelVec v) {
    if (c == 'v') return single_selects(shape, 'f', v) || single_selects(shape, 'b', v);
    if (c == 's') return single_selects(shape, 'l', v) || single_selects(shape, 'r', v);
    if (shape != Shape::Oblique) return in_half(c, v);
    // Oblique: the pair whose larger component points that way.
    bool vertical = std::abs(v.fwd) > std::abs(v.side);
    return (c == 'f' || c == 'b') == vertical && in_half(c, v);
}

bool is_vertical(char c) {
    return c == 'f' || c == 'b';
}
bool is_horizontal(char c) {
    return c == 'l' || c == 'r';
}

// Does a two-letter group select v? Diagonal atoms: one vertical and one horizontal letter, in
// either order, intersect. Oblique atoms: the second letter's set filtered by the first's half.
bool pair_selects(Shape shape, char x, char y, RelVec v) {
    if (shape == Shape::Diagonal) return in_half(x, v) && in_half(y, v);
    return in_half(x, v) && single_selects(shape, y, v);
}

// Is "xy" a two-letter group for this shape (one that selects something)?
bool is_pair(Shape shape, char x, char y, const std::vector<RelVec>& vectors) {
    switch (shape) {
        case Shape::Orthogonal:
            return false;
        case Shape::Diagonal:
            return (is_vertical(x) && is_horizontal(y)) || (is_horizontal(x) && is_vertical(y));
        case Shape::Oblique:
            if (!is_vertical(x) && !is_horizontal(x)) return false;  // x filters: f b l r
            return std::any_of(vectors.begin(), vectors.end(),
                               [&](RelVec v) { return pair_selects(shape, x, y, v); });
    }
    return false;
}

// An upper bound on the squares move generation visits for `c` from one square of the largest
// board (lines of 26 squares): each leg slides at most its range and the next legs continue
// from every square where it may end (one for a hop). Multi-leg moves multiply, so a few legs
// of long slides could make one piece cost more than a whole position should.
double squares_visited(const Component& c) {
    constexpr double kLongestLine = 26;
    double after = 0;  // the cost of the legs after leg i, from one square
    for (std::size_t i = c.legs.size(); i-- > 0;) {
        const Leg& leg = c.legs[i];
        const double range =
            leg.max_steps == 0 ? kLongestLine : std::min<double>(leg.max_steps, kLongestLine);
        const double endings = leg.modality == Modality::Hop ? 1 : range;
        const double branches = i + 1 < c.legs.size() ? c.legs[i + 1].turns.size() : 0;
        after = range + endings * branches * after;
    }
    return after * static_cast<double>(c.legs.empty() ? 0 : c.legs[0].steps.size());
}

// A run of consecutive direction letters and where it starts in the text.
struct DirRun {
    std::string letters;
    int column = 0;
};

// The vectors of one leaper selected by the direction runs (none: every vector).
std::vector<RelVec> select_vectors(Leaper l, const std::vector<DirRun>& runs) {
    std::vector<RelVec> all = all_vectors(l);
    if (runs.empty()) return all;
    std::vector<bool> chosen(all.size(), false);
    for (const DirRun& run : runs) {
        const std::string& s = run.letters;
        for (std::size_t i = 0; i < s.size();) {
            bool pair = i + 1 < s.size() && is_pair(l.shape, s[i], s[i + 1], all);
            for (std::size_t k = 0; k < all.size(); ++k) {
                bool hit = pair ? pair_selects(l.shape, s[i], s[i + 1], all[k])
                                : single_selects(l.shape, s[i], all[k]);
                if (hit) chosen[k] = true;
            }
            i += pair ? 2 : 1;
        }
    }
    std::vector<RelVec> out;
    for (std::size_t k = 0; k < all.size(); ++k) {
        if (chosen[k]) out.push_back(all[k]);
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Direction letters of a continuation leg: turns in 45-degree steps, counter-clockwise.

int single_turn(char c) {
    switch (c) {
        case 'f':
            return 0;
        case 'b':
            return 4;
        case 'l':
            return 2;
        default:
            return -2;  // 'r'
    }
}

// K and Q continue in 8 directions: a vertical and a horizontal letter together mean the
// diagonal between them (fl = 45 degrees left).
std::optional<int> pair_turn(char x, char y) {
    if (is_horizontal(x) && is_vertical(y)) std::swap(x, y);
    if (!is_vertical(x) || !is_horizontal(y)) return std::nullopt;
    int t = (x == 'f') ? 1 : 3;
    return y == 'l' ? t : -t;
}

std::vector<int> select_turns(const Atom& atom, const std::vector<DirRun>& runs) {
    std::vector<int> turns;
    auto add = [&](int t) {
        if (std::find(turns.begin(), turns.end(), t) == turns.end()) turns.push_back(t);
    };
    if (runs.empty()) {
        // Default: every direction except straight back.
        for (int t : {0, 1, -1, 2, -2, 3, -3}) {
            if (t % 2 == 0 || atom.composite()) add(t);  // odd turns: K and Q only
        }
        return turns;
    }
    for (const DirRun& run : runs) {
        const std::string& s = run.letters;
        for (std::size_t i = 0; i < s.size();) {
            std::optional<int> diag;
            if (atom.composite() && i + 1 < s.size()) diag = pair_turn(s[i], s[i + 1]);
            if (diag) {
                add(*diag);
                i += 2;
                continue;
            }
            char c = s[i++];
            if (c == 'v') {
                add(0);
                add(4);
            } else if (c == 's') {
                add(2);
                add(-2);
            } else {
                add(single_turn(c));
            }
        }
    }
    return turns;
}

// ---------------------------------------------------------------------------------------------
// The scanner

struct Failure {
    ParseError error;
};

// The modifiers written before one 'a' (or before the atom, for the last leg).
struct LegText {
    std::vector<DirRun> runs;
    int m_col = 0, c_col = 0, p_col = 0;  // column of 'm', 'c', 'p'; 0 = absent
    int a_col = 0;                        // column of the 'a' that ends this leg; 0 = last leg
    int first_col = 0;                    // column of the first modifier; 0 = none
};

class Parser {
  public:
    explicit Parser(std::string_view text) : text_(text) {}

    PieceMoves parse_all() {
        PieceMoves out;
        if (text_.empty()) {
            fail(1, "empty movement string: expected at least one atom " + std::string(kAtomList));
        }
        double visits = 0;
        while (pos_ < text_.size()) {
            const int col = column();
            const std::size_t before = out.components.size();
            parse_component(out);
            for (std::size_t i = before; i < out.components.size(); ++i)
                visits += squares_visited(out.components[i]);
            if (visits > kMaxSquaresVisited)
                fail(col, "the moves up to here would have move generation visit about " +
                              std::to_string(static_cast<long long>(std::min(visits, 1e15))) +
                              " squares from one square, more than the limit of " +
                              std::to_string(kMaxSquaresVisited) +
                              " (docs/xbetza.md, Limits): use fewer legs or shorter slides");
        }
        return out;
    }

  private:
    std::string_view text_;
    std::size_t pos_ = 0;

    int column() const { return static_cast<int>(pos_) + 1; }
    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return at_end() ? '\0' : text_[pos_]; }

    [[noreturn]] static void fail(int column, std::string message) {
        throw Failure{ParseError{column, std::move(message)}};
    }

    std::string describe_here() const {
        if (at_end()) return "the end of the string";
        return std::string("'") + peek() + "'";
    }

    // Fails on a character that can never appear where a component (or its modifiers) is read.
    [[noreturn]] void fail_unexpected(const std::string& expected) {
        char c = peek();
        if (c == 'h') fail(column(), "'h' (half) is not supported; write the directions out");
        if (c == ' ' || c == '\t') {
            fail(column(),
                 "spaces are not allowed; write the components next to each other "
                 "(e.g. J3BNAD)");
        }
        if (c >= '0' && c <= '9') fail(column(), "range digit with no atom before it");
        if (c == '{') fail(column(), "'{' with no atom before it: a victim class follows a move");
        if (c == '}') fail(column(), "'}' without a matching '{'");
        if (c >= 'a' && c <= 'z') {
            fail(column(), std::string("unknown modifier '") + c +
                               "': expected a direction (f b l r v s), a modality (m c p), 'a' "
                               "or an atom " +
                               kAtomList);
        }
        if (c == 'J') {
            fail(column(), "the slide-jump macro 'J' must start a component, before any modifier");
        }
        if (c >= 'A' && c <= 'Z') {
            fail(column(),
                 std::string("unknown atom letter '") + c + "': expected one of " + kAtomList);
        }
        fail(column(), "unexpected " + describe_here() + ": expected " + expected);
    }

    void parse_component(PieceMoves& out) {
        std::size_t start = pos_;
        if (peek() == 'J') {
            parse_jump_macro(out);
            return;
        }

        // Modifiers of each leg, legs separated by 'a'.
        std::vector<LegText> legs(1);
        while (true) {
            char c = peek();
            LegText& leg = legs.back();
            if (is_direction(c)) {
                if (!leg.runs.empty() &&
                    leg.runs.back().column + static_cast<int>(leg.runs.back().letters.size()) ==
                        column()) {
                    leg.runs.back().letters += c;
                } else {
                    leg.runs.push_back({std::string(1, c), column()});
                }
            } else if (c == 'm' || c == 'c' || c == 'p') {
                int& col = c == 'm' ? leg.m_col : c == 'c' ? leg.c_col : leg.p_col;
                if (col != 0) fail(column(), std::string("modality '") + c + "' given twice");
                col = column();
            } else if (c == 'a') {
                leg.a_col = column();
                if (leg.first_col == 0) leg.first_col = column();
                ++pos_;
                if (at_end()) {
                    fail(leg.a_col,
                         "dangling 'a' at the end: expected the next leg's modifiers "
                         "and an atom " +
                             std::string(kAtomList));
                }
                legs.emplace_back();
                continue;
            } else {
                break;
            }
            if (leg.first_col == 0) leg.first_col = column();
            ++pos_;
        }

        // The atom.
        std::optional<Atom> atom = atom_of(peek());
        if (!atom) {
            bool has_mods = legs.size() > 1 || legs[0].first_col != 0;
            char c = peek();
            bool special = std::isalnum(static_cast<unsigned char>(c)) || c == '{' || c == '}' ||
                           c == ' ' || c == '\t';
            if (has_mods && !special) {
                fail(column(), "expected an atom letter " + std::string(kAtomList) +
                                   " after modifiers '" +
                                   std::string(text_.substr(start, pos_ - start)) + "'");
            }
            fail_unexpected("an atom " + std::string(kAtomList));
        }
        int atom_col = column();
        ++pos_;

        int max_steps = atom->rider ? 0 : 1;
        if (!atom->rider && peek() == atom->letter) {
            max_steps = 0;  // a doubled leaper is its unlimited rider: WW, NN
            ++pos_;
            if (std::isdigit(static_cast<unsigned char>(peek()))) {
                fail(column(), std::string("range after a doubled atom: write ") + atom->letter +
                                   "<n> instead");
            }
        }
        if (std::isdigit(static_cast<unsigned char>(peek()))) max_steps = read_range();

        bool victim_not_royal = false;
        int victim_col = column();
        if (peek() == '{') victim_not_royal = read_victim();

        Component comp = build(*atom, atom_col, max_steps, legs);
        if (victim_not_royal) {
            if (comp.legs.back().modality == Modality::MoveOnly) {
                fail(victim_col,
                     "a move-only ('m') move cannot take a victim, so '{~K}' makes no "
                     "sense here");
            }
            comp.victim_not_royal = true;
        }
        comp.text = std::string(text_.substr(start, pos_ - start));
        out.components.push_back(std::move(comp));
    }

    int read_range() {
        int col = column();
        int n = 0;
        while (std::isdigit(static_cast<unsigned char>(peek()))) {
            n = n * 10 + (peek() - '0');
            if (n > 99) fail(col, "range too large (at most 99; 0 means unlimited)");
            ++pos_;
        }
        return n;
    }

    // "{~K}": the final capture may not take a royal piece.
    bool read_victim() {
        int open = column();
        ++pos_;
        if (peek() != '~') {
            if (peek() == 'K') {
                fail(column(),
                     "victim class '{K}' is not supported: only '{~K}' "
                     "(not a royal piece) is");
            }
            fail(column(),
                 "expected '~' after '{' (only '{~K}' is supported), found " + describe_here());
        }
        ++pos_;
        if (peek() != 'K') {
            if (at_end()) fail(open, "unbalanced '{': expected '~K}'");
            fail(column(), std::string("unknown victim class '") + peek() +
                               "': only K (royal) is supported, as '{~K}'");
        }
        ++pos_;
        if (peek() != '}') fail(open, "unbalanced '{': expected '}' after '{~K'");
        ++pos_;
        return true;
    }

    Component build(const Atom& atom, int atom_col, int max_steps,
                    const std::vector<LegText>& texts) {
        Component comp;
        bool multi = texts.size() > 1;
        if (multi && atom.parts[0].shape == Shape::Oblique) {
            fail(atom_col, std::string("oblique atom '") + atom.letter +
                               "' in a multi-leg move is not supported");
        }
        for (std::size_t i = 0; i < texts.size(); ++i) {
            const LegText& t = texts[i];
            bool final_leg = i + 1 == texts.size();
            Leg leg;
            leg.max_steps = max_steps;
            if (i == 0) {
                for (const Leaper& part : atom.parts) {
                    for (RelVec v : select_vectors(part, t.runs)) leg.steps.push_back(v);
                }
                if (leg.steps.empty()) {
                    fail(t.runs.front().column,
                         std::string("these directions select no move of atom '") + atom.letter +
                             "'");
                }
            } else {
                leg.turns = select_turns(atom, t.runs);
            }

            if (t.m_col && t.p_col) {
                fail(std::max(t.m_col, t.p_col), "'m' and 'p' cannot be combined in one leg");
            }
            if (!final_leg) {
                if (t.c_col) {
                    fail(t.c_col, "'c' in a non-final leg (a locust capture) is not supported");
                }
                if (!t.m_col && !t.p_col) fail(t.a_col, "expected 'm' or 'p' before 'a'");
                leg.modality = t.m_col ? Modality::MoveOnly : Modality::Hop;
                comp.legs.push_back(std::move(leg));
                continue;
            }

            Modality rest = Modality::MoveOrCapture;
            if (t.m_col && !t.c_col) rest = Modality::MoveOnly;
            if (t.c_col && !t.m_col) rest = Modality::CaptureOnly;
            if (!t.p_col) {
                leg.modality = rest;
                comp.legs.push_back(std::move(leg));
                continue;
            }
            // 'p' on a final leg.
            if (multi) fail(t.p_col, "'p' on the last leg of a multi-leg move is not supported");
            if (max_steps == 1) {
                fail(t.p_col, std::string("'p' on the leaper '") + atom.letter +
                                  "' is not supported ('p' needs a rider: R B Q, WW, ...)");
            }
            // Cannon-style hop: hop the first piece on the line, then continue straight on.
            leg.modality = Modality::Hop;
            Leg on;
            on.turns = {0};
            on.max_steps = max_steps;
            on.modality = rest;
            comp.legs.push_back(std::move(leg));
            comp.legs.push_back(std::move(on));
        }
        return comp;
    }

    // "J<n><directions><rider>": the slide plus hop-captures over 1..n pieces that may not take
    // a royal piece (docs/rules.md §C.3, §C.8). Expanded to the written-out components.
    void parse_jump_macro(PieceMoves& out) {
        int j_col = column();
        ++pos_;
        if (!(peek() >= '1' && peek() <= '9')) {
            fail(column(),
                 "expected a digit 1-9 (how many pieces may be jumped) after 'J', "
                 "found " +
                     describe_here());
        }
        int n = peek() - '0';
        ++pos_;
        if (std::isdigit(static_cast<unsigned char>(peek()))) {
            fail(column(), "the J macro takes a single digit 1-9");
        }
        std::string dirs;
        while (is_direction(peek())) dirs += text_[pos_++];
        char c = peek();
        if (c == 'm' || c == 'c' || c == 'p' || c == 'a') {
            fail(column(), std::string("modifier '") + c +
                               "' is not allowed in the J macro: "
                               "only directions (f b l r v s) may come before its rider");
        }
        if (c != 'R' && c != 'B' && c != 'Q') {
            if (c == 'h') fail_unexpected("");
            fail(column(), "expected a rider R, B or Q in the J macro, found " + describe_here());
        }
        ++pos_;
        if (std::isdigit(static_cast<unsigned char>(peek()))) {
            fail(column(), "a range is not supported in the J macro");
        }
        if (peek() == '{') fail(column(), "the J macro already implies '{~K}'");

        std::string rider(1, c);
        std::vector<std::string> parts{dirs + rider};
        for (int k = 1; k <= n; ++k) {
            std::string s = dirs + "pa";
            for (int i = 1; i < k; ++i) s += "fpa";
            s += "fc" + rider + "{~K}";
            parts.push_back(s);
        }
        for (const std::string& s : parts) {
            std::variant<PieceMoves, ParseError> r = parse(s);
            if (auto* e = std::get_if<ParseError>(&r)) {
                fail(j_col, "in the J macro expansion '" + s + "': " + e->message);
            }
            for (Component& comp : std::get<PieceMoves>(r).components) {
                out.components.push_back(std::move(comp));
            }
        }
    }
};

}  // namespace

std::variant<PieceMoves, ParseError> parse(std::string_view text) {
    try {
        return Parser(text).parse_all();
    } catch (const Failure& f) {
        return f.error;
    }
}

}  // namespace seireigi::betza
