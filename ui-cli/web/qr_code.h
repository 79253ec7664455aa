// A QR code of a text as an SVG picture, for the join address the page shows (docs/web.md,
// "A seat per device"): drawn by libqrencode (Debian's libqrencode-dev), which encodes the
// standard's versions, error correction and masks; the SVG is ours.
#pragma once

#include <string>

namespace seireigi::web {

// An SVG picture of a QR code holding `text` (error correction level M, a quiet zone of four
// modules), or "" when it cannot be encoded.
std::string qr_code_svg(const std::string& text);

}  // namespace seireigi::web
