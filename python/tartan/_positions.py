"""Positions (rows, boards, boxes), compact positions (regions), moves, and the analysis of a position."""

from __future__ import annotations

from typing import Any, Iterator, List, NamedTuple, Optional, Tuple, Union

import numpy as np

from . import _tartan
from ._progress import progress_callback
from ._tartan import Nimber

Size = Union[int, Tuple[int, ...], str]


class Move(tuple):
    """The coins a move turns: one ascending tuple of coins per axis (a row game's move has one axis). A row move
    turns its coins, the last one (the moving coin) from heads to tails; a board move turns every coin of
    rows x cols, its moving coin at (rows[-1], cols[-1]). A Move is a tuple of its axes, so moves compare and hash
    as tuples.

    >>> from tartan import Move
    >>> m = Move((0, 3))
    >>> m, m.coins, m.axes
    (Move(0, 3), (0, 3), ((0, 3),))
    >>> Move((0, 1), (2,)).rows, Move((0, 1), (2,)).cols
    ((0, 1), (2,))
    """

    __slots__ = ()

    def __new__(cls, *axes: Any) -> "Move":
        return super().__new__(cls, tuple(tuple(int(c) for c in axis) for axis in axes))

    def __getnewargs__(self) -> Tuple[Tuple[int, ...], ...]:
        return tuple(self)

    @property
    def axes(self) -> Tuple[Tuple[int, ...], ...]:
        """The coins turned along each axis."""
        return tuple(self)

    @property
    def coins(self) -> Tuple[int, ...]:
        """A row move's coins, ascending, the moving coin last."""
        if len(self) != 1:
            raise AttributeError("a board or box move has rows, cols and axes, not coins")
        return self[0]

    @property
    def rows(self) -> Tuple[int, ...]:
        """A board or box move's coins along axis 0."""
        if len(self) < 2:
            raise AttributeError("a row move has coins, not rows")
        return self[0]

    @property
    def cols(self) -> Tuple[int, ...]:
        """A board move's coins along axis 1."""
        if len(self) < 2:
            raise AttributeError("a row move has coins, not cols")
        return self[1]

    def __repr__(self) -> str:
        if len(self) == 1:
            return "Move(" + ", ".join(str(c) for c in self[0]) + ")"
        return "Move(" + ", ".join(repr(axis) for axis in self) + ")"


class Option(NamedTuple):
    """A legal move of a position and the value of the position it leads to.

    >>> import tartan
    >>> next(tartan.game("mock-turtles").analyze("TTTH").options)
    Option(move=Move(3), value=0)
    """

    move: Move
    value: Nimber


class WinningMoveCount(NamedTuple):
    """The exact count of a position's winning moves (Game.count_winning_moves): the position's value, its number of
    winning moves and its number of heads coins, exact however large.

    >>> import tartan
    >>> value, winning, heads = tartan.game("ruler").count_winning_moves("HHHH")
    >>> value, winning, heads
    (*6, 1, 4)
    """

    value: Nimber
    winning_moves: int
    heads: int


class SumAnalysis(NamedTuple):
    """A sum of positions analysed by tartan.analyze_sum: its value (the XOR of the terms' values), outcome, each
    term's value, and a page of winning moves as (term, Move), or (term, HeapMove) in a term of heaps, terms numbered
    from 0; with count=True the exact number of winning moves instead (winning_moves is then empty).

    >>> import tartan
    >>> s = tartan.analyze_sum(("mock-turtles", "HTTH"), ("ruler", "HTH"))
    >>> s.value, s.outcome, s.term_values
    (*6, 'N', (*6, 0))
    >>> s.winning_moves
    [(0, Move(0, 3))]
    """

    value: Nimber
    outcome: str
    term_values: Tuple[Nimber, ...]
    winning_moves: List[Tuple[int, Union[Move, HeapMove]]]
    winning_move_count: Optional[int]


class HeapMove(NamedTuple):
    """A move in one heap of a take-and-break game: `take` tokens removed from a heap of `heap` (0: a split, by d0),
    the heaps `leaving` left in its place (ascending; empty: nothing). str() says it as a player would.

    >>> import tartan
    >>> m = tartan.game("kayles").analyze_heaps([5, 7, 9]).winning_moves[1]
    >>> m
    HeapMove(take=2, heap=7, leaving=(1, 4))
    >>> str(m)
    'take 2 from the heap of 7, leaving heaps of 1 and 4'
    >>> m == tartan.HeapMove(2, 7, (1, 4)), str(tartan.HeapMove(0, 7, (3, 4)))
    (True, 'split the heap of 7 into 3 and 4')
    """

    take: int
    heap: int
    leaving: Tuple[int, ...]
    text: str = ""

    def __repr__(self) -> str:
        return f"HeapMove(take={self.take}, heap={self.heap}, leaving={self.leaving})"

    def __str__(self) -> str:
        if self.text:
            return self.text
        return _tartan._heap_move_text(self.take, self.heap, list(self.leaving))

    # The move is its three numbers; its text only says them (a HeapMove typed by hand has none).
    def __eq__(self, other: object) -> bool:
        if isinstance(other, HeapMove):
            return (self.take, self.heap, tuple(self.leaving)) == (other.take, other.heap, tuple(other.leaving))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.take, self.heap, tuple(self.leaving)))


class HeapAnalysis(NamedTuple):
    """Heaps of a take-and-break game analysed by Game.analyze_heaps: the value (XOR of g over the heaps), outcome,
    the heaps (ascending), their coin form (the sizes held by an odd number of heaps: heap n is coin n), and a page
    of winning heap moves, each heap size once; with count=True their exact number instead (winning_moves empty).

    >>> import tartan
    >>> a = tartan.game("0.07").analyze_heaps([3, 3, 10])
    >>> a.value, a.outcome, a.heaps, a.coin_heads
    (*3, 'N', (3, 3, 10), (10,))
    >>> [str(m) for m in a.winning_moves]
    ['take 2 from the heap of 10, leaving heaps of 4 and 4']
    """

    value: Nimber
    outcome: str
    heaps: Tuple[int, ...]
    coin_heads: Tuple[int, ...]
    winning_moves: List[HeapMove]
    winning_move_count: Optional[int]


class Position:
    """A position: a row of coins (1-D games), a board (products of two games) or a box (more), and its heads.

    Made by tartan.position(...), or returned as Analysis.position.

    >>> import tartan
    >>> p = tartan.position("HTTH")
    >>> p, p.extents, p.heads.tolist()
    (Position('HTTH'), (4,), [[0], [3]])
    >>> tartan.position("HT/TH").to_array().tolist()
    [[True, False], [False, True]]
    """

    __slots__ = ("_native",)

    def __init__(self, native: Any) -> None:
        self._native = native

    @property
    def extents(self) -> Tuple[int, ...]:
        """The number of coins along each axis."""
        return self._native.extents

    @property
    def dimensions(self) -> int:
        """1 for a row, 2 for a board, k for a box."""
        return len(self._native.extents)

    @property
    def head_count(self) -> int:
        """The number of heads coins."""
        return self._native.head_count

    @property
    def heads(self) -> np.ndarray:
        """The heads coins in row-major order, one row of coordinates each: shape (heads, dimensions)."""
        return self._native.heads

    @property
    def text(self) -> Optional[str]:
        """The position drawn: "HTTH", or rows joined by '/' ("HT/TH"); None for a box of three or more axes."""
        return self._native.text

    def to_array(self) -> np.ndarray:
        """The position as a boolean array of its extents, True for heads.

        >>> import tartan
        >>> tartan.position("THH").to_array().tolist()
        [False, True, True]
        """
        board = np.zeros(self.extents, dtype=bool)
        heads = self.heads
        if heads.size:
            board[tuple(heads.T)] = True
        return board

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._native == other._native

    def __hash__(self) -> int:
        return hash((self.extents, self.heads.tobytes()))

    def __repr__(self) -> str:
        text = self.text
        if text is not None and len(text) <= 200:
            return f"Position({text!r})"
        return f"Position(size={self.extents}, heads={self.head_count})"


class Region:
    """A position given compactly, as boxes of heads: every coin of a 10^6 x 10^6 board is one box, not 10^12 coins.
    A coin is heads when an odd number of the boxes hold it (listed twice, it is tails). Game.count_winning_moves
    counts the winning moves of a region of any size exactly; Game.analyze lists its heads first.

    >>> import tartan
    >>> r = tartan.region(100, "3,10-20")
    >>> r.extents, r.head_count, r.boxes
    ((100,), 12, [((3, 3),), ((10, 20),)])
    >>> tartan.region((10**6, 10**6), all_heads=True).head_count
    1000000000000
    """

    __slots__ = ("_native",)

    def __init__(self, native: Any) -> None:
        self._native = native

    @property
    def extents(self) -> Tuple[int, ...]:
        """The number of coins along each axis."""
        return self._native.extents

    @property
    def head_count(self) -> int:
        """The number of heads coins, exact."""
        return self._native.head_count

    @property
    def boxes(self) -> list:
        """The boxes as given: each a tuple of (first, last) coin ranges, one per axis, both ends included."""
        return self._native.boxes

    def to_position(self, max_memory: Any = None) -> Position:
        """The same position with its heads listed coin by coin; LimitError when they would take more than max_memory
        bytes (default: half the machine's memory).

        >>> import tartan
        >>> tartan.region(8, "2-4,3").to_position()
        Position('TTHTHTTT')
        """
        return Position(self._native.to_position(max_memory))

    def __repr__(self) -> str:
        return f"Region(size={self.extents}, boxes={len(self.boxes)}, heads={self.head_count})"


def position(drawn: Any = None, *, size: Optional[Size] = None, heads: Any = None) -> Position:
    """A position of any coin-turning game, from one of:

    - drawn text: a row of H and T (or h/t, 1/0), coin 0 first, "HTTH"; a board, rows joined by '/', row 0 first,
      "HT/TH". With `size`, the coins beyond the drawing are tails.
    - a NumPy boolean array (True for heads) of any number of axes, or nested lists of bools.
    - `size` with `heads`: the heads as text ("3,17" on a row, "3:5,17:2" on a board, ranges "10-20" too), or as a
      list of coin numbers (a row) or of coordinate tuples (a board or box).

    size is the number of coins of a row (10), a tuple of extents ((8, 8)) or text ("8x8"). Malformed input raises
    ParseError with the engine's message, e.g. "position: 'X' at column 3 is not a coin; type H or T ...".

    >>> import numpy as np, tartan
    >>> tartan.position("HTTH") == tartan.position(size=4, heads=[0, 3]) == tartan.position(size=4, heads="0,3")
    True
    >>> tartan.position(np.array([[True, False], [False, True]]))
    Position('HT/TH')
    >>> tartan.position("HT", size=5)
    Position('HTTTT')
    """
    if heads is not None:
        if drawn is not None:
            raise _tartan.ParseError(
                "the position is given twice: drawn and as heads; give either the drawing (e.g. 'HTTH') or size and "
                "heads (e.g. size=100, heads=[3, 17]), not both")
        if size is None:
            raise _tartan.ParseError("heads needs size, the number of coins (a row) or the extents (a board); "
                                     "e.g. size=1000, heads=[3, 17]")
        if isinstance(heads, str):
            return Position(_tartan._Region.parse(size, heads).to_position(None))
        coins = np.asarray(heads)
        if coins.size == 0:  # no heads (an empty list reads as floats): every coin tails
            coins = coins.astype(np.int64)
            coins = coins.reshape(0) if not isinstance(size, (tuple, list)) or len(size) == 1 else coins.reshape(0, len(size))
        if coins.dtype.kind not in "iu":
            raise _tartan.ParseError(
                f"heads: {heads!r} is not coin numbers; give ints (a row) or tuples of ints (a board), e.g. [3, 17]")
        if coins.dtype.kind == "u" and coins.size and int(coins.max()) >= 2**63:
            raise _tartan.ParseError(f"heads: coin {int(coins.max())} is outside the box; coins are numbered from 0")
        return Position(_tartan._Position.from_heads(size, coins.astype(np.int64)))
    if isinstance(drawn, Position):
        native = drawn._native
    elif isinstance(drawn, str):
        native = _tartan._Position.parse(drawn)
    elif isinstance(drawn, (np.ndarray, list, tuple)):
        board = np.asarray(drawn)
        if board.dtype != bool:
            raise _tartan.ParseError(
                f"position: an array of {board.dtype} is not a drawing; give booleans (True for heads), e.g. "
                "array.astype(bool), or the heads as size=..., heads=[...]")
        if board.ndim == 0 or 0 in board.shape:
            raise _tartan.ParseError(f"position: an array of shape {board.shape} has no coins; give at least one coin")
        native = _tartan._Position.from_heads(board.shape if board.ndim > 1 else board.shape[0],
                                              np.argwhere(board).astype(np.int64))
    elif drawn is None:
        if size is not None:  # every coin tails
            return Position(_tartan._Position.from_heads(size, np.zeros((0, _dimensions(size)), dtype=np.int64)))
        raise _tartan.ParseError("no position given; draw one such as 'HTTH' (coin 0 first), or give size and heads")
    else:
        raise _tartan.ParseError(
            f"position: {drawn!r} is not a position; draw one such as 'HTTH' or 'HT/TH', or give a boolean array")
    if size is not None:
        native = native.resized(size)
    return Position(native)


def _dimensions(size: Any) -> int:
    if isinstance(size, str):
        return size.lower().count("x") + 1
    if isinstance(size, (tuple, list)):
        return len(size)
    return 1


def region(size: Size, heads: Optional[str] = None, *, all_heads: bool = False) -> Region:
    """A compact position: `size` (coins of a row, or extents) and either `heads`, text listing coins and ranges per
    axis joined by ':' ("3,10-20" on a row, "0-999:0-999,5:7" on a board), or all_heads=True. Without heads (or with
    heads=""), every coin is tails: value 0, no move.

    >>> import tartan
    >>> tartan.region((1000, 1000), "0-999:0-999,5:7").head_count
    999999
    """
    if all_heads:
        if heads is not None:
            raise _tartan.ParseError("the position is given twice: all_heads and heads; give one of them")
        return Region(_tartan._Region.all_heads(size))
    if heads is None:
        heads = ""  # no heads: every coin tails
    if not isinstance(heads, str):
        raise _tartan.ParseError(f"heads: {heads!r} is not text; list coins and ranges such as '3,10-20'")
    return Region(_tartan._Region.parse(size, heads))


class Analysis:
    """A position analysed by Game.analyze: its value and outcome at once, its moves on demand.

    >>> import tartan
    >>> a = tartan.game("mock-turtles").analyze("HTTH")
    >>> a.value, a.outcome
    (*6, 'N')
    >>> list(a.winning_moves)
    [Move(0, 3)]
    >>> a.count_winning_moves()
    1
    """

    __slots__ = ("_native", "_game")

    def __init__(self, native: Any, game: Any) -> None:
        self._native = native
        self._game = game

    @property
    def game(self) -> Any:
        """The Game analysed."""
        return self._game

    @property
    def position(self) -> Position:
        """The position as given."""
        return Position(self._native.position)

    @property
    def value(self) -> Nimber:
        """The position's value: the XOR of G over its heads coins (its Sprague-Grundy value)."""
        return Nimber(self._native.value)

    @property
    def outcome(self) -> str:
        """'N' when the player to move wins (value != 0), 'P' when the other player does."""
        return self._native.outcome

    @property
    def winning_moves(self) -> Iterator[Move]:
        """The winning moves, lazily, in a fixed order: by moving coin, first the coins sure to have one, then the
        others; from one coin in the order of the game's move finder. Empty for a P-position. Each call gives a new
        iterator.

        >>> import tartan
        >>> next(tartan.game("ruler*ruler").analyze("HH/HT").winning_moves)
        Move((0,), (0,))
        """
        return self._pages(self._native.winning_moves, lambda axes: Move(*axes))

    @property
    def options(self) -> Iterator[Option]:
        """Every legal move with the value of the position it leads to, lazily (heads coins in row-major order, then
        each factor's moves). A move wins exactly when it leads to value 0.

        >>> import tartan
        >>> [(o.move, o.value) for o in tartan.game("ruler").analyze("TH").options]
        [(Move(1), 0), (Move(0, 1), *)]
        """
        return self._pages(self._native.options, lambda item: Option(Move(*item[0]), Nimber(item[1])))

    def find_winning_moves(self, limit: int = 10, *, skip: int = 0, max_seconds: float = 60,
                           progress: Any = False) -> List[Move]:
        """Winning moves `skip`..`skip + limit - 1` in winning_moves' order, from a search that stops at the time
        limit: TimeLimitError after max_seconds (0: no limit), with the moves found so far as its `partial`.
        progress: a callable taking the fraction of heads coins searched (returning False stops the search, and the
        moves found so far are returned), True for a tqdm bar, or False. Ctrl-C raises KeyboardInterrupt with the
        moves found so far as its `partial`.

        >>> import tartan
        >>> tartan.game("mock-turtles").analyze("HTTH").find_winning_moves()
        [Move(0, 3)]
        """
        callback, close = progress_callback(progress, "searching for winning moves")
        try:
            found, _ = self._native.search_winning_moves(limit, skip, max_seconds, callback)
        except (KeyboardInterrupt, _tartan.TimeLimitError) as e:
            partial = getattr(e, "partial", None)
            if isinstance(partial, list):
                e.partial = [Move(*axes) for axes in partial]
            raise
        finally:
            close()
        return [Move(*axes) for axes in found]

    def count_winning_moves(self, cap: Optional[int] = None) -> int:
        """The number of winning moves, counting up to `cap` (then cap) when given.

        >>> import tartan
        >>> tartan.game("ruler*ruler").analyze("HH/HT").count_winning_moves()
        1
        """
        return self._native.count_winning_moves(cap)

    def factor_values(self, axis: int = 0) -> np.ndarray:
        """g of factor `axis` over the coins the position depends on (up to its last heads coin along that axis).

        >>> import tartan
        >>> tartan.game("mock-turtles").analyze("HTTH").factor_values().tolist()
        [1, 2, 4, 7]
        """
        return self._native.factor_values(axis)

    def _repr_svg_(self) -> Optional[str]:
        """The position drawn as a board, g(n) under each coin of a row, the first winning move highlighted, as
        `tartan analyze ... --svg` draws it; None beyond 16384 coins or for boxes of three or more axes.

        >>> import tartan
        >>> "a winning move: turn 0 3" in tartan.game("mock-turtles").analyze("HTTH")._repr_svg_()
        True
        """
        return _tartan._svg_analysis(self._native)

    def __repr__(self) -> str:
        return f"Analysis(game={self._game.name!r}, position={self.position!r}, value={self.value!r}, outcome={self.outcome!r})"

    @staticmethod
    def _pages(fetch: Any, convert: Any) -> Iterator[Any]:
        # The engine lists moves in a fixed order and pages through it; pages double, so listing n moves costs about
        # twice as much as listing them in one call, and stopping early costs only the pages fetched.
        skip, limit = 0, 16
        while True:
            page = fetch(limit, skip)
            for item in page:
                yield convert(item)
            if len(page) < limit:
                return
            skip += limit
            limit *= 2
