// The piece catalogues and variant files of pieces/ and variants/, built into the binary.
#pragma once

#include <string>
#include <vector>

namespace seireigi {

struct EmbeddedFile {
    std::string path;  // relative to the source tree, e.g. "variants/seireigi.yaml"
    std::string content;
};

const std::vector<EmbeddedFile>& embedded_files();

}  // namespace seireigi
