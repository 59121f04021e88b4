// tartan.Ordinal: an ordinal below ω^(ω^ω) with nim arithmetic (<tartan/nim/ordinal_nimber.hpp>), and the table of
// Lenstra's constants (<tartan/nim/lenstra.hpp>). An Ordinal is read from its notation ('w^(w^2+1)*3 + w + 5'), from
// an int or a Nimber (a finite ordinal), or from another Ordinal; it mixes with ints and Nimbers in +, -, *, / and
// comparisons, and ** takes any int exponent (a negative one raises the inverse).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "errors.hpp"
#include "tartan/core/error.hpp"
#include "tartan/nim/field_nimber.hpp"
#include "tartan/nim/lenstra.hpp"
#include "tartan/nim/nimber_wide.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace tartan::python {

namespace {

/// A non-negative Python int's words, least significant first; ParseError for a negative one.
std::vector<std::uint64_t> int_words(const py::int_& value, const char* what) {
  if (py::bool_(value < py::int_(0))) {
    throw parse_error(std::string(what) + ": " + text_of(value) + " is negative; give a non-negative integer");
  }
  const std::size_t bits = value.attr("bit_length")().cast<std::size_t>();
  const std::size_t count = std::max<std::size_t>(1, (bits + 63) / 64);
  const std::string bytes = value.attr("to_bytes")(count * 8, "little").cast<std::string>();
  std::vector<std::uint64_t> words(count);
  std::memcpy(words.data(), bytes.data(), count * 8);
  return words;
}

py::int_ words_int(std::span<const std::uint64_t> words) {
  const std::string bytes(reinterpret_cast<const char*>(words.data()), words.size() * sizeof(std::uint64_t));
  return py::reinterpret_steal<py::int_>(
      py::module_::import("builtins").attr("int").attr("from_bytes")(py::bytes(bytes), "little").release());
}

py::int_ nimber_int(const field_nimber& x) {
  if (x.fits_u64()) return py::int_(x.to_u64());
  const std::vector<std::uint64_t> words = x.words();
  return words_int(words);
}

/// An operand as an ordinal: an Ordinal, an int (or anything with __index__, a Nimber among them) as a finite
/// ordinal, or nothing. Strings are read only by the constructor.
std::optional<ordinal_nimber> to_ordinal(py::handle value, const char* what) {
  if (py::isinstance<ordinal_nimber>(value)) return value.cast<ordinal_nimber>();
  if (PyBool_Check(value.ptr()) != 0 || PyFloat_Check(value.ptr()) != 0) return std::nullopt;
  if (PyLong_Check(value.ptr()) != 0 || PyIndex_Check(value.ptr()) != 0) {
    const py::int_ n = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
    if (!n) throw py::error_already_set();
    return ordinal_nimber(field_nimber::from_words(int_words(n, what)));
  }
  return std::nullopt;
}

ordinal_nimber divide(const ordinal_nimber& a, const ordinal_nimber& b) {
  if (b.is_zero())
    throw division_by_zero(domain_error("division by the ordinal 0 is undefined; divide by a non-zero value"));
  return without_gil([&] { return a / b; });
}

ordinal_nimber inverse(const ordinal_nimber& a) {
  if (a.is_zero()) throw division_by_zero(domain_error("the nim inverse of 0 does not exist; give a non-zero ordinal"));
  return without_gil([&] { return a.inv(); });
}

ordinal_nimber power(const ordinal_nimber& a, py::handle exponent) {
  if (PyBool_Check(exponent.ptr()) != 0 || (PyLong_Check(exponent.ptr()) == 0 && PyIndex_Check(exponent.ptr()) == 0)) {
    throw parse_error("exponent: " + text_of(py::repr(exponent)) +
                      " is not an integer; raise an Ordinal to an int power, e.g. x ** 3");
  }
  py::int_ e = py::reinterpret_steal<py::int_>(PyNumber_Index(exponent.ptr()));
  if (!e) throw py::error_already_set();
  if (py::bool_(e < py::int_(0))) return power(inverse(a), -e);
  const std::vector<std::uint64_t> words = int_words(e, "exponent");
  return without_gil([&] { return a.pow(words); });
}

/// The operation with the other operand converted, or NotImplemented.
template <class F>
py::object binary(const ordinal_nimber& a, py::handle other, F f) {
  const std::optional<ordinal_nimber> b = to_ordinal(other, "operand");
  if (!b) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  return py::cast(f(a, *b));
}

template <class F>
py::object compare(const ordinal_nimber& a, py::handle other, F f) {
  std::optional<ordinal_nimber> b;
  try {
    b = to_ordinal(other, "operand");
  } catch (const parse_error&) {  // a negative int is no ordinal: unequal, and not ordered
  }
  if (!b) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  return py::bool_(f(a <=> *b));
}

py::tuple terms_of(const ordinal_nimber& x) {
  py::list terms;
  for (const ordinal_term& t : x.terms()) {
    py::list exponent;
    for (const ordinal_exponent_term& e : t.exponent)
      exponent.append(py::make_tuple(e.power, words_int(e.coefficient)));
    terms.append(py::make_tuple(py::tuple(exponent), nimber_int(t.coefficient)));
  }
  return py::tuple(terms);
}

/// A certificate as the dict tartan.alpha turns into a Certificate: its vectors over GF(2) as ints, bit i the
/// coefficient of z^i.
py::dict certificate_dict(const lenstra_certificate& c) {
  py::list tests;
  for (const lenstra_certificate::test& t : c.tests) {
    py::dict d;
    d["excess"] = t.excess;
    d["norm"] = words_int(t.norm);
    d["power"] = words_int(t.power);
    d["pth_power"] = t.pth_power;
    tests.append(d);
  }
  py::dict d;
  d["order_of_two"] = c.order_of_two;
  d["field_degree"] = c.field_degree;
  d["modulus"] = words_int(c.modulus);
  d["tests"] = tests;
  return d;
}

/// One table entry as the dict tartan.alpha turns into an Alpha (with its certificate when one was made).
py::dict constant_dict(const lenstra_constant& c, double seconds, bool computed,
                       const lenstra_certificate* certificate = nullptr) {
  lenstra_constant kappa = c;
  kappa.excess = 0;
  py::dict d;
  d["prime"] = c.prime;
  d["alpha"] = lenstra_alpha(c);
  d["excess"] = c.excess;
  d["q_set"] = c.q_set;
  d["kappa"] = lenstra_alpha(kappa);
  d["order_of_two"] = c.order_of_two;
  d["degree"] = c.degree;
  d["computed"] = computed;
  d["seconds"] = seconds;
  d["certificate"] = certificate != nullptr ? py::object(certificate_dict(*certificate)) : py::none();
  return d;
}

const char* const ordinal_doc = R"doc(Ordinal(value=0): an ordinal below w^(w^w) with nim arithmetic.

value is text in tartan's notation ('w' or 'ω' for omega, '^', '+', '*' or juxtaposition for a finite coefficient
after a power, terms from the highest down: 'w^(w^2+1)*3 + w + 5'), an int or a Nimber (a finite ordinal), or an
Ordinal. + and - are the nim sum, * the nim product, / the quotient (DivisionByZeroError for 0), ** an int power
(negative: of the inverse); ints and Nimbers mix in as finite ordinals. Ordered as ordinals; str() is the notation.

>>> from tartan import Ordinal
>>> w = Ordinal("w")
>>> w * w * w
Ordinal('2')
>>> Ordinal("w^w") ** 5, Ordinal("w^(w^2)") ** 7
(Ordinal('4'), Ordinal('w + 1'))
>>> w.inverse(), w.sqrt(), (w + 1) * w
(Ordinal('w^2*3'), Ordinal('w^2*2'), Ordinal('w^2 + w'))
>>> w.degree(), w.minimal_polynomial(), w.order()
(6, 'x^6 + x^3 + 1', 9)
)doc";

}  // namespace

void bind_ordinals(py::module_& m) {
  py::class_<ordinal_nimber> ordinal(m, "Ordinal", ordinal_doc);
  ordinal.def(py::init([](py::handle value) {
                if (py::isinstance<py::str>(value)) return ordinal_nimber::parse(value.cast<std::string>(), "Ordinal");
                const std::optional<ordinal_nimber> x = to_ordinal(value, "Ordinal");
                if (!x) {
                  throw parse_error("Ordinal: " + text_of(py::repr(value)) +
                                    " is not an ordinal; give text such as 'w^2 + 1', an int or a Nimber");
                }
                return *x;
              }),
              py::arg("value") = py::int_(0));
  ordinal.def("__str__", [](const ordinal_nimber& x) { return to_string(x); });
  ordinal.def("__repr__", [](const ordinal_nimber& x) { return "Ordinal('" + to_string(x) + "')"; });
  ordinal.def("__hash__", [](const ordinal_nimber& x) {
    // Equal to an int when finite, so hash as that int does.
    if (x.is_finite()) return py::hash(nimber_int(x.finite_value()));
    return py::hash(py::str(to_string(x)));
  });
  ordinal.def("__bool__", [](const ordinal_nimber& x) { return !x.is_zero(); });
  ordinal.def("__int__", [](const ordinal_nimber& x) {
    if (!x.is_finite()) throw domain_error(to_string(x) + " is infinite; only a finite Ordinal converts to int");
    return nimber_int(x.finite_value());
  });
  ordinal.def("__reduce__", [](const ordinal_nimber& x) {
    return py::make_tuple(py::module_::import("tartan").attr("Ordinal"), py::make_tuple(to_string(x)));
  });
  const auto add = [](const ordinal_nimber& a, const ordinal_nimber& b) { return a + b; };
  const auto mul = [](const ordinal_nimber& a, const ordinal_nimber& b) { return a * b; };
  ordinal.def("__add__", [add](const ordinal_nimber& a, py::handle b) { return binary(a, b, add); });
  ordinal.def("__radd__", [add](const ordinal_nimber& a, py::handle b) { return binary(a, b, add); });
  ordinal.def("__sub__", [add](const ordinal_nimber& a, py::handle b) { return binary(a, b, add); });
  ordinal.def("__rsub__", [add](const ordinal_nimber& a, py::handle b) { return binary(a, b, add); });
  ordinal.def("__mul__", [mul](const ordinal_nimber& a, py::handle b) { return binary(a, b, mul); });
  ordinal.def("__rmul__", [mul](const ordinal_nimber& a, py::handle b) { return binary(a, b, mul); });
  ordinal.def("__truediv__", [](const ordinal_nimber& a, py::handle b) { return binary(a, b, divide); });
  ordinal.def("__rtruediv__", [](const ordinal_nimber& a, py::handle b) {
    return binary(a, b, [](const ordinal_nimber& x, const ordinal_nimber& y) { return divide(y, x); });
  });
  ordinal.def("__pow__", [](const ordinal_nimber& a, py::handle e) { return power(a, e); });
  ordinal.def("__neg__", [](const ordinal_nimber& a) { return a; });
  ordinal.def("__pos__", [](const ordinal_nimber& a) { return a; });
  ordinal.def("__eq__",
              [](const ordinal_nimber& a, py::handle b) { return compare(a, b, [](auto c) { return c == 0; }); });
  ordinal.def("__ne__",
              [](const ordinal_nimber& a, py::handle b) { return compare(a, b, [](auto c) { return c != 0; }); });
  ordinal.def("__lt__",
              [](const ordinal_nimber& a, py::handle b) { return compare(a, b, [](auto c) { return c < 0; }); });
  ordinal.def("__le__",
              [](const ordinal_nimber& a, py::handle b) { return compare(a, b, [](auto c) { return c <= 0; }); });
  ordinal.def("__gt__",
              [](const ordinal_nimber& a, py::handle b) { return compare(a, b, [](auto c) { return c > 0; }); });
  ordinal.def("__ge__",
              [](const ordinal_nimber& a, py::handle b) { return compare(a, b, [](auto c) { return c >= 0; }); });
  ordinal.def("inverse", &inverse,
              "The nim inverse: the y with self * y == 1. Raises DivisionByZeroError for 0, LimitError when the "
              "field holding self is beyond 2^22 finite nimbers.\n\n"
              ">>> from tartan import Ordinal\n>>> Ordinal('w').inverse()\nOrdinal('w^2*3')\n"
              ">>> Ordinal('w + 1').inverse() * Ordinal('w + 1')\nOrdinal('1')\n");
  ordinal.def(
      "sqrt", [](const ordinal_nimber& a) { return without_gil([&] { return a.sqrt(); }); },
      "The unique nim square root: the y with y * y == self.\n\n"
      ">>> from tartan import Ordinal\n>>> Ordinal('w').sqrt()\nOrdinal('w^2*2')\n"
      ">>> Ordinal('w^2*2') * Ordinal('w^2*2')\nOrdinal('w')\n");
  ordinal.def(
      "degree", [](const ordinal_nimber& a) { return without_gil([&] { return ordinal_degree(a); }); },
      "The degree over GF(2): [GF(2)(self) : GF(2)], the size of self's Frobenius orbit.\n\n"
      ">>> from tartan import Ordinal\n>>> Ordinal('w').degree(), Ordinal('w^w').degree(), Ordinal(16).degree()\n"
      "(6, 20, 8)\n");
  ordinal.def(
      "minimal_polynomial",
      [](const ordinal_nimber& a) {
        return gf2_polynomial_text(without_gil([&] { return ordinal_minimal_polynomial(a); }));
      },
      "The minimal polynomial over GF(2), as text; LimitError beyond degree 4096.\n\n"
      ">>> from tartan import Ordinal\n>>> Ordinal('w').minimal_polynomial()\n'x^6 + x^3 + 1'\n");
  ordinal.def(
      "minimal_polynomial_exponents",
      [](const ordinal_nimber& a) { return without_gil([&] { return ordinal_minimal_polynomial(a); }); },
      "The exponents of the minimal polynomial's non-zero terms, highest first.\n\n"
      ">>> from tartan import Ordinal\n>>> Ordinal('w').minimal_polynomial_exponents()\n[6, 3, 0]\n");
  ordinal.def(
      "order",
      [](const ordinal_nimber& a) {
        if (a.is_zero()) throw domain_error("0 has no multiplicative order; give a non-zero ordinal");
        return words_int(without_gil([&] { return ordinal_order(a); }));
      },
      "The multiplicative order: the least n >= 1 with self ** n == 1. LimitError when the prime factors of "
      "2^degree - 1 resist tartan's factoring.\n\n"
      ">>> from tartan import Ordinal\n>>> Ordinal('w').order(), Ordinal('w') ** 9\n(9, Ordinal('1'))\n");
  ordinal.def_property_readonly("terms", &terms_of,
                                "The Cantor normal form, highest first: (exponent, coefficient) pairs, the exponent a "
                                "tuple of (power, coefficient) pairs of its terms w^power*coefficient.\n\n"
                                ">>> from tartan import Ordinal\n>>> Ordinal('w^(w^2+1)*3 + w + 5').terms\n"
                                "((((2, 1), (0, 1)), 3), (((0, 1),), 1), ((), 5))\n");
  ordinal.def_property_readonly("is_finite", &ordinal_nimber::is_finite,
                                "Whether the ordinal is below w.\n\n>>> from tartan import Ordinal\n"
                                ">>> Ordinal(5).is_finite, Ordinal('w').is_finite\n(True, False)\n");
  ordinal.def_property_readonly("height", &ordinal_nimber::height,
                                "The least h with the ordinal below w^(w^h): 0 for the finite ones.\n\n"
                                ">>> from tartan import Ordinal\n>>> Ordinal(5).height, Ordinal('w^w + w').height\n"
                                "(0, 2)\n");

  m.def(
      "_alpha",
      [](unsigned p, bool compute, bool from_scratch, bool certify, py::object progress,
         const std::string& checkpoint) {
        if (p >= lenstra_prime_limit) {
          throw limit_error("alpha: " + std::to_string(p) + " is beyond the primes below " +
                            std::to_string(lenstra_prime_limit) + " that tartan takes; give a smaller prime");
        }
        if (!odd_prime_index(p)) {
          throw parse_error("alpha: " + std::to_string(p) +
                            " is not an odd prime; give 3, 5, 7, 11, ... (alpha_p is defined for the odd primes)");
        }
        const lenstra_table& builtin = lenstra_table::builtin();
        if (!compute) return constant_dict(builtin.at(p), 0.0, false);
        progress_relay relay(std::move(progress));
        const progress_callback callback = relay.callback();
        // As `tartan nim alpha --checkpoint`: the constants recorded taken up, each one computed appended, and the
        // prime computing kept in its state file (lenstra_state_path) until its line is in the checkpoint.
        const std::vector<lenstra_constant> recorded =
            checkpoint.empty() ? std::vector<lenstra_constant>{} : read_lenstra_checkpoint(checkpoint);
        lenstra_table table = lenstra_starting_table(p, from_scratch, recorded, checkpoint);
        // P and, past the table, the primes its field is built on (from scratch: every prime of the table below P).
        const std::vector<unsigned> plan = lenstra_plan(p, table, from_scratch);
        std::vector<lenstra_constant> computed;
        const auto start = std::chrono::steady_clock::now();
        const auto since = [](std::chrono::steady_clock::time_point t) {
          return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
        };
        std::vector<double> seconds;  // of each constant computed
        std::optional<lenstra_constant> result;
        lenstra_certificate certificate;
        std::optional<cancelled_error> stopped;
        without_gil([&] {
          try {
            if (plan.empty()) {  // P recorded in the checkpoint by an earlier run: its constants as recorded
              result = table.at(p);
              if (certify) {
                certificate = certify_lenstra_constant(*result, table,
                                                       [&](unsigned, const std::string&) { return callback(1.0); });
              }
            }
            for (const unsigned next : plan) {
              const auto begun = std::chrono::steady_clock::now();
              const lenstra_progress step = [&](unsigned q, const std::string&) {
                const auto at = std::lower_bound(plan.begin(), plan.end(), q) - plan.begin();
                return callback(static_cast<double>(at) / static_cast<double>(plan.size()));
              };
              lenstra_state_options state;
              if (!checkpoint.empty()) state.path = lenstra_state_path(checkpoint, next);
              lenstra_constant c = compute_lenstra_constant(next, table, step, 0, state);
              if (!checkpoint.empty()) append_lenstra_checkpoint(checkpoint, c);  // and removes its state
              seconds.push_back(since(begun));
              if (next == p && certify) {
                computed.push_back(c);  // kept in .partial if the certificate is stopped
                certificate = certify_lenstra_constant(c, table, step);
                computed.pop_back();
              }
              if (next == p) {
                result = std::move(c);
                break;
              }
              computed.push_back(c);
              table.insert(std::move(c));
            }
          } catch (const cancelled_error& e) {
            stopped = e;
          }
          return 0;
        });
        if (stopped) {
          // The constants finished before the stop (primes beyond the table take minutes to hours each) go with
          // the KeyboardInterrupt, or the Error of a progress callback that returned False, as .partial.
          py::list partial;
          for (std::size_t i = 0; i < computed.size(); ++i)
            partial.append(constant_dict(computed[i], seconds[i], true));
          relay.raise_if_pending(partial);
          translate(std::make_exception_ptr(*stopped));
          py::error_already_set raised;
          py::setattr(raised.value(), "partial", partial);
          throw raised;
        }
        relay.raise_if_pending(py::none());
        return constant_dict(*result, since(start), true, certify ? &certificate : nullptr);
      },
      py::arg("p"), py::arg("compute") = false, py::arg("from_scratch") = false, py::arg("certificate") = false,
      py::arg("progress") = py::none(), py::arg("checkpoint") = std::string(),
      "Lenstra's constants of the odd prime p as a dict (tartan.alpha makes it an Alpha).");
  m.def(
      "_max_lenstra_prime", [] { return max_lenstra_prime; }, "The largest prime of the table of Lenstra's constants.");
}

}  // namespace tartan::python
