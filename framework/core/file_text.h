// Reading a whole text file that a person named (a record, a variant file, an openings file)
// without trusting what the name stands for: only a regular file is read, never a pipe or a
// device (which could block forever or never end), and only up to a size no such file needs.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>

namespace seireigi {

// Far above any record or variant file (a record of 10,000 moves is about 60 KB).
inline constexpr std::size_t kMaxTextFileBytes = std::size_t{16} << 20;

// Reads `path` into `text`; returns why it cannot, in words for the person who named it.
inline std::optional<std::string> read_regular_file(const std::filesystem::path& path,
                                                    std::string& text,
                                                    std::size_t max_bytes = kMaxTextFileBytes) {
    // O_NONBLOCK: opening a pipe that nobody writes to would otherwise wait for a writer.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return std::string("cannot open the file: ") + std::strerror(errno);
    struct stat st {};
    std::optional<std::string> why;
    if (::fstat(fd, &st) != 0)
        why = std::string("cannot read the file: ") + std::strerror(errno);
    else if (S_ISDIR(st.st_mode))
        why = "this is a folder, not a file";
    else if (!S_ISREG(st.st_mode))
        why = std::string("this is ") +
              (S_ISFIFO(st.st_mode)   ? "a pipe"
               : S_ISSOCK(st.st_mode) ? "a socket"
                                      : "a device") +
              ", not a file";
    else if (static_cast<std::size_t>(st.st_size) > max_bytes)
        why = "the file is " + std::to_string(st.st_size) + " bytes; at most " +
              std::to_string(max_bytes) + " are read";
    if (why) {
        ::close(fd);
        return why;
    }
    text.clear();
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            why = std::string("cannot read the file: ") + std::strerror(errno);
            break;
        }
        if (n == 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > max_bytes) {  // it grew while being read
            why = "the file is over " + std::to_string(max_bytes) + " bytes";
            break;
        }
    }
    ::close(fd);
    return why;
}

}  // namespace seireigi
