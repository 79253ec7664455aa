// docs/rules.md §A.2, §D and §E.2: Yonin Seireigi, the four-player turn procedure. Positions are
// built square by square (global squares, §A.2 frame); every scenario is played on the generic
// engine and on the reference generator, which must agree on the moves, the state, the key and the
// events of every move.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <random>
#include <string>

#include "check/perft.h"
#include "position/generic_position.h"
#include "position/reference_position.h"
#include "rules/variant_loader.h"
#include "rules_test_support.h"
#include "text/start_position.h"
#include "yonin_test_support.h"

namespace seireigi {
namespace {

using testing::legal_texts;
using testing::piece_moves;
using Set = std::set<std::string>;
using testing::P1, testing::P2, testing::P3, testing::P4;
using testing::Placed, testing::build, testing::cascade_through_neutral_rook,
    testing::dragon_checks_p3;

std::shared_ptr<const Variant> yonin(
    const std::string& setup, VariantSpec::CheckOrder order = VariantSpec::CheckOrder::CheckedFirst,
    VariantSpec::DropMateReading reading = VariantSpec::DropMateReading::Narrow) {
    VariantLoadResult r = load_variant("yonin-seireigi-" + setup);
    if (!r.spec) return testing::variant("yonin-seireigi-" + setup);  // throws with the messages
    r.spec->check_order = order;
    r.spec->drop_mate_reading = reading;
    return build_variant(*r.spec);
}

// Both engines in step; every move is checked on both.
struct Both {
    std::shared_ptr<const Variant> v;
    GenericPosition gen;
    ReferencePosition ref;
    Both(std::shared_ptr<const Variant> variant, const PositionState& st)
        : v(variant), gen(variant, st), ref(variant, st) {}

    Square sq(const char* name) const { return *v->geo.parse_square(name); }
    PieceType type(const char* id) const { return v->find_type(id); }
    Move find(const std::string& text) const {
        MoveList list;
        gen.legal_moves(list);
        for (Move m : list)
            if (write_move(*v, m) == text) return m;
        return Move();
    }
    bool legal(const std::string& text) const { return !find(text).is_null(); }
    // Plays a legal move (given as text) on both engines and checks that they agree.
    void play(const std::string& text) {
        const Move m = find(text);
        ASSERT_FALSE(m.is_null()) << text << " is not legal for P" << gen.side_to_move() + 1;
        gen.do_move(m);
        ref.do_move(m);
        agree();
    }
    void agree() const {
        EXPECT_EQ(gen.state(), ref.state());
        EXPECT_EQ(gen.key(), ref.key());
        EXPECT_EQ(gen.key(), gen.compute_key());
        EXPECT_EQ(gen.game_over(), ref.game_over());
        EXPECT_EQ(gen.last_events(), ref.last_events());
        MoveList a, b;
        gen.legal_moves(a);
        ref.legal_moves(b);
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        EXPECT_EQ(a, b);
    }
    std::vector<Player> eliminated() const {
        const TurnEvents e = gen.last_events();
        return {e.eliminated.begin(), e.eliminated.end()};
    }
    std::vector<Player> skipped() const {
        const TurnEvents e = gen.last_events();
        return {e.skipped.begin(), e.skipped.end()};
    }
};

int captures(const GenericPosition& pos) {
    MoveList list;
    pos.legal_moves(list);
    return static_cast<int>(std::count_if(list.begin(), list.end(), [&](Move m) {
        return !m.is_drop() && pos.piece_on(m.to()) != kEmpty;
    }));
}

// ---- §E.2 #1 start positions ----------------------------------------------------------------

TEST(Yonin, Rules_E2_1_StartMoveCounts) {
    for (const auto& [setup, moves, takes] : {std::tuple{"compact", 9, 0}, {"complete", 27, 12}}) {
        const auto v = yonin(setup);
        for (Player p = 0; p < 4; ++p) {
            PositionState st = start_state(*v);
            st.to_move = p;
            const GenericPosition pos(v, st);
            const ReferencePosition ref(v, st);
            MoveList a, b;
            pos.legal_moves(a);
            ref.legal_moves(b);
            EXPECT_EQ(static_cast<int>(a.size()), moves) << setup << " P" << p + 1;
            EXPECT_EQ(static_cast<int>(b.size()), moves) << setup << " P" << p + 1;
            EXPECT_EQ(captures(pos), takes) << setup << " P" << p + 1;
        }
    }
    // P1's twelve captures in the complete setup, as docs/rules.md §E.2 #1 lists them.
    const auto v = yonin("complete");
    const GenericPosition pos(v, start_state(*v));
    Set takes;
    MoveList list;
    pos.legal_moves(list);
    for (Move m : list)
        if (pos.piece_on(m.to()) != kEmpty) takes.insert(write_move(*v, m));
    EXPECT_EQ(takes, (Set{"9i9h", "8i7g", "8i9g", "2i1g", "7i7h", "3i2h", "6i7h", "8h7g", "8h9g",
                          "3h2h", "3h7h", "3g3f"}));
}

// ---- §E.2 #2 simultaneous check -------------------------------------------------------------

PositionState simultaneous_check(const Variant& v) {
    PositionState st = build(v,
                             {{P1, "king", "5i"},
                              {P1, "rook", "5h"},
                              {P2, "king", "9e"},
                              {P3, "king", "5a"},
                              {P3, "pawn", "5c"},
                              {P4, "king", "1e"}},
                             P1);
    st.hands[P2][v.find_type("gold")] = 1;
    return st;
}

TEST(Yonin, Rules_E2_2_SimultaneousCheckCheckedPlayersFirst) {
    const auto v = yonin("compact");
    Both b(v, simultaneous_check(*v));
    b.play("5h5e");  // checks P2 (9e) and P4 (1e) along rank e; P3 is shielded by 5c
    EXPECT_TRUE(b.gen.in_check(P2));
    EXPECT_TRUE(b.gen.in_check(P4));
    EXPECT_FALSE(b.gen.in_check(P3));
    EXPECT_EQ(b.gen.side_to_move(), P2);
    b.play("G*7e");  // P2 blocks; P4 is still in check and moves before P3
    EXPECT_EQ(b.gen.side_to_move(), P4);
    b.play("1e1d");
    EXPECT_EQ(b.gen.side_to_move(), P1);  // clockwise after P4, nobody in check
}

TEST(Yonin, Rules_E2_2_SimultaneousCheckRotationAlternative) {
    const auto v = yonin("compact", VariantSpec::CheckOrder::Rotation);
    Both b(v, simultaneous_check(*v));
    b.play("5h5e");
    EXPECT_EQ(b.gen.side_to_move(), P2);
    b.play("G*7e");
    EXPECT_TRUE(b.gen.in_check(P4));
    EXPECT_EQ(b.gen.side_to_move(), P3);  // the literal reading: P3 moves before P4
}

// ---- §E.2 #3 the mate test includes drops ---------------------------------------------------

TEST(Yonin, Rules_E2_3_MateTestIncludesDrops) {
    const auto v = yonin("compact");
    for (const int golds : {1, 0}) {
        SCOPED_TRACE(golds);
        PositionState st = dragon_checks_p3(*v);
        st.hands[P3][v->find_type("gold")] = golds;
        Both b(v, st);
        b.play("2c5c");  // the Dragon King checks 5a and covers 5b, 4b and 6b
        if (golds == 1) {
            EXPECT_TRUE(b.eliminated().empty());  // G*5b interposes
            EXPECT_EQ(b.gen.side_to_move(), P3);
            EXPECT_EQ(legal_texts(b.gen), (Set{"G*5b"}));
        } else {
            EXPECT_EQ(b.eliminated(), (std::vector<Player>{P3}));
            EXPECT_FALSE(b.gen.is_active(P3));
            EXPECT_EQ(b.gen.piece_on(b.sq("5a")), kEmpty);  // the King is removed
            EXPECT_EQ(b.gen.side_to_move(), P2);
        }
    }
}

// ---- §E.2 #4 cascade through a neutral piece ------------------------------------------------

TEST(Yonin, Rules_E2_4_CascadeThroughANeutralRook) {
    const auto v = yonin("compact");
    for (const bool p3_boxed_in : {true, false}) {
        SCOPED_TRACE(p3_boxed_in);
        PositionState st = cascade_through_neutral_rook(*v, p3_boxed_in);
        st.hands[P2][v->find_type("bishop")] = 1;
        st.hands[P2][v->find_type("pawn")] = 2;
        Both b(v, st);
        const std::uint64_t key = b.gen.key();
        b.play("3f4e");  // mates P2; its Rook on 5g, now neutral, sees 5a
        EXPECT_FALSE(b.gen.is_active(P2));
        EXPECT_EQ(b.gen.piece_on(b.sq("5d")), kEmpty);
        EXPECT_EQ(b.gen.piece_on(b.sq("5g")), make_piece(P2, b.type("rook"), false));  // neutral
        EXPECT_EQ(b.gen.hand_count(P1, b.type("bishop")), 1);  // P2's hand goes to P1
        EXPECT_EQ(b.gen.hand_count(P1, b.type("pawn")), 2);
        EXPECT_EQ(b.gen.hand_count(P2, b.type("pawn")), 0);
        if (p3_boxed_in) {
            EXPECT_EQ(b.eliminated(), (std::vector<Player>{P2, P3}));  // both mated by P1
            EXPECT_FALSE(b.gen.is_active(P3));
            EXPECT_EQ(b.gen.side_to_move(), P4);
        } else {
            EXPECT_EQ(b.eliminated(), (std::vector<Player>{P2}));
            EXPECT_TRUE(b.gen.in_check(P3));
            EXPECT_EQ(b.gen.side_to_move(), P3);  // the checked player moves next
        }
        // Undo brings everyone back.
        b.gen.undo_move();
        b.ref.undo_move();
        EXPECT_EQ(b.gen.state(), st);
        EXPECT_EQ(b.gen.key(), key);
        b.agree();
    }
}

// ---- §E.2 #5 pawn-drop mate, narrow and broad -----------------------------------------------

PositionState drop_mate_by_cover(const Variant& v) {
    PositionState st = build(v,
                             {{P1, "king", "9h"},
                              {P1, "knight", "7g"},
                              {P1, "lance", "7i"},
                              {P2, "king", "9a"},
                              {P3, "king", "7f"},
                              {P3, "pawn", "7e"},
                              {P3, "pawn", "8f"},
                              {P3, "pawn", "8g"},
                              {P4, "king", "1a"},
                              {P4, "rook", "3f"},
                              {P4, "lance", "1f"}},
                             P4);
    st.hands[P1][v.find_type("pawn")] = 1;
    return st;
}

TEST(Yonin, Rules_E2_5_PawnDropCoveringAFlightSquareIsLegalNarrow) {
    const auto v = yonin("compact");
    Both b(v, drop_mate_by_cover(*v));
    b.play("3f3h");  // checks P1 along rank h and, by discovery, P3 with the Lance on 1f
    EXPECT_TRUE(b.gen.in_check(P1));
    EXPECT_TRUE(b.gen.in_check(P3));
    EXPECT_EQ(b.gen.side_to_move(), P1);
    ASSERT_TRUE(b.legal("P*6h"));  // no check by the Pawn; it covers 6g, P3's last flight
    b.play("P*6h");
    EXPECT_EQ(b.eliminated(), (std::vector<Player>{P3}));  // mated by P1
    EXPECT_EQ(b.gen.side_to_move(), P2);
}

TEST(Yonin, Rules_E2_5_PawnDropCoveringAFlightSquareIsIllegalBroad) {
    const auto v = yonin("compact", VariantSpec::CheckOrder::CheckedFirst,
                         VariantSpec::DropMateReading::Broad);
    Both b(v, drop_mate_by_cover(*v));
    b.play("3f3h");
    EXPECT_EQ(b.gen.side_to_move(), P1);
    EXPECT_FALSE(b.legal("P*6h"));
    EXPECT_TRUE(b.legal("P*5h"));
}

TEST(Yonin, Rules_E2_5_PawnDropThatChecksAndMatesIsIllegal) {
    for (const auto reading :
         {VariantSpec::DropMateReading::Narrow, VariantSpec::DropMateReading::Broad}) {
        const auto v = yonin("compact", VariantSpec::CheckOrder::CheckedFirst, reading);
        PositionState st = build(*v,
                                 {{P1, "king", "5i"},
                                  {P1, "gold", "2c"},
                                  {P1, "silver", "3b"},
                                  {P2, "king", "9e"},
                                  {P3, "king", "1a"},
                                  {P4, "king", "1e"}},
                                 P1);
        st.hands[P1][v->find_type("pawn")] = 1;
        Both b(v, st);
        EXPECT_FALSE(b.legal("P*1b"));
        EXPECT_TRUE(b.legal("P*1c"));
    }
}

// ---- §E.2 #6 stalemate skips the turn --------------------------------------------------------

TEST(Yonin, Rules_E2_6_StalemateSkipsTheTurn) {
    const auto v = yonin("compact");
    Both b(v, build(*v,
                    {{P1, "king", "5i"},
                     {P1, "rook", "2i"},
                     {P1, "bishop", "3b"},
                     {P1, "bishop", "3h"},
                     {P2, "king", "9e"},
                     {P3, "king", "5a"},
                     {P4, "king", "1e"}},
                    P3));
    b.play("5a6a");
    EXPECT_FALSE(b.gen.in_check(P4));
    EXPECT_FALSE(b.gen.has_legal_move(P4));
    EXPECT_EQ(b.skipped(), (std::vector<Player>{P4}));
    EXPECT_TRUE(b.gen.is_active(P4));  // P4 stays in the game
    EXPECT_EQ(b.gen.side_to_move(), P1);
    EXPECT_FALSE(b.gen.game_over());
}

// ---- §E.2 #7 side-player nifu ---------------------------------------------------------------

TEST(Yonin, Rules_E2_7_SidePlayerNifu) {
    const auto v = yonin("compact");
    PositionState st = build(*v,
                             {{P1, "king", "5i"},
                              {P1, "pawn", "5c"},
                              {P2, "king", "9e"},
                              {P2, "pawn", "7e"},
                              {P3, "king", "5a"},
                              {P4, "king", "1e"}},
                             P2);
    st.hands[P2][v->find_type("pawn")] = 1;
    const GenericPosition pos(v, st);
    const Set drops = testing::drops_of(pos, "P");
    for (const std::string& s : drops) EXPECT_NE(s[1], 'e') << s;  // rank e holds P2's Pawn
    EXPECT_TRUE(drops.count("7c"));  // rank c holds only P1's Pawn: no restriction
    EXPECT_TRUE(drops.count("6d"));
    EXPECT_FALSE(drops.count("1c"));  // file 1 is P2's last "rank"
}

// ---- §E.2 #8 side-player forced promotion ---------------------------------------------------

TEST(Yonin, Rules_E2_8_SidePlayerForcedPromotion) {
    const auto v = yonin("compact");
    const GenericPosition pos(v, build(*v,
                                       {{P1, "king", "5i"},
                                        {P2, "king", "9e"},
                                        {P2, "knight", "3e"},
                                        {P2, "knight", "4g"},
                                        {P2, "lance", "6c"},
                                        {P3, "king", "5a"},
                                        {P4, "king", "1a"}},
                                       P2));
    EXPECT_EQ(piece_moves(pos, "3e"), (Set{"1d+", "1f+"}));
    EXPECT_EQ(piece_moves(pos, "4g"), (Set{"2f+", "2h+"}));
    EXPECT_EQ(piece_moves(pos, "6c"), (Set{"5c", "4c", "3c", "3c+", "2c", "2c+", "1c+"}));
}

// ---- §E.2 #9 no King capture ----------------------------------------------------------------

TEST(Yonin, Rules_E2_9_NoKingCapture) {
    const auto v = yonin("compact");
    Both b(v, build(*v,
                    {{P1, "king", "5i"},
                     {P1, "rook", "5e"},
                     {P2, "king", "9b"},
                     {P2, "rook", "8e"},
                     {P3, "king", "3a"},
                     {P4, "king", "1e"}},
                    P1));
    b.play("5e5b");  // checks P2 on rank b and uncovers P2's Rook onto P4's King
    EXPECT_TRUE(b.gen.in_check(P2));
    EXPECT_TRUE(b.gen.in_check(P4));
    EXPECT_EQ(b.gen.side_to_move(), P2);
    EXPECT_FALSE(b.legal("8e1e"));
    MoveList list;
    b.gen.legal_moves(list);
    for (Move m : list) EXPECT_NE(b.gen.piece_on(m.to()), make_piece(P4, b.type("king"), false));
    b.play("9b9c");
    EXPECT_EQ(b.gen.side_to_move(), P4);  // still in check, P4 moves before P3 and P1
}

// ---- §E.2 #10 neutral pieces ----------------------------------------------------------------

TEST(Yonin, Rules_E2_10_NeutralPieceCapturedGoesToTheCaptorsHand) {
    const auto v = yonin("compact");
    Both b(v, build(*v,
                    {{P1, "king", "5i"},
                     {P2, "silver", "9c"},  // P2 is out: the Silver is neutral
                     {P3, "king", "5a"},
                     {P3, "rook", "9a"},
                     {P4, "king", "1e"}},
                    P3, 0xD));
    b.play("9a9c");
    EXPECT_EQ(b.gen.hand_count(P3, b.type("silver")), 1);
    EXPECT_EQ(b.gen.side_to_move(), P4);
    b.play("1e1d");
    b.play("5i5h");
    b.play("S*5e");  // the dropped Silver is P3's and faces P3's way (toward rank i)
    EXPECT_EQ(b.gen.piece_on(b.sq("5e")), make_piece(P3, b.type("silver"), false));
    PositionState st = b.gen.state();
    st.to_move = P3;
    EXPECT_EQ(piece_moves(GenericPosition(v, st), "5e"), (Set{"5f", "4f", "6f", "4d", "6d"}));
}

TEST(Yonin, Rules_E2_10_NeutralGoldAttacksInItsOldOrientation) {
    const auto v = yonin("compact");
    const GenericPosition pos(v, build(*v,
                                       {{P1, "king", "6f"},
                                        {P2, "gold", "5g"},  // neutral; faced file 1 (east)
                                        {P3, "king", "5a"},
                                        {P4, "king", "1e"}},
                                       P1, 0xD));
    // Facing east, the Gold on 5g attacks 4g 4f 4h 5f 5h 6g, not 6f: no check. (Facing north
    // it would attack 6f.)
    EXPECT_FALSE(pos.in_check(P1));
    EXPECT_EQ(piece_moves(pos, "6f"), (Set{"7e", "6e", "5e", "7f", "7g", "5g"}));
}

// ---- perft of both setups --------------------------------------------------------------------

// No published value exists; these are this project's numbers, agreed by the reference generator.
TEST(Yonin, PerftOfBothSetupsGenericEqualsReference) {
    const struct {
        const char* setup;
        std::vector<std::uint64_t> nodes;
    } cases[] = {{"compact", {9, 81, 729, 6561}}, {"complete", {27, 703, 18260, 475126}}};
    for (const auto& c : cases) {
        const auto v = yonin(c.setup);
        GenericPosition gen(v, start_state(*v));
        ReferencePosition ref(v, start_state(*v));
        for (std::size_t d = 1; d <= c.nodes.size(); ++d) {
            EXPECT_EQ(perft(gen, static_cast<int>(d)), BigCount(c.nodes[d - 1]))
                << c.setup << " " << d;
            EXPECT_EQ(perft(ref, static_cast<int>(d)), BigCount(c.nodes[d - 1]))
                << c.setup << " " << d;
        }
    }
}

}  // namespace
}  // namespace seireigi
