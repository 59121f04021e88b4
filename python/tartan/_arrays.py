"""NumPy arrays that draw themselves in a notebook: a game's Grundy sequence and a product's value table."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from . import _tartan


class _Drawable(np.ndarray):
    """A uint64 array that knows what it holds. The picture is for the array as computed: a slice, a copy or the
    result of arithmetic is a plain array of values (or one that draws nothing), never a picture with wrong labels."""

    _game: Any

    def __array_finalize__(self, obj: Any) -> None:
        self._game = None  # views and copies draw nothing; the constructors set _game on the original alone

    def __array_wrap__(self, obj: np.ndarray, context: Any = None) -> Any:
        # Arithmetic and reductions give plain NumPy results: a sum is a number, seq + 1 an ndarray.
        if obj.ndim == 0:
            return obj[()]
        return obj.view(np.ndarray)

    def __reduce__(self) -> Any:
        # Pickled as the plain array it is: the game behind it is not part of the values.
        return np.asarray(self).__reduce__()


class Sequence(_Drawable):
    """g(0..n-1) of a 1-D game, as returned by Game.sequence: a uint64 NumPy array (index n holds g(n)) that a
    notebook draws as a scatter plot of g(n) against n.

    >>> import tartan
    >>> s = tartan.game("mock-turtles").sequence(8)
    >>> s
    Sequence([ 1,  2,  4,  7,  8, 11, 13, 14], dtype=uint64)
    >>> isinstance(s, __import__("numpy").ndarray), int(s.sum())
    (True, 60)
    >>> "<svg" in s._repr_svg_()
    True
    """

    @staticmethod
    def _of(values: np.ndarray, game: Any) -> "Sequence":
        seq = values.view(Sequence)
        seq._game = game
        return seq

    def _repr_svg_(self) -> Optional[str]:
        """The scatter plot of g(n) against n, as `tartan seq GAME N --svg` draws it; None for a derived array.

        >>> import tartan
        >>> "g(n) for n = 0..9" in tartan.game("ruler").sequence(10)._repr_svg_()
        True
        """
        if self._game is None or self.ndim != 1 or self.size == 0:
            return None
        return _tartan._svg_sequence(self._game.name, np.ascontiguousarray(self, dtype=np.uint64))


class Table(_Drawable):
    """The value table of a tartan product, as returned by Game.table: a uint64 NumPy array of the box's shape
    (table[a, b] = G(a, b) = g_A(a) (x) g_B(b)) that a notebook draws as a heat map.

    >>> import tartan
    >>> t = tartan.game("twins*twins").table(4, 4)   # Turning Corners: the nim multiplication table
    >>> t[2, 3], t[3, 3]
    (1, 2)
    >>> "<svg" in t._repr_svg_()
    True
    """

    @staticmethod
    def _of(values: np.ndarray, game: Any) -> "Table":
        table = values.view(Table)
        table._game = game
        return table

    def _repr_svg_(self) -> Optional[str]:
        """The heat map of the table, as `tartan table GAME --size RxC --svg` draws it; None for a derived array or
        a table too large to draw (more than 2^24 cells).

        >>> import tartan
        >>> "ruler(a) ⊗ ruler(b)" in tartan.game("ruler*ruler").table(8, 8)._repr_svg_()
        True
        """
        if self._game is None:
            return None
        return _tartan._svg_table(self._game._handle, np.ascontiguousarray(self, dtype=np.uint64))
