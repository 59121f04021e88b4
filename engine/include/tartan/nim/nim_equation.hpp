// Quadratic equations over a nim field as people type them: "x^2+x=5", "3*x^2 + 0x10*x + 7 = 0", "5y^2+y=2*y^2+9".
// The text is read into the coefficients of a·x^2 + b·x + c = 0 (every term moved to one side; in characteristic 2
// + and - are both the nim sum), which nim_solve_quadratic of <tartan/nim/field_nimber.hpp> solves.
//
// Grammar (spaces ignored):
//   equation := side '=' side
//   side     := ['+' | '-'] term (('+' | '-') term)*
//   term     := number ['*'] (number ['*'])* [variable ['^' d]] | variable ['^' d]
//   number   := decimal digits | '0x' or '0X' and hex digits       variable := 'x' | 'y'       d := 0 | 1 | 2
// Repeated terms add up (nim sum); numbers in one term multiply (nim product: "3*5*x" is (3⊗5)·x). One variable per
// equation; without one the equation is about x.
#pragma once

#include <string_view>

#include "tartan/nim/field_nimber.hpp"

namespace tartan {

/// a·v^2 + b·v + c = 0 in the variable v ('x' or 'y').
struct nim_quadratic_equation {
  field_nimber a, b, c;
  char variable = 'x';
};

/**
 * Reads `equation` (grammar above) with coefficients in GF(2^field_bits), field_bits a power of two from 1 to 65536.
 * Throws parse_error with one sentence naming the problem and the way to write it, e.g.
 * "the equation 'x^2+x' has no '='; write it like 'x^2+x=5' or 'A*x^2+B*x+C=0' with numbers in decimal or 0x-hex";
 * a coefficient too wide for the field is refused as field_nimber::parse does, `larger_field` ending its message.
 * Complexity: O(length of the text) plus one nim product per number.
 *
 * Example: parse_nim_quadratic("3*x^2 + 0x10*x + 7 = 0", 64) gives a = 3, b = 16, c = 7, variable 'x';
 *          parse_nim_quadratic("x^2 = x + 1", 8) gives a = b = c = 1
 */
nim_quadratic_equation parse_nim_quadratic(std::string_view equation, unsigned field_bits,
                                           std::string_view larger_field = "use a larger field");

}  // namespace tartan
