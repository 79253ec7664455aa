#include "web/qr_code.h"

#include <qrencode.h>

#include <memory>

namespace seireigi::web {

std::string qr_code_svg(const std::string& text) {
    std::unique_ptr<QRcode, void (*)(QRcode*)> code(
        QRcode_encodeString8bit(text.c_str(), 0, QR_ECLEVEL_M), QRcode_free);
    if (!code) return "";
    constexpr int kQuiet = 4;
    const int width = code->width;
    const int size = width + 2 * kQuiet;
    std::string path;
    for (int y = 0; y < width; ++y)
        for (int x = 0; x < width; ++x)
            if (code->data[y * width + x] & 1)  // the low bit: a dark module
                path += "M" + std::to_string(x + kQuiet) + " " + std::to_string(y + kQuiet) +
                        "h1v1h-1z";
    const std::string side = std::to_string(size);
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + side + " " + side +
           "\" shape-rendering=\"crispEdges\"><rect width=\"" + side + "\" height=\"" + side +
           "\" fill=\"#fff\"/><path fill=\"#000\" d=\"" + path + "\"/></svg>";
}

}  // namespace seireigi::web
