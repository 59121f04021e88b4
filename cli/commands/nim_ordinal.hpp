// The nim commands on ordinals below ω^(ω^ω) (<tartan/nim/ordinal_nimber.hpp>): `tartan nim mul/div/add/inv/sqrt/
// square/pow/order` take an operand written with w (or ω) as an ordinal and print in the same notation, and
// `tartan nim alpha/degree/minpoly` (nim_ordinal_command.cpp) are the ordinals' own. The operations are the engine's;
// this file reads, checks the options that do not apply to ordinals, and prints text or JSON.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tartan::cli {

/// Whether an operand is written in the ordinal notation (it has a w or an ω), so that the command computes with
/// ordinals rather than with the finite nimbers of --bits.
bool is_ordinal_text(std::string_view text);

/// An operand as typed, its name in messages ("operand A") and whether it is an integer exponent (nim pow's E).
struct ordinal_operand {
  std::string text;
  std::string label;
  bool exponent = false;
};

/// The output options of a nim command, whether --bits and --hex were given (ordinals refuse both), and the time
/// limit (--max-seconds; 0: none) within which the tower fields of the ordinals compute.
struct ordinal_print_options {
  bool json = false;
  bool big_as_strings = false;
  bool hex = false;
  bool bits_given = false;
  double max_seconds = 0;
};

/// The help of --max-seconds for the nim commands that compute with ordinals.
inline constexpr const char* ordinal_seconds_help =
    "Stop computing with ordinals at the limit (seconds, e.g. 600; 0: no limit; default 60): their fields grow to "
    "millions of nimbers, where an inverse or a degree takes minutes";

/**
 * Computes `operation` (mul, div, add, inv, sqrt, square, pow) on ordinal operands and prints the result: its
 * notation, or with --json {"operation", "operands", "result"}, each ordinal {"text", "terms": [{"exponent":
 * [{"power", "coefficient"}], "coefficient"}]} with integers exact (numbers up to 2^64 - 1, decimal strings beyond;
 * --big-as-strings from 2^53).
 */
void run_ordinal_operation(const std::string& operation, const std::vector<ordinal_operand>& operands,
                           const ordinal_print_options& o);

/// `tartan nim order X` for an ordinal X: its multiplicative order (text, or {"x", "order"}).
void run_ordinal_order(const std::string& x, const ordinal_print_options& o);

}  // namespace tartan::cli
