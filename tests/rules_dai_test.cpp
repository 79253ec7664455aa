// docs/rules.md §A.3 and §E.3: Dai Seireigi (variants/dai-seireigi.yaml and its 5-rank zone
// reading).
#include <gtest/gtest.h>

#include "check/perft.h"
#include "position/reference_position.h"
#include "rules_test_support.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

using testing::drops_of;
using testing::legal_texts;
using testing::make_position;
using testing::piece_moves;
using Set = std::set<std::string>;

// An empty 15x15 board with the given pieces: {"5i", "RG"} for Sente, lower case for Gote.
std::string dai_position(const std::vector<std::pair<std::string, std::string>>& pieces,
                         const std::string& side = "b", const std::string& hands = "-") {
    auto v = testing::variant("dai-seireigi");
    PositionState st = empty_state(*v);
    for (const auto& [square, piece] : pieces) {
        const bool gote = std::islower(static_cast<unsigned char>(piece.back()));
        const bool promoted = piece[0] == '+';
        std::string abbr = piece.substr(promoted ? 1 : 0);
        for (char& c : abbr) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        const PieceType t = v->find_type(abbr);
        EXPECT_NE(t, kNoType) << abbr;
        st.board[*v->geo.parse_square(square)] = make_piece(gote ? 1 : 0, t, promoted);
    }
    std::string text = write_position(*v, st);
    // Replace the side and hands fields.
    const auto board_end = text.find(' ');
    return text.substr(0, board_end) + " " + side + " " + hands + " 1";
}

TEST(Dai, Rules_E3_1_StartPosition59MovesAnd60WithTheFiveRankZone) {
    auto pos = make_position("dai-seireigi", "start");
    const Set moves = legal_texts(pos);
    EXPECT_EQ(moves.size(), 59u);
    Set promotions;
    for (const auto& m : moves)
        if (m.back() == '+') promotions.insert(m);
    EXPECT_EQ(promotions, Set{"5o5c+"});
    EXPECT_TRUE(moves.count("5o5n") && moves.count("5o5e") && moves.count("5o5c"));

    auto zone5 = make_position("dai-seireigi-zone5", "start");
    const Set moves5 = legal_texts(zone5);
    EXPECT_EQ(moves5.size(), 60u);
    Set extra;
    for (const auto& m : moves5)
        if (!moves.count(m)) extra.insert(m);
    EXPECT_EQ(extra, Set{"5o5e+"});

    // Gote has the mirror image.
    auto v = testing::variant("dai-seireigi");
    PositionState st = start_state(*v);
    st.to_move = 1;
    GenericPosition gote(v, st);
    EXPECT_EQ(legal_texts(gote).size(), 59u);
}

TEST(Dai, Rules_E3_2_SlideJumpRulesAndCheck) {
    auto pos = make_position(
        "dai-seireigi",
        dai_position(
            {{"5i", "RG"}, {"5g", "P"}, {"5f", "s"}, {"5c", "k"}, {"5b", "n"}, {"5a", "l"}}));
    const Set rg = piece_moves(pos, "5i");
    EXPECT_TRUE(rg.count("5h") && rg.count("5f") && rg.count("5b"));
    EXPECT_FALSE(rg.count("5c") || rg.count("5a") || rg.count("5g") || rg.count("5e") ||
                 rg.count("5d"));
    EXPECT_FALSE(pos.in_check(1));

    // With 5g and 5f cleared the King is in check, and one interposed piece blocks.
    auto clear = make_position(
        "dai-seireigi",
        dai_position({{"5i", "RG"}, {"5c", "k"}, {"5b", "n"}, {"5a", "l"}}, "w", "g"));
    EXPECT_TRUE(clear.in_check(1));
    const Set gote = legal_texts(clear);
    EXPECT_TRUE(gote.count("G*5d") && gote.count("G*5h"));
    EXPECT_FALSE(gote.count("G*6d"));
}

TEST(Dai, Rules_E3_3_SlideJumpOverOwnKing) {
    auto pos =
        make_position("dai-seireigi", dai_position({{"8o", "RG"}, {"8n", "K"}, {"8j", "g"}}));
    EXPECT_TRUE(piece_moves(pos, "8o").count("8j"));
}

TEST(Dai, Rules_E3_4_HookCheckWithTwoPaths) {
    auto pos = make_position("dai-seireigi", dai_position({{"9i", "HM"}, {"5e", "k"}}, "w", "g"));
    EXPECT_TRUE(pos.in_check(1));
    EXPECT_FALSE(drops_of(pos, "G").count("7e"));  // blocks the 9e path, not the 5i one
    EXPECT_TRUE(drops_of(pos, "G").empty());       // no single interposition blocks both paths
    // On an otherwise empty board the Hook Mover reaches every square: it is mate.
    EXPECT_TRUE(legal_texts(pos).empty());
}

TEST(Dai, Rules_E3_5_NoTurnAtAnOccupiedSquare) {
    auto pos = make_position("dai-seireigi",
                             dai_position({{"9i", "HM"}, {"5e", "k"}, {"9e", "p"}}, "w", "g"));
    EXPECT_TRUE(pos.in_check(1));  // still along 9i-5i-5e
    const Set drops = drops_of(pos, "G");
    EXPECT_TRUE(drops.count("7i") && drops.count("5g"));  // one interposition now suffices
    auto sente =
        make_position("dai-seireigi", dai_position({{"9i", "HM"}, {"5e", "k"}, {"9e", "p"}}));
    const Set hm = piece_moves(sente, "9i");
    EXPECT_TRUE(hm.count("9e"));   // it may capture on the turn square
    EXPECT_FALSE(hm.count("9d"));  // but neither pass it nor turn there
}

TEST(Dai, Rules_E3_6_AncientDragonTurnsOntoABackwardDiagonal) {
    auto pos = make_position("dai-seireigi", dai_position({{"8h", "+FF"}}));
    const Set moves = piece_moves(pos, "8h");
    EXPECT_TRUE(moves.count("10h"));  // forward-left to 9g, then the backward diagonal
    EXPECT_TRUE(moves.count("11i"));
    EXPECT_TRUE(moves.count("8f"));  // forward to 9g or 7g, then the forward perpendicular
    EXPECT_TRUE(moves.count("9i") && moves.count("7i"));  // bF steps
    EXPECT_FALSE(moves.count("8g"));                      // no orthogonal step
}

TEST(Dai, Rules_E3_7_PromotionIdentityAndHandSlots) {
    auto v = testing::variant("dai-seireigi");
    const PieceType stone = v->find_type("stone_general");
    const PieceType falcon = v->find_type("flying_falcon");
    EXPECT_EQ(v->hand_types[4], stone);  // hand slot 5
    // A promoted Stone General moves as a Flying Falcon and is offered no promotion.
    auto pos = make_position("dai-seireigi", dai_position({{"5c", "+SG"}, {"5b", "g"}}));
    for (const auto& m : piece_moves(pos, "5c")) EXPECT_EQ(m.find('+'), std::string::npos) << m;
    EXPECT_TRUE(piece_moves(pos, "5c").count("5e"));  // the Falcon's vD jump
    // Captured, it returns to hand as a Stone General.
    auto capture = make_position("dai-seireigi", dai_position({{"5c", "+SG"}, {"5b", "g"}}, "w"));
    capture.do_move(Move::board(*v->geo.parse_square("5b"), *v->geo.parse_square("5c"), false));
    EXPECT_EQ(capture.hand_count(1, stone), 1);
    EXPECT_EQ(capture.hand_count(1, falcon), 0);
    // A starting Flying Falcon may promote (to Ancient Dragon) and returns as a Flying Falcon.
    auto falcon_pos = make_position("dai-seireigi", dai_position({{"5c", "FF"}}));
    EXPECT_TRUE(piece_moves(falcon_pos, "5c").count("5b+"));
    // A promoted Kirin moves as a Bishop, cannot become a Dragon Horse, is captured as a Kirin.
    auto kirin = make_position("dai-seireigi", dai_position({{"5c", "+KR"}, {"4b", "g"}}, "w"));
    EXPECT_TRUE(piece_moves(make_position("dai-seireigi", dai_position({{"5c", "+KR"}})), "5c")
                    .count("1g"));
    kirin.do_move(Move::board(*v->geo.parse_square("4b"), *v->geo.parse_square("5c"), false));
    EXPECT_EQ(kirin.hand_count(1, v->find_type("kirin")), 1);
}

TEST(Dai, Rules_E3_8_ForcedPromotions) {
    auto at = [](const std::string& sq, const std::string& piece) {
        return piece_moves(make_position("dai-seireigi", dai_position({{sq, piece}})), sq);
    };
    EXPECT_EQ(at("5f", "FC"), (Set{"5c+", "8c+", "2c+"}));
    EXPECT_EQ(at("4f", "TR"), (Set{"3c+", "5c+", "2c+", "6c+"}));
    EXPECT_EQ(at("5c", "FS"), (Set{"5a+", "7a+", "3a+"}));
    for (const char* piece : {"SG", "IG", "RH", "RR", "L", "P"}) {
        for (const auto& m : at("5b", piece)) {
            if (m[1] == 'a') {
                EXPECT_EQ(m.back(), '+') << piece << " " << m;
            }
        }
    }
    EXPECT_EQ(at("5g", "FC"), (Set{"5d", "5d+", "8d", "8d+", "2d", "2d+"}));  // optional
}

TEST(Dai, Rules_E3_9_DropRestrictions) {
    auto lowest_rank = [](const std::string& abbr) {
        std::string key = abbr.size() == 1 ? abbr : "(" + abbr + ")";
        auto pos = make_position("dai-seireigi", dai_position({}, "b", key));
        char lowest = 'z';
        for (const auto& s : drops_of(pos, key)) lowest = std::min(lowest, s.back());
        return lowest;
    };
    EXPECT_EQ(lowest_rank("FC"), 'd');
    EXPECT_EQ(lowest_rank("TR"), 'd');
    EXPECT_EQ(lowest_rank("N"), 'c');
    EXPECT_EQ(lowest_rank("FS"), 'c');
    for (const char* p : {"L", "P", "RH", "RR", "SG", "IG"}) EXPECT_EQ(lowest_rank(p), 'b') << p;
    for (const char* p : {"C",  "S",  "G", "SB", "RD", "FF", "CE", "GL", "RW", "GE",
                          "KR", "PH", "B", "R",  "BG", "RG", "LH", "Q",  "CA", "HM"})
        EXPECT_EQ(lowest_rank(p), 'a') << p;
}

TEST(Dai, Rules_E3_10_ZoneDepthDiscriminator) {
    const std::string text = dai_position({{"5f", "S"}});
    EXPECT_FALSE(piece_moves(make_position("dai-seireigi", text), "5f").count("5e+"));
    EXPECT_TRUE(piece_moves(make_position("dai-seireigi-zone5", text), "5f").count("5e+"));
}

TEST(Dai, Rules_E3_11_FreeDemonLeaps) {
    const Set moves =
        piece_moves(make_position("dai-seireigi", dai_position({{"8h", "+TR"}})), "8h");
    for (const char* s : {"11i", "5i", "11j", "5j"}) EXPECT_TRUE(moves.count(s)) << s;
    EXPECT_FALSE(moves.count("9i") || moves.count("7i"));  // Ludii's wrong encoding (D-3)
}

TEST(Dai, Rules_E3_13_GreatGeneralNeverJumpCapturesAKing) {
    auto pos = make_position(
        "dai-seireigi",
        dai_position({{"8h", "+RG"}, {"7g", "P"}, {"6f", "p"}, {"5e", "k"}, {"4d", "g"}}));
    const Set moves = piece_moves(pos, "8h");
    EXPECT_TRUE(moves.count("6f"));   // over one piece
    EXPECT_TRUE(moves.count("4d"));   // over three, the King among them
    EXPECT_FALSE(moves.count("5e"));  // never the King by a jump
    EXPECT_FALSE(pos.in_check(1));
}

TEST(Dai, Rules_E3_14_ImpasseValuesGive118PerSide) {
    auto v = testing::variant("dai-seireigi");
    const PositionState st = start_state(*v);
    int points[2] = {};
    for (PieceCode pc : st.board)
        if (pc != kEmpty) points[owner_of(pc)] += v->types[type_of(pc)].impasse_value;
    EXPECT_EQ(points[0], 118);
    EXPECT_EQ(points[1], 118);
    EXPECT_EQ(v->impasse_threshold, 103);
}

TEST(Dai, PerftFromTheStartAgreesWithTheReferenceGenerator) {
    // No published value; this project, agreed by the reference generator.
    auto v = testing::variant("dai-seireigi");
    GenericPosition gen(v, start_state(*v));
    ReferencePosition ref(v, start_state(*v));
    const std::uint64_t expected[] = {59, 3485, 228792};
    for (int d = 1; d <= 3; ++d) {
        EXPECT_EQ(perft(gen, d), BigCount(expected[d - 1])) << d;
        EXPECT_EQ(perft(ref, d), BigCount(expected[d - 1])) << d;
    }
}

}  // namespace
}  // namespace seireigi
