// Game records (docs/records.md): save and resume exactly; a changed variant file is detected.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <thread>

#include "game/game.h"
#include "record/game_record.h"
#include "seats/random_seat.h"
#include "seats/seat_factory.h"
#include "test_support.h"
#include "text/start_position.h"

namespace seireigi {
namespace {

namespace fs = std::filesystem;

// Plays seeded random seats against each other until the game ends or `max_plies` moves.
Game random_game(std::shared_ptr<const Variant> v, std::uint64_t seed, int max_plies) {
    Game game(v, start_state(*v));
    RandomSeat seats[2] = {RandomSeat(2 * seed), RandomSeat(2 * seed + 1)};
    while (!game.over() && game.ply() < max_plies)
        game.play(seats[game.to_move()].choose(game).move);
    return game;
}

Game replayed(const std::string& text, std::shared_ptr<const Variant> v) {
    auto record = read_record(text);
    if (auto* d = std::get_if<Diagnostic>(&record)) throw std::runtime_error(d->text());
    auto game = replay_record(std::get<GameRecord>(record), v);
    if (auto* d = std::get_if<Diagnostic>(&game)) throw std::runtime_error(d->text());
    return std::get<Game>(std::move(game));
}

// 1,000 seeded random games in three variants: saving and replaying gives the same moves, the
// same position and the same result, and the record writes back to the same text.
TEST(GameRecord, ThousandRandomGamesRoundTrip) {
    const std::vector<std::string> names = {"seireigi", "shogi", "minishogi"};
    std::vector<std::shared_ptr<const Variant>> variants;
    for (const auto& n : names) variants.push_back(testing::variant(n));
    int finished = 0;
    for (std::uint64_t seed = 0; seed < 1000; ++seed) {
        const std::size_t i = seed % names.size();
        const Game game = random_game(variants[i], seed, 250);
        if (game.over()) ++finished;
        const std::string text = write_record(record_of(
            game, names[i],
            {"random:" + std::to_string(2 * seed), "random:" + std::to_string(2 * seed + 1)}));
        const Game back = replayed(text, variants[i]);
        ASSERT_EQ(back.moves(), game.moves()) << "seed " << seed;
        ASSERT_EQ(back.current(), game.current()) << "seed " << seed;
        ASSERT_EQ(back.result(), game.result()) << "seed " << seed;
        ASSERT_EQ(back.events(), game.events()) << "seed " << seed;
        ASSERT_EQ(write_record(record_of(back, names[i],
                                         {"random:" + std::to_string(2 * seed),
                                          "random:" + std::to_string(2 * seed + 1)})),
                  text)
            << "seed " << seed;
    }
    // Most random games end by mate within 250 plies; the unfinished ones round-trip too.
    EXPECT_GT(finished, 100);
    std::cout << "[          ] " << finished << " of 1000 random games finished\n";
}

TEST(GameRecord, ResignationAndImpasseRoundTrip) {
    auto v = testing::variant("seireigi");
    Game resigned(v, start_state(*v));
    resigned.play(std::get<Move>(resigned.read_move("7g7f")));
    resigned.resign(0);
    const std::string text = write_record(record_of(resigned, "seireigi", {"human", "random:3"}));
    EXPECT_NE(text.find("\nresignation 1\n"), std::string::npos) << text;
    EXPECT_NE(text.find("\nresult Sente resigns: Gote wins.\n"), std::string::npos) << text;
    EXPECT_EQ(replayed(text, v).result(), resigned.result());

    Game impasse(v, testing::position(*v, "9/4K4/9/R7+B/9/9/9/4k4/9 b 4L4N4SG18p3gb 1"));
    impasse.declare_impasse(1);
    const std::string text2 = write_record(record_of(impasse, "seireigi", {"human", "human"}));
    const Game back = replayed(text2, v);
    EXPECT_EQ(back.result(), impasse.result());
    EXPECT_EQ(back.result().impasse_scores, (std::vector<int>{23, 26}));
}

TEST(GameRecord, UnfinishedGameKeepsSeatsAndStart) {
    auto v = testing::variant("seireigi");
    const std::string start = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    Game game(v, testing::position(*v, start));
    const GameRecord r = record_of(game, "seireigi", {"human", "random:9"});
    auto back = read_record(write_record(r));
    ASSERT_TRUE(std::holds_alternative<GameRecord>(back));
    EXPECT_EQ(std::get<GameRecord>(back), r);
    EXPECT_EQ(std::get<GameRecord>(back).start, start);
    EXPECT_EQ(std::get<GameRecord>(back).seats, (std::vector<std::string>{"human", "random:9"}));
}

// An external engine's seat is a command with spaces: the seat line keeps it whole.
TEST(GameRecord, SeatSpecWithSpacesReadsBack) {
    auto v = testing::variant("seireigi");
    Game game(v, testing::position(*v, "start"));
    const GameRecord r = record_of(game, "seireigi", {"usi:sh /x/my engine.sh --fast", "human"});
    auto back = read_record(write_record(r));
    ASSERT_TRUE(std::holds_alternative<GameRecord>(back));
    EXPECT_EQ(std::get<GameRecord>(back).seats,
              (std::vector<std::string>{"usi:sh /x/my engine.sh --fast", "human"}));
    std::string text = write_record(r);
    text.replace(text.find("seat 2 human"), 12, "seat  2   usi:a  b  ");
    auto spaced = read_record(text);
    ASSERT_TRUE(std::holds_alternative<GameRecord>(spaced));
    EXPECT_EQ(std::get<GameRecord>(spaced).seats[1], "usi:a  b");
}

// A record may leave a seat out (the player is then asked for, as without a record): it writes
// back without that seat and reads back the same. (Found by fuzz_record: "seat 1 " was written
// for the missing seat, and that line does not read.) A seat given twice is refused.
TEST(GameRecord, MissingSeatWritesBackAndRepeatedSeatIsRefused) {
    auto v = testing::variant("seireigi");
    Game game(v, start_state(*v));
    const std::string text = write_record(record_of(game, "seireigi", {"human", "human"}));
    std::string only_second = text;
    only_second.erase(only_second.find("seat 1 human\n"), 13);
    auto read = read_record(only_second);
    ASSERT_TRUE(std::holds_alternative<GameRecord>(read));
    EXPECT_EQ(std::get<GameRecord>(read).seats, (std::vector<std::string>{"", "human"}));
    const std::string again = write_record(std::get<GameRecord>(read));
    EXPECT_EQ(again, only_second);
    auto back = read_record(again);
    ASSERT_TRUE(std::holds_alternative<GameRecord>(back));
    EXPECT_EQ(std::get<GameRecord>(back), std::get<GameRecord>(read));

    std::string twice = text;
    twice.replace(twice.find("seat 1 human"), 12, "seat 2 random:3");
    auto refused = read_record(twice);
    ASSERT_TRUE(std::holds_alternative<Diagnostic>(refused));
    EXPECT_NE(std::get<Diagnostic>(refused).message.find("seat 2 is given twice"),
              std::string::npos);
}

// A variant file edited after the game was saved: the record refuses to replay, saying why.
TEST(GameRecord, ChangedVariantFileIsDetected) {
    const fs::path dir = testing::fresh_temporary_folder("seireigi-record-test");
    const fs::path file = dir / "my-seireigi.yaml";
    std::string yaml =
        std::get<std::string>(read_text_file(testing::source_path("variants/seireigi.yaml")));
    { std::ofstream(file) << yaml; }
    auto v = testing::variant(file.string());
    Game game(v, start_state(*v));
    game.play(std::get<Move>(game.read_move("7g7f")));
    const std::string text = write_record(record_of(game, file.string(), {"human", "human"}));
    EXPECT_NO_THROW(replayed(text, v));

    // A deeper promotion zone changes which moves are legal.
    const std::size_t at = yaml.find("zone_depth: 3");
    ASSERT_NE(at, std::string::npos);
    yaml.replace(at, 13, "zone_depth: 4");
    { std::ofstream(file) << yaml; }
    auto changed =
        replay_record(std::get<GameRecord>(read_record(text)), testing::variant(file.string()));
    ASSERT_TRUE(std::holds_alternative<Diagnostic>(changed));
    EXPECT_NE(std::get<Diagnostic>(changed).message.find("have changed since this game was saved"),
              std::string::npos)
        << std::get<Diagnostic>(changed).message;

    // A changed impasse threshold changes no move, but it would change an impasse result.
    std::string yaml2 =
        std::get<std::string>(read_text_file(testing::source_path("variants/seireigi.yaml")));
    yaml2.replace(yaml2.find("threshold: 24"), 13, "threshold: 31");
    { std::ofstream(file) << yaml2; }
    auto impasse =
        replay_record(std::get<GameRecord>(read_record(text)), testing::variant(file.string()));
    ASSERT_TRUE(std::holds_alternative<Diagnostic>(impasse));
    EXPECT_NE(std::get<Diagnostic>(impasse).message.find("impasse rule"), std::string::npos);
    fs::remove_all(dir);
}

// A record's text without its closing line "end N", to which a test appends lines.
std::string without_end(const std::string& text) {
    const std::size_t end = text.rfind("end ");
    EXPECT_NE(end, std::string::npos) << text;
    return text.substr(0, end);
}

std::string diagnostic_of(const std::variant<GameRecord, Diagnostic>& read) {
    return std::holds_alternative<Diagnostic>(read) ? std::get<Diagnostic>(read).text() : "";
}

// Reads and replays `text` under `v`; the error text, or "" when it replays.
std::string replay_error(const std::string& text, std::shared_ptr<const Variant> v) {
    auto record = read_record(text);
    if (auto* d = std::get_if<Diagnostic>(&record)) return d->text();
    auto game = replay_record(std::get<GameRecord>(record), std::move(v));
    return std::holds_alternative<Diagnostic>(game) ? std::get<Diagnostic>(game).text() : "";
}

TEST(GameRecord, BadRecordsAreRefusedWithTheirLine) {
    auto v = testing::variant("seireigi");
    auto not_record = read_record("hello\n");
    ASSERT_TRUE(std::holds_alternative<Diagnostic>(not_record));
    EXPECT_EQ(std::get<Diagnostic>(not_record).where, "line 1");

    Game game(v, start_state(*v));
    std::string text = without_end(write_record(record_of(game, "seireigi", {"human", "human"})));
    auto bad_line = read_record(text + "colour blue\nend 0\n");
    ASSERT_TRUE(std::holds_alternative<Diagnostic>(bad_line));
    EXPECT_NE(std::get<Diagnostic>(bad_line).message.find("unknown line 'colour'"),
              std::string::npos);

    EXPECT_NE(replay_error(text + "move 7g7f\nmove 7f7e\nend 2\n", v).find("move 2 '7f7e'"),
              std::string::npos);
    EXPECT_NE(replay_error(text + "result Sente resigns: Gote wins.\nend 0\n", v), "");
}

// A record that begins with a byte-order mark (as some editors save it) reads as without one.
TEST(GameRecord, AByteOrderMarkIsRead) {
    auto v = testing::variant("seireigi");
    Game game(v, start_state(*v));
    game.play(std::get<Move>(game.read_move("7g7f")));
    const std::string text = write_record(record_of(game, "seireigi", {"human", "human"}));
    EXPECT_EQ(replayed("\xEF\xBB\xBF" + text, v).ply(), 1);
}

// A two-player record states no ending its moves imply: a 'checkmate' line in one is false (or
// redundant) and refused, where it was once dropped silently.
TEST(GameRecord, AnImpliedEndingInATwoPlayerRecordIsRefused) {
    auto v = testing::variant("seireigi");
    Game game(v, start_state(*v));
    game.play(std::get<Move>(game.read_move("7g7f")));
    const std::string text =
        without_end(write_record(record_of(game, "seireigi", {"human", "human"})));
    for (const char* line : {"checkmate 2 by 1\n", "repetition\n", "skipped 1\n"}) {
        const std::string error = replay_error(text + line + "end 1\n", v);
        EXPECT_NE(error.find("a two-player record names only resignations and impasses"),
                  std::string::npos)
            << line << error;
    }
}

// Two saves to one file at once both succeed (each has a temporary name of its own) and leave a
// whole record.
TEST(GameRecord, TwoSavesToOneFileAtOnceBothSucceed) {
    const fs::path dir = testing::fresh_temporary_folder("seireigi-atomic-race-test");
    const fs::path file = dir / "game.game";
    std::vector<std::thread> writers;
    std::atomic<int> failures{0};
    for (int t = 0; t < 4; ++t)
        writers.emplace_back([&, t] {
            const std::string text(10000, static_cast<char>('a' + t));
            for (int i = 0; i < 50; ++i)
                if (write_file_atomically(file, text, /*sync_to_disk=*/false)) ++failures;
        });
    for (auto& w : writers) w.join();
    EXPECT_EQ(failures.load(), 0);
    const std::string text = std::get<std::string>(read_text_file(file));
    ASSERT_EQ(text.size(), 10000u);
    EXPECT_EQ(text.find_first_not_of(text[0]), std::string::npos);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
    fs::remove_all(dir);
}

// Every player number read from a record is checked against the variant's players: a mover, a
// resignation, an impasse declarer and a seat beyond them are refused with a message (a mover
// 3 or an impasse 4 in a two-player record once read past the variant's player list).
TEST(GameRecord, PlayerNumbersBeyondTheVariantAreRefused) {
    auto v = testing::variant("seireigi");
    Game game(v, start_state(*v));
    const std::string text =
        without_end(write_record(record_of(game, "seireigi", {"human", "human"})));
    for (const std::string lines :
         {"move 3 7g7f\nend 1\n", "move 1 7g7f\nmove 4 3c3d\nend 2\n", "impasse 4\nend 0\n",
          "impasse 3\nend 0\n", "resignation 3\nend 0\n", "seat 3 human\nend 0\n",
          "move 1 7g7f\ncheckmate 1 by 4\nend 1\n"}) {
        const std::string error = replay_error(text + lines, v);
        EXPECT_NE(error.find("but Seireigi has 2 players"), std::string::npos)
            << lines << " gave: " << error;
    }
    // In range, a numbered mover in a two-player record is checked against the player to move.
    EXPECT_NE(replay_error(text + "move 2 7g7f\nend 1\n", v).find("is by Gote"), std::string::npos);
    EXPECT_EQ(replay_error(text + "move 1 7g7f\nend 1\n", v), "");
}

// Messages about a record never print its control characters raw (an escape sequence would
// reach the terminal): they are shown as \xNN.
TEST(GameRecord, ErrorsEscapeControlCharacters) {
    auto v = testing::variant("seireigi");
    Game game(v, start_state(*v));
    const std::string text =
        without_end(write_record(record_of(game, "seireigi", {"human", "human"})));
    const std::string unknown = diagnostic_of(read_record(text + "\x1b]0;owned\x07 x\nend 0\n"));
    EXPECT_NE(unknown.find("unknown line '\\x1b]0;owned\\x07'"), std::string::npos) << unknown;
    const std::string move = replay_error(text + "move 7g\x1b[2J\nend 1\n", v);
    EXPECT_NE(move.find("'7g\\x1b[2J'"), std::string::npos) << move;
    const std::string result = replay_error(text +
                                                "result \xc2\x9b"
                                                "31m\nend 0\n",
                                            v);
    EXPECT_NE(result.find("'\\xc2\\x9b31m'"), std::string::npos) << result;
    for (const std::string& error : {unknown, move, result})
        for (char c : error) EXPECT_TRUE(static_cast<unsigned char>(c) >= 0x20) << error;
}

// A record ends with "end N": a record cut at any line boundary, or with a line or move lost, is
// refused instead of resuming at an earlier move; a version 1 record (without it) still reads.
TEST(GameRecord, TruncatedRecordsAreNoticed) {
    auto v = testing::variant("seireigi");
    Game game(v, start_state(*v));
    for (const char* m : {"7g7f", "3c3d", "8h2b+"}) game.play(std::get<Move>(game.read_move(m)));
    game.resign(1);
    const std::string text = write_record(record_of(game, "seireigi", {"human", "random:1"}));
    ASSERT_EQ(replay_error(text, v), "");
    ASSERT_TRUE(text.ends_with("\nend 3\n")) << text;
    for (std::size_t cut = text.find('\n'); cut + 1 < text.size(); cut = text.find('\n', cut + 1))
        EXPECT_NE(replay_error(text.substr(0, cut + 1), v), "") << "cut after " << cut;
    EXPECT_NE(diagnostic_of(read_record(text.substr(0, text.size() - 6))).find("cut short"),
              std::string::npos);
    std::string lost = text;
    lost.erase(lost.find("move 3c3d\n"), 10);
    EXPECT_NE(diagnostic_of(read_record(lost)).find("says it has 3 moves, but it has 2"),
              std::string::npos);
    EXPECT_NE(diagnostic_of(read_record(text + "move 2b3a\n")).find("nothing may follow"),
              std::string::npos);
    std::string version1 = without_end(text);
    version1.replace(0, 17, "seireigi-record 1");
    EXPECT_EQ(replay_error(version1, v), "");
}

TEST(GameRecord, AtomicWriteReplacesTheFileAndLeavesNoTemporary) {
    const fs::path dir = testing::fresh_temporary_folder("seireigi-atomic-test");
    const fs::path file = dir / "game.txt";
    ASSERT_EQ(write_file_atomically(file, "one\n"), std::nullopt);
    ASSERT_EQ(write_file_atomically(file, "two\n"), std::nullopt);
    EXPECT_EQ(std::get<std::string>(read_text_file(file)), "two\n");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
    EXPECT_TRUE(write_file_atomically(dir / "no-such-dir" / "x", "x").has_value());
    fs::remove_all(dir);
}

// Saving never replaces what is not a regular file (a device, a pipe, a folder, a symbolic
// link): it refuses, saying what is there, and leaves it as it was.
TEST(GameRecord, AtomicWriteRefusesToReplaceWhatIsNotAFile) {
    const fs::path dir = testing::fresh_temporary_folder("seireigi-atomic-refuse-test");
    fs::create_directories(dir / "folder");
    ASSERT_EQ(::mkfifo((dir / "pipe").c_str(), 0644), 0);
    ASSERT_EQ(write_file_atomically(dir / "target.game", "old\n"), std::nullopt);
    fs::create_symlink(dir / "target.game", dir / "link.game");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"pipe", "it is a pipe, not a file"},
        {"folder", "it is a folder, not a file"},
        {"link.game", "it is a symbolic link to " + (dir / "target.game").string()},
    };
    for (const auto& [name, why] : cases) {
        const auto error = write_file_atomically(dir / name, "new\n");
        ASSERT_TRUE(error.has_value()) << name;
        EXPECT_NE(error->find(why), std::string::npos) << *error;
    }
    EXPECT_TRUE(fs::is_fifo(fs::symlink_status(dir / "pipe")));
    EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir / "link.game")));
    EXPECT_EQ(std::get<std::string>(read_text_file(dir / "target.game")), "old\n");
    const auto device = write_file_atomically("/dev/null", "x");
    ASSERT_TRUE(device.has_value());
    EXPECT_NE(device->find("it is a device"), std::string::npos) << *device;
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 4);
    fs::remove_all(dir);
}

// A process killed (SIGKILL) while it saves a new file leaves no temporary file behind: the
// folder then holds the whole file or nothing.
TEST(GameRecord, AtomicWriteKilledLeavesNoTemporary) {
    const fs::path dir = testing::fresh_temporary_folder("seireigi-atomic-kill-test");
    const std::string big(64 << 20, 'x');
    for (int delay_ms : {2, 10, 30}) {
        fs::remove_all(dir);
        fs::create_directories(dir);
        const pid_t child = ::fork();
        ASSERT_GE(child, 0);
        if (child == 0) {
            write_file_atomically(dir / "game.game", big, /*sync_to_disk=*/true);
            ::_exit(0);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
        ::kill(child, SIGKILL);
        int status = 0;
        ::waitpid(child, &status, 0);
        for (const auto& entry : fs::directory_iterator(dir)) {
            EXPECT_EQ(entry.path().filename(), "game.game") << "after " << delay_ms << " ms";
            EXPECT_EQ(fs::file_size(entry.path()), big.size());
        }
    }
    fs::remove_all(dir);
}

TEST(GameSeat, RandomSeatDependsOnlyOnSeedAndPly) {
    auto v = testing::variant("seireigi");
    Game a = random_game(v, 5, 40);
    Game b(v, start_state(*v));
    RandomSeat s0(10), s1(11);
    // Play 20 moves, take back 10, play on: the same game as without the detour.
    while (b.ply() < 20) b.play((b.to_move() == 0 ? s0 : s1).choose(b).move);
    for (int i = 0; i < 10; ++i) b.undo();
    while (b.ply() < 40 && !b.over()) b.play((b.to_move() == 0 ? s0 : s1).choose(b).move);
    EXPECT_EQ(a.moves(), b.moves());
}

TEST(GameSeat, SeatSpecs) {
    EXPECT_EQ(std::get<std::unique_ptr<Seat>>(make_seat("random:42"))->spec(), "random:42");
    EXPECT_TRUE(std::get<std::unique_ptr<Seat>>(make_seat("human"))->is_person());
    EXPECT_TRUE(std::holds_alternative<Diagnostic>(make_seat("random:x")));
    EXPECT_TRUE(std::holds_alternative<Diagnostic>(make_seat("engine")));
}

TEST(Game, UndoRestoresPositionAndResult) {
    auto v = testing::variant("seireigi");
    Game game(v, testing::position(*v, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"));
    const PositionState before = game.current();
    game.play(std::get<Move>(game.read_move("G*5b")));
    ASSERT_TRUE(game.over());
    EXPECT_TRUE(std::holds_alternative<Diagnostic>(game.read_move("5i5h")));
    ASSERT_TRUE(game.undo());
    EXPECT_FALSE(game.over());
    EXPECT_EQ(game.current(), before);
    EXPECT_EQ(game.position().key(), game.position().compute_key());
    EXPECT_FALSE(game.undo());
}

TEST(Game, RefusesPositionsWithoutOneKingEach) {
    auto v = testing::variant("seireigi");
    EXPECT_TRUE(Game::unfit_for_play(*v, testing::position(*v, "9/9/9/9/9/9/9/9/4K4 b - 1")));
    EXPECT_FALSE(Game::unfit_for_play(*v, start_state(*v)));
}

}  // namespace
}  // namespace seireigi
