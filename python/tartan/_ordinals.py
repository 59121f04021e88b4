"""Ordinals below w^(w^w) with nim arithmetic (tartan.Ordinal, compiled) and Lenstra's constants (tartan.alpha)."""

from __future__ import annotations

import os
from typing import Any, NamedTuple, Optional, Tuple

from . import _tartan
from ._progress import progress_callback
from ._tartan import Ordinal

#: The first infinite ordinal, w, an Ordinal.
omega = Ordinal("w")

#: The largest prime whose constants tartan holds: Ordinals are below w^(w^K), K the number of odd primes up to it.
max_lenstra_prime: int = _tartan._max_lenstra_prime()


class ExcessTest(NamedTuple):
    """One excess j tried for alpha_p, in a Certificate: norm = N(kappa + j) from the field of alpha_p down to
    GF(2^f), f = f(p), and power = norm^((2^f - 1)/p), both elements of GF(2)[z]/(modulus) as ints (bit i the
    coefficient of z^i); pth_power: whether power is 1, i.e. kappa + j is a p-th power (j below the excess).

    >>> import tartan
    >>> tartan.alpha(7, certificate=True).certificate.tests[1]
    ExcessTest(excess=1, norm=2, power=2, pth_power=False)
    """

    excess: int
    norm: int
    power: int
    pth_power: bool


class Certificate(NamedTuple):
    """What shows alpha_p's excess m (docs/ordinals.md, "A certificate"): GF(2^f) = GF(2)[z]/(modulus), z the p-th
    root of unity tests[m].norm^((2^f - 1)/p) and modulus its minimal polynomial (degree f = order_of_two, dividing
    z^p - 1); the norms are taken from the tower field of alpha_p, of degree field_degree over GF(2). So the last
    test's power is z (2) and the others' 1, which any GF(2^f) arithmetic checks from the norms.

    >>> import tartan
    >>> c = tartan.alpha(7, certificate=True).certificate
    >>> c.order_of_two, c.field_degree, bin(c.modulus), [(t.excess, t.power, t.pth_power) for t in c.tests]
    (3, 6, '0b1011', [(0, 1, True), (1, 2, False)])
    """

    order_of_two: int
    field_degree: int
    modulus: int
    tests: Tuple[ExcessTest, ...]


class Alpha(NamedTuple):
    """Lenstra's constants of an odd prime p, the (k+1)-th: w^(w^k) to the p-th nim power is alpha = kappa + excess
    (an ordinal sum), kappa = kappa_f(p) the sum of Lenstra's kappa_q over q in q_set, f(p) = order_of_two the order
    of 2 modulo p; degree is alpha's degree over GF(2). computed: worked out from the definition in this call (then
    seconds is the time it took), or read from the table; certificate: what shows the excess, when asked for.

    >>> import tartan
    >>> tartan.alpha(13)
    Alpha(prime=13, alpha=Ordinal('w + 4'), excess=0, q_set=(3, 4), kappa=Ordinal('w + 4'), order_of_two=12, degree=12, computed=False, seconds=0.0, certificate=None)
    """

    prime: int
    alpha: Ordinal
    excess: int
    q_set: Tuple[int, ...]
    kappa: Ordinal
    order_of_two: int
    degree: int
    computed: bool
    seconds: float
    certificate: Optional[Certificate] = None


def _alpha_of(d: dict) -> Alpha:
    d["q_set"] = tuple(d["q_set"])
    if d["certificate"] is not None:
        c = d["certificate"]
        c["tests"] = tuple(ExcessTest(**t) for t in c["tests"])
        d["certificate"] = Certificate(**c)
    return Alpha(**d)


def alpha(p: int, *, compute: bool = False, from_scratch: bool = False, certificate: bool = False,
          progress: Any = False, checkpoint: str | os.PathLike[str] | None = None) -> Alpha:
    """Lenstra's constants of the odd prime p: from tartan's table (every odd prime up to max_lenstra_prime), or with
    compute=True worked out from the definition, as `tartan nim alpha P` does (a prime beyond the table with only the
    primes its field is built on, seconds to hours by the field's size; from_scratch=True: every prime of the table
    from 3 up to p too, none taken from the table; progress as for Game.sequence, its fraction the share of those
    primes done; certificate=True: computed, with the Certificate of its excess). Ctrl-C raises
    KeyboardInterrupt, and a progress callback returning False a tartan.Error, with the constants finished before the
    stop as .partial (a tuple of Alpha). checkpoint=FILE (computed): as `tartan nim alpha --checkpoint FILE`, each
    constant is appended to FILE as it finishes and the prime computing keeps its state in FILE.alpha_P, so a call
    stopped in any way goes on, called again, from where it was (docs/ordinals.md, "Checkpoints within a prime").

    >>> import tartan
    >>> a = tartan.alpha(7)
    >>> a.alpha, a.excess, a.kappa, a.degree
    (Ordinal('w + 1'), 1, Ordinal('w'), 6)
    >>> tartan.Ordinal("w^(w^2)") ** 7 == a.alpha
    True
    >>> tartan.alpha(19, compute=True).alpha
    Ordinal('w^3 + 4')
    """
    callback, close = progress_callback(progress, f"alpha_{p}")
    try:
        computed = compute or from_scratch or certificate or checkpoint is not None
        return _alpha_of(_tartan._alpha(p, computed, from_scratch, certificate, callback,
                                        "" if checkpoint is None else os.fspath(checkpoint)))
    except (KeyboardInterrupt, _tartan.Error) as stopped:
        if isinstance(getattr(stopped, "partial", None), list):
            stopped.partial = tuple(_alpha_of(d) for d in stopped.partial)
        raise
    finally:
        close()
