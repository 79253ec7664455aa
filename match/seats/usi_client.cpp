#include "seats/usi_client.h"

#include <algorithm>
#include <chrono>
#include <sstream>

namespace seireigi {

bool UsiClient::expect(const std::string& prefix, int timeout_ms, std::string& error) {
    using clock = std::chrono::steady_clock;
    const auto deadline = clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
        const int left = static_cast<int>(
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()).count());
        std::string line;
        switch (process_.read_line(line, std::max(0, left))) {
            case ChildProcess::ReadStatus::Line:
                if (line.rfind("id name ", 0) == 0) name_ = line.substr(8);
                if (line.rfind(prefix, 0) == 0) return true;
                break;
            case ChildProcess::ReadStatus::Timeout:
                error = "no '" + prefix + "' within " + std::to_string(timeout_ms) + " ms";
                return false;
            case ChildProcess::ReadStatus::Closed:
                error = "the engine exited before '" + prefix + "'";
                return false;
        }
    }
}

bool UsiClient::ensure_started(std::string& error) {
    if (process_.running()) return true;
    if (started_once_) ++restarts_;
    started_once_ = true;
    if (!process_.start(config_.command, error)) return false;
    auto fail = [&](const std::string& what) {
        error = "engine '" + config_.command + "': " + what;
        process_.kill();
        return false;
    };
    std::string why;
    // A program that exits at once may be gone before the first line reaches it.
    const auto ask = [&](const std::string& line, const std::string& answer) {
        if (process_.write_line(line)) return expect(answer, config_.handshake_timeout_ms, why);
        why = "the engine exited before '" + answer + "'";
        return false;
    };
    if (!ask("usi", "usiok")) return fail(why);
    for (const auto& [name, value] : config_.options)
        process_.write_line("setoption name " + name + " value " + value);
    if (!ask("isready", "readyok")) return fail(why);
    return true;
}

bool UsiClient::new_game(std::string& error) {
    if (!ensure_started(error)) return false;
    process_.write_line("usinewgame");
    return true;
}

UsiAnswer UsiClient::think(const std::string& position_text, const std::vector<std::string>& moves,
                           const UsiGo& go) {
    UsiAnswer answer;
    std::string error;
    if (!ensure_started(error)) {
        answer.status = UsiAnswer::Status::Crashed;
        answer.detail = error;
        return answer;
    }
    std::string position = "position " + position_text;
    if (!moves.empty()) {
        position += " moves";
        for (const std::string& m : moves) position += " " + m;
    }
    std::string command = "go";
    int budget_ms = 0;
    if (go.btime_ms >= 0 || go.wtime_ms >= 0) {
        command += " btime " + std::to_string(std::max(0, go.btime_ms)) + " wtime " +
                   std::to_string(std::max(0, go.wtime_ms));
        if (go.binc_ms || go.winc_ms)
            command +=
                " binc " + std::to_string(go.binc_ms) + " winc " + std::to_string(go.winc_ms);
        budget_ms = std::max(go.btime_ms, go.wtime_ms) + std::max(go.binc_ms, go.winc_ms);
    }
    if (go.byoyomi_ms) command += " byoyomi " + std::to_string(go.byoyomi_ms);
    if (go.movetime_ms) command += " movetime " + std::to_string(go.movetime_ms);
    if (go.depth) command += " depth " + std::to_string(go.depth);
    if (go.nodes) command += " nodes " + std::to_string(go.nodes);
    budget_ms += go.byoyomi_ms + go.movetime_ms;
    // Depth and node limits have no time: allow a minute.
    if (budget_ms == 0) budget_ms = 60'000;
    if (!process_.write_line(position) || !process_.write_line(command)) {
        answer.status = UsiAnswer::Status::Crashed;
        answer.detail = "the engine no longer reads its input";
        process_.kill();
        return answer;
    }
    using clock = std::chrono::steady_clock;
    const auto deadline = clock::now() + std::chrono::milliseconds(budget_ms + go.grace_ms);
    while (true) {
        const int left = static_cast<int>(
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()).count());
        std::string line;
        const auto status = process_.read_line(line, std::max(0, left));
        if (status == ChildProcess::ReadStatus::Timeout) {
            answer.status = UsiAnswer::Status::Timeout;
            answer.detail = "no bestmove within " + std::to_string(budget_ms + go.grace_ms) + " ms";
            process_.kill();  // restarted on the next request
            return answer;
        }
        if (status == ChildProcess::ReadStatus::Closed) {
            answer.status = UsiAnswer::Status::Crashed;
            answer.detail = "the engine exited while thinking";
            process_.kill();
            return answer;
        }
        std::istringstream words(line);
        std::string first;
        words >> first;
        if (first == "info") {
            if (line.rfind("info string ", 0) == 0) answer.info.push_back(line.substr(12));
            const std::size_t score = line.find(" score ");
            if (score != std::string::npos) {
                std::istringstream rest(line.substr(score + 7));
                std::string kind, value;
                rest >> kind >> value;
                answer.detail = kind + " " + value;
            }
        } else if (first == "bestmove") {
            std::string move, word, ponder;
            words >> move >> word >> ponder;
            if (move == "resign") {
                answer.status = UsiAnswer::Status::Resign;
            } else if (move == "win") {
                answer.status = UsiAnswer::Status::Win;
            } else if (move.empty()) {
                answer.status = UsiAnswer::Status::Failed;
                answer.detail = "'bestmove' without a move";
            } else {
                answer.status = UsiAnswer::Status::Move;
                answer.move = move;
                if (word == "ponder") answer.ponder = ponder;
            }
            return answer;
        }
    }
}

void UsiClient::game_over(const std::string& result) {
    if (process_.running()) process_.write_line("gameover " + result);
}

void UsiClient::quit() {
    if (!process_.running()) return;
    process_.write_line("quit");
    process_.finish(1'000);
}

}  // namespace seireigi
