"""Nimber and nim_mul against the definition of the nim product, published tables (OEIS, Library Checker) and the
field's identities on seeded random values, for 64-bit, 128-bit and wider nimbers; the NumPy batch against the
scalar product."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

import tartan
from tartan import Nimber, nim_mul

from conftest import read_library_checker, read_oeis

# The primes of 2^64 - 1 = F0 F1 F2 F3 F4 F5 (Fermat numbers; F5 = 641 * 6700417, Euler) and of
# 2^64 + 1 = 274177 * 67280421310721 (Landry, 1880): the group orders of GF(2^64) and GF(2^128).
PRIMES_64 = [3, 5, 17, 257, 641, 65537, 6700417]
PRIMES_128 = PRIMES_64 + [274177, 67280421310721]


def test_product_matches_the_mex_definition(nim_table_32):
    for a in range(32):
        for b in range(32):
            assert Nimber(a) * Nimber(b) == nim_table_32[a][b], (a, b)
            assert nim_mul(a, b) == nim_table_32[a][b]


def test_published_values():
    # Winning Ways ch. 14 and Conway ONAG ch. 6: 2 (x) 2 = 3, 4 (x) 4 = 6, 8 (x) 8 = 13, 16 (x) 16 = 24.
    assert [int(Nimber(x) * Nimber(x)) for x in (2, 4, 8, 16)] == [3, 6, 13, 24]
    # A Fermat 2-power F squared is 3F/2.
    for k in range(7):
        f = 2 ** (2**k)
        assert int(Nimber(f) * Nimber(f)) == 3 * f // 2


@pytest.mark.parametrize("name", ["nim_product_64_example_00.txt", "nim_product_64_power_of_two_00.txt",
                                  "nim_product_64_random_few_00.txt"])
def test_library_checker_products(name):
    rows = read_library_checker(name, 5000)
    a = np.array([r[0] for r in rows], dtype=np.uint64)
    b = np.array([r[1] for r in rows], dtype=np.uint64)
    expected = np.array([r[2] for r in rows], dtype=np.uint64)
    assert np.array_equal(nim_mul(a, b), expected)
    for x, y, z in rows[:1000]:
        assert Nimber(x) * Nimber(y) == z


def test_oeis_tables():
    squares = read_oeis("A006042")  # n (x) n
    for n, v in squares.items():
        assert Nimber(n) * Nimber(n) == v
    inverses = read_oeis("A051917")  # nim inverse of n, n >= 1
    for n, v in inverses.items():
        assert Nimber(n).inverse() == v
    roots = read_oeis("A160679")  # nim square root of n
    for n, v in roots.items():
        assert Nimber(n).sqrt() == v
    orders = read_oeis("A212200")  # multiplicative order of n, n >= 1
    for n, v in orders.items():
        assert Nimber(n).order() == v


def random_nimbers(rng: random.Random, bits: int, count: int):
    return [Nimber(rng.getrandbits(bits)) for _ in range(count)]


@pytest.mark.parametrize("bits", [64, 128, 256, 1024])
def test_field_axioms(bits):
    rng = random.Random(20240601 + bits)
    xs = random_nimbers(rng, bits, 30)
    for x, y, z in zip(xs, xs[1:], xs[2:]):
        assert x * y == y * x
        assert (x * y) * z == x * (y * z)
        assert x * (y + z) == x * y + x * z
        assert x + x == 0 and x - y == x + y
        assert x * 1 == x and x * 0 == 0
        if x != 0:
            assert x * x.inverse() == 1
            assert (y / x) * x == y
        assert x.sqrt() * x.sqrt() == x
        assert x**5 == x * x * x * x * x
        assert x**0 == 1


def test_wide_values_extend_the_64_bit_field():
    # GF(2^64) is a subfield: products below 2^64 are the same taken wider, and F (x) x = F * x for x < F.
    rng = random.Random(7)
    for _ in range(50):
        x, y = rng.getrandbits(64), rng.getrandbits(64)
        wide = Nimber(x) * Nimber(y)
        assert wide == nim_mul(x, y) and wide.bits == 64
        assert Nimber(2**64) * Nimber(x) == 2**64 * x
        y = rng.getrandbits(128)
        assert Nimber(2**128) * Nimber(y) == 2**128 * y
    f = Nimber(2**128)
    assert f * f == 3 * 2**127 and (f * f).bits == 256


def test_power_inverse_and_big_exponents():
    x = Nimber(0x1234_5678_9ABC_DEF1)
    assert x**-1 == x.inverse()
    assert x**-3 == (x.inverse()) ** 3
    # The group order of GF(2^64) is 2^64 - 1, so x^(2^64 - 1) = 1 and exponents beyond 64 bits reduce.
    assert x ** (2**64 - 1) == 1
    assert x ** (2**70 + 5) == x ** ((2**70 + 5) % (2**64 - 1))
    with pytest.raises(tartan.DivisionByZeroError):
        Nimber(0) ** -1


@pytest.mark.parametrize("bits,primes", [(64, PRIMES_64), (128, PRIMES_128)])
def test_order_and_log_by_their_definitions(bits, primes):
    # A 128-bit logarithm takes a fraction of a second (Pollard's rho for the two large primes): one is enough.
    rng = random.Random(bits)
    for i in range(6 if bits == 64 else 1):
        x = Nimber(rng.getrandbits(bits) | 1)
        k = x.order()
        assert x**k == 1
        # Minimal: removing any prime factor of k leaves a power other than 1.
        for p in primes:
            if k % p == 0:
                assert x ** (k // p) != 1
        e = rng.getrandbits(bits - 1) % k
        assert (x**e).log(x) == e


def test_log_beyond_128_bits_is_refused():
    with pytest.raises(tartan.DomainError, match="below 2\\^128"):
        Nimber(2**200).order()
    with pytest.raises(tartan.DomainError, match="below 2\\^128"):
        Nimber(2**200).log(3)


def test_int_hash_repr_and_conversions():
    assert [repr(Nimber(v)) for v in (0, 1, 5)] == ["0", "*", "*5"]
    assert str(Nimber(2**64)) == "*18446744073709551616"
    for v in (0, 1, 5, 2**61 - 1, 2**61, 2**64 - 1, 2**64, 2**300 + 7):
        x = Nimber(v)
        assert int(x) == v and x == v and hash(x) == hash(v)
        assert Nimber(repr(x)) == x and Nimber(str(v)) == x and Nimber(hex(v)) == x
        assert pickle.loads(pickle.dumps(x)) == x
    assert Nimber(3) != -1 and Nimber(3) != "3" and Nimber(3) != 3.0
    assert sorted([Nimber(5), Nimber(2**70), Nimber(1)]) == [1, 5, 2**70]
    assert f"{Nimber(255):x}" == "ff" and f"{Nimber(5)}" == "*5"
    assert bool(Nimber(0)) is False and bool(Nimber(2**80)) is True
    assert Nimber(np.uint64(7)) == 7 and Nimber(Nimber(9)) == 9
    assert 3 * Nimber(2) == Nimber(1) and 1 / Nimber(2) == 3 and 5 - Nimber(5) == 0


def test_batch_matches_scalar_products():
    rng = np.random.default_rng(12345)
    a = rng.integers(0, 2**64, size=100_000, dtype=np.uint64, endpoint=False)
    b = rng.integers(0, 2**64, size=100_000, dtype=np.uint64, endpoint=False)
    product = nim_mul(a, b)
    assert product.dtype == np.uint64 and product.shape == a.shape
    for i in rng.integers(0, a.size, size=2000):
        assert product[i] == int(Nimber(int(a[i])) * Nimber(int(b[i])))


def test_batch_shapes_broadcasting_and_out(nim_table_32):
    a = np.arange(32, dtype=np.uint64)
    table = nim_mul(a[:, None], a[None, :])
    assert table.shape == (32, 32) and table.tolist() == nim_table_32
    assert nim_mul(a, 3).tolist() == [nim_table_32[x][3] for x in range(32)]
    assert nim_mul([1, 2, 3], [2, 2, 2]).tolist() == [2, 3, 1]
    assert nim_mul(np.arange(4, dtype=np.int64), np.arange(4, dtype=np.uint8)).tolist() == [0, 1, 3, 2]
    out = np.empty(32, dtype=np.uint64)
    assert nim_mul(a, a, out=out) is out and out.tolist() == [nim_table_32[x][x] for x in range(32)]
    c = a.copy()
    nim_mul(c, c, out=c)  # in place
    assert c.tolist() == [nim_table_32[x][x] for x in range(32)]
    # Overlapping but not identical operands are read before they are overwritten.
    d = np.arange(33, dtype=np.uint64)
    nim_mul(d[1:], 2, out=d[:-1])
    assert d[:-1].tolist() == [int(Nimber(x) * Nimber(2)) for x in range(1, 33)]
    assert nim_mul(np.zeros(0, dtype=np.uint64), 5).size == 0
    assert nim_mul(Nimber(2), 2) == Nimber(3) and isinstance(nim_mul(2, 2), int)


def test_batch_refuses_what_is_not_a_nimber():
    with pytest.raises(tartan.ParseError, match=r"a\[1\]: '-2' is negative"):
        nim_mul(np.array([1, -2, 3]), 1)
    with pytest.raises(tartan.ParseError, match="float64"):
        nim_mul(np.array([1.5, 2.0]), 1)
    with pytest.raises(tartan.ParseError, match="2\\^64"):
        nim_mul([2**64, 1], [1, 1])
    with pytest.raises(tartan.ParseError, match="do not broadcast"):
        nim_mul(np.ones(3, dtype=np.uint64), np.ones(4, dtype=np.uint64))
    with pytest.raises(tartan.ParseError, match="out must be"):
        nim_mul(np.ones(3, dtype=np.uint64), 1, out=np.empty(3, dtype=np.int64))
    with pytest.raises(tartan.ParseError, match="is negative"):
        nim_mul(-1, 3)
