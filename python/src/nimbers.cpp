// tartan.Nimber and the batch product. A Nimber holds a field_nimber (<tartan/nim/field_nimber.hpp>): any
// non-negative integer below 2^65536, computed with the engine's 64-bit, 128-bit or wide arithmetic as its width
// needs. A nimber's value does not depend on the field it is taken in, so a Nimber has no field.
//
// Nimber is a Python type written with CPython's own API rather than a pybind11 class: a scalar product is then one
// slot call and one small allocation (a pybind11 instance also goes through its registry of instances, which
// cost more than the product itself). The batch product below is an ordinary pybind11 function.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common.hpp"
#include "errors.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/nim/field_nimber.hpp"
#include "tartan/nim/nimber.hpp"

namespace tartan::python {

namespace {

/// A Python int as a nimber: the fast path for one word, else the engine's parser on its hex text, which refuses a
/// negative value or one beyond 2^65536 with its messages naming `what`.
field_nimber from_int(py::handle value, const char* what) {
  const unsigned long long v = PyLong_AsUnsignedLongLong(value.ptr());
  if (!(v == static_cast<unsigned long long>(-1) && PyErr_Occurred() != nullptr)) return field_nimber(v);
  PyErr_Clear();
  const py::int_ number = py::reinterpret_borrow<py::int_>(value);
  if (py::bool_(number < py::int_(0))) parse_u64(text_of(number), what);  // throws: negative
  const std::string hex = "0x" + text_of(py::module_::import("builtins").attr("format")(number, "x"));
  return field_nimber::parse(hex, max_nim_field_bits, what);
}

/// Text as the CLI reads a number (decimal or 0x-hex), or a Nimber as printed: "0", "*", "*5".
field_nimber from_text(const std::string& text, const char* what) {
  std::string digits = text;
  if (!digits.empty() && digits[0] == '*') digits = digits.size() == 1 ? "1" : digits.substr(1);
  return field_nimber::parse(digits, max_nim_field_bits, what);
}

/// The Python type, created when the module is imported.
PyTypeObject* nimber_type = nullptr;

/// The object: an immutable value, constructed in place by make_object and destroyed by the dealloc slot.
struct nimber_object {
  PyObject ob_base;  // PyObject_HEAD
  field_nimber value;
};

bool is_nimber(PyObject* o) { return Py_TYPE(o) == nimber_type; }

const field_nimber& value_of(PyObject* o) { return reinterpret_cast<const nimber_object*>(o)->value; }

/// A new Nimber object holding x.
PyObject* make_object(field_nimber x) {
  auto* o = PyObject_New(nimber_object, nimber_type);
  if (o == nullptr) throw py::error_already_set();
  new (&o->value) field_nimber(std::move(x));
  return reinterpret_cast<PyObject*>(o);
}

/// A Python operand as a nimber: a Nimber, an int (or NumPy integer), or nothing when it is neither.
std::optional<field_nimber> to_nimber(py::handle value, const char* what) {
  if (is_nimber(value.ptr())) return value_of(value.ptr());
  if (PyLong_Check(value.ptr()) != 0) return from_int(value, what);
  if (PyIndex_Check(value.ptr()) != 0 && PyFloat_Check(value.ptr()) == 0) {
    const py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!index) throw py::error_already_set();
    return from_int(index, what);
  }
  return std::nullopt;
}

/// For comparisons, which never raise for an int: nothing for a negative int or one beyond the widest field.
std::optional<field_nimber> comparable(py::handle value) {
  if (is_nimber(value.ptr())) return value_of(value.ptr());
  if (PyLong_Check(value.ptr()) != 0 || PyIndex_Check(value.ptr()) != 0) {
    try {
      return to_nimber(value, "operand");
    } catch (const parse_error&) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

py::object to_int(const field_nimber& x) {
  if (x.fits_u64()) return py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(x.to_u64()));
  const std::vector<std::uint64_t> words = x.words();
  const std::string bytes(reinterpret_cast<const char*>(words.data()), words.size() * sizeof(std::uint64_t));
  return py::module_::import("builtins").attr("int").attr("from_bytes")(py::bytes(bytes), "little");
}

int compare(const field_nimber& a, const field_nimber& b) {
  const auto order = a <=> b;
  return order < 0 ? -1 : order > 0 ? 1 : 0;
}

field_nimber add(const field_nimber& a, const field_nimber& b) { return a + b; }

field_nimber multiply(const field_nimber& a, const field_nimber& b) { return a * b; }

field_nimber inverse(const field_nimber& a) {
  try {
    return a.inv();
  } catch (const domain_error& e) {
    throw division_by_zero(e);
  }
}

field_nimber divide(const field_nimber& a, const field_nimber& b) {
  try {
    return a / b;
  } catch (const domain_error& e) {
    throw division_by_zero(e);
  }
}

/// a^e for any Python int e; a negative e is a power of the inverse, as in Python's own pow.
field_nimber power(const field_nimber& a, py::handle exponent) {
  if (PyLong_Check(exponent.ptr()) == 0 && PyIndex_Check(exponent.ptr()) == 0) {
    throw parse_error("exponent: " + py::repr(exponent).cast<std::string>() +
                      " is not an integer; raise a Nimber to an int power, e.g. x ** 3");
  }
  py::int_ e = py::reinterpret_steal<py::int_>(PyNumber_Index(exponent.ptr()));
  if (!e) throw py::error_already_set();
  if (py::bool_(e < py::int_(0))) return power(inverse(a), -e);
  const unsigned long long small_e = PyLong_AsUnsignedLongLong(e.ptr());
  if (!(small_e == static_cast<unsigned long long>(-1) && PyErr_Occurred() != nullptr)) return a.pow(small_e);
  PyErr_Clear();
  // An exponent beyond 64 bits: its words, least significant first.
  const std::size_t bits = e.attr("bit_length")().cast<std::size_t>();
  const std::size_t word_count = (bits + 63) / 64;
  const std::string bytes = e.attr("to_bytes")(word_count * 8, "little").cast<std::string>();
  std::vector<std::uint64_t> words(word_count);
  std::copy_n(bytes.data(), bytes.size(), reinterpret_cast<char*>(words.data()));
  return a.pow(words);
}

py::object order(const field_nimber& a) {
  if (a.fits_u64()) return py::int_(static_cast<std::uint64_t>(nim_order(a)));
  const uint128 k = without_gil([&] { return nim_order(a); });
  return py::int_(py::str(to_decimal(k)));
}

py::object logarithm(const field_nimber& x, const field_nimber& base) {
  const uint128 k = without_gil([&] { return nim_log(x, base); });
  if (k <= UINT64_MAX) return py::int_(static_cast<std::uint64_t>(k));
  return py::int_(py::str(to_decimal(k)));
}

/// hash(x) == hash(int(x)), as x == int(x): Python hashes a non-negative int n as n mod (2^61 - 1).
py::ssize_t hash_of(const field_nimber& x) {
  if (x.fits_u64()) return static_cast<py::ssize_t>(x.to_u64() % ((std::uint64_t{1} << 61) - 1));
  return py::hash(to_int(x));
}

/// Products of the pairs a[i], b[i] into out[i], by the engine's batch kernel.
/// @pre the three arrays are one-dimensional, C-contiguous, of one size (the Python layer shapes them)
void check_batch(const py::array_t<std::uint64_t>& a, const py::array_t<std::uint64_t>& b,
                 const py::array_t<std::uint64_t>& out) {
  if (a.ndim() != 1 || b.ndim() != 1 || out.ndim() != 1 || a.size() != b.size() || a.size() != out.size()) {
    throw parse_error("nim_mul: the arrays must have one shape; give arrays of one shape, or ones NumPy broadcasts");
  }
  if (!out.writeable()) throw parse_error("nim_mul: out is read-only; give a writeable uint64 array");
}

// ---- The Python type ------------------------------------------------------------------------------------------

/// Runs a slot's body, turning every C++ exception into the Python error it stands for (errors.cpp).
template <class F>
PyObject* guarded(F&& body) noexcept {
  try {
    return body();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (...) {
    set_python_error(std::current_exception());
  }
  return nullptr;
}

template <field_nimber (*Op)(const field_nimber&, const field_nimber&)>
PyObject* binary_slot(PyObject* a, PyObject* b) {
  return guarded([&]() -> PyObject* {
    if (is_nimber(a) && is_nimber(b)) return make_object(Op(value_of(a), value_of(b)));
    const std::optional<field_nimber> x = to_nimber(a, "operand");
    if (!x) Py_RETURN_NOTIMPLEMENTED;
    const std::optional<field_nimber> y = to_nimber(b, "operand");
    if (!y) Py_RETURN_NOTIMPLEMENTED;
    return make_object(Op(*x, *y));
  });
}

PyObject* power_slot(PyObject* a, PyObject* e, PyObject* modulus) {
  return guarded([&]() -> PyObject* {
    if (modulus != Py_None) Py_RETURN_NOTIMPLEMENTED;
    const std::optional<field_nimber> x = to_nimber(a, "operand");
    if (!x) Py_RETURN_NOTIMPLEMENTED;
    return make_object(power(*x, e));
  });
}

PyObject* same_slot(PyObject* self) { return Py_NewRef(self); }  // -x == +x == x: a nimber is its own negative

int bool_slot(PyObject* self) { return value_of(self).is_zero() ? 0 : 1; }

PyObject* int_slot(PyObject* self) {
  return guarded([&] { return to_int(value_of(self)).release().ptr(); });
}

Py_hash_t hash_slot(PyObject* self) {
  try {
    const py::ssize_t h = hash_of(value_of(self));
    return h == -1 ? -2 : h;
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (...) {
    set_python_error(std::current_exception());
  }
  return -1;
}

PyObject* repr_slot(PyObject* self) {
  return guarded([&] { return py::str(to_cgt_string(value_of(self))).release().ptr(); });
}

PyObject* richcompare_slot(PyObject* self, PyObject* other, int op) {
  return guarded([&]() -> PyObject* {
    const std::optional<field_nimber> o = comparable(other);
    if (!o) {
      // An int that is no nimber (negative, or too wide) equals no Nimber; anything else is not comparable.
      if ((op == Py_EQ || op == Py_NE) && PyLong_Check(other) != 0) return py::bool_(op == Py_NE).release().ptr();
      Py_RETURN_NOTIMPLEMENTED;
    }
    const int c = compare(value_of(self), *o);
    Py_RETURN_RICHCOMPARE(c, 0, op);
  });
}

PyObject* new_slot(PyTypeObject*, PyObject* args, PyObject* kwargs) {
  return guarded([&]() -> PyObject* {
    static const char* keywords[] = {"value", nullptr};
    PyObject* value = nullptr;
    if (PyArg_ParseTupleAndKeywords(args, kwargs, "|O:Nimber", const_cast<char**>(keywords), &value) == 0) {
      return nullptr;
    }
    if (value == nullptr) return make_object(field_nimber());
    if (is_nimber(value)) return Py_NewRef(value);
    if (PyUnicode_Check(value) != 0) return make_object(from_text(py::handle(value).cast<std::string>(), "Nimber"));
    const std::optional<field_nimber> x = to_nimber(value, "Nimber");
    if (!x) {
      throw parse_error("Nimber: " + text_of(py::repr(value)) +
                        " is not a non-negative integer; give an int such as 5, or text such as '0x2a' or '*5'");
    }
    return make_object(*x);
  });
}

void dealloc_slot(PyObject* self) {
  auto* n = reinterpret_cast<nimber_object*>(self);
  n->value.~field_nimber();
  PyTypeObject* type = Py_TYPE(self);
  PyObject_Free(self);
  Py_DECREF(type);  // a heap type: each instance holds a reference to it
}

PyObject* sqrt_method(PyObject* self, PyObject*) {
  return guarded([&] { return make_object(value_of(self).sqrt()); });
}

PyObject* inverse_method(PyObject* self, PyObject*) {
  return guarded([&] { return make_object(inverse(value_of(self))); });
}

PyObject* order_method(PyObject* self, PyObject*) {
  return guarded([&] { return order(value_of(self)).release().ptr(); });
}

PyObject* log_method(PyObject* self, PyObject* base) {
  return guarded([&] {
    const std::optional<field_nimber> b = to_nimber(base, "base");
    if (!b) throw parse_error("base: " + text_of(py::repr(base)) + " is not a nimber; give a Nimber or an int");
    return logarithm(value_of(self), *b).release().ptr();
  });
}

PyObject* format_method(PyObject* self, PyObject* spec) {
  return guarded([&]() -> PyObject* {
    if (PyUnicode_Check(spec) != 0 && PyUnicode_GetLength(spec) == 0) return repr_slot(self);
    return py::module_::import("builtins").attr("format")(to_int(value_of(self)), py::handle(spec)).release().ptr();
  });
}

PyObject* reduce_method(PyObject* self, PyObject*) {
  return guarded([&] {
    return py::make_tuple(py::handle(reinterpret_cast<PyObject*>(nimber_type)), py::make_tuple(to_int(value_of(self))))
        .release()
        .ptr();
  });
}

PyObject* bits_getter(PyObject* self, void*) { return PyLong_FromUnsignedLong(value_of(self).bits()); }

const char* const nimber_doc = R"doc(Nimber(value=0): a nimber, a non-negative integer with nim arithmetic.

value: an int >= 0 (below 2^65536), another Nimber, or text ('42', '0x2a', or '*5' as a Nimber prints).
+ and - are both XOR (nim addition), * is the nim product, / the nim quotient, ** a power (a negative
exponent is a power of the inverse); ints are taken as nimbers on either side. Nimbers below 2^64 use the
engine's 64-bit kernels; larger ones the field GF(2^(2^k)) that holds them. A Nimber equals the int of
the same value and hashes like it; it prints as CGT writes it: 0, * (for 1), *5.

>>> from tartan import Nimber
>>> Nimber(2) * Nimber(2)
*3
>>> Nimber(16) * 16
*24
>>> Nimber(2**64) * Nimber(2**64) == 3 * 2**63
True
>>> int(Nimber(1) / Nimber(2))
3
>>> Nimber('*5'), Nimber('0x10'), Nimber()
(*5, *16, 0)
)doc";

PyMethodDef nimber_methods[] = {
    {"sqrt", sqrt_method, METH_NOARGS,
     "The unique nim square root: the y with y * y == self.\n\n"
     ">>> from tartan import Nimber\n>>> Nimber(13).sqrt()\n*8\n>>> Nimber(8) * Nimber(8)\n*13\n"},
    {"inverse", inverse_method, METH_NOARGS,
     "The nim inverse: the y with self * y == 1. Raises DivisionByZeroError for 0.\n\n"
     ">>> from tartan import Nimber\n>>> Nimber(2).inverse()\n*3\n"},
    {"log", log_method, METH_O,
     "log(base): the discrete logarithm, the least k >= 0 with base ** k == self, for nimbers below 2^128. "
     "Raises DomainError when self is not a power of base, or either is 0.\n\n"
     ">>> from tartan import Nimber\n>>> Nimber(14).log(4)\n3\n>>> Nimber(4) ** 3\n*14\n"},
    {"order", order_method, METH_NOARGS,
     "The multiplicative order: the least k >= 1 with self ** k == 1, for nimbers below 2^128. Raises DomainError "
     "for 0.\n\n"
     ">>> from tartan import Nimber\n>>> Nimber(2).order(), Nimber(4).order(), Nimber(256).order()\n"
     "(3, 15, 21845)\n"},
    {"__format__", format_method, METH_O, "format(x, spec): repr(x) for an empty spec, else the int's format."},
    {"__reduce__", reduce_method, METH_NOARGS, "Pickled as its int."},
    {nullptr, nullptr, 0, nullptr}};

PyGetSetDef nimber_getset[] = {
    {"bits", bits_getter, nullptr,
     "The size of the smallest field of at least 64 bits that holds the value: 64, 128, 256, ...\n\n"
     ">>> from tartan import Nimber\n>>> Nimber(5).bits, Nimber(2**64).bits, Nimber(2**200).bits\n"
     "(64, 128, 256)\n",
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

/// A function pointer as the void* a type slot holds.
template <class F>
void* slot(F* f) {
  return reinterpret_cast<void*>(f);
}

}  // namespace

void bind_nimbers(py::module_& m) {
  static PyType_Slot slots[] = {{Py_tp_doc, const_cast<char*>(nimber_doc)},
                                {Py_tp_new, slot(new_slot)},
                                {Py_tp_dealloc, slot(dealloc_slot)},
                                {Py_tp_repr, slot(repr_slot)},
                                {Py_tp_str, slot(repr_slot)},
                                {Py_tp_hash, slot(hash_slot)},
                                {Py_tp_richcompare, slot(richcompare_slot)},
                                {Py_tp_methods, nimber_methods},
                                {Py_tp_getset, nimber_getset},
                                {Py_nb_add, slot(binary_slot<add>)},
                                {Py_nb_subtract, slot(binary_slot<add>)},
                                {Py_nb_multiply, slot(binary_slot<multiply>)},
                                {Py_nb_true_divide, slot(binary_slot<divide>)},
                                {Py_nb_power, slot(power_slot)},
                                {Py_nb_negative, slot(same_slot)},
                                {Py_nb_positive, slot(same_slot)},
                                {Py_nb_bool, slot(bool_slot)},
                                {Py_nb_int, slot(int_slot)},
                                {Py_nb_index, slot(int_slot)},
                                {0, nullptr}};
  static PyType_Spec spec = {"tartan.Nimber", sizeof(nimber_object), 0, Py_TPFLAGS_DEFAULT, slots};
  nimber_type = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
  if (nimber_type == nullptr) throw py::error_already_set();
  m.add_object("Nimber", py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(nimber_type)));

  m.def(
      "_nim_mul_batch",
      [](const py::array_t<std::uint64_t>& a, const py::array_t<std::uint64_t>& b, py::array_t<std::uint64_t>& out) {
        check_batch(a, b, out);
        const auto n = static_cast<std::size_t>(a.size());
        const std::span<const std::uint64_t> x(a.data(), n), y(b.data(), n);
        const std::span<std::uint64_t> z(out.mutable_data(), n);
        without_gil([&] { nim_mul_batch(x, y, z); });
      },
      py::arg("a").noconvert(), py::arg("b").noconvert(), py::arg("out").noconvert(),
      "out[i] = a[i] (x) b[i] for one-dimensional C-contiguous uint64 arrays of one size (tartan.nim_mul shapes "
      "them).");

  m.def(
      "_nim_mul_batch_seconds",
      [](const py::array_t<std::uint64_t>& a, const py::array_t<std::uint64_t>& b, py::array_t<std::uint64_t>& out,
         int repeat) {
        check_batch(a, b, out);
        const auto n = static_cast<std::size_t>(a.size());
        const std::span<const std::uint64_t> x(a.data(), n), y(b.data(), n);
        const std::span<std::uint64_t> z(out.mutable_data(), n);
        std::vector<double> seconds;
        without_gil([&] {
          for (int r = 0; r < repeat; ++r) {
            const auto start = std::chrono::steady_clock::now();
            nim_mul_batch(x, y, z);
            seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
          }
        });
        return seconds;
      },
      py::arg("a").noconvert(), py::arg("b").noconvert(), py::arg("out").noconvert(), py::arg("repeat"),
      "The C++ batch kernel timed alone, `repeat` times, in seconds each: the baseline of "
      "python/benchmarks/nim_mul_benchmark.py.");
}

}  // namespace tartan::python
