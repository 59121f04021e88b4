"""tartan: combinatorial game theory in Python. Nimbers and ordinal nimbers, 1-D coin-turning games by Sprague-Grundy,
tartan products of games on boards, and the theorems behind them checked by direct computation, on the same engine as
the `tartan` command. Coins are numbered from 0 at the left (boards: row, column from 0 at the top left).

>>> import tartan
>>> tartan.Nimber(2) * tartan.Nimber(3)
*
>>> tartan.game("mock-turtles").sequence(6).tolist()
[1, 2, 4, 7, 8, 11]
>>> a = tartan.game("ruler*ruler").analyze("HH/HT")
>>> a.value, a.outcome, next(a.winning_moves)
(*, 'N', Move((0,), (0,)))
>>> tartan.omega ** 3, tartan.Ordinal("w^w") ** 5
(Ordinal('2'), Ordinal('4'))

The guide is docs/python.md.
"""

from ._tartan import __version__  # the project's version, compiled in (CMakeLists.txt)
from ._tartan import (
    DivisionByZeroError,
    DomainError,
    Error,
    IllegalMoveError,
    LimitError,
    Nimber,
    NotAcyclicError,
    Ordinal,
    ParseError,
    TimeLimitError,
    UnknownGameError,
    ValueOverflowError,
)
from ._arrays import Sequence, Table
from ._census import Census, CensusRow, census
from ._games import Game, GameInfo, Rule, analyze_sum, game, games
from ._misere import (HeapGenus, MisereAnalysis, MisereCheckReport, MisereHeapAnalysis, MisereQuotient,
                      MisereSumAnalysis, RuleMismatch)
from ._nim import nim_mul
from ._ordinals import Alpha, Certificate, ExcessTest, alpha, max_lenstra_prime, omega
from ._play import HeapGame, HeapReview
from ._positions import (Analysis, HeapAnalysis, HeapMove, Move, Option, Position, Region, SumAnalysis, WinningMoveCount,
                         position, region)
from ._reports import CellMismatch, CheckReport, PositionMismatch, VerifyReport
from ._summary import Period, RareValues, SequenceSummary


__all__ = [
    "Alpha",
    "Analysis",
    "Census",
    "CensusRow",
    "CellMismatch",
    "Certificate",
    "CheckReport",
    "DivisionByZeroError",
    "DomainError",
    "Error",
    "ExcessTest",
    "Game",
    "GameInfo",
    "HeapAnalysis",
    "HeapGame",
    "HeapGenus",
    "HeapMove",
    "HeapReview",
    "IllegalMoveError",
    "LimitError",
    "MisereAnalysis",
    "MisereSumAnalysis",
    "MisereCheckReport",
    "MisereHeapAnalysis",
    "MisereQuotient",
    "Move",
    "Nimber",
    "NotAcyclicError",
    "Option",
    "Ordinal",
    "ParseError",
    "Period",
    "Position",
    "PositionMismatch",
    "RareValues",
    "Region",
    "Rule",
    "RuleMismatch",
    "Sequence",
    "SequenceSummary",
    "SumAnalysis",
    "Table",
    "TimeLimitError",
    "UnknownGameError",
    "ValueOverflowError",
    "VerifyReport",
    "WinningMoveCount",
    "alpha",
    "analyze_sum",
    "census",
    "game",
    "games",
    "max_lenstra_prime",
    "nim_mul",
    "omega",
    "position",
    "region",
]
