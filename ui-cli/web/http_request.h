// One HTTP/1.1 request and its answer, and reading a request's head from the bytes a client
// sent: the request line, the headers (counted and bounded), the query and form parameters.
// No I/O here, so that it can be tested and fuzzed on its own.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace seireigi::web {

// What a request may be at most; past these it is refused with the status and a message.
struct RequestLimits {
    std::size_t head_bytes = 16 * 1024;  // request line and headers (431 past it)
    std::size_t headers = 100;           // header lines (431)
    std::size_t body_bytes = 1 << 20;    // any body (413)
    std::size_t form_bytes = 8 * 1024;   // a form: no field of this API needs more (400)
};

struct HttpRequest {
    std::string method;  // "GET", "POST", ...
    std::string target;  // as sent: "/api/state?after=3"
    std::string path;    // decoded, without the query: "/api/state"
    std::vector<std::pair<std::string, std::string>> headers;  // names in lower case
    std::map<std::string, std::string> params;  // query and form (the first of repeated names)
    std::string body;
    bool keep_alive = true;  // the client keeps the connection for another request

    // The first header of that name (lower case), or "".
    std::string header(std::string_view lower_name) const;
    bool has_param(const std::string& name) const { return params.count(name) > 0; }
    std::string param(const std::string& name) const {
        auto it = params.find(name);
        return it == params.end() ? std::string() : it->second;
    }
};

struct HttpResponse {
    int status = 200;
    std::string content_type = "application/json; charset=utf-8";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;  // besides the usual ones

    void set_header(std::string name, std::string value) {
        headers.emplace_back(std::move(name), std::move(value));
    }
};

// A request refused before any handler sees it: the status and the reason.
struct RequestRefusal {
    int status = 400;
    std::string message;
};

// The head as read: the request without its body, and the body's length.
struct RequestHead {
    HttpRequest request;
    std::size_t content_length = 0;
    bool chunked = false;  // the body comes in chunks (Transfer-Encoding: chunked)
};

// Reads the head `text` (up to and without the blank line that ends it).
std::variant<RequestHead, RequestRefusal> parse_request_head(std::string_view text,
                                                             const RequestLimits& limits);
// Moves the complete chunks at the start of `in` (a chunked body as it arrives) into `body`:
// true once the last chunk has come, false while more is needed; a refusal when it is
// malformed or the body grows past the limits.
std::variant<bool, RequestRefusal> take_chunks(std::string& in, std::string& body,
                                               const HttpRequest& request,
                                               const RequestLimits& limits);
// Adds the body: its form parameters, when it is a form. A refusal when it is malformed.
std::optional<RequestRefusal> attach_body(HttpRequest& request, std::string body,
                                          const RequestLimits& limits);

// "%41+b" -> "A b" (a form's '+' is a space); nothing when a '%' is not followed by two hex
// digits.
std::optional<std::string> url_decode(std::string_view text, bool plus_is_space);

// The bytes of an answer: status line, headers, body (none for HEAD).
std::string write_response(const HttpResponse& response, bool keep_alive, bool head_only);

// "Not Found" for 404, ...
const char* status_text(int status);

}  // namespace seireigi::web
