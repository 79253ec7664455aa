// The legend of a variant's pieces for a newcomer: abbreviation, name, kanji, moves in XBetza
// and what each promotes to. Shown by `seireigi legend` and meant for an in-game `legend`.
#pragma once

#include <string>

#include "rules/variant.h"

namespace seireigi::cli {

std::string render_legend(const Variant& v);

}  // namespace seireigi::cli
