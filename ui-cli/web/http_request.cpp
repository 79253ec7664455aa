#include "web/http_request.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace seireigi::web {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool is_token_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// "a=1&b=2" into `params` (the first of repeated names is kept).
std::optional<RequestRefusal> parse_params(std::string_view text,
                                           std::map<std::string, std::string>& params) {
    while (!text.empty()) {
        const std::size_t amp = text.find('&');
        const std::string_view pair = text.substr(0, amp);
        text = amp == std::string_view::npos ? std::string_view() : text.substr(amp + 1);
        if (pair.empty()) continue;
        const std::size_t eq = pair.find('=');
        auto name = url_decode(pair.substr(0, eq), true);
        auto value = url_decode(
            eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1), true);
        if (!name || !value)
            return RequestRefusal{400,
                                  "a parameter is not URL-encoded ('%' without two hex "
                                  "digits)"};
        params.emplace(std::move(*name), std::move(*value));
    }
    return std::nullopt;
}

}  // namespace

std::string HttpRequest::header(std::string_view lower_name) const {
    for (const auto& [name, value] : headers)
        if (name == lower_name) return value;
    return "";
}

std::optional<std::string> url_decode(std::string_view text, bool plus_is_space) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%') {
            if (i + 2 >= text.size()) return std::nullopt;
            const int hi = hex_value(text[i + 1]);
            const int lo = hex_value(text[i + 2]);
            if (hi < 0 || lo < 0) return std::nullopt;
            out += static_cast<char>(hi * 16 + lo);
            i += 2;
        } else if (text[i] == '+' && plus_is_space) {
            out += ' ';
        } else {
            out += text[i];
        }
    }
    return out;
}

std::variant<RequestHead, RequestRefusal> parse_request_head(std::string_view text,
                                                             const RequestLimits& limits) {
    if (text.size() > limits.head_bytes)
        return RequestRefusal{
            431, "the request's head is over " + std::to_string(limits.head_bytes / 1024) + " KB"};
    RequestHead head;
    HttpRequest& r = head.request;
    std::size_t line_end = text.find("\r\n");
    const std::string_view request_line = text.substr(0, line_end);
    std::string_view rest =
        line_end == std::string_view::npos ? std::string_view() : text.substr(line_end + 2);

    // METHOD SP TARGET SP HTTP/1.x
    const std::size_t sp1 = request_line.find(' ');
    const std::size_t sp2 = sp1 == std::string_view::npos ? sp1 : request_line.find(' ', sp1 + 1);
    if (sp1 == std::string_view::npos || sp2 == std::string_view::npos || sp1 == 0)
        return RequestRefusal{400, "malformed request line"};
    const std::string_view method = request_line.substr(0, sp1);
    const std::string_view target = request_line.substr(sp1 + 1, sp2 - sp1 - 1);
    const std::string_view version = request_line.substr(sp2 + 1);
    if (!std::all_of(method.begin(), method.end(), is_token_char))
        return RequestRefusal{400, "malformed request line"};
    if (version != "HTTP/1.1" && version != "HTTP/1.0")
        return RequestRefusal{505, "only HTTP/1.0 and HTTP/1.1 are spoken here"};
    if (target.empty() || target.front() != '/' ||
        std::any_of(target.begin(), target.end(),
                    [](char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7F; }))
        return RequestRefusal{400, "the request's target must be a path starting with '/'"};
    r.method = std::string(method);
    r.target = std::string(target);
    r.keep_alive = version == "HTTP/1.1";

    const std::size_t question = target.find('?');
    auto path = url_decode(target.substr(0, question), false);
    if (!path) return RequestRefusal{400, "the path is not URL-encoded"};
    r.path = std::move(*path);
    if (question != std::string_view::npos)
        if (auto refusal = parse_params(target.substr(question + 1), r.params)) return *refusal;

    bool length_given = false;
    while (!rest.empty()) {
        line_end = rest.find("\r\n");
        const std::string_view line = rest.substr(0, line_end);
        rest = line_end == std::string_view::npos ? std::string_view() : rest.substr(line_end + 2);
        if (r.headers.size() == limits.headers)
            return RequestRefusal{431,
                                  "more than " + std::to_string(limits.headers) + " header lines"};
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos || colon == 0 ||
            !std::all_of(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(colon),
                         is_token_char))
            return RequestRefusal{400, "malformed header line"};
        const std::string_view value = trim(line.substr(colon + 1));
        if (std::any_of(value.begin(), value.end(), [](char c) {
                return (static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7F;
            }))
            return RequestRefusal{400, "a header holds a control character"};
        std::string name = lower(line.substr(0, colon));
        if (name == "content-length") {
            std::size_t n = 0;
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
            if (ec != std::errc() || end != value.data() + value.size() || value.empty() ||
                (length_given && n != head.content_length))
                return RequestRefusal{400, "malformed Content-Length"};
            head.content_length = n;
            length_given = true;
        } else if (name == "transfer-encoding") {
            if (lower(value) != "chunked")
                return RequestRefusal{
                    501, "a body may come whole or chunked, not '" + std::string(value) + "'"};
            head.chunked = true;
        } else if (name == "connection") {
            const std::string v = lower(value);
            if (v.find("close") != std::string::npos) r.keep_alive = false;
            if (v.find("keep-alive") != std::string::npos) r.keep_alive = true;
        }
        r.headers.emplace_back(std::move(name), std::string(value));
    }
    // Both would let two readers of the request disagree where it ends.
    if (head.chunked && length_given)
        return RequestRefusal{400, "a request has a Content-Length or a chunked body, not both"};
    if (head.content_length > limits.body_bytes)
        return RequestRefusal{413, "the request is too large: a body may hold " +
                                       std::to_string(limits.body_bytes / 1024) + " KB"};
    const bool form =
        lower(r.header("content-type")).starts_with("application/x-www-form-urlencoded");
    // A bad request rather than 413: no form of this API comes near the limit.
    if (form && head.content_length > limits.form_bytes)
        return RequestRefusal{400, "the form is larger than " +
                                       std::to_string(limits.form_bytes / 1024) +
                                       " KB; no request needs that much"};
    return head;
}

// The most a body of `request` may hold: a form less than any other body.
static std::size_t body_limit(const HttpRequest& request, const RequestLimits& limits) {
    const bool form =
        lower(request.header("content-type")).starts_with("application/x-www-form-urlencoded");
    return form ? limits.form_bytes : limits.body_bytes;
}

std::variant<bool, RequestRefusal> take_chunks(std::string& in, std::string& body,
                                               const HttpRequest& request,
                                               const RequestLimits& limits) {
    const std::size_t limit = body_limit(request, limits);
    for (;;) {
        const std::size_t line_end = in.find("\r\n");
        if (line_end == std::string::npos) {
            if (in.size() > 64) return RequestRefusal{400, "malformed chunk size"};
            return false;
        }
        // "SIZE[;extensions]" in hex
        const std::string_view line = std::string_view(in).substr(0, in.find_first_of(";\r"));
        std::size_t size = 0;
        const auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), size, 16);
        if (ec != std::errc() || end != line.data() + line.size() || line.empty())
            return RequestRefusal{400, "malformed chunk size"};
        if (size > limits.body_bytes || body.size() + size > limits.body_bytes)
            return RequestRefusal{413, "the request is too large: a body may hold " +
                                           std::to_string(limits.body_bytes / 1024) + " KB"};
        if (body.size() + size > limit)
            return RequestRefusal{400, "the form is larger than " +
                                           std::to_string(limits.form_bytes / 1024) +
                                           " KB; no request needs that much"};
        if (size == 0) {
            // The last chunk, trailer lines (ignored) and an empty line.
            const std::size_t end_of_trailers = in.find("\r\n\r\n", line_end);
            if (in.compare(line_end, 4, "\r\n\r\n") != 0 && end_of_trailers == std::string::npos) {
                if (in.size() > limits.head_bytes)
                    return RequestRefusal{431, "the chunked body's trailer is too long"};
                return false;
            }
            in.erase(0, end_of_trailers + 4);
            return true;
        }
        if (in.size() < line_end + 2 + size + 2) return false;
        if (in.compare(line_end + 2 + size, 2, "\r\n") != 0)
            return RequestRefusal{400, "a chunk does not end where its size says"};
        body.append(in, line_end + 2, size);
        in.erase(0, line_end + 2 + size + 2);
    }
}

std::optional<RequestRefusal> attach_body(HttpRequest& request, std::string body,
                                          const RequestLimits&) {
    request.body = std::move(body);
    if (lower(request.header("content-type")).starts_with("application/x-www-form-urlencoded"))
        return parse_params(request.body, request.params);
    return std::nullopt;
}

const char* status_text(int status) {
    switch (status) {
        case 200:
            return "OK";
        case 400:
            return "Bad Request";
        case 403:
            return "Forbidden";
        case 404:
            return "Not Found";
        case 405:
            return "Method Not Allowed";
        case 408:
            return "Request Timeout";
        case 409:
            return "Conflict";
        case 411:
            return "Length Required";
        case 413:
            return "Content Too Large";
        case 431:
            return "Request Header Fields Too Large";
        case 500:
            return "Internal Server Error";
        case 503:
            return "Service Unavailable";
        case 505:
            return "HTTP Version Not Supported";
        default:
            return "Status";
    }
}

std::string write_response(const HttpResponse& response, bool keep_alive, bool head_only) {
    std::string out =
        "HTTP/1.1 " + std::to_string(response.status) + " " + status_text(response.status) + "\r\n";
    out += "Content-Type: " + response.content_type + "\r\n";
    out += "Content-Length: " + std::to_string(response.body.size()) + "\r\n";
    out += keep_alive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
    for (const auto& [name, value] : response.headers) out += name + ": " + value + "\r\n";
    out += "\r\n";
    if (!head_only) out += response.body;
    return out;
}

}  // namespace seireigi::web
