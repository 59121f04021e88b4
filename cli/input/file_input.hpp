// Whole-file input for the commands that read a file or standard input (graph, the nim matrix commands, analyze -),
// with the memory estimated before the text is read.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tartan::cli {

/**
 * The text of `file`, or of standard input when `file` is "-". `what` names the input in messages ("the graph",
 * "the matrix"). Before reading, the memory is estimated as `bytes_per_byte` × the file's size (for standard input,
 * checked as it is read, in blocks of 1 MiB) and refused with limit_error naming the estimate and `limit` when it is
 * over; a directory, a missing or unreadable file is refused with parse_error.
 *
 * Complexity: one pass over the input; at most limit / bytes_per_byte + 1 MiB bytes held.
 *
 * Example: read_input_text("-", "the graph", 64, 1 << 30) == the whole of standard input (up to 16 MiB)
 */
std::string read_input_text(const std::string& file, std::string_view what, std::uint64_t bytes_per_byte,
                            std::uint64_t limit);

}  // namespace tartan::cli
