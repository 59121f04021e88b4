// tartan nim log/order/primitive/trace/solve/cbrt/det/rank/inverse/kernel/solve-linear: the nim-field toolkit.
//
// Values are taken in the field GF(2^N) of --bits N (a power of two from 8 to 65536, default 64), read and computed
// as field_nimber (<tartan/nim/field_nimber.hpp>), equations read by <tartan/nim/nim_equation.hpp>. Logarithms,
// orders and primitive elements stop at 128 bits; matrices are over the nimbers below 2^64.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "commands/nim_ordinal.hpp"
#include "input/field_bits.hpp"
#include "input/file_input.hpp"
#include "input/interrupt.hpp"
#include "input/options.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/nim/field_nimber.hpp"
#include "tartan/nim/nim_equation.hpp"
#include "tartan/nim/nim_matrix.hpp"
#include "tartan/nim/nimber_wide.hpp"
#include "tartan/present/json_output.hpp"

namespace tartan::cli {

namespace {

using json = nlohmann::json;

struct field_options {
  unsigned bits = 64;
  bool hex = false;
  bool json = false;
  bool big_as_strings = false;    // --big-as-strings
  std::string max_memory;         // matrix commands: --max-memory as typed
  std::string max_seconds;        // order of an ordinal, matrix commands: --max-seconds as typed
  const CLI::App* cmd = nullptr;  // the subcommand, for options typed with an empty value and --max-memory
};

// Refuses options typed with an empty value (--bits "" would read as 0), then a --bits that is not a field size.
void check_options(const field_options& o) {
  if (o.cmd != nullptr) refuse_empty_values(*o.cmd);
  check_field_bits(o.bits);
  check_big_as_strings(o.big_as_strings, o.json);
}

// Refuses commands that have no implementation beyond `limit` bits.
void check_bits_at_most(const field_options& o, unsigned limit, const std::string& command, const std::string& why) {
  if (o.bits > limit) {
    throw limit_error("'tartan nim " + command + "' works with --bits up to " + std::to_string(limit) + ", not " +
                      std::to_string(o.bits) + ": " + why);
  }
}

std::string format_u64(std::uint64_t v, bool hex) { return format_wide_unsigned(std::span(&v, 1), hex); }

// JSON numbers for --bits 64 and less, strings (decimal, or 0x-hex with --hex) otherwise.
json json_number(const field_nimber& v, const field_options& o) {
  if (o.hex) return to_string(v, true);
  if (o.bits <= 64 && v.fits_u64()) return v.to_u64();
  return to_string(v);
}
json json_u64(std::uint64_t v, const field_options& o) { return json_number(field_nimber(v), o); }

// An order or a logarithm (below 2^128) as JSON and as text.
json json_u128(uint128 v, const field_options& o) { return json_number(field_nimber(nimber128(v)), o); }
std::string format_u128(uint128 v, bool hex) { return to_string(field_nimber(nimber128(v)), hex); }

// A value of the field of --bits, read as the command line types it. An ordinal is refused saying which commands
// take one, rather than as a number with a bad character.
field_nimber parse_value(const std::string& text, const field_options& o, const char* label) {
  if (is_ordinal_text(text)) {
    throw parse_error(std::string(label) + ": " + quote_typed(text) +
                      " is an ordinal, and this command computes in the field of finite nimbers (--bits); type a "
                      "number, or take the ordinal to nim mul, div, add, inv, sqrt, square, pow, order, degree or "
                      "minpoly");
  }
  return field_nimber::parse(text, o.bits, label, "use a larger --bits");
}

void print_json(const json& j, const field_options& o) {
  std::cout << (o.big_as_strings ? big_integers_as_strings(j.dump()) : j.dump()) << '\n';
}

/// A command's result: its JSON value and its text.
struct field_result {
  field_result() = default;
  field_result(json v, std::string t, std::string w = {})
      : value(std::move(v)), text(std::move(t)), why(std::move(w)) {}

  json value;
  std::string text;
  std::string why;  // set when there is no answer (JSON: the value null, "why" the reason)
};

/// "No answer" is an answer, not bad input, as for cbrt and solve: text "no logarithm: why", JSON null with "why",
/// exit 0. nim_log throws domain_error for non-zero operands only when X is not a power of BASE.
/// The engine's advice names the primitive element of its own field (GF(2^64) or GF(2^128)); the field of --bits
/// has its own, given here as `primitive`.
template <class Log>
field_result log_or_none(const field_nimber& x, const field_nimber& base, const std::string& primitive, Log log) {
  if (x.is_zero() || base.is_zero()) return log();  // 0 has no logarithm: bad input, refused by nim_log
  try {
    return log();
  } catch (const domain_error& e) {
    std::string why = e.what();
    why = why.substr(0, why.find("; use a base")) +
          "; use a base whose powers include it, such as the primitive element " + primitive;
    return field_result{nullptr, "no logarithm: " + why, why};
  }
}

/// An input of a command: the value typed, its name in messages ("X") and its JSON key ("x").
struct field_input {
  const std::string& text;
  const char* label;
  const char* key;
};

/**
 * Runs a command on values of the field of --bits: each input read with parse_value, then `compute` on the values
 * read, in order. Prints {"bits", each input under its key, `key`: the result} with --json, else the result's text.
 */
void run_field_command(const field_options& o, std::initializer_list<field_input> inputs, const char* key,
                       const std::function<field_result(const std::vector<field_nimber>&)>& compute) {
  json j{{"bits", o.bits}};
  std::vector<field_nimber> values;
  for (const field_input& in : inputs) {
    values.push_back(parse_value(in.text, o, in.label));
    j[in.key] = json_number(values.back(), o);
  }
  field_result result = compute(values);
  j[key] = std::move(result.value);
  if (!result.why.empty()) j["why"] = result.why;
  if (o.json)
    print_json(j, o);
  else
    std::cout << result.text << '\n';
}

std::string field_name(unsigned bits) { return "GF(2^" + std::to_string(bits) + ")"; }

// ---- matrices ------------------------------------------------------------------------------------------------------

/// Memory per byte of matrix text, bounded above: an entry takes at least two bytes ("1 ") and 8 as a nimber, and the
/// commands hold the text, the matrix and a working copy (inverse: an augmented one).
constexpr std::uint64_t matrix_bytes_per_input_byte = 16;

nim_matrix read_matrix(const std::string& file, const field_options& o, const std::string& command) {
  check_bits_at_most(o, 64, command, "matrices are over the nimbers below 2^64");
  const std::uint64_t limit = max_memory_limit(*o.cmd, o.max_memory);
  return parse_nim_matrix(read_input_text(file, "the matrix", matrix_bytes_per_input_byte, limit), field_max(o.bits));
}

std::string format_row(std::span<const std::uint64_t> row, bool hex) {
  std::string line;
  for (std::size_t i = 0; i < row.size(); ++i) line += (i ? " " : "") + format_u64(row[i], hex);
  return line;
}

json json_row(std::span<const std::uint64_t> row, const field_options& o) {
  json a = json::array();
  for (const std::uint64_t v : row) a.push_back(json_u64(v, o));
  return a;
}

// ---- the commands --------------------------------------------------------------------------------------------------

CLI::App* find_or_add_nim(CLI::App& app) {
  const std::function<bool(CLI::App*)> is_nim = [](CLI::App* sub) { return sub->get_name() == "nim"; };
  const auto found = app.get_subcommands(is_nim);
  if (!found.empty()) return found.front();
  CLI::App* nim = app.add_subcommand("nim", "Nimber arithmetic and the nim field GF(2^64) and wider");
  nim->require_subcommand(1);
  return nim;
}

/// --hex, --json and, with_bits, --bits N; `max_bits` is the widest field the command accepts (its help says so,
/// and check_bits_at_most refuses wider).
std::shared_ptr<field_options> add_field_options(CLI::App* cmd, bool with_bits = true, unsigned max_bits = 65536) {
  auto o = std::make_shared<field_options>();
  o->cmd = cmd;
  if (with_bits) {
    cmd->add_option("--bits", o->bits,
                    "Field size N: values are nimbers below 2^N, N a power of two from 8 to " +
                        std::to_string(max_bits) + " (default 64)")
        ->type_name("N");
  }
  cmd->add_flag("--hex", o->hex, "Print the results in hexadecimal (0x...)");
  cmd->add_flag("--json", o->json, "Print the result as JSON (numbers for --bits 64 or less, else strings)");
  add_big_as_strings_flag(cmd, o->big_as_strings);
  return o;
}

void add_log(CLI::App* nim) {
  auto* cmd = nim->add_subcommand("log", "Discrete logarithm: the least k >= 0 with BASE^k = X (nim powers)");
  auto o = add_field_options(cmd, true, 128);
  auto x = std::make_shared<std::string>(), base = std::make_shared<std::string>();
  cmd->add_option("X", *x, "The value, decimal or 0x-hex")->required();
  cmd->add_option("BASE", *base, "The base, decimal or 0x-hex")->required();
  cmd->callback([o, x, base] {
    check_options(*o);
    check_bits_at_most(*o, 128, "log",
                       "wider fields need logarithms in prime-order subgroups far too large for generic methods");
    run_field_command(*o, {{*x, "X", "x"}, {*base, "BASE", "base"}}, "log", [&](const std::vector<field_nimber>& v) {
      return log_or_none(v[0], v[1], to_string(field_nimber::primitive_element(o->bits), o->hex), [&] {
        const uint128 k = nim_log(v[0], v[1]);
        return field_result{json_u128(k, *o), format_u128(k, o->hex)};
      });
    });
  });
}

void add_order(CLI::App* nim) {
  auto* cmd = nim->add_subcommand("order", "Multiplicative order: the least k >= 1 with X^k = 1");
  auto o = add_field_options(cmd, true, 128);
  auto x = std::make_shared<std::string>();
  cmd->add_option("X", *x, "A non-zero value, decimal or 0x-hex, or an ordinal such as 'w + 1'")->required();
  add_max_seconds_option(cmd, o->max_seconds, ordinal_seconds_help);
  cmd->callback([o, x] {
    if (is_ordinal_text(*x)) {
      refuse_empty_values(*o->cmd);
      run_ordinal_order(*x, {o->json, o->big_as_strings, o->hex, o->cmd->count("--bits") > 0,
                             max_seconds_limit(*o->cmd, o->max_seconds)});
      return;
    }
    check_options(*o);
    check_bits_at_most(*o, 128, "order", "wider group orders 2^N - 1 have prime factors this tool does not tabulate");
    run_field_command(*o, {{*x, "X", "x"}}, "order", [&](const std::vector<field_nimber>& v) {
      const uint128 k = nim_order(v[0]);
      return field_result{json_u128(k, *o), format_u128(k, o->hex)};
    });
  });
}

void add_primitive(CLI::App* nim) {
  auto* cmd = nim->add_subcommand(
      "primitive", "The smallest primitive element of GF(2^N); with X, whether X is primitive (true or false)");
  auto o = add_field_options(cmd, true, 128);
  auto x = std::make_shared<std::string>();
  cmd->add_option("X", *x, "A value to test, decimal or 0x-hex");
  cmd->callback([o, x] {
    check_options(*o);
    check_bits_at_most(*o, 128, "primitive",
                       "testing a wider element needs the factorisation of 2^N - 1, which this tool does not hold");
    if (x->empty()) {
      run_field_command(*o, {}, "primitive_element", [&](const std::vector<field_nimber>&) {
        const field_nimber g = field_nimber::primitive_element(o->bits);
        return field_result{json_number(g, *o), to_string(g, o->hex)};
      });
      return;
    }
    run_field_command(*o, {{*x, "X", "x"}}, "primitive", [&](const std::vector<field_nimber>& v) {
      const bool primitive = nim_is_primitive(v[0], o->bits);
      return field_result{primitive, primitive ? "true" : "false"};
    });
  });
}

void add_trace(CLI::App* nim) {
  auto* cmd = nim->add_subcommand("trace", "Absolute trace of X down to GF(2): X + X^2 + X^4 + ... (0 or 1)");
  auto o = add_field_options(cmd);
  auto x = std::make_shared<std::string>();
  cmd->add_option("X", *x, "The value, decimal or 0x-hex")->required();
  cmd->callback([o, x] {
    check_options(*o);
    run_field_command(*o, {{*x, "X", "x"}}, "trace", [&](const std::vector<field_nimber>& v) {
      const unsigned t = nim_trace(v[0], o->bits);
      return field_result{t, std::to_string(t)};
    });
  });
}

void add_solve(CLI::App* nim) {
  auto* cmd = nim->add_subcommand(
      "solve", "Roots of a quadratic equation, e.g. 'x^2+x=5' or '3*x^2+0x10*x+7=0' (+ and - are both nim sum)");
  auto o = add_field_options(cmd);
  auto equation = std::make_shared<std::string>();
  cmd->add_option("EQUATION", *equation,
                  "Terms A*x^2, B*x and C on either side of '='; coefficients decimal or 0x-hex, '*' optional")
      ->required();
  cmd->callback([o, equation] {
    check_options(*o);
    const nim_quadratic_equation q = parse_nim_quadratic(*equation, o->bits, "use a larger --bits");
    const nim_quadratic_roots<field_nimber> r = nim_solve_quadratic(q.a, q.b, q.c, o->bits);
    const bool every = r.every_value;
    const std::vector<field_nimber>& roots = r.roots;
    // No root is an answer, not bad input: "no root" (JSON: "roots": [] with "why"), exit 0.
    std::string why;
    if (!every && roots.empty()) {
      const bool zero_a = q.a.is_zero();
      why = "the equation " + tartan::quote_typed(*equation) + " has no solution in " + field_name(o->bits) +
            (zero_a ? ": it reduces to 0 = C with C non-zero"
                    : ": with x = (B/A)*y it becomes y^2 + y = A*C/B^2, whose right side has trace 1; its roots lie "
                      "in the field of twice the size (try a larger --bits)");
    }
    if (o->json) {
      json j{{"bits", o->bits},           {"variable", std::string(1, q.variable)},
             {"a", json_number(q.a, *o)}, {"b", json_number(q.b, *o)},
             {"c", json_number(q.c, *o)}, {"every_value", every},
             {"roots", json::array()}};
      for (const auto& root : roots) j["roots"].push_back(json_number(root, *o));
      if (!why.empty()) j["why"] = why;
      print_json(j, *o);
    } else if (!why.empty()) {
      std::cout << "no root: " << why << '\n';
    } else if (every) {
      std::cout << "every " << q.variable << " in " << field_name(o->bits) << " is a root\n";
    } else {
      for (const auto& root : roots) std::cout << to_string(root, o->hex) << '\n';
    }
  });
}

void add_cbrt(CLI::App* nim) {
  auto* cmd = nim->add_subcommand("cbrt", "All cube roots of X (none, or three: r, 2r and 3r in nim products)");
  auto o = add_field_options(cmd);
  auto x = std::make_shared<std::string>();
  cmd->add_option("X", *x, "The value, decimal or 0x-hex")->required();
  cmd->callback([o, x] {
    check_options(*o);
    const field_nimber value = parse_value(*x, *o, "X");
    const std::vector<field_nimber> roots = nim_cube_roots(value, o->bits);
    // No cube root is an answer, not bad input: "no root" (JSON: "roots": [] with "why"), exit 0.
    const std::string why = roots.empty() ? to_string(value, o->hex) + " has no cube root in " + field_name(o->bits) +
                                                ": it is not a cube there (X^((2^" + std::to_string(o->bits) +
                                                " - 1)/3) is not 1)"
                                          : "";
    if (o->json) {
      json j{{"bits", o->bits}, {"x", json_number(value, *o)}, {"roots", json::array()}};
      for (const auto& root : roots) j["roots"].push_back(json_number(root, *o));
      if (!why.empty()) j["why"] = why;
      print_json(j, *o);
    } else if (!why.empty()) {
      std::cout << "no root: " << why << '\n';
    } else {
      for (const auto& root : roots) std::cout << to_string(root, o->hex) << '\n';
    }
  });
}

CLI::App* add_matrix_command(CLI::App* nim, const std::string& name, const std::string& help,
                             std::shared_ptr<field_options>& o, std::shared_ptr<std::string>& file) {
  auto* cmd = nim->add_subcommand(name, help);
  o = add_field_options(cmd, true, 64);
  file = std::make_shared<std::string>();
  cmd->add_option("FILE", *file,
                  "The matrix: whitespace-separated rows, one per line, entries decimal or 0x-hex ('#' starts a "
                  "comment); - for standard input")
      ->required();
  add_max_memory_option(cmd, o->max_memory, "Refuse matrix files needing more memory");
  add_max_seconds_option(cmd, o->max_seconds,
                         "Stop the elimination at the limit (seconds, e.g. 600; 0: no limit; default 60): it takes "
                         "about n^3/3 nim products for an n×n matrix of full rank");
  return cmd;
}

/// compute() within the matrix command's --max-seconds (within_time_limit), named by the command and FILE.
template <class Compute>
auto within_matrix_time_limit(const field_options& o, const std::string& command, const std::string& file,
                              Compute&& compute) {
  return within_time_limit(max_seconds_limit(*o.cmd, o.max_seconds),
                           "'tartan nim " + command + "' of " + input_name(file), std::forward<Compute>(compute));
}

void add_matrix_commands(CLI::App* nim) {
  std::shared_ptr<field_options> o;
  std::shared_ptr<std::string> file;

  CLI::App* cmd = add_matrix_command(nim, "det", "Determinant of a square matrix over GF(2^64)", o, file);
  cmd->callback([o, file] {
    check_options(*o);
    const nim_matrix m = read_matrix(*file, *o, "det");
    const std::uint64_t d = within_matrix_time_limit(*o, "det", *file, [&] { return determinant(m); });
    if (o->json)
      print_json({{"rows", m.rows()}, {"cols", m.cols()}, {"determinant", json_u64(d, *o)}}, *o);
    else
      std::cout << format_u64(d, o->hex) << '\n';
  });

  cmd = add_matrix_command(nim, "rank", "Rank of a matrix over GF(2^64)", o, file);
  cmd->callback([o, file] {
    check_options(*o);
    const nim_matrix m = read_matrix(*file, *o, "rank");
    const std::size_t r = within_matrix_time_limit(*o, "rank", *file, [&] { return rank(m); });
    if (o->json)
      print_json({{"rows", m.rows()}, {"cols", m.cols()}, {"rank", r}}, *o);
    else
      std::cout << r << '\n';
  });

  cmd = add_matrix_command(nim, "inverse", "Inverse of a square matrix over GF(2^64), one row per line", o, file);
  cmd->callback([o, file] {
    check_options(*o);
    const nim_matrix m = read_matrix(*file, *o, "inverse");
    const nim_matrix inv = within_matrix_time_limit(*o, "inverse", *file, [&] { return inverse(m); });
    if (o->json) {
      json rows = json::array();
      for (std::size_t i = 0; i < inv.rows(); ++i) rows.push_back(json_row(inv.row(i), *o));
      print_json({{"inverse", rows}}, *o);
    } else {
      for (std::size_t i = 0; i < inv.rows(); ++i) std::cout << format_row(inv.row(i), o->hex) << '\n';
    }
  });

  cmd =
      add_matrix_command(nim, "kernel", "A basis of the kernel {x : A*x = 0}: 'dimension K', then K vectors", o, file);
  cmd->callback([o, file] {
    check_options(*o);
    const nim_matrix m = read_matrix(*file, *o, "kernel");
    const auto basis = within_matrix_time_limit(*o, "kernel", *file, [&] { return kernel(m); });
    if (o->json) {
      json b = json::array();
      for (const auto& v : basis) b.push_back(json_row(v, *o));
      print_json({{"dimension", basis.size()}, {"basis", b}}, *o);
    } else {
      std::cout << "dimension " << basis.size() << '\n';
      for (const auto& v : basis) std::cout << format_row(v, o->hex) << '\n';
    }
  });

  cmd = add_matrix_command(nim, "solve-linear",
                           "Solve A*x = b; the file holds [A | b], b being the LAST column. Prints 'solution: x1 x2 "
                           "...', then 'kernel: v' for each kernel basis vector when the solution is not unique",
                           o, file);
  cmd->callback([o, file] {
    check_options(*o);
    const nim_matrix ab = read_matrix(*file, *o, "solve-linear");
    if (ab.cols() < 2) {
      throw parse_error("solve-linear needs at least two columns: the coefficients of A, then b as the last column");
    }
    nim_matrix a(ab.rows(), ab.cols() - 1);
    std::vector<std::uint64_t> b(ab.rows());
    for (std::size_t i = 0; i < ab.rows(); ++i) {
      std::copy_n(ab.row(i).begin(), a.cols(), a.row(i).begin());
      b[i] = ab(i, a.cols());
    }
    // An inconsistent system is an answer, not bad input (solve_linear's one domain_error): "no solution: why",
    // JSON {"solution": null, "why"}, exit 0, as for cbrt and solve.
    nim_linear_solution s;
    try {
      s = within_matrix_time_limit(*o, "solve-linear", *file, [&] { return solve_linear(a, b); });
    } catch (const domain_error& e) {
      std::string why = e.what();
      const std::string prefix = "the system has no solution: ";
      if (why.rfind(prefix, 0) == 0) why.erase(0, prefix.size());
      if (o->json) {
        print_json({{"solution", nullptr}, {"kernel", json::array()}, {"unique", false}, {"why", why}}, *o);
      } else {
        std::cout << "no solution: " << why << '\n';
      }
      return;
    }
    if (o->json) {
      json k = json::array();
      for (const auto& v : s.kernel) k.push_back(json_row(v, *o));
      print_json({{"solution", json_row(s.solution, *o)}, {"kernel", k}, {"unique", s.unique()}}, *o);
    } else {
      std::cout << "solution: " << format_row(s.solution, o->hex) << '\n';
      for (const auto& v : s.kernel) std::cout << "kernel: " << format_row(v, o->hex) << '\n';
    }
  });
}

}  // namespace

void add_nim_field_commands(CLI::App& app, run_state& state) {
  static_cast<void>(state);  // every failure here is an exception: main prints it and exits 2
  CLI::App* nim = find_or_add_nim(app);
  add_log(nim);
  add_order(nim);
  add_primitive(nim);
  add_trace(nim);
  add_solve(nim);
  add_cbrt(nim);
  add_matrix_commands(nim);
}

}  // namespace tartan::cli
