#include "study/imbalance.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "study/study_records.h"

namespace seireigi {

namespace {

namespace fs = std::filesystem;

constexpr const char* kSides[2] = {"sente", "gote"};

}  // namespace

std::variant<Imbalance, Diagnostic> read_imbalance(std::string_view text, const Variant& variant) {
    const std::size_t eq = text.find('=');
    auto bad = [&](const std::string& why) {
        return Diagnostic{"", "--imbalance " + std::string(text.substr(0, 40)) + ": " + why};
    };
    if (variant.num_players() != 2) return bad("imbalance games are for two players");
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == text.size())
        return bad(
            "expected X=Y (a Y on X's square) or X=N*Y (N Ys in hand instead of X), two pieces "
            "of the variant ('seireigi legend' lists them), e.g. G=S or B=3*P");
    Imbalance im{std::string(text.substr(0, eq)), std::string(text.substr(eq + 1))};
    if (const std::size_t star = im.y.find('*'); star != std::string::npos) {
        if (star != 1 || im.y[0] < '1' || im.y[0] > '9' || im.y.size() < 3)
            return bad("expected N*Y with N from 1 to 9, e.g. B=3*P");
        im.in_hand = im.y[0] - '0';
        im.y = im.y.substr(2);
    }
    im.x_type = variant.find_type(im.x);
    im.y_type = variant.find_type(im.y);
    for (auto [name, type] : {std::pair{im.x, im.x_type}, std::pair{im.y, im.y_type}}) {
        if (type == kNoType)
            return bad("'" + name + "' is no piece of " + variant.name +
                       " ('seireigi legend --variant " + variant.name + "' lists them)");
        if (variant.types[static_cast<std::size_t>(type)].royal)
            return bad("'" + name + "' is royal: a side keeps its King");
    }
    if (im.x_type == im.y_type) return bad("X and Y are the same piece");
    if (im.in_hand) {
        const auto& hand = variant.hand_types;
        if (!variant.drops || std::find(hand.begin(), hand.end(), im.y_type) == hand.end())
            return bad("'" + im.y + "' cannot be held in hand in " + variant.name);
    }
    return im;
}

std::optional<PositionState> with_imbalance(const Variant& variant, const PositionState& start,
                                            const Imbalance& imbalance, Player side) {
    int chosen = -1, deepest = -1;
    for (int s = 0; s < static_cast<int>(start.board.size()); ++s) {
        const PieceCode pc = start.board[static_cast<std::size_t>(s)];
        if (pc == kEmpty || owner_of(pc) != side || type_of(pc) != imbalance.x_type ||
            is_promoted(pc))
            continue;
        const int depth =
            variant.geo.ranks_ahead(variant.orientation(side), static_cast<Square>(s));
        if (depth > deepest) deepest = depth, chosen = s;
    }
    if (chosen < 0) return std::nullopt;
    PositionState out = start;
    if (imbalance.in_hand) {
        out.board[static_cast<std::size_t>(chosen)] = kEmpty;
        out.hands[static_cast<std::size_t>(side)][static_cast<std::size_t>(imbalance.y_type)] +=
            imbalance.in_hand;
    } else {
        out.board[static_cast<std::size_t>(chosen)] = make_piece(side, imbalance.y_type, false);
    }
    return out;
}

std::vector<ImbalanceResult> read_imbalance_results(const std::vector<std::string>& folders,
                                                    const VariantByName& variant_named) {
    // Every imbalance folder of every study folder, by name.
    std::map<std::string, std::vector<fs::path>> found;
    for (const std::string& f : folders) {
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(f, ec)) {
            const std::string name = entry.path().filename().string();
            if (entry.is_directory(ec) && name.starts_with("imbalance-"))
                found[name.substr(10)].push_back(entry.path());
        }
    }
    std::vector<ImbalanceResult> results;
    for (const auto& [name, dirs] : found) {
        ImbalanceResult r{name, {}, std::nullopt};
        for (Player side = 0; side < 2; ++side) {
            std::vector<std::string> subs;
            for (const fs::path& d : dirs) subs.push_back((d / kSides[side]).string());
            const StudyGames games = read_study_games(subs, variant_named);
            for (const StudyGame& g : games.games) {
                const Standing s = g.game.over() ? g.game.result().standings[side]
                                                 : Standing::Drawn;  // the move-limit draw
                (s == Standing::Won    ? r.with_y.wins
                 : s == Standing::Lost ? r.with_y.losses
                                       : r.with_y.draws) += 1;
            }
        }
        if (r.with_y.games() == 0) continue;
        r.elo = elo_trinomial(r.with_y);
        results.push_back(std::move(r));
    }
    return results;
}

std::string describe_imbalance(const ImbalanceResult& r) {
    const std::size_t eq = r.name.find('=');
    std::string y = eq == std::string::npos ? r.name : r.name.substr(eq + 1);
    if (y.size() > 2 && y[1] == '*') y = y.substr(0, 1) + " " + y.substr(2) + " in hand";
    const Tally& t = r.with_y;
    char score[32];
    std::snprintf(score, sizeof score, "%.1f%%", 100 * t.score());
    std::string line = r.name + ": the side with " + y + " scored " + score + " (" +
                       std::to_string(t.wins) + " wins, " + std::to_string(t.draws) + " draws, " +
                       std::to_string(t.losses) + " losses in " + std::to_string(t.games()) +
                       " games)";
    if (r.elo) line += ": " + describe_elo(*r.elo) + " Elo for the exchange";
    return line;
}

std::string imbalance_side_folder(Player side) {
    return kSides[side];
}

}  // namespace seireigi
