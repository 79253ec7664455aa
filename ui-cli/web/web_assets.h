// The web board's page files (web/page/), built into the binary by cmake/embed_web.cmake,
// keyed by their URL path ("/index.html").
#pragma once

#include <map>
#include <string>

namespace seireigi::web {

const std::map<std::string, std::string>& web_assets();

}  // namespace seireigi::web
