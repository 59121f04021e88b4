"""The reports of the theorem checks: verify (the Tartan theorem by direct computation) and check (a game's values
against an explicit game graph)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple, Optional, Tuple

from . import _tartan
from ._positions import Position


class CellMismatch(NamedTuple):
    """A cell where the value computed from the definition of the product game differs from the expected one.

    >>> import tartan
    >>> wrong = tartan.game("twins*twins").table(4, 4)
    >>> wrong[2, 2] = 2                                # 2 (x) 2 is 3
    >>> tartan.game("twins*twins").verify((4, 4), claimed=wrong, progress=False).first_mismatches
    (CellMismatch(cell=(2, 2), direct=3, expected=2),)
    """

    cell: Tuple[int, ...]
    direct: int
    expected: int


class PositionMismatch(NamedTuple):
    """A position whose value over the explicit game graph differs from the XOR of the values over its heads.

    >>> import tartan
    >>> report = tartan.game("ruler").check(4, claimed=[1, 2, 1, 2], progress=False)   # g(3) is 4
    >>> report.first_mismatches[0]
    PositionMismatch(position=Position('TTTH'), graph_value=4, xor_value=2)
    """

    position: Position
    graph_value: int
    xor_value: int


@dataclass(frozen=True)
class VerifyReport:
    """What Game.verify found: G computed over the whole box from the definition of the product game (the mex over
    every product move, no theorem used), compared cell by cell with g_1 (x) ... (x) g_k, or with given values.

    complete is False when the progress callback or the time limit stopped the work; `checked` then counts the cells
    compared, and `stopped` says why the time limit stopped it (the limit reached, or the pace measured projecting
    past it). A notebook draws the box coloured by agreement.

    >>> import tartan
    >>> r = tartan.game("ruler*ruler").verify((16, 16), progress=False)
    >>> r.checked, r.mismatches, r.passed
    (256, 0, True)
    """

    game: str
    size: Tuple[int, ...]
    checked: int
    mismatches: int
    first_mismatches: Tuple[CellMismatch, ...]
    seconds: float
    threads: int
    complete: bool
    stopped: str = ""
    _native: Any = field(default=None, repr=False, compare=False)
    _values_name: str = field(default="", repr=False, compare=False)

    @staticmethod
    def _of(native: Any, values_name: str = "") -> "VerifyReport":
        return VerifyReport(native.game, native.size, native.checked, native.mismatches,
                            tuple(CellMismatch(m.cell, m.direct, m.expected) for m in native.first_mismatches),
                            native.seconds, native.threads, native.complete, native.stopped, native, values_name)

    @property
    def passed(self) -> bool:
        """Every cell of the box was compared and agrees."""
        return self.complete and self.mismatches == 0

    def _repr_svg_(self) -> Optional[str]:
        """The box coloured by agreement (light: agrees, dark and crossed: differs), as `tartan verify ... --svg`
        draws it; None for an incomplete run or a box too large to draw.

        >>> import tartan
        >>> "the theorem holds" in tartan.game("ruler*ruler").verify((8, 8), progress=False)._repr_svg_()
        True
        """
        if not self.complete:
            return None
        return _tartan._svg_verify(self._native, self._values_name)


@dataclass(frozen=True)
class CheckReport:
    """What Game.check found: every position of the game on the given coins built as an explicit game graph, its
    values by mex over the graph compared with the XOR of the game's values over each position's heads (the
    Sprague-Grundy theorem, and for a product the Tartan theorem), or with claimed values.

    >>> import tartan
    >>> r = tartan.game("mock-turtles").check(10, progress=False)
    >>> r.positions, r.passed
    (1024, True)
    """

    game: str
    size: Tuple[int, ...]
    positions: int
    edges: int
    mismatches: int
    first_mismatches: Tuple[PositionMismatch, ...]
    seconds: float
    complete: bool

    @staticmethod
    def _of(native: Any) -> "CheckReport":
        return CheckReport(native.game, native.size, native.positions, native.edges, native.mismatches,
                           tuple(PositionMismatch(Position(m.position), m.graph_value, m.xor_value)
                                 for m in native.first_mismatches),
                           native.seconds, native.complete)

    @property
    def passed(self) -> bool:
        """Every position was checked and agrees."""
        return self.complete and self.mismatches == 0
