// Whether this process can have a table of a given size: the memory the system has available
// now, what the process's address-space limit (ulimit -v) leaves, and what its control group's
// memory limit leaves. A hash size asked for by a GUI (USI_Hash, XBoard's memory) is checked
// against it before the table is made, so that a size the machine cannot give is refused with
// the reason, instead of the program being ended by the kernel when the table is filled.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace seireigi::search {

// The bytes this process may still allocate and use, or nothing where none of the limits can
// be read.
std::optional<std::size_t> memory_available();

// Why a table of `megabytes` cannot be made now (in words for the person who asked), or nothing.
// The table it replaces is freed only after it is made, so it counts as used.
std::optional<std::string> table_size_refusal(std::size_t megabytes);

}  // namespace seireigi::search
