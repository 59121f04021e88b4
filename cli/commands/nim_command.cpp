// tartan nim mul/pow/add/inv/div/sqrt/square/table: nimber arithmetic from <tartan/nim/nimber.hpp>.
//
// Operands written with w are ordinals below ω^(ω^ω), computed and printed by nim_ordinal_command.cpp.
// Operands are decimal or 0x-hex below 2^64, or below 2^N with --bits N (8, 16, 32, 64, 128, ... 65536; see
// field_bits.hpp), read and computed as field_nimber (<tartan/nim/field_nimber.hpp>, which picks the arithmetic for
// the operands' width); results print in decimal (--hex: 0x-hex) or as JSON. `nim mul --batch`
// streams pairs from standard input through nim_mul_batch: input is read in 1 MiB blocks and parsed by hand, the
// products formatted into a large buffer, so a million pairs cost well under a second beyond the I/O.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands/commands.hpp"
#include "commands/nim_ordinal.hpp"
#include "input/field_bits.hpp"
#include "input/options.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/nim/field_nimber.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/present/json_output.hpp"

namespace tartan::cli {

namespace {

using json = nlohmann::ordered_json;  // keys in the order written: operation, operands, result
using u64 = std::uint64_t;

constexpr u64 max_table_size = 4096;  // 16.7 million products, about 85 MB of text: the largest table printed

struct output_options {
  bool hex = false;
  bool json = false;
  bool big_as_strings = false;
  std::string max_seconds;  // --max-seconds as typed: the time limit of ordinal operands
};

void add_output_flags(CLI::App* cmd, output_options& o, const char* json_help) {
  cmd->add_flag("--hex", o.hex, "Print numbers in hexadecimal (0x...)");
  cmd->add_flag("--json", o.json, json_help);
  add_big_as_strings_flag(cmd, o.big_as_strings);
}

// Appends v in decimal or 0x-hex to out.
void append_number(std::string& out, u64 v, bool hex) {
  char digits[24];
  if (hex) out += "0x";
  const auto end = std::to_chars(digits, digits + sizeof digits, v, hex ? 16 : 10).ptr;
  out.append(digits, end);
}

std::string format_number(u64 v, bool hex) {
  std::string s;
  append_number(s, v, hex);
  return s;
}

// A number in JSON: a number up to 64 bits (an array-free, exact JSON integer), else a decimal string; --hex makes
// every number a 0x string.
json json_number(const field_nimber& v, unsigned bits, bool hex) {
  if (hex) return to_string(v, true);
  if (bits <= 64 && v.fits_u64()) return v.to_u64();
  return to_string(v);
}

// Prints one result: the number alone, or {"operation", "operands", "result"} with --json ("bits" too when --bits is
// not 64).
void print_result(const std::string& operation, const std::vector<field_nimber>& operands, const field_nimber& result,
                  unsigned bits, const output_options& o) {
  check_big_as_strings(o.big_as_strings, o.json);
  if (o.json) {
    json ops = json::array();
    for (const field_nimber& v : operands) ops.push_back(json_number(v, bits, o.hex));
    json j{{"operation", operation}};
    if (bits != 64) j["bits"] = bits;
    j["operands"] = ops;
    j["result"] = json_number(result, bits, o.hex);
    std::cout << (o.big_as_strings ? big_integers_as_strings(j.dump()) : j.dump()) << '\n';
  } else {
    std::cout << to_string(result, o.hex) << '\n';
  }
}

// ---- tartan nim mul --batch ----------------------------------------------------------------------------------------

// Whitespace-separated tokens from standard input, read in large blocks, with the line of each token.
class token_reader {
 public:
  token_reader() : buffer_(block_size) {}

  /// The next token (valid until the next call), or nullopt at the end of the input.
  std::optional<std::string_view> next() {
    for (;;) {
      while (pos_ < end_ && is_space(buffer_[pos_])) {
        if (buffer_[pos_] == '\n') ++line_;
        ++pos_;
      }
      if (pos_ < end_) break;
      if (!refill(0)) return std::nullopt;
    }
    std::size_t stop = pos_;
    while (true) {
      while (stop < end_ && !is_space(buffer_[stop])) ++stop;
      if (stop < end_ || eof_) break;
      const std::size_t have = stop - pos_;  // the token runs into the next block: keep it and read on
      if (have > max_token) break;           // absurdly long: hand it over as it is, the parser rejects it
      const bool more = refill(have);
      stop = pos_ + have;
      if (!more) break;
    }
    const std::string_view token(buffer_.data() + pos_, stop - pos_);
    pos_ = stop;
    return token;
  }

  u64 line() const { return line_; }

 private:
  static constexpr std::size_t block_size = std::size_t{1} << 20;
  static constexpr std::size_t max_token = 4096;

  static bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

  // Moves the last `keep` bytes before end_ to the front and reads more after them.
  bool refill(std::size_t keep) {
    if (eof_) return false;
    std::copy(buffer_.begin() + static_cast<std::ptrdiff_t>(end_ - keep),
              buffer_.begin() + static_cast<std::ptrdiff_t>(end_), buffer_.begin());
    if (buffer_.size() < keep + block_size) buffer_.resize(keep + block_size);
    const std::size_t got = std::fread(buffer_.data() + keep, 1, buffer_.size() - keep, stdin);
    if (got == 0) eof_ = true;
    pos_ = 0;
    end_ = keep + got;
    return got != 0;
  }

  std::vector<char> buffer_;
  std::size_t pos_ = 0, end_ = 0;
  bool eof_ = false;
  u64 line_ = 1;
};

// Fast path for the common token: plain decimal or 0x-hex that fits in 64 bits. Anything else goes to parse_u64,
// which gives the message.
bool parse_fast(std::string_view t, u64& value) {
  int base = 10;
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
    base = 16;
    t.remove_prefix(2);
  }
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value, base);
  return ec == std::errc() && end == t.data() + t.size() && !t.empty() && t.front() != '-' && t.front() != '+';
}

u64 parse_token(std::string_view token, u64 line, u64 pair, char which) {
  u64 value = 0;
  if (parse_fast(token, value)) return value;
  return parse_u64(token, "line " + std::to_string(line) + ": " + which + " of pair " + std::to_string(pair));
}

// Reads pairs until the end of standard input and writes a⊗b per pair, one per line (or a JSON array), in chunks
// of 64 Ki pairs. Products of the pairs before a bad token are written before the error.
void run_batch(const output_options& o) {
  check_big_as_strings(o.big_as_strings, o.json);
  constexpr std::size_t chunk = std::size_t{1} << 16;
  token_reader reader;
  std::vector<u64> a, b, product(chunk);
  a.reserve(chunk);
  b.reserve(chunk);
  std::string out;
  out.reserve(chunk * 24);
  bool first = true;
  u64 pairs = 0;
  if (o.json) out += '[';
  const auto flush_chunk = [&] {
    const std::size_t n = a.size();
    nim_mul_batch(std::span<const u64>(a.data(), n), std::span<const u64>(b.data(), n),
                  std::span<u64>(product.data(), n));
    for (std::size_t i = 0; i < n; ++i) {
      if (o.json) {
        if (!first) out += ',';
        const bool quoted = o.hex || (o.big_as_strings && product[i] > max_exact_json_integer);
        if (quoted) out += '"';
        append_number(out, product[i], o.hex);
        if (quoted) out += '"';
      } else {
        append_number(out, product[i], o.hex);
        out += '\n';
      }
      first = false;
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    out.clear();
    a.clear();
    b.clear();
  };
  while (const auto first_token = reader.next()) {
    ++pairs;
    a.push_back(parse_token(*first_token, reader.line(), pairs, 'A'));
    const u64 line_a = reader.line();
    const auto second = reader.next();
    if (!second) {
      a.pop_back();  // A without its B: the products before it are written, and nothing is made up for it
      flush_chunk();
      std::fflush(stdout);
      throw parse_error("line " + std::to_string(line_a) + ": the input ends after A of pair " + std::to_string(pairs) +
                        " without its B; give whitespace-separated pairs 'A B'");
    }
    b.push_back(parse_token(*second, reader.line(), pairs, 'B'));
    if (a.size() == chunk) flush_chunk();
  }
  flush_chunk();
  if (o.json) std::fputs("]\n", stdout);
  std::fflush(stdout);
}

// ---- tartan nim table N --------------------------------------------------------------------------------------------

void run_table(u64 n, const output_options& o) {
  std::vector<u64> column(n), row(n), product(n);
  for (u64 j = 0; j < n; ++j) column[j] = j;
  if (o.json) {
    std::string out = "[";
    for (u64 i = 0; i < n; ++i) {
      std::fill(row.begin(), row.end(), i);
      nim_mul_batch(row, column, product);
      out += i == 0 ? "[" : ",\n[";
      for (u64 j = 0; j < n; ++j) {
        if (j) out += ',';
        if (o.hex) out += '"';
        append_number(out, product[j], o.hex);
        if (o.hex) out += '"';
      }
      out += ']';
      if (out.size() > (std::size_t{1} << 20)) {
        std::fwrite(out.data(), 1, out.size(), stdout);
        out.clear();
      }
    }
    out += "]\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
    return;
  }
  // Plain text: the products of values below n stay below the least 2^(2^k) >= n, so that bounds the width.
  u64 bound = 2;
  while (bound < n) bound = bound >= (u64{1} << 32) ? ~u64{0} : bound * bound;
  const std::size_t width = std::max(format_number(bound - 1, o.hex).size(), format_number(n - 1, o.hex).size());
  const auto cell = [&](std::string& out, u64 v) {
    const std::string s = format_number(v, o.hex);
    out.append(width + 1 - s.size(), ' ');
    out += s;
  };
  std::string out;
  out.append(width + 2, ' ');
  out += '|';
  for (u64 j = 0; j < n; ++j) cell(out, j);
  out += '\n';
  out.append(width + 2, '-');
  out += '+';
  out.append((width + 1) * n, '-');
  out += '\n';
  for (u64 i = 0; i < n; ++i) {
    std::fill(row.begin(), row.end(), i);
    nim_mul_batch(row, column, product);
    cell(out, i);
    out += " |";
    for (u64 j = 0; j < n; ++j) cell(out, product[j]);
    out += '\n';
    if (out.size() > (std::size_t{1} << 20)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
}

// ---- the subcommands -----------------------------------------------------------------------------------------------

// A subcommand with positional operands, each parsed under its name ("operand A", "exponent E").
struct operand_spec {
  const char* name;   // as shown in --help
  const char* label;  // as named in error messages
  const char* help;
  bool exponent = false;  // an integer, not a nimber: any 64-bit value whatever --bits (wider with wider --bits)
};

// The operation on the operands read.
using operation = field_nimber (*)(const std::vector<field_nimber>&);

std::string operand_help(const char* help) {
  return std::string(help) + ", decimal or 0x-hex below 2^N (--bits N), or an ordinal such as 'w^w + 1'";
}

void add_bits_option(CLI::App* cmd, unsigned& bits) {
  cmd->add_option("--bits", bits,
                  "Field size N: values are nimbers below 2^N, N a power of two from 8 to 65536 (default 64)");
}

// Parses the operands for a field of `bits` bits and applies the operation.
field_nimber compute(const std::vector<operand_spec>& specs, const std::vector<std::string>& texts, unsigned bits,
                     operation op, std::vector<field_nimber>& operands) {
  check_field_bits(bits);
  operands.clear();
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].exponent && bits <= 64) {
      operands.emplace_back(parse_u64(texts[i], specs[i].label));
    } else {
      operands.push_back(field_nimber::parse(texts[i], bits, specs[i].label, "use a larger --bits"));
    }
  }
  return op(operands);
}

/// Runs the operation on ordinals when an operand is written with w (nim_ordinal.hpp); false when all are numbers.
bool run_as_ordinals(const std::string& operation, const std::vector<operand_spec>& specs,
                     const std::vector<std::string>& texts, const output_options& o, const CLI::App& cmd) {
  bool ordinal = false;
  for (std::size_t i = 0; i < specs.size(); ++i) ordinal = ordinal || (!specs[i].exponent && is_ordinal_text(texts[i]));
  if (!ordinal) return false;
  std::vector<ordinal_operand> operands;
  for (std::size_t i = 0; i < specs.size(); ++i) operands.push_back({texts[i], specs[i].label, specs[i].exponent});
  run_ordinal_operation(
      operation, operands,
      {o.json, o.big_as_strings, o.hex, cmd.count("--bits") > 0, max_seconds_limit(cmd, o.max_seconds)});
  return true;
}

void add_operation(CLI::App* nim, const char* name, const char* help, std::vector<operand_spec> specs, operation op) {
  CLI::App* cmd = nim->add_subcommand(name, help);
  auto o = std::make_shared<output_options>();
  auto bits = std::make_shared<unsigned>(64);
  auto texts = std::make_shared<std::vector<std::string>>(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    cmd->add_option(specs[i].name, (*texts)[i], operand_help(specs[i].help))->required();
  }
  add_bits_option(cmd, *bits);
  add_output_flags(cmd, *o, "Print {\"operation\", \"operands\", \"result\"} as JSON");
  add_max_seconds_option(cmd, o->max_seconds, ordinal_seconds_help);
  cmd->callback([o, bits, texts, specs, op, cmd, op_name = std::string(name)] {
    refuse_empty_values(*cmd);
    if (run_as_ordinals(op_name, specs, *texts, *o, *cmd)) return;
    std::vector<field_nimber> operands;
    const field_nimber result = compute(specs, *texts, *bits, op, operands);
    print_result(op_name, operands, result, *bits, *o);
  });
}

void add_mul(CLI::App* nim) {
  CLI::App* cmd = nim->add_subcommand(
      "mul", "Nim product A⊗B; with --batch, the products of the pairs 'A B' read from standard input");
  auto o = std::make_shared<output_options>();
  auto a = std::make_shared<std::string>(), b = std::make_shared<std::string>();
  auto batch = std::make_shared<bool>(false);
  auto bits = std::make_shared<unsigned>(64);
  cmd->add_option("A", *a, operand_help("First factor"));
  cmd->add_option("B", *b, operand_help("Second factor"));
  cmd->add_flag("--batch", *batch,
                "Read whitespace-separated pairs A B (below 2^64) from standard input until its end; print one "
                "product per line");
  add_bits_option(cmd, *bits);
  add_output_flags(cmd, *o, "Print {\"operation\", \"operands\", \"result\"} as JSON (with --batch: an array)");
  add_max_seconds_option(cmd, o->max_seconds, ordinal_seconds_help);
  cmd->callback([o, a, b, batch, bits, cmd] {
    refuse_empty_values(*cmd);
    const bool has_a = cmd->count("A") > 0, has_b = cmd->count("B") > 0;
    if (*batch) {
      if (has_a || has_b) {
        throw parse_error("--batch reads the pairs from standard input; give no operands on the command line");
      }
      if (cmd->count("--bits") > 0 && *bits != 64) {
        throw parse_error("--batch multiplies nimbers below 2^64; leave out --bits " + std::to_string(*bits) +
                          ", or multiply wider nimbers one pair at a time ('tartan nim mul A B --bits " +
                          std::to_string(*bits) + "')");
      }
      run_batch(*o);
      return;
    }
    if (!has_a || !has_b) {
      throw parse_error(std::string("missing operand ") + (has_a ? "B" : "A") +
                        "; type two factors, e.g. 'tartan nim mul 2 3', or use --batch");
    }
    static const std::vector<operand_spec> specs{{"A", "operand A", ""}, {"B", "operand B", ""}};
    if (run_as_ordinals("mul", specs, {*a, *b}, *o, *cmd)) return;
    std::vector<field_nimber> operands;
    const field_nimber result = compute(
        specs, {*a, *b}, *bits, [](const std::vector<field_nimber>& v) { return v[0] * v[1]; }, operands);
    print_result("mul", operands, result, *bits, *o);
  });
}

void add_table(CLI::App* nim) {
  CLI::App* cmd = nim->add_subcommand("table",
                                      "The N×N nim product table of 0 .. N-1, aligned, with a header row "
                                      "and column; --json gives an array of rows");
  auto o = std::make_shared<output_options>();
  auto n_text = std::make_shared<std::string>();
  cmd->add_option("N", *n_text, "Table size, 1 to " + std::to_string(max_table_size))->required();
  cmd->add_flag("--hex", o->hex, "Print the values in hexadecimal (0x...)");
  cmd->add_flag("--json", o->json, "Print a JSON array of N rows of N products");
  add_big_as_strings_flag(cmd, o->big_as_strings);
  cmd->callback([o, n_text] {
    check_big_as_strings(o->big_as_strings, o->json);  // the products of a table below 4096 are below 8192
    const u64 n = parse_u64(*n_text, "table size N");
    if (n == 0) throw parse_error("table size N: 0 gives an empty table; type a size from 1 to 4096");
    if (n > max_table_size) {
      throw limit_error("table size N: " + std::to_string(n) + " is too large to print (" + std::to_string(n) + "^2 " +
                        "products); type a size from 1 to " + std::to_string(max_table_size) +
                        ", or use 'tartan nim mul --batch' for chosen products");
    }
    run_table(n, *o);
  });
}

}  // namespace

void add_nim_command(CLI::App& app, run_state& state) {
  static_cast<void>(state);  // every outcome here is a result (exit 0) or an error (exit 2, from main)
  CLI::App* nim = app.add_subcommand("nim",
                                     "Nimber arithmetic: products, powers, inverses, square roots, tables "
                                     "(operands decimal or 0x-hex below 2^64, or 2^N with --bits N, or ordinals below "
                                     "w^(w^w) such as 'w^w + 1')");
  nim->require_subcommand(1);
  add_mul(nim);
  add_operation(nim, "pow", "Nim power X^E = X⊗X⊗...⊗X (E factors; X^0 = 1)",
                {{"X", "operand X", "Base"}, {"E", "exponent E", "Exponent (an integer)", true}},
                [](const std::vector<field_nimber>& v) { return v[0].pow(v[1].words()); });
  add_operation(nim, "add", "Nim sum A⊕B (XOR for numbers; for ordinals the sum of the coefficients of equal powers)",
                {{"A", "operand A", "First term"}, {"B", "operand B", "Second term"}},
                [](const std::vector<field_nimber>& v) { return v[0] + v[1]; });
  add_operation(nim, "inv", "Nim inverse: the Y with X⊗Y = 1 (X non-zero)", {{"X", "operand X", "Non-zero value"}},
                [](const std::vector<field_nimber>& v) { return v[0].inv(); });
  add_operation(nim, "div", "Nim quotient A⊗inv(B) (B non-zero)",
                {{"A", "operand A", "Dividend"}, {"B", "operand B", "Non-zero divisor"}},
                [](const std::vector<field_nimber>& v) { return v[0] / v[1]; });
  add_operation(nim, "sqrt", "Nim square root: the unique Y with Y⊗Y = X", {{"X", "operand X", "Value"}},
                [](const std::vector<field_nimber>& v) { return v[0].sqrt(); });
  add_operation(nim, "square", "Nim square X⊗X", {{"X", "operand X", "Value"}},
                [](const std::vector<field_nimber>& v) { return v[0].square(); });
  add_table(nim);
}

}  // namespace tartan::cli
