"""Nim products of many pairs at once, over NumPy arrays, by the engine's batch kernel."""

from __future__ import annotations

import numbers
from typing import Any, Optional, Union

import numpy as np

from . import _tartan
from ._tartan import Nimber


def _is_scalar(x: Any) -> bool:
    return isinstance(x, (Nimber, numbers.Integral)) and not isinstance(x, bool)


def _uint64_array(x: Any, name: str) -> np.ndarray:
    """x as a uint64 array, refusing (ParseError, with the engine's message for the first bad element) what is not
    a non-negative integer below 2^64 rather than wrapping it."""
    a = x if isinstance(x, np.ndarray) else np.asarray(x)
    if a.dtype == np.uint64:
        return a
    if a.dtype.kind == "u":
        return a.astype(np.uint64)
    if a.dtype.kind == "i":
        negative = np.flatnonzero(a < 0)
        if negative.size:
            index = np.unravel_index(negative[0], a.shape) if a.ndim else ()
            _tartan._parse_u64(str(int(a[index])), f"{name}{list(index) if a.ndim else ''}")
        return a.astype(np.uint64)
    if a.dtype.kind == "O":
        flat = a.reshape(-1)
        for i, v in enumerate(flat):
            if isinstance(v, Nimber):
                v = int(v)
            if not isinstance(v, numbers.Integral) or isinstance(v, bool):
                raise _tartan.ParseError(f"{name}: element {i} is {v!r}, not a nimber; give non-negative integers below 2^64")
            _tartan._parse_u64(str(int(v)), f"{name}[{i}]")
        return np.array([int(v) for v in flat], dtype=np.uint64).reshape(a.shape)
    raise _tartan.ParseError(
        f"{name}: an array of {a.dtype} is not nimbers; give non-negative integers below 2^64 (dtype uint64)")


def _same_span(p: np.ndarray, q: np.ndarray) -> bool:
    return p.__array_interface__["data"][0] == q.__array_interface__["data"][0] and p.size == q.size


def nim_mul(a: Any, b: Any, out: Optional[np.ndarray] = None) -> Union[int, Nimber, np.ndarray]:
    """The nim product a (x) b: of two numbers, or element by element of two arrays (NumPy broadcasting applies).

    Arrays of uint64 (or of any integers from 0 to 2^64 - 1) go through the engine's batch kernel (AVX-512 when the
    CPU has it) with the GIL released, no Python loop; the result is a new uint64 array, or `out` (a C-contiguous
    uint64 array of the result's shape, which may be a or b itself). Two numbers give an int, or a Nimber when
    either is one. Negative values, values of 2^64 or more, floats and booleans raise ParseError.

    >>> import numpy as np
    >>> from tartan import nim_mul
    >>> nim_mul(2, 2), nim_mul(16, 16), nim_mul(2**32, 2**32) == 3 * 2**31
    (3, 24, True)
    >>> nim_mul(np.array([2, 4, 8], dtype=np.uint64), np.array([2, 4, 8], dtype=np.uint64))
    array([ 3,  6, 13], dtype=uint64)
    >>> nim_mul(np.arange(4, dtype=np.uint64), 2)
    array([0, 2, 3, 1], dtype=uint64)
    """
    if _is_scalar(a) and _is_scalar(b) and out is None:
        product = Nimber(a) * Nimber(b)
        return product if isinstance(a, Nimber) or isinstance(b, Nimber) else int(product)
    x, y = _uint64_array(a, "a"), _uint64_array(b, "b")
    try:
        shape = np.broadcast_shapes(x.shape, y.shape)
    except ValueError:
        raise _tartan.ParseError(
            f"nim_mul: arrays of shapes {x.shape} and {y.shape} do not broadcast; give arrays of one shape") from None
    if out is None:
        out = np.empty(shape, dtype=np.uint64)
    elif (not isinstance(out, np.ndarray) or out.dtype != np.uint64 or out.shape != shape
          or not out.flags.c_contiguous or not out.flags.writeable):
        raise _tartan.ParseError(
            f"nim_mul: out must be a writeable C-contiguous uint64 array of shape {shape}; leave it out for a new one")
    x = np.ascontiguousarray(np.broadcast_to(x, shape))
    y = np.ascontiguousarray(np.broadcast_to(y, shape))
    # The kernel takes out == a or out == b; any other overlap would read products as operands.
    if not _same_span(x, out) and np.shares_memory(x, out):
        x = x.copy()
    if not _same_span(y, out) and np.shares_memory(y, out):
        y = y.copy()
    _tartan._nim_mul_batch(x.reshape(-1), y.reshape(-1), out.reshape(-1))
    return out
