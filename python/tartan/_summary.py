"""Sequence summaries (Game.summary), read from the JSON the engine writes for `tartan seq --period --json`, so the
two agree."""

from __future__ import annotations

import json
from typing import Any, NamedTuple, Optional


class Period(NamedTuple):
    """g(n + period) = g(n) + saltus for every n >= preperiod; proven for every n, or observed over the values.

    >>> import tartan
    >>> p = tartan.game("kayles").summary(200).period
    >>> p.preperiod, p.period, p.saltus, p.proven
    (71, 12, 0, True)
    """

    preperiod: int
    period: int
    saltus: int
    proven: bool
    why: str


class RareValues(NamedTuple):
    """The rare heaps of a take-and-break game under the mask making fewest rare: heap n is rare when
    popcount(g(n) & mask) is even (variant 'range'), or has the parity of n - t (variant 'domain'). `count` heaps of
    the values are rare, the last at `last`; `all`: these are the rare heaps of every n (a proven period holds none).

    >>> import tartan
    >>> tartan.game("0.127").summary(100000).rare   # Gangolli and Plambeck's .127: the domain variant
    RareValues(mask=1, variant='domain', t=3, count=693, last=27106, all=True)
    """

    mask: int
    variant: str
    t: int
    count: int
    last: Optional[int]
    all: bool


def _period(j: Any) -> Optional[Period]:
    if j is None:
        return None
    return Period(j["preperiod"], j["period"], j["saltus"], j["proven"], j["why"])


def _rare(j: Any) -> Optional[RareValues]:
    if j is None:
        return None
    return RareValues(j["mask"], j["variant"], j["t"], j["count"], j["last"], j["all"])


class SequenceSummary(NamedTuple):
    """What published tables print for a game's values g(0..observed-1): the period, the largest value and the first
    heap reaching it (`largest_all`: the largest of every n, a proven period), and for take-and-break games whose
    moves leave at most two heaps the rare values (None otherwise, `rare_note` saying why).

    >>> import tartan
    >>> s = tartan.game("0.45").summary(1200)
    >>> s.period.preperiod, s.period.period, s.period.proven
    (498, 20, True)
    >>> s.largest, s.largest_at, hex(s.rare.mask), s.rare.count, s.rare.last
    (8, 37, '0xf', 11, 198)
    """

    observed: int
    period: Optional[Period]
    largest: int
    largest_at: int
    largest_all: bool
    rare: Optional[RareValues]
    rare_note: str

    @staticmethod
    def _of(text: str) -> "SequenceSummary":
        j = json.loads(text)
        return SequenceSummary(j["observed"], _period(j["period"]), j["largest"]["value"], j["largest"]["at"],
                               j["largest"]["all"], _rare(j["rare"]), j["rare_note"])
