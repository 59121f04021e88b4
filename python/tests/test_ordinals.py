"""tartan.Ordinal and tartan.alpha: Conway's and Lenstra's identities, the field axioms on seeded random ordinals, the
finite ordinals against Nimber, the mixing with ints and Nimbers, the notation, Lenstra's constants against OEIS
A380496, and the errors."""

from __future__ import annotations

import pickle
import random

import pytest

import tartan
from tartan import Nimber, Ordinal, omega

from conftest import REFERENCE_DIR, read_oeis

w = omega


def random_ordinal(rng: random.Random, height: int, terms: int, max_a: int, bits: int) -> Ordinal:
    """A sum of `terms` random terms w^e*c (e below w^height, its coefficients below max_a; c below 2^bits)."""
    x = Ordinal(0)
    for _ in range(terms):
        exponent = [(k, rng.randrange(1, max_a)) for k in reversed(range(height)) if rng.random() < 0.5]
        coefficient = rng.randrange(1, 2 ** bits)
        if exponent:
            x += Ordinal("w^(" + "+".join(f"w^{k}*{a}" for k, a in exponent) + f")*{coefficient}")
        else:
            x += coefficient
    return x


def test_conways_identities():
    assert w * w == Ordinal("w^2")
    assert w * w * w == 2                       # w is a cube root of 2
    assert Ordinal("w^3") ** 3 == w             # w^3 is a cube root of w
    assert Ordinal("w^w") ** 5 == 4             # w^w is a fifth root of 4 (alpha_5)
    assert Ordinal("w^(w^2)") ** 7 == w + 1     # alpha_7
    assert Ordinal("w^(w^3)") ** 11 == Ordinal("w^w + 1")
    assert Ordinal("w^(w^4)") ** 13 == w + 4    # Lenstra: alpha_13 = w + 4
    assert w.inverse() == Ordinal("w^2*3") and w ** -1 == w.inverse()
    assert w.sqrt() == Ordinal("w^2*2")
    assert (w.degree(), w.minimal_polynomial(), w.order()) == (6, "x^6 + x^3 + 1", 9)
    assert w.minimal_polynomial_exponents() == [6, 3, 0]


@pytest.mark.parametrize("height,terms,max_a,bits", [(1, 3, 9, 8), (2, 4, 25, 16), (3, 3, 10, 64), (5, 3, 3, 4)])
def test_field_axioms(height, terms, max_a, bits):
    rng = random.Random(height * 100 + terms)
    for _ in range(10):
        a, b, c = (random_ordinal(rng, height, terms, max_a, bits) for _ in range(3))
        assert a * b == b * a
        assert (a * b) * c == a * (b * c)
        assert a * (b + c) == a * b + a * c
        assert a + a == 0 and a - b == a + b
        assert a.sqrt() * a.sqrt() == a
        assert a ** 7 == a * a * a * a * a * a * a
        if a and height <= 3:
            assert a * a.inverse() == 1
            assert (b / a) * a == b


def test_finite_ordinals_are_nimbers():
    rng = random.Random(7)
    for bits in (8, 64, 200):
        for _ in range(30):
            x, y = rng.randrange(1, 2 ** bits), rng.randrange(1, 2 ** bits)
            assert int(Ordinal(x) * Ordinal(y)) == int(Nimber(x) * Nimber(y))
            assert int(Ordinal(x) / y) == int(Nimber(x) / Nimber(y))
            assert int(Ordinal(x).sqrt()) == int(Nimber(x).sqrt())
            assert int(Ordinal(x) ** 1000) == int(Nimber(x) ** 1000)
            assert Ordinal(Nimber(x)) == x


def test_mixes_with_ints_and_nimbers_and_orders_as_ordinals():
    assert 3 * w == w * 3 == Ordinal("w*3") and w + 1 == 1 + w
    assert w * Nimber(2) == Nimber(2) * w == Ordinal("w*2")
    assert 1 / w == w.inverse()
    assert Ordinal(5) == 5 and hash(Ordinal(5)) == hash(5) and Ordinal(5) == Nimber(5)
    assert 10 ** 100 < w < w + 1 < w * 2 < w ** 2 < Ordinal("w^w") < Ordinal("w^(w^2)")
    assert sorted([Ordinal("w^w"), w, Ordinal(3)]) == [3, w, Ordinal("w^w")]
    assert w != -1 and w != "w" and w != 1.0
    assert len({Ordinal("w"), w, Ordinal("w^1")}) == 1
    assert bool(Ordinal(0)) is False and bool(w) is True
    assert pickle.loads(pickle.dumps(Ordinal("w^(w^2+1)*3 + w + 5"))) == Ordinal("w^(w^2+1)*3 + w + 5")


def test_notation_and_terms():
    x = Ordinal("w^(w^2+1)3 + ω + 5")
    assert str(x) == "w^(w^2+1)*3 + w + 5" and repr(x) == "Ordinal('w^(w^2+1)*3 + w + 5')"
    assert x.terms == ((((2, 1), (0, 1)), 3), (((0, 1),), 1), ((), 5))
    assert (x.height, x.is_finite, Ordinal(9).is_finite) == (3, False, True)
    assert Ordinal(2 ** 300).terms == (((), 2 ** 300),)
    assert Ordinal(f"w^({2 ** 100})").terms == ((((0, 2 ** 100),), 1),)


def test_lenstras_constants_match_oeis_a380496():
    # The entry's data section (up to p = 577) and its b-file (up to 709, the table's end), both by n: p is the n-th
    # odd prime.
    excess = read_oeis("A380496")
    b_file = (REFERENCE_DIR / "ordinals" / "oeis_b380496.txt").read_text().splitlines()
    excess_b = {int(n): int(v) for n, v in (line.split() for line in b_file if line and not line.startswith("#"))}
    assert all(excess_b[n] == v for n, v in excess.items())
    primes = [q for q in range(3, tartan.max_lenstra_prime + 1, 2) if all(q % d for d in range(3, q, 2))]
    assert len(primes) == 126
    for k, p in enumerate(primes):
        a = tartan.alpha(p)
        assert a.excess == excess_b[k + 1], p
        assert a.prime == p and not a.computed
    a = tartan.alpha(19, compute=True)
    assert (a.alpha, a.excess, a.kappa, a.q_set, a.degree, a.computed) == (Ordinal("w^3 + 4"), 4, Ordinal("w^3"), (9,),
                                                                        36, True)
    assert a.seconds >= 0
    for p in (3, 5, 7, 11, 13, 43):
        assert tartan.alpha(p, compute=True)[:7] == tartan.alpha(p)[:7]
    # The generator w^(w^k) to the p-th nim power is alpha_p.
    assert Ordinal("w^(w^6)") ** 19 == tartan.alpha(19).alpha
    # From scratch: every constant below 43 computed too, none read from the table.
    assert tartan.alpha(43, from_scratch=True)[:7] == tartan.alpha(43)[:7]
    # Past the table, with only the primes each field is built on, as OEIS A380496's a-file has them.
    a_file = (REFERENCE_DIR / "ordinals" / "oeis_a380496.txt").read_text().splitlines()
    excess_a = dict(line.split() for line in a_file if line and not line.startswith("#"))
    primes_a = [q for q in range(3, 8000, 2) if all(q % d for d in range(3, int(q ** 0.5) + 1, 2))]
    for p in (727, 1321):
        a = tartan.alpha(p, compute=True)
        assert (a.prime, a.computed) == (p, True)
        assert str(a.excess) == excess_a[str(primes_a.index(p) + 1)], p


def _poly_mod(a, g):
    """a mod g over GF(2), polynomials as ints (bit i the coefficient of z^i)."""
    while a.bit_length() >= g.bit_length():
        a ^= g << (a.bit_length() - g.bit_length())
    return a


def _poly_mul_mod(a, b, g):
    product = 0
    for i in range(b.bit_length()):
        if b >> i & 1:
            product ^= a << i
    return _poly_mod(product, g)


def test_the_certificate_of_an_excess_checks_in_its_field():
    # The reader's check with plain GF(2)[z]/(g) arithmetic written here: g has degree f and divides z^p - 1, each
    # power is the norm to the (2^f - 1)/p by square and multiply, 1 below the excess and z at it; and the norms are
    # the products of the conjugates of kappa + j (Ordinal arithmetic) read at z = the last power.
    for p in (7, 11, 19, 23, 727):
        a = tartan.alpha(p, certificate=True)
        c = a.certificate
        f = a.order_of_two
        assert c.order_of_two == f and c.field_degree % a.degree == 0 and c.modulus.bit_length() == f + 1
        assert _poly_mod((1 << p) | 1, c.modulus) == 0, p
        e = (2 ** f - 1) // p
        assert [t.excess for t in c.tests] == list(range(a.excess + 1))
        for t in c.tests:
            power, base = 1, t.norm
            for i in range(e.bit_length()):
                if e >> i & 1:
                    power = _poly_mul_mod(power, base, c.modulus)
                base = _poly_mul_mod(base, base, c.modulus)
            assert power == t.power == (1 if t.excess < a.excess else 2), (p, t.excess)
            assert t.pth_power == (t.excess < a.excess)
        if c.field_degree > 300:
            continue
        norms = []
        for t in c.tests:
            x = a.kappa + t.excess  # an ordinal sum, as these kappa have no finite part
            norm, conjugate = Ordinal(1), x
            for _ in range(c.field_degree // f):
                norm *= conjugate
                for _ in range(f):
                    conjugate = conjugate * conjugate
            norms.append(norm)
        zeta = norms[-1] ** e
        for t, norm in zip(c.tests, norms):
            at_zeta, power = Ordinal(0), Ordinal(1)
            for i in range(f):
                if t.norm >> i & 1:
                    at_zeta += power
                power *= zeta
            assert at_zeta == norm, (p, t.excess)


def test_a_stopped_computation_of_alpha_keeps_the_constants_finished():
    # Every alpha up to 359 from scratch: a minute or two for those up to 353, many more for 359's field of degree
    # 3504820.
    # The callback stops it once a tenth of the primes are reached, by returning False or as Ctrl-C would.
    def stop_at_a_tenth(how):
        def callback(fraction):
            if fraction >= 0.1:
                if how == "interrupt":
                    raise KeyboardInterrupt
                return False
            return True
        return callback

    for how, error in (("return False", tartan.Error), ("interrupt", KeyboardInterrupt)):
        with pytest.raises(error) as stopped:
            tartan.alpha(359, from_scratch=True, progress=stop_at_a_tenth(how))
        finished = stopped.value.partial
        assert len(finished) >= 6, how  # the primes 3 to 17, at least
        for a in finished:
            assert a.computed and a[:7] == tartan.alpha(a.prime)[:7]
        assert [a.prime for a in finished] == [p for p in range(3, finished[-1].prime + 1, 2)
                                               if all(p % d for d in range(3, p, 2))]


def test_a_checkpoint_keeps_the_constants_and_the_state_of_the_prime_computing(tmp_path):
    # alpha_47 computed with a checkpoint and stopped by the callback at its first report, which comes once Q(f(47)) is
    # found and recorded: 47's state is beside the checkpoint, which has no line yet. Called again, the computation
    # goes on from that state to the table's constants, records 47 and removes the state; a third call reads 47 back.
    path = tmp_path / "alpha.txt"
    with pytest.raises(tartan.Error) as stopped:
        tartan.alpha(47, checkpoint=path, progress=lambda fraction: False)
    assert stopped.value.partial == ()
    assert not path.exists()
    state = tmp_path / "alpha.txt.alpha_47"
    assert state.read_bytes().startswith(b"# tartan Lenstra state 2\nprime 47\nq_set 23\nexcess 0 0\n")

    a = tartan.alpha(47, checkpoint=path)
    assert a.computed and a[:7] == tartan.alpha(47)[:7]
    assert not state.exists()
    lines = path.read_text().splitlines()
    assert lines[0] == "# tartan Lenstra constants 1" and lines[1].startswith("47 1 5060 23 ")
    assert tartan.alpha(47, checkpoint=str(path))[:7] == tartan.alpha(47)[:7]
    assert path.read_text().splitlines() == lines


def test_errors():
    with pytest.raises(tartan.ParseError, match=r"^Ordinal: '3w' puts the coefficient 3 before w; write it after"):
        Ordinal("3w")
    with pytest.raises(tartan.ParseError, match=r"'1 \+ w' has the term 'w' after the smaller '1'"):
        Ordinal("1 + w")
    with pytest.raises(tartan.ParseError, match=r"is not an ordinal; give text such as 'w\^2 \+ 1', an int or a "):
        Ordinal(1.5)
    with pytest.raises(tartan.ParseError, match=r"Ordinal: -3 is negative"):
        Ordinal(-3)
    with pytest.raises(tartan.DomainError, match=r"needs Lenstra's constant for the prime 719"):
        Ordinal("w^(w^126)")
    with pytest.raises(tartan.DivisionByZeroError):
        w / 0
    with pytest.raises(ZeroDivisionError):
        Ordinal(0).inverse()
    with pytest.raises(tartan.DomainError, match=r"^w is infinite; only a finite Ordinal converts to int$"):
        int(w)
    with pytest.raises(tartan.ParseError, match=r"is not an integer; raise an Ordinal to an int power"):
        w ** 0.5
    with pytest.raises(TypeError):
        w + "w"
    with pytest.raises(tartan.LimitError, match=r"beyond the 2\^22 nimbers tartan computes with"):
        Ordinal("w^(w^7*12166+w^6*6858+w^5*4912+w^4*2196) + 1").inverse()
    with pytest.raises(tartan.ParseError, match=r"alpha: 9 is not an odd prime"):
        tartan.alpha(9)
    with pytest.raises(tartan.DomainError, match=r"beyond the table, which ends at 709"):
        tartan.alpha(719)
    with pytest.raises(tartan.LimitError, match=r"alpha: 2000003 is beyond the primes below 1400000"):
        tartan.alpha(2000003, compute=True)
    with pytest.raises(tartan.Error, match=r"stopped at"):
        tartan.alpha(47, compute=True, progress=lambda fraction: False)
