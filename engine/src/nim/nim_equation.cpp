// The quadratic-equation reader of nim_equation.hpp: a hand-written scanner over the text with spaces removed.
#include "tartan/nim/nim_equation.hpp"

#include <cctype>
#include <string>

#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"

namespace tartan {

namespace {

[[noreturn]] void equation_error(std::string_view equation, const std::string& problem) {
  throw parse_error("the equation " + tartan::quote_typed(equation) + " " + problem +
                    "; write it like 'x^2+x=5' or 'A*x^2+B*x+C=0' with numbers in decimal or 0x-hex");
}

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

nim_quadratic_equation parse_nim_quadratic(std::string_view equation, unsigned field_bits,
                                           std::string_view larger_field) {
  std::string s;
  for (const char ch : equation) {
    if (!std::isspace(static_cast<unsigned char>(ch))) s += ch;
  }
  nim_quadratic_equation q;
  char variable = 0;
  if (s.find('=') == std::string::npos) equation_error(equation, "has no '='");
  if (s.find('=') != s.rfind('=')) equation_error(equation, "has more than one '='");
  std::size_t i = 0;
  while (true) {
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;  // an optional sign before the first term of a side
    // One term: its numbers, multiplied, then the variable and its power.
    field_nimber coefficient(1);
    bool has_number = false;
    unsigned degree = 0;
    while (i < s.size() && std::isalnum(static_cast<unsigned char>(s[i])) && s[i] != 'x' && s[i] != 'y') {
      std::size_t j = i;
      if (s.compare(i, 2, "0x") == 0 || s.compare(i, 2, "0X") == 0) {
        j += 2;
        while (j < s.size() && std::isxdigit(static_cast<unsigned char>(s[j]))) ++j;
      } else {
        while (j < s.size() && is_digit(s[j])) ++j;
      }
      if (j == i) equation_error(equation, "has an unexpected " + tartan::describe_typed_char(s, i));
      const std::string number = s.substr(i, j - i);
      coefficient *= field_nimber::parse(number, field_bits, "the coefficient " + number, larger_field);
      has_number = true;
      i = j;
      if (i < s.size() && s[i] == '*') ++i;
    }
    if (i < s.size() && (s[i] == 'x' || s[i] == 'y')) {
      if (variable != 0 && variable != s[i]) equation_error(equation, "uses two variables");
      variable = s[i];
      degree = 1;
      ++i;
      if (i < s.size() && s[i] == '^') {
        ++i;
        if (i >= s.size() || !is_digit(s[i])) equation_error(equation, "has '^' without a power after it");
        degree = static_cast<unsigned>(s[i] - '0');
        ++i;
        if (degree > 2 || (i < s.size() && is_digit(s[i]))) {
          equation_error(equation, "has a power above 2 (for x^3 = c use 'tartan nim cbrt C')");
        }
      }
    } else if (!has_number) {
      equation_error(equation, i < s.size() ? "has an unexpected " + tartan::describe_typed_char(s, i) : "ends early");
    } else if (s[i - 1] == '*') {
      equation_error(equation, "has a '*' with nothing after it");
    }
    (degree == 2 ? q.a : degree == 1 ? q.b : q.c) += coefficient;
    // What follows the term.
    if (i == s.size()) break;
    if (s[i] == '=') {
      ++i;
      if (i == s.size()) equation_error(equation, "has nothing after '='");
      continue;
    }
    if (s[i] == '+' || s[i] == '-') {
      ++i;
      if (i == s.size() || s[i] == '=' || s[i] == '+' || s[i] == '-') {
        equation_error(equation, "has a sign without a term");
      }
      continue;
    }
    equation_error(equation, "has an unexpected " + tartan::describe_typed_char(s, i));
  }
  q.variable = variable == 0 ? 'x' : variable;
  return q;
}

}  // namespace tartan
