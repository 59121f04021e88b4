"""Games: built-in families, turning codes, tartan products, and games written in Python."""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

import numpy as np

from . import _tartan
from ._arrays import Sequence, Table
from ._misere import (HeapGenus, MisereAnalysis, MisereCheckReport, MisereHeapAnalysis, MisereQuotient,
                      MisereSumAnalysis, RuleMismatch)
from ._play import HeapGame
from ._positions import (Analysis, HeapAnalysis, HeapMove, Move, Position, Region, SumAnalysis, WinningMoveCount,
                         position)
from ._progress import progress_callback
from ._renamed import refuse_renamed
from ._reports import CheckReport, VerifyReport
from ._tartan import Nimber

Size = Union[int, Tuple[int, ...], str]


def _heap_sizes(heaps: Any) -> List[int]:
    """Heap sizes given as a list (any order, equal and empty heaps allowed) or as text '5,7,9'."""
    if isinstance(heaps, str):
        return list(_tartan._parse_heaps(heaps))
    try:
        sizes = list(heaps)
    except TypeError:
        raise _tartan.ParseError(f"heaps: {heaps!r} is not a list of heap sizes; give e.g. [5, 7, 9] or "
                                 "'5,7,9'") from None
    for i, h in enumerate(sizes):
        if isinstance(h, bool) or not isinstance(h, (int, np.integer)) or not 0 <= int(h) < 2**64:
            raise _tartan.ParseError(f"heaps item {i + 1}: {h!r} is not a heap size; give sizes such as "
                                     "[5, 7, 9] (whole numbers below 2^64)")
    return [int(h) for h in sizes]


class GameInfo(NamedTuple):
    """A built-in game as tartan.games() lists it.

    >>> import tartan
    >>> tartan.games()[2]
    GameInfo(name='mock-turtles', title='Mock Turtles', code='1-3', summary='turn one, two or three coins')
    """

    name: str
    title: str
    code: str
    summary: str


def games() -> List[GameInfo]:
    """The built-in games: name (what to give tartan.game), title, turning code and rule.

    >>> import tartan
    >>> [g.name for g in tartan.games()][:3]
    ['turtles', 'twins', 'mock-turtles']
    >>> tartan.games()[2].code
    '1-3'
    """
    return [GameInfo(*info) for info in _tartan._catalogue()]


class Rule:
    """A base for games written in Python (any object with these members will do).

    A 1-D coin-turning game is its moves: moves(n) yields, for each move from coin n (which goes from heads to
    tails), the move's other coins, each below n, as a tuple (() for coin n turned alone). `name` names it. The
    game then works wherever a built-in game does: sequence, analyze, products, verify, check; slower, since the
    engine asks Python for the moves of each coin.

    >>> import tartan
    >>> class ShortHop(tartan.Rule):
    ...     "Turn a coin alone, or with one coin at most three places to its left."
    ...     name = "short-hop"
    ...     def moves(self, n):
    ...         yield ()
    ...         for d in (1, 2, 3):
    ...             if d <= n:
    ...                 yield (n - d,)
    >>> tartan.game(ShortHop()).sequence(8).tolist()
    [1, 2, 3, 4, 1, 2, 3, 4]
    """

    name: Optional[str] = None

    def moves(self, n: int) -> Iterable[Iterable[int]]:
        """The moves from coin n: for each, its other coins (all below n). A subclass defines it.

        >>> import tartan
        >>> class Twins(tartan.Rule):
        ...     def moves(self, n):
        ...         return [(c,) for c in range(n)]   # turn exactly two coins
        >>> Twins().moves(3)
        [(0,), (1,), (2,)]
        >>> tartan.game(Twins()).sequence(5).tolist()   # g(n) = n
        [0, 1, 2, 3, 4]
        """
        raise NotImplementedError("a Rule needs moves(n), yielding the other coins of each move from coin n")


class Game:
    """A coin-turning game: a built-in family, a turning code, a game written in Python, or a tartan product of
    such games. Make one with tartan.game(...).

    >>> import tartan
    >>> g = tartan.game("mock-turtles")
    >>> g, g.code, g.dimensions
    (Game('mock-turtles'), '1-3', 1)
    >>> rugs = tartan.game("ruler") * tartan.game("ruler")
    >>> rugs.name, rugs.dimensions
    ('ruler*ruler', 2)
    """

    __slots__ = ("_handle",)

    def __init__(self, spec: Any) -> None:
        self._handle = game(spec)._handle

    @staticmethod
    def _of(handle: Any) -> "Game":
        g = object.__new__(Game)
        g._handle = handle
        return g

    @property
    def name(self) -> str:
        """The name as it resolves: "mock-turtles", "1-3", "ruler*ruler"."""
        return self._handle.name

    @property
    def code(self) -> Optional[str]:
        """The CGSuite-style turning code ("1-3"); factors' codes joined by '*' for a product; None for a game
        written in Python."""
        return self._handle.code

    @property
    def dimensions(self) -> int:
        """The number of axes of a position: 1 for a 1-D game, k for a product of k games."""
        return self._handle.dimensions

    @property
    def is_product(self) -> bool:
        """True for a tartan product (two or more factors)."""
        return self._handle.dimensions >= 2

    @property
    def factors(self) -> Tuple["Game", ...]:
        """The 1-D games of a product, in order; (self,) for a 1-D game."""
        return tuple(Game._of(f) for f in self._handle.factors)

    def __mul__(self, other: Any) -> "Game":
        """The tartan product: a move turns S x T, S a move of the first game and T of the second.

        >>> import tartan
        >>> (tartan.game("ruler") * "mock-turtles").name
        'ruler*mock-turtles'
        """
        if not isinstance(other, (Game, str)) and not hasattr(other, "moves"):
            return NotImplemented
        return Game._of(_tartan._Game.product([self._handle, game(other)._handle]))

    def __rmul__(self, other: Any) -> "Game":
        if not isinstance(other, str) and not hasattr(other, "moves"):
            return NotImplemented
        return Game._of(_tartan._Game.product([game(other)._handle, self._handle]))

    def __repr__(self) -> str:
        return f"Game({self.name!r})"

    def sequence(self, n: int, *, max_memory: Any = None, max_seconds: float = 60,
                 progress: Any = False) -> Sequence:
        """g(0..n-1), the Grundy values of coins 0 to n-1, as a uint64 NumPy array (a Sequence, which a notebook
        draws). Limits are checked before any work: LimitError beyond max_memory bytes (default: half the machine's
        memory; an int or text such as "512M"), TimeLimitError when the values are projected to take more than
        max_seconds (0: no limit), with the values computed so far as its `partial`. progress: a callable taking the
        fraction done (returning False stops the work, and the values so far are returned), True for a tqdm bar, or
        False. Ctrl-C raises KeyboardInterrupt with the values so far as its `partial`.

        >>> import tartan
        >>> tartan.game("mock-turtles").sequence(10).tolist()   # the odious numbers
        [1, 2, 4, 7, 8, 11, 13, 14, 16, 19]
        >>> tartan.game("ruler").sequence(8).tolist()
        [1, 2, 1, 4, 1, 2, 1, 8]
        """
        callback, close = progress_callback(progress, "computing")
        try:
            values = self._handle.sequence(n, max_memory, max_seconds, callback)
        except (KeyboardInterrupt, _tartan.TimeLimitError) as e:
            partial = getattr(e, "partial", None)
            if isinstance(partial, np.ndarray):
                e.partial = Sequence._of(partial, self)
            raise
        finally:
            close()
        return Sequence._of(values, self)

    def value(self, n: int, *, max_memory: Any = None, max_seconds: float = 60) -> int:
        """g(n), the Grundy value of coin (or heap) n, for any n below 2^64 where a proven period answers it (the
        Guy-Smith theorem for octal games such as kayles, a bounded move span for turning codes: the first request
        pays for the proof, then any n is a lookup), else computed with g(0..n-1) within the limits of sequence().

        >>> import tartan
        >>> tartan.game("kayles").value(2**64 - 1)   # Kayles: g(n + 12) = g(n) from n = 71
        8
        """
        value, _ = self._handle.value(n, max_memory, max_seconds)
        return int(value)

    def summary(self, n: int, *, max_memory: Any = None, max_seconds: float = 60, progress: Any = False) -> Any:
        """What published tables print for g(0..n-1), as `tartan seq GAME N --period` reports it: the period
        (preperiod, period, saltus, proven or observed and why), the largest value and the first heap reaching it,
        and for take-and-break games whose moves leave at most two heaps the rare mask, the number of rare heaps and
        the last of them. Limits and progress as for sequence().

        >>> import tartan
        >>> s = tartan.game("kayles").summary(200)
        >>> s.period
        Period(preperiod=71, period=12, saltus=0, proven=True, why='Guy–Smith periodicity theorem: 0.77 is an octal game whose moves take at most 2 tokens, and g(n + 12) = g(n) for 71 <= n < 2·71 + 12 + 2, so for every n >= 71')
        >>> s.largest, s.largest_at
        (8, 27)
        """
        from ._summary import SequenceSummary
        values = self.sequence(n, max_memory=max_memory, max_seconds=max_seconds, progress=progress)
        return SequenceSummary._of(_tartan._summary(self._handle, np.asarray(values)))

    def table(self, *size: Any, max_memory: Any = None, max_seconds: float = 60) -> Table:
        """The value table of a product, G(a, b) = g_A(a) (x) g_B(b) (the Tartan theorem), as a uint64 NumPy array of
        the box's shape (a Table, which a notebook draws as a heat map). The size: rows and columns (8, 8), a
        tuple, or "8x8"; one extent per factor.

        >>> import tartan
        >>> tartan.game("ruler*ruler").table(4, 8).tolist()[3]
        [4, 8, 4, 6, 4, 8, 4, 11]
        """
        extents = size[0] if len(size) == 1 else size
        values = _tartan._table(self._handle, extents, max_memory, max_seconds)
        return Table._of(values, self)

    def analyze(self, drawn: Any = None, *, size: Optional[Size] = None, heads: Any = None, all_heads: bool = False,
                max_memory: Any = None, max_seconds: float = 60, misere: bool = False, limit: Optional[int] = None,
                offset: int = 0, count: bool = False, method: str = "automatic", progress: Any = False) -> Any:
        """Analyses a position: its value, outcome, winning moves and options. The position: drawn text ("HTTH",
        "HT/TH"), a NumPy boolean array, a Position or Region, or size with heads (a list of coins or text such as
        "3,10-20") or all_heads=True. See tartan.position for the forms.

        misere=True analyses it in misère play (the last player to move loses) and returns a MisereAnalysis: the
        outcome and the winning moves `offset`..`offset + limit - 1` (limit None: all of them), or with count=True
        their number; no value, which misère play does not have. method: "automatic", "sweep" (every position up to
        this one) or "reachable" (those reachable from it). progress as for analyze_heaps; a stop by it, Ctrl-C
        (KeyboardInterrupt) or max_seconds (TimeLimitError) keeps what was found as the exception's `partial`.
        LimitError for positions beyond the method (heads spanning more than 64 coins, ...).

        >>> import tartan
        >>> a = tartan.game("ruler*ruler").analyze("HTTH/THHT/HHTT")
        >>> a.value, a.outcome, next(a.winning_moves)
        (*7, 'N', Move((0,), (1, 2, 3)))
        >>> tartan.game("ruler").analyze(size=100000, heads=[3, 17, 1000]).value   # g = 4, 2, 1
        *7
        >>> tartan.game("mock-turtles").analyze("HTTHH", misere=True).outcome
        'N'
        """
        if misere:
            return self._analyze_misere(self._position(drawn, size, heads, all_heads, max_memory), limit, offset,
                                        count, method, max_memory, max_seconds, progress)
        if limit is not None or offset != 0 or count or method != "automatic" or progress is not False:
            raise _tartan.ParseError("limit, offset, count, method and progress page a misère analysis "
                                     "(misere=True); a normal analysis lists its moves lazily (Analysis.winning_moves)")
        return Analysis(_tartan._analyze(self._handle, self._position(drawn, size, heads, all_heads, max_memory),
                                         max_memory, max_seconds), self)

    def analyze_heaps(self, heaps: Any, *, limit: int = 10, offset: int = 0, count: bool = False,
                      max_memory: Any = None, max_seconds: float = 60, progress: Any = False, misere: bool = False,
                      method: str = "automatic") -> Any:
        """Analyses heaps of a take-and-break game (kayles, "0.07", any code): the value, outcome and winning moves
        written as heap moves, as `tartan analyze GAME --heaps 5,7,9`. heaps: a list of sizes (any order, equal heaps
        and empty heaps allowed) or their text "5,7,9". Lists winning moves `offset`..`offset + limit - 1` (heap
        sizes ascending, each size once); count=True counts them all instead. ParseError for a game that is not a
        take-and-break code; LimitError for heaps whose values would pass max_memory; TimeLimitError and progress
        as for analyze_sum.

        >>> import tartan
        >>> a = tartan.game("kayles").analyze_heaps([5, 7, 9])
        >>> a.value, a.outcome
        (*2, 'N')
        >>> print(a.winning_moves[0])
        take 1 from the heap of 7, leaving heaps of 3 and 3
        >>> tartan.game("kayles").analyze_heaps("5,7,9", count=True).winning_move_count
        3

        misere=True analyses the heaps in misère play and returns a MisereHeapAnalysis (heaps stay heaps: equal heaps
        do not cancel as their coin form's do); method: "automatic" (the genus method when every heap is proved tame,
        else the plain search), "genus" or "search".

        >>> tartan.game("kayles").analyze_heaps([2, 2], misere=True).outcome
        'P'
        """
        sizes = _heap_sizes(heaps)
        if misere:
            return self._analyze_misere_heaps(sizes, limit, offset, count, method, max_memory, max_seconds, progress)
        if method != "automatic":
            raise _tartan.ParseError("method chooses how misère play is solved; give it with misere=True")
        callback, close = progress_callback(progress, "searching for winning moves")
        try:
            value, ordered, heads, moves, counted = _tartan._analyze_heaps(
                self._handle, sizes, count, limit, offset, max_memory, max_seconds, callback)
        except (KeyboardInterrupt, _tartan.TimeLimitError) as e:
            partial = getattr(e, "partial", None)
            if isinstance(partial, list):
                e.partial = [HeapMove(*m) for m in partial]
            raise
        finally:
            close()
        return HeapAnalysis(Nimber(value), "N" if value != 0 else "P", tuple(ordered), tuple(heads),
                            [HeapMove(*m) for m in moves], counted)

    def play_heaps(self, heaps: Any, *, first: str = "you", seed: int = 0, max_memory: Any = None,
                   max_seconds: float = 60, misere: bool = False) -> HeapGame:
        """A game of this take-and-break game on heaps against the engine, as `tartan play GAME --heaps 5,7,9`: a
        HeapGame, whose play() makes your heap move and returns the engine's reply as a HeapMove. heaps: a list of
        sizes (any order, equal heaps kept) or their text '5,7,9'. first: 'you' or 'engine' (which then moves at
        once). seed: the engine's choices among its winning moves, and of a legal move when it has none.
        max_seconds: the values of the heaps are refused when projected to take longer, and each of the engine's
        searches for a winning move stops after as long. ParseError for a game that is not a take-and-break code;
        LimitError for heaps beyond max_memory or max_seconds. misere=True plays misère play (the player who makes
        the last move loses): the engine leaves misère P-positions, and hints and the review go by misère outcomes.

        >>> import tartan
        >>> g = tartan.game("kayles").play_heaps([5, 7, 9], first="engine", seed=2)
        >>> by, move = g.history[0]
        >>> by, g.value   # the engine's winning move leaves value 0
        ('engine', 0)
        >>> tartan.game("kayles").play_heaps([2, 2], misere=True).outcome   # two heaps of 2: lost in misère play
        'P'
        """
        return HeapGame(self._handle, _heap_sizes(heaps), first, int(_tartan._parse_u64(seed, "seed")), max_memory,
                        max_seconds, misere=bool(misere))

    def count_winning_moves(self, drawn: Any = None, *, size: Optional[Size] = None, heads: Any = None,
                            all_heads: bool = False, max_memory: Any = None,
                            max_seconds: float = 60) -> WinningMoveCount:
        """The value and the exact number of winning moves of a position of any size, counted without listing the
        moves (frequency tables of move values and nim division). The position as for analyze; a Region or
        all_heads=True describes boards of 10^12 coins and more.

        >>> import tartan
        >>> tartan.game("mock-turtles").count_winning_moves("HTTH")
        WinningMoveCount(value=*6, winning_moves=1, heads=2)
        >>> tartan.game("[1,3,6,10]C*[1,4,9,16]C").count_winning_moves(size=(10**6, 10**6), all_heads=True)
        WinningMoveCount(value=*3, winning_moves=5374944937644, heads=1000000000000)
        """
        if isinstance(drawn, Region):
            native_region = drawn._native
        elif all_heads or isinstance(heads, str):
            native_region = self._region(size, heads, all_heads)
        else:
            native_region = _tartan._Region.from_position(position(drawn, size=size, heads=heads)._native)
        value, winning, count = _tartan._count_winning_moves(self._handle, native_region, max_memory, max_seconds)
        return WinningMoveCount(Nimber(value), winning, count)

    def verify(self, size: Size, *, threads: Optional[int] = None, progress: Any = None, limit: int = 10,
               claimed: Any = None, max_memory: Any = None, max_seconds: float = 60, **renamed: Any) -> VerifyReport:
        """Verifies the Tartan theorem on a box: G computed from the definition of the product game (the mex over
        every product move, no theorem used), compared cell by cell with g_1 (x) ... (x) g_k, or with `claimed` (an
        array of the box's shape: a conjectured table). threads: worker threads (default every core). progress: a
        callable taking the fraction done (returning False stops the work; the report then has complete=False),
        None for a tqdm bar when tqdm is installed, or False. Ctrl-C raises KeyboardInterrupt with the partial
        report as its `partial`. The GIL is released while the engine works.

        >>> import tartan
        >>> r = tartan.game("mock-turtles*ruler").verify((32, 32), progress=False)
        >>> r.checked, r.mismatches
        (1024, 0)
        """
        given = None
        refuse_renamed(renamed, {"values": "claimed", "listed": "limit"}, "verify")
        if claimed is not None:
            given = np.asarray(claimed)
            if given.dtype.kind not in "iu" or (given.dtype.kind == "i" and given.size and int(given.min()) < 0):
                raise _tartan.ParseError("claimed: give the conjectured G of every cell as non-negative integers, an "
                                         "array of the box's shape")
            given = np.ascontiguousarray(given, dtype=np.uint64).reshape(-1)
        callback, close = progress_callback(progress, "verifying")
        try:
            native = _tartan._verify(self._handle, size, threads, limit, max_memory, max_seconds, callback, given)
        except KeyboardInterrupt as e:
            partial = getattr(e, "partial", None)
            if isinstance(partial, _tartan._VerifyReport):
                e.partial = VerifyReport._of(partial, "the given values" if given is not None else "")
            raise
        finally:
            close()
        return VerifyReport._of(native, "the given values" if given is not None else "")

    def check(self, size: Size, *, claimed: Any = None, limit: int = 10, max_memory: Any = None,
              progress: Any = None, misere: bool = False, **renamed: Any) -> Any:
        """Checks the game's values against an explicit game graph of every position on `size` coins (a row of N
        coins, at most 24; a small board for a product): the mex over the graph against the XOR of the values over
        the heads, with no theorem assumed, or against `claimed` values (g(0..N-1), or G over the board). progress
        and Ctrl-C as for verify.

        >>> import tartan
        >>> r = tartan.game("ruler*ruler").check((3, 3), progress=False)
        >>> r.positions, r.mismatches
        (512, 0)

        misere=True checks misère play instead (a MisereCheckReport): every position's misère outcome, found with no
        rule assumed, against the misère Nim rule on the values; `tame` when none departs from it.

        >>> tartan.game("turning-turtles").check(3, misere=True, progress=False).first_mismatches[0].position
        Position('THH')
        """
        refuse_renamed(renamed, {"listed": "limit"}, "check")
        if misere:
            if claimed is not None:
                raise _tartan.ParseError("claimed checks claimed values; misere=True checks the game's misère "
                                         "outcomes against its own values: leave out one of them")
            return self._check_misere(size, limit, max_memory, progress)
        given = None
        if claimed is not None:
            given = np.asarray(claimed)
            if given.dtype.kind not in "iu" or (given.dtype.kind == "i" and given.size and int(given.min()) < 0):
                raise _tartan.ParseError("claimed: give the claimed values as non-negative integers, one per coin "
                                         "(a row) or cell (a board)")
            given = np.ascontiguousarray(given, dtype=np.uint64).reshape(-1)
        callback, close = progress_callback(progress, "checking")
        try:
            native = _tartan._check(self._handle, size, given, limit, max_memory, callback)
        except KeyboardInterrupt as e:
            partial = getattr(e, "partial", None)
            if isinstance(partial, _tartan._CheckReport):
                e.partial = CheckReport._of(partial)
            raise
        finally:
            close()
        return CheckReport._of(native)

    def misere_quotient(self, heaps: int = 100, max_order: int = 4096, max_memory: Any = None,
                        max_seconds: Any = None, progress: Any = None, *,
                        coins: Optional[int] = None) -> "MisereQuotient":
        """The misère quotient of a take-and-break game for the heaps of at most `heaps` tokens (docs/misere.md), as
        the dict `tartan quotient --json` prints (a MisereQuotient, which a notebook shows as the picture of
        `tartan quotient --svg`: the classes of the heaps as a strip, the multiplication table with its P-portion): "order", "p_portion_size", "presentation", "pretending", "period",
        "proven_for_every_heap", "orders", ... A stop (max_seconds, the order limit) keeps the heaps completed
        ("complete" False, "stopped" why, "stop_failures" the least failing positions of the last trials at the heap
        where it stopped, each a list of {"heap", "copies"}); Ctrl-C raises KeyboardInterrupt with the dict so far as `partial`.
        With coins=N, the quotient of any 1-D game's rows of at most N coins (N <= 20) instead, which answers sums of
        rows (analyze_sum(..., misere=True)): "components" is "rows", rows written coin 0 first ("HTH").

        >>> import tartan
        >>> q = tartan.game("0.75").misere_quotient(40)
        >>> q["order"], q["p_portion_size"], q["presentation"]
        (8, 2, 'a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b')
        >>> r = tartan.game("turtles").misere_quotient(coins=3)
        >>> r["components"], r["order"], r["generators"][1]
        ('rows', 6, {'name': 'b', 'row': 'TH'})
        """
        import json
        callback, close = progress_callback(progress, "building the quotient")
        try:
            if coins is not None:
                text, svg = _tartan._row_quotient(self._handle, coins, max_order, max_memory, max_seconds, callback)
            else:
                text, svg = _tartan._misere_quotient(self._handle, heaps, max_order, max_memory, max_seconds,
                                                     callback)
            return MisereQuotient(json.loads(text), svg)
        except KeyboardInterrupt as e:
            partial = getattr(e, "partial", None)
            if isinstance(partial, str):
                e.partial = json.loads(partial)
            raise
        finally:
            close()

    def misere_genera(self, count: int) -> List[HeapGenus]:
        """The genera of heaps 0 .. count-1 of a take-and-break game, each heap proved tame or not from its options
        (docs/misere.md), as the genus method of analyze_heaps(misere=True) uses them.

        >>> import tartan
        >>> [g.genus for g in tartan.game("kayles").misere_genera(4)]
        ['0^120', '1^031', '2^20', '3^31']
        """
        return [HeapGenus(*g) for g in _tartan._heap_genera(self._handle, count)]

    def _analyze_misere(self, native_position: Any, limit: Optional[int], offset: int, count: bool, method: str,
                        max_memory: Any, max_seconds: float, progress: Any) -> MisereAnalysis:
        callback, close = progress_callback(progress, "solving misère positions")

        def wrap(t: Any) -> MisereAnalysis:
            outcome, terminal, used, solved, moves, counted, stopped = t
            return MisereAnalysis(outcome, terminal, used, solved, [Move(*m) for m in moves], counted, stopped)

        try:
            result = _tartan._analyze_misere(self._handle, native_position, count,
                                             2**63 if limit is None else limit, offset, max_memory, max_seconds,
                                             callback, method)
        except (KeyboardInterrupt, _tartan.TimeLimitError) as e:
            partial = getattr(e, "partial", None)
            if isinstance(partial, tuple):
                e.partial = wrap(partial)
            raise
        finally:
            close()
        return wrap(result)

    def _analyze_misere_heaps(self, sizes: List[int], limit: int, offset: int, count: bool, method: str,
                              max_memory: Any, max_seconds: float, progress: Any) -> MisereHeapAnalysis:
        callback, close = progress_callback(progress, "solving misère positions")

        def wrap(t: Any) -> MisereHeapAnalysis:
            outcome, terminal, ordered, used, genera, solved, moves, counted, stopped = t
            return MisereHeapAnalysis(outcome, terminal, tuple(ordered), used, tuple(HeapGenus(*g) for g in genera),
                                      solved, [HeapMove(*m) for m in moves], counted, stopped)

        try:
            result = _tartan._analyze_misere_heaps(self._handle, sizes, count, limit, offset, max_memory, max_seconds,
                                                   callback, method)
        except (KeyboardInterrupt, _tartan.TimeLimitError) as e:
            partial = getattr(e, "partial", None)
            if isinstance(partial, tuple):
                e.partial = wrap(partial)
            raise
        finally:
            close()
        return wrap(result)

    def _check_misere(self, size: Size, listed: int, max_memory: Any, progress: Any) -> MisereCheckReport:
        callback, close = progress_callback(progress, "checking misère outcomes")

        def wrap(t: Any) -> MisereCheckReport:
            name, extents, positions, p_positions, mismatches, first, seconds, complete = t
            return MisereCheckReport(name, tuple(extents), positions, p_positions, mismatches,
                                     tuple(RuleMismatch(Position(p), v, small, o, r) for p, v, small, o, r in first),
                                     seconds, complete)

        try:
            result = _tartan._check_misere(self._handle, size, listed, max_memory, callback)
        except KeyboardInterrupt as e:
            partial = getattr(e, "partial", None)
            if isinstance(partial, tuple):
                e.partial = wrap(partial)
            raise
        finally:
            close()
        return wrap(result)

    def _position(self, drawn: Any, size: Any, heads: Any, all_heads: bool, max_memory: Any) -> Any:
        if isinstance(drawn, Region):
            return drawn._native.to_position(max_memory)
        if all_heads or isinstance(heads, str):
            return self._region(size, heads, all_heads).to_position(max_memory)
        return position(drawn, size=size, heads=heads)._native

    @staticmethod
    def _region(size: Any, heads: Any, all_heads: bool) -> Any:
        if size is None:
            raise _tartan.ParseError("heads and all_heads need size, the number of coins (a row) or the extents (a "
                                     "board); e.g. size=(1000, 1000), all_heads=True")
        if all_heads:
            if heads is not None:
                raise _tartan.ParseError("the position is given twice: all_heads and heads; give one of them")
            return _tartan._Region.all_heads(size)
        return _tartan._Region.parse(size, heads)


def game(spec: Any) -> Game:
    """A game from:

    - a name of a built-in game ("mock-turtles"; tartan.games() lists them) or a CGSuite-style turning code ("1-3",
      "1-3C(5)", "[1,4,9,16]C");
    - a tartan product, games joined by '*' ("ruler*ruler", "turtles*twins*ruler");
    - a game written in Python: an object (or a class, which is instantiated) with moves(n), see tartan.Rule;
    - a Game, returned as it is.

    An unknown name raises UnknownGameError (a ParseError) naming the built-in names it may be a typo of; a
    malformed code ParseError with the column of the mistake.

    >>> import tartan
    >>> tartan.game("1-3").sequence(5).tolist() == tartan.game("mock-turtles").sequence(5).tolist()
    True
    >>> tartan.game("ruler*ruler")
    Game('ruler*ruler')
    """
    if isinstance(spec, Game):
        return spec
    if isinstance(spec, str):
        return Game._of(_tartan._Game.resolve(spec))
    if isinstance(spec, type) and callable(getattr(spec, "moves", None)):
        spec = spec()
    if callable(getattr(spec, "moves", None)):
        name = getattr(spec, "name", None) or type(spec).__name__
        if not isinstance(name, str):
            raise _tartan.ParseError(f"a game's name must be text, not {name!r}")
        return Game._of(_tartan._Game.from_python(spec, name))
    raise _tartan.ParseError(
        f"{spec!r} is not a game; give a name such as 'mock-turtles', a turning code such as '1-3', games joined by "
        "'*', or an object with a method moves(n)")


def analyze_sum(*terms: Any, limit: int = 10, offset: int = 0, count: bool = False, max_memory: Any = None,
                max_seconds: float = 60, progress: Any = False, misere: bool = False,
                method: str = "automatic") -> Union[SumAnalysis, MisereSumAnalysis]:
    """A sum of positions played together, a move being a move in one term: its value is the XOR of the terms' values
    (Sprague-Grundy), and a move in one term wins when it leaves the whole at 0. Each term is a pair (game,
    position): the game a Game or its name, the position drawn ("HTTH", "HT/TH"), SIZE=HEADS ("1000=3,10-20",
    "8x8=all"), heaps of a take-and-break game ("heaps=3,4", whose winning moves are HeapMoves), a Position or a
    Region. Or one text as the command line takes it: "mock-turtles HTTH + ruler HTH + kayles heaps=3,4".
    Lists winning moves `offset`..`offset + limit - 1` (term by term); count=True counts them all exactly instead.
    TimeLimitError when the search passes max_seconds (0: no limit), with the moves found as its `partial`;
    progress and Ctrl-C as for Analysis.find_winning_moves.
    misere=True plays the sum in misère play (the last mover loses), where no value decides it: a MisereSumAnalysis,
    through the misère quotient of the rows when every term is a row of one game, or of the heaps when every term is
    heaps of one game (method "automatic" or "quotient"), else by the search of the sum's positions ("search"); a stop
    keeps what was found (`stopped` says where).

    >>> import tartan
    >>> tartan.analyze_sum("mock-turtles HTTH + ruler 1000=3,10-20").value   # 6 ⊕ 4 ⊕ (g of ruler over 10..20)
    *18
    >>> tartan.analyze_sum(("ruler*ruler", "8x8=all"), ("mock-turtles", "HTTH"), count=True).winning_move_count
    93
    >>> tartan.analyze_sum("kayles HTTHH + kayles HHH", misere=True).outcome
    'N'
    >>> s = tartan.analyze_sum("kayles heaps=3,4 + kayles heaps=2,5", misere=True)
    >>> s.classes, [str(m) for _, m in s.winning_moves]
    (('b', 'bc'), ['take 1 from the heap of 5, leaving heaps of 2 and 2'])
    """
    if len(terms) == 1 and isinstance(terms[0], str):
        pairs: List[Tuple[Any, Any]] = list(_tartan._split_sum_terms(terms[0].split()))
    else:
        pairs = []
        for i, term in enumerate(terms):
            if not isinstance(term, tuple) or len(term) != 2:
                raise _tartan.ParseError(f"term {i} of the sum: {term!r} is not a pair (game, position); give e.g. "
                                         "('mock-turtles', 'HTTH')")
            pairs.append(term)
    if not pairs:
        raise _tartan.ParseError("a sum needs at least one position; give (game, position) pairs, e.g. "
                                 "analyze_sum(('mock-turtles', 'HTTH'), ('ruler', 'HTH'))")
    natives = []
    for spec, where in pairs:
        handle = game(spec)._handle
        if isinstance(where, (Position, Region)):
            natives.append((handle, where._native))
        elif isinstance(where, str):
            natives.append((handle, where))
        else:
            natives.append((handle, position(where)._native))
    if misere:
        callback, close = progress_callback(progress, "solving the sum in misère play")
        try:
            native = _tartan._analyze_misere_sum(natives, count, limit, offset, max_memory, max_seconds, callback,
                                                 method)
        except (KeyboardInterrupt, _tartan.TimeLimitError) as e:
            partial = getattr(e, "partial", None)
            if isinstance(partial, tuple):
                e.partial = _misere_sum_of(partial)
            raise
        finally:
            close()
        return _misere_sum_of(native)
    callback, close = progress_callback(progress, "searching for winning moves")
    try:
        value, values, moves, counted = _tartan._analyze_sum(natives, count, limit, offset, max_memory, max_seconds,
                                                             callback)
    except (KeyboardInterrupt, _tartan.TimeLimitError) as e:
        partial = getattr(e, "partial", None)
        if isinstance(partial, list):
            e.partial = _sum_moves_of(partial)
        raise
    finally:
        close()
    return SumAnalysis(Nimber(value), "N" if value != 0 else "P", tuple(Nimber(v) for v in values),
                       _sum_moves_of(moves), counted)


def _sum_moves_of(native: Any) -> List[Tuple[int, Union[Move, HeapMove]]]:
    """(term, move) pairs from the module's (term, move, kind): a Move of coins, or a HeapMove in a term of heaps."""
    return [(term, HeapMove(*move) if kind == "heap" else Move(*move)) for term, move, kind in native]


def _misere_sum_of(native: Any) -> MisereSumAnalysis:
    import json
    outcome, terminal, method, solved, classes, quotient, moves, counted, stopped = native
    return MisereSumAnalysis(outcome, terminal, method, solved, classes,
                             json.loads(quotient) if quotient is not None else None, _sum_moves_of(moves), counted,
                             stopped)
