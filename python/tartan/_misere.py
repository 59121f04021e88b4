"""Misère play, the player who makes the last move losing: what Game.analyze(misere=True), Game.analyze_heaps(...,
misere=True), Game.check(..., misere=True) and Game.misere_genera answer. A misère position has an outcome and winning
moves, no value: its outcome is not a function of its coins' values (docs/misere.md)."""

from __future__ import annotations

from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union

from ._positions import HeapMove, Move, Position


class MisereAnalysis(NamedTuple):
    """A position analysed in misère play: the outcome ('N': the player to move wins, 'P': the other one; None when
    the solving stopped first), whether the position has no move at all (the player to move then wins at once), how
    the outcome was found ('sweep': every position up to this one; 'reachable': those reachable from it), the
    positions solved, and a page of winning moves (each leaves a P-position), or with count=True their number.
    complete is False and `stopped` says where when the time limit or a progress callback stopped the work.

    >>> import tartan
    >>> a = tartan.game("mock-turtles").analyze("HTTHH", misere=True)
    >>> a.outcome, a.method, a.winning_moves
    ('N', 'sweep', [Move(3, 4)])
    >>> tartan.game("turning-turtles").analyze("H", misere=True).outcome   # the last coin loses
    'P'
    """

    outcome: Optional[str]
    terminal: bool
    method: str
    positions_solved: int
    winning_moves: List[Move]
    winning_move_count: Optional[int]
    stopped: Optional[str]

    @property
    def complete(self) -> bool:
        """The work ran to its end (no time limit or progress callback stopped it)."""
        return self.stopped is None


class HeapGenus(NamedTuple):
    """The genus of a heap size as the genus method proves it (Conway, On Numbers and Games ch. 12): tame when its
    options are sums of tame heaps and its genus is that of a Nim position; `value` is the normal-play value,
    `misere_value` the misère Grundy value, `fickle` a tame heap playing as a Nim heap of 0 or 1, `genus` Conway's
    notation ("1^031", "2^20", or "not proved tame").

    >>> import tartan
    >>> [g.genus for g in tartan.game("0.312").misere_genera(5)]
    ['0^120', '1^031', '2^20', '0^02', 'not proved tame']
    """

    heap: int
    tame: bool
    value: int
    misere_value: int
    fickle: bool
    genus: str


class MisereHeapAnalysis(NamedTuple):
    """Heaps of a take-and-break game analysed in misère play, as heaps: equal heaps do not cancel, as they do in
    the coin form. The outcome (None when the work stopped first), whether no heap can move, the method ('quotient':
    through the game's misère quotient, Game.misere_quotient; 'genus': every heap proved tame, the misère Nim rule on
    their genera; 'search': the plain search over heap positions),
    the genera of the heap sizes, the positions the search solved, and a page of winning heap moves or their number.

    >>> import tartan
    >>> a = tartan.game("kayles").analyze_heaps([2, 2], misere=True)
    >>> a.outcome, a.method
    ('P', 'quotient')
    >>> [str(m) for m in tartan.game("kayles").analyze_heaps([3], misere=True).winning_moves]
    ['take 2 from the heap of 3, leaving a heap of 1']
    """

    outcome: Optional[str]
    terminal: bool
    heaps: Tuple[int, ...]
    method: str
    genera: Tuple[HeapGenus, ...]
    positions_solved: int
    winning_moves: List[HeapMove]
    winning_move_count: Optional[int]
    stopped: Optional[str]

    @property
    def complete(self) -> bool:
        """The work ran to its end."""
        return self.stopped is None


class MisereSumAnalysis(NamedTuple):
    """A sum of positions analysed in misère play by tartan.analyze_sum(..., misere=True): the outcome (None when the
    work stopped first), whether no term has a move, the method ('quotient': every term a row of one game, answered
    through the misère quotient of its rows, Game.misere_quotient(coins=N); 'search': the sum's positions searched by
    the definition), the positions the search solved, each term's class in the quotient (None by the search), the
    quotient's summary ({"rows", "order", "p_portion_size", "presentation", "position_class"}, or None), and a page
    of winning moves as (term, Move), terms numbered from 0, or with count=True their number.

    >>> import tartan
    >>> a = tartan.analyze_sum("turtles HTTH + turtles HH", misere=True)
    >>> a.outcome, a.method, a.classes, a.winning_moves
    ('N', 'quotient', ('ac', 'ab'), [(0, Move(1, 3))])
    >>> tartan.analyze_sum(("turtles", "H"), ("ruler", "H"), misere=True).outcome   # two moves: the second loses
    'N'
    """

    outcome: Optional[str]
    terminal: bool
    method: str
    positions_solved: int
    classes: Optional[Tuple[str, ...]]
    quotient: Optional[Dict[str, Any]]
    winning_moves: List[Tuple[int, Union[Move, HeapMove]]]
    winning_move_count: Optional[int]
    stopped: Optional[str]

    @property
    def complete(self) -> bool:
        """The work ran to its end."""
        return self.stopped is None


class MisereQuotient(dict):
    """A misère quotient as Game.misere_quotient returns it: the dict `tartan quotient --json` prints ("order",
    "p_portion", "presentation", "generators", "pretending", "period", "table" up to 128 elements, ...), which a
    notebook shows as the picture of `tartan quotient --svg`: the pretending function as a strip of heaps (or rows)
    coloured and labelled by class, the P-classes framed, and the multiplication table with the cells in the
    P-portion dark.

    >>> import tartan
    >>> q = tartan.game("0.75").misere_quotient(12)
    >>> q["order"], q == dict(q)
    (8, True)
    >>> "The multiplication table" in q._repr_svg_()
    True
    """

    def __init__(self, fields: Dict[str, Any], svg: str) -> None:
        super().__init__(fields)
        self._svg = svg

    def _repr_svg_(self) -> str:
        """The quotient drawn, as `tartan quotient --svg` draws it."""
        return self._svg


class RuleMismatch(NamedTuple):
    """A position whose misère outcome is not what the misère Nim rule reads off its coins' values: `value` the
    normal-play value, `small` when every heads coin's value is at most 1, `outcome` the misère outcome found and
    `rule` the rule's.

    >>> import tartan
    >>> tartan.game("turning-turtles").check(3, misere=True, progress=False).first_mismatches[0]
    RuleMismatch(position=Position('THH'), value=1, small=False, outcome='P', rule='N')
    """

    position: Position
    value: int
    small: bool
    outcome: str
    rule: str


class MisereCheckReport(NamedTuple):
    """What Game.check(size, misere=True) found: every position's misère outcome (by the sweep, no rule assumed)
    against the misère Nim rule (P exactly when the value is 1 if every heads coin's value is at most 1, else
    exactly when it is 0). `tame` when no position of the box departs from it ("tame up to N").

    >>> import tartan
    >>> r = tartan.game("turning-turtles").check(3, misere=True, progress=False)
    >>> r.tame, r.first_mismatches[0].position
    (False, Position('THH'))
    >>> tartan.game("1").check(12, misere=True, progress=False).tame
    True
    """

    game: str
    size: Tuple[int, ...]
    positions: int
    p_positions: int
    mismatches: int
    first_mismatches: Tuple[RuleMismatch, ...]
    seconds: float
    complete: bool

    @property
    def tame(self) -> bool:
        """Every position of the box was checked and follows the misère Nim rule."""
        return self.complete and self.mismatches == 0
