// g(0..N-1) written as the engine computes it, for `tartan seq` and the explorer's /api/sequence: the text line, the
// JSON document and the JSON lines, built by one writer so that the CLI and the API answer with the same bytes, and
// the period and closed forms of `seq --period`.
//
// Included by the .cpp files of the seq command and the server only (it brings nlohmann/json).
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <span>
#include <string>

#include "tartan/analysis/game_handle.hpp"
#include "tartan/turning/periodic_continuation.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan::present {

/// bfile: an OEIS b-file, lines "n a(n)" (oeis.org/SubmitB.html: one space, LF line ends, ASCII, '#' comments).
enum class seq_format { text, json, jsonl, bfile };

/**
 * Writes the values as the engine computes them: each chunk is written and flushed at once, so the first values
 * reach a pipe or a file while the rest are computed, and a stop leaves every value computed in the output.
 * text: the values on one line; json: {"game", "code"[, "from"], "values": [...], "complete"[, "stopped"],
 * "seconds", "from_period"}; jsonl: one {"n": n, "g": g(n)} per line, then {"complete", "count"[, "stopped"],
 * "seconds", "from_period"}; bfile: two comment lines naming the game and the numbering, then "n g(n - offset)" per
 * line from n = first + offset (the OEIS offset), and comments saying why when stopped early and where the values
 * past a proven period came from. "from_period" is continuation_json (json_output.hpp): null when every value was
 * computed.
 *
 * Example: value_writer w(out, seq_format::json); w.begin(game); w.write(values); w.end("", nullptr, seconds, nullptr);
 */
class value_writer {
 public:
  /// `offset`: the b-file's n of g(0) (bfile only); `first`: the n of the first value written (g(first), ...).
  value_writer(std::ostream& out, seq_format format, std::uint64_t offset = 0, std::uint64_t first = 0)
      : out_(out), format_(format), offset_(offset), first_(first) {
    buffer_.reserve(1 << 16);
  }

  /// Opens the output (the JSON document's head).
  void begin(const game_handle& game);

  /// The next values, g(written())...
  void write(std::span<const grundy_value> values);

  /// Closes the output; `stopped` says why the values are fewer than asked for ("" when complete); `pattern` is
  /// the period and closed forms found (pattern_json), or null; `from_period`: the proven period the values past the
  /// computed ones came from (compute_sequence's result.continuation), or nullptr. The text form leaves its method
  /// line to the caller (it is not a value).
  void end(const std::string& stopped, const nlohmann::ordered_json& pattern, double seconds,
           const periodic_continuation* from_period);

  std::size_t written() const { return written_; }

 private:
  void flush();

  std::ostream& out_;
  seq_format format_;
  std::uint64_t offset_ = 0;
  std::uint64_t first_ = 0;
  std::string buffer_;
  std::size_t written_ = 0;
};

/**
 * {"observed": N, "period": {"preperiod", "period", "saltus", "proven", "full_periods", "why"} | null, "largest":
 * {"value", "at", "all"}, "rare": {"mask", "mask_hex", "variant", "t", "count", "last", "all"} | null, "rare_note",
 * "closed_forms": [{"name", "formula", "oeis"}]} of g(0..N-1) (seq --period): the sequence summary
 * (sequence_summary.hpp: the period, the largest value and where it first occurs, the rare values of a take-and-break
 * code) and the classic closed forms the values match (closed_form.hpp).
 *
 * Example: pattern_json(ruler values 0..31, ruler)["closed_forms"][0]["oeis"] == "A006519"
 */
nlohmann::ordered_json pattern_json(std::span<const grundy_value> values, const turning_game& game);

/**
 * The text form of a pattern_json: one line for the period (or its absence), one for the largest value, one for the
 * rare values when the rule has them, one per closed form, as `seq --period` prints them after the values.
 *
 * Example: pattern_text(pattern) == "period: g(n + 12) = g(n) for n >= 71 (...), proven: ...\n"
 */
std::string pattern_text(const nlohmann::ordered_json& pattern);

}  // namespace tartan::present
