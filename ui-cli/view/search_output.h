// Search progress as text: the `info` line that `analyse` and the USI front end print.
#pragma once

#include <string>

#include "rules/variant.h"
#include "search/engine.h"

namespace seireigi::cli {

// "info depth 7 seldepth 12 multipv 1 score cp 35 nodes 123456 nps 1500000 time 82 hashfull 3
// pv 7g7f 3c3d", moves in the project's move text.
std::string info_line(const Variant& v, const search::Info& info);

}  // namespace seireigi::cli
