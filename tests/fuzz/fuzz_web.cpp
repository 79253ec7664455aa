// Web requests: the bytes a client sends (one or several requests, as on a kept-alive
// connection) are read as the server reads them (http_request.h) and answered by the web board
// (web_board.h) in memory, without sockets. `{TOKEN}` in the input stands for the page's token,
// so that requests that change the game get past the guard. Checks: every answer writes; no
// answer is a server error but a failed save; the game can still be shown after every request
// (a game in progress survives); no seat that starts a program is ever accepted; nothing is
// written outside the data folder.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "web/data_folder.h"
#include "web/http_request.h"
#include "web/web_board.h"

namespace {

using namespace seireigi;

constexpr int kPort = 8080;
constexpr int kMaxAnalysisMs = 50;  // a long analysis or mate search is a wait, not a fuzz case

struct Board {
    std::filesystem::path root;  // holds the data folder and nothing else
    std::unique_ptr<cli::WebBoard> board;
};

Board& board() {
    static Board b = [] {
        Board made;
        char pattern[] = "/tmp/seireigi-fuzz-web-XXXXXX";
        if (!mkdtemp(pattern)) fuzz::fail("no temporary folder");
        made.root = pattern;
        web::DataFolder folder((made.root / "data").string());
        if (auto why = folder.prepare()) fuzz::fail("data folder: " + *why);
        made.board = std::make_unique<cli::WebBoard>(std::move(folder));
        if (auto why = made.board->start()) fuzz::fail("no game: " + *why);
        made.board->listening_on("127.0.0.1", kPort);
        return made;
    }();
    return b;
}

web::HttpResponse answer(const web::HttpRequest& request) {
    auto result = board().board->handle(request);
    if (auto* response = std::get_if<web::HttpResponse>(&result)) return *response;
    auto& park = std::get<web::Park>(result);
    (void)park.ready();
    return park.then();
}

void check(const web::HttpRequest& request, const web::HttpResponse& response) {
    (void)web::write_response(response, request.keep_alive, request.method == "HEAD");
    if (response.status >= 500 && request.path != "/api/save")
        fuzz::fail(std::to_string(response.status) + " for " + request.method + " " +
                   request.target + ": " + response.body);
    if (request.path == "/api/new" && response.status == 200 &&
        request.param("seats").find("usi") != std::string::npos)
        fuzz::fail("a seat naming a program was accepted: " + request.param("seats"));
    web::HttpRequest state;
    state.method = "GET";
    state.target = state.path = "/api/state";
    state.headers = {{"host", "127.0.0.1:" + std::to_string(kPort)}};
    const web::HttpResponse shown = answer(state);
    if (shown.status != 200) fuzz::fail("the game cannot be shown: " + shown.body);
    for (const auto& entry : std::filesystem::directory_iterator(board().root))
        if (entry.path().filename() != "data")
            fuzz::fail("written outside the data folder: " + entry.path().string());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string in(reinterpret_cast<const char*>(data), size);
    const std::string& token = board().board->token();
    for (std::size_t at; (at = in.find("{TOKEN}")) != std::string::npos;) in.replace(at, 7, token);
    const web::RequestLimits limits;
    // Requests one after the other, read as the server reads a connection.
    while (!in.empty()) {
        const std::size_t end = in.find("\r\n\r\n");
        if (end == std::string::npos || end > limits.head_bytes) return 0;
        auto parsed = web::parse_request_head(std::string_view(in).substr(0, end), limits);
        if (std::holds_alternative<web::RequestRefusal>(parsed)) return 0;
        web::RequestHead head = std::move(std::get<web::RequestHead>(parsed));
        in.erase(0, end + 4);
        std::string body;
        if (head.chunked) {
            auto done = web::take_chunks(in, body, head.request, limits);
            if (!std::holds_alternative<bool>(done) || !std::get<bool>(done)) return 0;
        } else {
            if (in.size() < head.content_length) return 0;
            body = in.substr(0, head.content_length);
            in.erase(0, head.content_length);
        }
        web::HttpRequest request = std::move(head.request);
        if (web::attach_body(request, std::move(body), limits)) return 0;
        if ((request.path == "/api/analyse" || request.path == "/api/mate") &&
            (!request.has_param("ms") || request.param("ms").size() > 2 ||
             std::atoi(request.param("ms").c_str()) > kMaxAnalysisMs))
            request.params["ms"] = "10";
        check(request, answer(request));
    }
    return 0;
}
