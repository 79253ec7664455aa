// Positions on which the fast 9x9 Seireigi engine must agree with the generic engine and the
// reference generator, shared by tests/fast_position_test.cpp (small depths) and
// tests/long/fast_long_test.cpp (depth 5 or the largest depth under 2e8 leaves).
// Counts are not stored here: the generic engine is the truth, the test compares.
#pragma once

namespace seireigi::testing {

struct FastAgreementCase {
    const char* what;
    const char* position;
    int depth;       // default tests: at most 1e6 leaves
    int long_depth;  // `long` label: 5 or the largest under 2e8 leaves
};

inline constexpr FastAgreementCase kFastAgreementCases[] = {
    {"E.1 #1 forced Knight promotion", "4k4/9/9/6N2/9/9/9/9/4K4 b - 1", 5, 5},
    {"E.1 #2 Heavenly Horse", "9/k8/9/9/4+N4/9/9/9/8K b - 1", 5, 5},
    {"E.1 #3 Free Tiger", "9/k8/9/9/4+L4/9/9/9/8K b - 1", 5, 5},
    {"E.1 #4 Great Elephant", "9/k8/9/9/4+G4/9/9/9/8K b - 1", 5, 5},
    {"E.1 #5 Running Wolf", "9/k8/9/9/4+S4/9/9/9/8K b - 1", 5, 5},
    {"E.1 #6 Gold promotes", "4k4/9/9/4G4/9/9/9/9/4K4 b - 1", 5, 5},
    {"E.1 #7 drop-pawn mate", "7nk/7p1/7S1/9/9/9/9/9/4K4 b P 1", 4, 5},
    {"E.1 #8 drop-pawn stalemate", "6G1k/9/6S2/9/9/9/9/9/4K4 b P 1", 5, 5},
    {"E.1 #9 stalemate", "8k/6+R2/9/9/9/9/9/9/4K4 w - 1", 1, 1},
    {"E.1 #10 nifu", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1", 5, 5},
    {"E.1 #10 Tokin is no pawn for nifu", "4k4/9/9/9/9/9/4+P4/9/4K4 b P 1", 4, 5},
    {"E.1 #12 Free Tiger checks over pieces", "9/7pk/6+Lp1/9/9/9/9/9/4K4 w - 1", 5, 5},
    {"E.1 #13 Great Elephant long check", "4k4/9/9/9/8+G/9/9/9/4K4 w - 1", 5, 5},
    {"start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 4, 5},
    {"midgame, promoted pieces both sides, hands",
     "ln1gk3l/1r3s+S+G1/p1ppp2pp/1p3p3/4+n4/2P4P1/PP1PPPP1P/1+b3+p1R1/LNSGK1+l1L b GBNs 1", 3, 4},
    {"full hands, Sente to move", "3g1k3/9/2+N1+P1+S2/9/9/9/2+s3+n2/9/3GK4 b RBGSNL4Prbgsnl4p 1", 3,
     3},
    {"full hands, Gote to move", "3g1k3/9/2+N1+P1+S2/9/9/9/2+s3+n2/9/3GK4 w RBGSNL4Prbgsnl4p 1", 2,
     3},
    {"matsuri as Seireigi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
     2, 3},
    {"most moves (drop-heavy)", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 2, 3},
    {"every piece promoted, both sides",
     "+l+n+s+gk+g+s+n+l/1+r5+b1/+p+p+p+p+p+p+p+p+p/9/9/9/+P+P+P+P+P+P+P+P+P/1+B5+R1/"
     "+L+N+S+GK+G+S+N+L b - 1",
     3, 4},
    {"double check (Lance and Knight)", "4k4/9/9/9/4l4/9/5n3/9/4K4 b GS 1", 4, 5},
    {"pins by Rook, Bishop and Great Elephant", "4r3k/9/9/9/8b/1+g7/9/3SGS3/4K4 b P 1", 3, 5},
    {"pin by a Running Wolf", "4k4/4g4/9/4+S4/9/9/9/9/4K4 w - 1", 5, 5},
    {"pin by a Free Tiger", "k1s1+L4/9/9/9/9/9/9/9/4K4 w - 1", 5, 5},
    {"forced promotions of Pawns, Lance, Knights", "4k4/P1P3L2/1N5N1/9/9/9/9/9/4K4 b - 1", 5, 5},
    {"drop-pawn check that is not mate", "8k/9/8G/9/9/9/9/9/4K4 b P 1", 5, 5},
    {"unblockable check by a Heavenly Horse leap", "4k4/9/9/9/9/9/4+n4/9/4K4 b GS 1", 4, 5},
    {"blockable check by a Great Elephant slide", "4k4/9/9/9/9/1+g7/9/9/4K4 b GP 1", 4, 5},
    // A pinned leaper may not jump over its pinner (fD from 5e to 5g would expose the King).
    {"pinned Heavenly Horse facing its pinner", "4k4/9/9/9/4+n4/4R4/9/9/4K4 w GS 1", 4, 5},
    {"the position that showed it", "3g1k3/9/2+N1+P1+S2/9/5+n3/5R3/2+s6/9/3GK4 w BGSNL4Prbgsnl4p 2",
     2, 3},
};

}  // namespace seireigi::testing
