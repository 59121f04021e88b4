// The ordinal notation: reading (ordinal_nimber::parse) and printing (to_string). Grammar (spaces between tokens are
// ignored; W is 'w' or 'ω'; numbers are decimal or 0x-hex):
//   ordinal  := '0' | term ('+' term)*                 terms from the highest power down, each power once
//   term     := number | W ['^' exponent] [coef]       number: a finite term; W: ω^1
//   coef     := '*' number | number                    ω^e·c, written after the power (3·ω is ω as an ordinal)
//   exponent := number | W | '(' eterm ('+' eterm)* ')'
//   eterm    := number | W ['^' number] [coef]         ω^k·a, again from the highest power down
// A parse is one pass with no backtracking: O(length of the text), plus the base-p digits of each exponent.
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/nim/lenstra.hpp"
#include "tartan/nim/nimber_wide.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace tartan {

namespace {

constexpr std::string_view example = "type an ordinal such as w^(w^2+1)*3 + w + 5";

class ordinal_parser {
 public:
  ordinal_parser(std::string_view text, std::string_view what) : text_(text), what_(what) {}

  ordinal_nimber parse() {
    skip_spaces();
    if (at_ == text_.size()) fail("is empty", example);
    // A lone 0 is the zero ordinal.
    {
      const std::size_t start = at_;
      if (peek_digit()) {
        const std::string_view n = number_text();
        skip_spaces();
        if (at_ == text_.size() && field_nimber::parse(n, max_nim_field_bits, what_).is_zero()) return {};
      }
      at_ = start;
    }
    std::vector<parsed_term> terms;
    for (;;) {
      terms.push_back(term());
      skip_spaces();
      if (at_ == text_.size()) break;
      if (text_[at_] != '+') unexpected("after a term", "join terms with '+'");
      ++at_;
    }
    // Cantor normal form: exponents strictly descending.
    for (std::size_t i = 1; i < terms.size(); ++i) {
      const auto order = compare_exponents(terms[i - 1].exponent, terms[i].exponent);
      if (order == 0) {
        fail("repeats the power " + terms[i].shown,
             "write each power of w once, with its coefficient (as an ordinal, w + w is w*2)");
      }
      if (order < 0) {
        fail("has the term " + terms[i].shown + " after the smaller " + terms[i - 1].shown,
             "write the terms from the highest power of w down (as an ordinal, 1 + w is w)");
      }
    }
    std::vector<ordinal_term> out;
    for (parsed_term& t : terms) out.push_back(ordinal_term{std::move(t.exponent), std::move(t.coefficient)});
    return ordinal_nimber::from_terms(out);
  }

 private:
  struct parsed_term {
    std::vector<ordinal_exponent_term> exponent;  // descending powers
    field_nimber coefficient;
    std::string shown;  // the term as typed, for messages
  };

  [[noreturn]] void fail(const std::string& problem, std::string_view advice) const {
    throw parse_error(std::string(what_) + ": " + quote_typed(text_) + " " + problem + "; " + std::string(advice));
  }

  [[noreturn]] void unexpected(const std::string& where, std::string_view advice) const {
    if (at_ == text_.size()) fail("ends " + where, advice);
    fail("has " + describe_typed_char(text_, at_) + " " + where + " (position " + std::to_string(at_ + 1) + ")",
         advice);
  }

  void skip_spaces() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t')) ++at_;
  }
  bool peek_digit() const { return at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9'; }
  bool peek_omega() const {
    if (at_ < text_.size() && text_[at_] == 'w') return true;
    return text_.substr(at_, 2) == "\xcf\x89";  // ω
  }
  void take_omega() { at_ += text_[at_] == 'w' ? 1 : 2; }

  /// Decimal digits, or 0x and hex digits.
  std::string_view number_text() {
    const std::size_t start = at_;
    if (text_.substr(at_, 2) == "0x" || text_.substr(at_, 2) == "0X") {
      at_ += 2;
      while (at_ < text_.size() && std::isxdigit(static_cast<unsigned char>(text_[at_]))) ++at_;
    } else {
      while (peek_digit()) ++at_;
    }
    return text_.substr(start, at_ - start);
  }

  /// The number the text is at: a finite nimber (a coefficient).
  field_nimber coefficient(std::string_view context) {
    const std::string_view n = number_text();
    field_nimber c =
        field_nimber::parse(n, max_nim_field_bits,
                            std::string(what_) + ": the coefficient '" + std::string(n) + "' " + std::string(context));
    if (c.is_zero()) {
      fail("has the coefficient 0 " + std::string(context), "leave the term out (CNF coefficients are 1 or more)");
    }
    return c;
  }

  /// A number in an exponent (a coefficient a_k, below 2^4096).
  std::vector<std::uint64_t> exponent_number() {
    const std::string_view n = number_text();
    std::vector<std::uint64_t> a =
        parse_wide_unsigned(n, max_ordinal_exponent_bits, std::string(what_) + ": the exponent's number");
    while (a.size() > 1 && a.back() == 0) a.pop_back();
    return a;
  }

  /// A coefficient after a power, if any: '*' number, or a number right after it.
  field_nimber optional_coefficient(const std::string& of) {
    skip_spaces();
    if (at_ < text_.size() && text_[at_] == '*') {
      ++at_;
      skip_spaces();
      if (!peek_digit()) unexpected("after '*'", "write the finite coefficient after '*', as in w^2*3");
      return coefficient("of " + of);
    }
    if (peek_digit()) return coefficient("of " + of);
    return field_nimber(1);
  }

  /// Refuses a coefficient written before w (3w, 3*w).
  void refuse_coefficient_first(std::string_view number) {
    const std::size_t save = at_;
    skip_spaces();
    if (at_ < text_.size() && text_[at_] == '*') {
      ++at_;
      skip_spaces();
    }
    if (peek_omega()) {
      fail("puts the coefficient " + std::string(number) + " before w", "write it after the power, as in w*" +
                                                                            std::string(number) + " (the ordinal " +
                                                                            std::string(number) + "·w is w itself)");
    }
    at_ = save;
  }

  parsed_term term() {
    skip_spaces();
    const std::size_t start = at_;
    parsed_term t;
    if (peek_digit()) {
      const std::string_view n = number_text();
      refuse_coefficient_first(n);
      t.coefficient =
          field_nimber::parse(n, max_nim_field_bits, std::string(what_) + ": the term '" + std::string(n) + "'");
      if (t.coefficient.is_zero()) fail("has a term 0", "leave it out");
    } else if (peek_omega()) {
      take_omega();
      skip_spaces();
      if (at_ < text_.size() && text_[at_] == '^') {
        ++at_;
        skip_spaces();
        const bool bare_omega = peek_omega();
        t.exponent = exponent();
        if (bare_omega && peek_digit()) {
          fail("has a number right after 'w^w' (position " + std::to_string(at_ + 1) + ")",
               "write w^w*" + std::string(1, text_[at_]) + " for the coefficient or w^(w*" +
                   std::string(1, text_[at_]) + ") for the exponent");
        }
        skip_spaces();
        if (at_ < text_.size() && text_[at_] == '^') {
          unexpected("after an exponent", "put a tower of powers in parentheses, as in w^(w^2)");
        }
      } else {
        t.exponent.push_back(ordinal_exponent_term{0, {1}});
      }
      t.coefficient = optional_coefficient("a power of w");
      skip_spaces();
      if (peek_omega()) unexpected("after a term", "join terms with '+'; a term is one power of w times a number");
    } else {
      unexpected("where a term should be", example);
    }
    t.shown = quote_typed(trim(text_.substr(start, at_ - start)));
    return t;
  }

  static std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
  }

  std::vector<ordinal_exponent_term> exponent() {
    if (peek_digit()) {
      std::vector<std::uint64_t> a = exponent_number();
      if (a.size() == 1 && a[0] == 0) return {};
      return {ordinal_exponent_term{0, std::move(a)}};
    }
    if (peek_omega()) {
      take_omega();
      return {ordinal_exponent_term{1, {1}}};
    }
    if (at_ < text_.size() && text_[at_] == '(') {
      ++at_;
      std::vector<ordinal_exponent_term> terms;
      std::vector<std::string> shown;
      for (;;) {
        skip_spaces();
        const std::size_t start = at_;
        ordinal_exponent_term t = exponent_term();
        if (t.coefficient.size() == 1 && t.coefficient[0] == 0) {  // w^(0) is w^0; a term 0 in a sum is not CNF
          skip_spaces();
          if (terms.empty() && at_ < text_.size() && text_[at_] == ')') {
            ++at_;
            return {};
          }
          fail("has a term 0 in an exponent", "leave it out");
        }
        shown.push_back(quote_typed(trim(text_.substr(start, at_ - start))));
        if (!terms.empty()) {
          if (t.power == terms.back().power) {
            fail("repeats the power " + shown.back() + " in an exponent",
                 "write each power of w once, with its coefficient (as an ordinal, w + w is w*2)");
          }
          if (t.power > terms.back().power) {
            fail("has the term " + shown.back() + " after the smaller " + shown[shown.size() - 2] + " in an exponent",
                 "write the exponent's terms from the highest power of w down (as an ordinal, 1 + w is w)");
          }
        }
        terms.push_back(std::move(t));
        skip_spaces();
        if (at_ < text_.size() && text_[at_] == '+') {
          ++at_;
          continue;
        }
        if (at_ < text_.size() && text_[at_] == ')') {
          ++at_;
          break;
        }
        unexpected("in an exponent", "close the exponent with ')', as in w^(w^2+1)");
      }
      return terms;
    }
    unexpected("where an exponent should be", "write the exponent after '^': a number, w, or a sum in parentheses");
  }

  ordinal_exponent_term exponent_term() {
    if (peek_digit()) {
      const std::string_view n = number_text();
      refuse_coefficient_first(n);
      at_ -= n.size();
      return ordinal_exponent_term{0, exponent_number()};
    }
    if (!peek_omega()) unexpected("where an exponent's term should be", "write terms such as w^2*3, w or 5");
    take_omega();
    skip_spaces();
    ordinal_exponent_term t{1, {1}};
    if (at_ < text_.size() && text_[at_] == '^') {
      ++at_;
      skip_spaces();
      if (!peek_digit()) {
        unexpected("after 'w^' in an exponent",
                   "the exponent's powers are numbers (w^2); ordinals from w^(w^w) on are beyond tartan's range, "
                   "which is below w^(w^w)");
      }
      const std::string_view n = number_text();
      const std::uint64_t k = parse_u64(n, std::string(what_) + ": the power of w in an exponent");
      if (k > 1000000) {
        fail("has the power w^" + std::string(n) + " in an exponent",
             "use a power below w^(w^" + std::to_string(lenstra_table::builtin().size()) + ")");
      }
      t.power = static_cast<unsigned>(k);
      skip_spaces();
      if (at_ < text_.size() && text_[at_] == '^') {
        unexpected("in an exponent", "ordinals from w^(w^w) on are beyond tartan's range, which is below w^(w^w)");
      }
    }
    skip_spaces();
    if (at_ < text_.size() && text_[at_] == '*') {
      ++at_;
      skip_spaces();
      if (!peek_digit()) unexpected("after '*' in an exponent", "write the coefficient after '*', as in w^2*3");
      t.coefficient = exponent_number();
    } else if (peek_digit()) {
      t.coefficient = exponent_number();
    }
    if (t.coefficient.size() == 1 && t.coefficient[0] == 0) {
      fail("has the coefficient 0 in an exponent", "leave the term out (CNF coefficients are 1 or more)");
    }
    return t;
  }

  /// The order of two exponents (descending term lists): -1, 0 or 1.
  static int compare_exponents(const std::vector<ordinal_exponent_term>& a,
                               const std::vector<ordinal_exponent_term>& b) {
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
      if (a[i].power != b[i].power) return a[i].power < b[i].power ? -1 : 1;
      const int c = compare_words(a[i].coefficient, b[i].coefficient);
      if (c != 0) return c;
    }
    return a.size() == b.size() ? 0 : a.size() < b.size() ? -1 : 1;
  }

  static int compare_words(std::vector<std::uint64_t> a, std::vector<std::uint64_t> b) {
    while (a.size() > 1 && a.back() == 0) a.pop_back();
    while (b.size() > 1 && b.back() == 0) b.pop_back();
    if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
    for (std::size_t i = a.size(); i-- > 0;)
      if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
  }

  std::string_view text_;
  std::string_view what_;
  std::size_t at_ = 0;
};

bool is_one(const std::vector<std::uint64_t>& a) { return a.size() == 1 && a[0] == 1; }

/// An exponent's term: w^k*a with the parts that are 1 left out.
std::string exponent_term_text(const ordinal_exponent_term& t) {
  const std::string a = format_wide_unsigned(t.coefficient);
  if (t.power == 0) return a;
  std::string s = t.power == 1 ? "w" : "w^" + std::to_string(t.power);
  if (!is_one(t.coefficient)) s += "*" + a;
  return s;
}

}  // namespace

ordinal_nimber ordinal_nimber::parse(std::string_view text, std::string_view what) {
  return ordinal_parser(text, what).parse();
}

std::string to_string(const ordinal_nimber& x) {
  if (x.is_zero()) return "0";
  std::string out;
  for (const ordinal_term& t : x.terms()) {
    if (!out.empty()) out += " + ";
    const std::string c = to_string(t.coefficient);
    if (t.exponent.empty()) {
      out += c;
      continue;
    }
    out += "w";
    const bool one = t.exponent.size() == 1 && t.exponent[0].power == 0 && is_one(t.exponent[0].coefficient);
    if (!one) {
      out += "^";
      if (t.exponent.size() == 1 && t.exponent[0].power == 0) {
        out += format_wide_unsigned(t.exponent[0].coefficient);  // w^3
      } else if (t.exponent.size() == 1 && t.exponent[0].power == 1 && is_one(t.exponent[0].coefficient)) {
        out += "w";  // w^w
      } else {
        out += "(";
        for (std::size_t i = 0; i < t.exponent.size(); ++i) {
          if (i > 0) out += "+";
          out += exponent_term_text(t.exponent[i]);
        }
        out += ")";
      }
    }
    if (!(t.coefficient == field_nimber(1))) out += "*" + c;
  }
  return out;
}

std::string gf2_polynomial_text(std::span<const std::uint64_t> exponents, char variable) {
  if (exponents.empty()) return "0";
  std::string out;
  for (const std::uint64_t e : exponents) {
    if (!out.empty()) out += " + ";
    if (e == 0)
      out += "1";
    else if (e == 1)
      out += variable;
    else
      out += std::string(1, variable) + "^" + std::to_string(e);
  }
  return out;
}

}  // namespace tartan
