// value_file: g(0..count-1) of one game on disk, mapped into memory, with a header that names the game, the width
// and the count, so that a sequence longer than the machine's memory is computed in place (the OS pages the values
// in and out) and a run stopped in any way goes on from the last values it recorded.
//
// The format (version 1; every integer little-endian; docs/cli.md shows a file read from Python):
//
//   0     8  magic "TARTANGV"
//   8     4  version, 1
//   12    4  width: bytes per value, 1, 2, 4 or 8 (the narrowest that held every value when the file was written)
//   16    8  offset of the values, a multiple of 4096 (4096 unless the game's name and code pass 2.5 KB)
//   24    4  length of the game's name;  28  4  length of its rule's code
//   32    4  CRC-32C of bytes 0..31 and of the name and code
//   512  36  commit record A;  1024  36  commit record B: the current record is the whole one (its checksum holds)
//            of the larger number
//              0  8  commit number (1, 2, 3, ...)
//              8  8  count: g(0..count-1) are recorded
//              16 8  the count the run asked for
//              24 4  CRC-32C of the count × width bytes of values
//              28 4  flags: bit 0, the run asking for them finished
//              32 4  CRC-32C of bytes 0..31 of the record
//   1536     the game's name, then its code (UTF-8, not terminated)
//   offset   the values: g(n) is the unsigned integer of `width` bytes at offset + n × width
//
// Commits alternate between the two records, and a record is written only after the values it counts are on disk
// (msync): killed at any instruction, or with the power cut, the file keeps its last complete record and every value
// that record counts. The file may be longer than the values recorded (the space for the rest of a run).
// Widening (a value that does not fit) writes a new file beside the old one (name + ".widening") and renames it over
// the old, so a stop there leaves one of the two whole.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tartan {

/// The game a value file holds values of: its display name and its rule's code ("" for a plug-in without one).
/// Two games are the same when their codes are (or, without codes, their names): "treblecross" and "0.007" are; so
/// are take-and-break codes spelt apart that allow the same moves (".007", "0.0070").
struct value_file_game {
  std::string name;
  std::string code;

  /// "0.007" or "treblecross (code 0.007)", for messages.
  std::string shown() const;
  bool same_game(const value_file_game& other) const;
};

/// What a value file says about itself (read_value_file).
struct value_file_info {
  value_file_game game;
  int width = 1;                // bytes per value
  std::uint64_t count = 0;      // values recorded, g(0..count-1)
  std::uint64_t requested = 0;  // the count the run that wrote it asked for
  bool complete = false;        // that run finished
  std::uint64_t commits = 0;    // the current record's number
};

/// The size of the header before the values, for games whose name and code take less than 2.5 KB.
inline constexpr std::size_t value_file_header_bytes = 4096;

/**
 * Reads and checks a value file's header and values: throws parse_error with one line when the file is not a value
 * file, is of another version, is damaged (a header checksum, a width the format does not know, fewer bytes than
 * its count needs, values whose checksum fails), or cannot be read. Complexity: O(count × width), the values'
 * checksum (about a second for 4 GiB).
 *
 * Example: read_value_file("values.bin").count == 4294967296
 */
value_file_info read_value_file(const std::string& path);

}  // namespace tartan
