"""Bad input to the Python API, the kinds the command line's malformed-input suite (tests/cli/malformed_input_test.cpp)
covers: empty and blank text, Unicode look-alikes, signs, 2^64 and beyond, "0x" without digits, ragged boards,
unknown and misspelt games, broken turning codes, sizes of 0, sizes and enumerations beyond the machine, limits.
Each raises the documented class (tartan.Error and the built-in it mirrors) with the engine's one-line message:
the fragment given here, one line, under 300 characters. Nothing crashes and nothing is answered wrong."""

from __future__ import annotations

import numpy as np
import pytest

import tartan
from tartan import Nimber

mock = tartan.game("mock-turtles")
ruler = tartan.game("ruler")
rugs = tartan.game("ruler*ruler")

CASES = [
    # ---- nimbers ----
    ("NimberEmpty", lambda: Nimber(""), tartan.ParseError, "Nimber: empty; type a number such as 42"),
    ("NimberBlank", lambda: Nimber(" "), tartan.ParseError, "Nimber: ' ' is not a decimal number"),
    ("NimberFullwidthDigit", lambda: Nimber("１"), tartan.ParseError, "type the ASCII digit 1"),
    ("NimberPlusSign", lambda: Nimber("+5"), tartan.ParseError, "'+5' has a sign; type the digits alone"),
    ("NimberNegativeText", lambda: Nimber("-1"), tartan.ParseError, "'-1' is negative"),
    ("NimberNegativeInt", lambda: Nimber(-1), tartan.ParseError, "Nimber: '-1' is negative"),
    ("NimberHexWithoutDigits", lambda: Nimber("0x"), tartan.ParseError, "'0x' has no hex digits after 0x"),
    ("NimberBeyondTheWidestField", lambda: Nimber(2**65536), tartan.ParseError, "does not fit in 65536 bits"),
    ("NimberFloat", lambda: Nimber(1.5), tartan.ParseError, "Nimber: 1.5 is not a non-negative integer"),
    ("NimberNone", lambda: Nimber(None), tartan.ParseError, "Nimber: None is not a non-negative integer"),
    ("NimberOperandNegative", lambda: Nimber(3) * -2, tartan.ParseError, "operand: '-2' is negative"),
    ("NimberDivideByZero", lambda: Nimber(1) / Nimber(0), tartan.DivisionByZeroError, "divide by a non-zero value"),
    ("NimberDivideWideByZero", lambda: Nimber(2**100) / 0, tartan.DivisionByZeroError, "division by 0"),
    ("NimberInverseOfZero", lambda: Nimber(0).inverse(), tartan.DivisionByZeroError,
     "the nim inverse of 0 does not exist; give a non-zero nimber"),
    ("NimberNegativePowerOfZero", lambda: Nimber(0) ** -2, tartan.DivisionByZeroError, "inverse of 0"),
    ("NimberFloatPower", lambda: Nimber(2) ** 0.5, tartan.ParseError, "exponent: 0.5 is not an integer"),
    ("NimberLogOfZero", lambda: Nimber(0).log(2), tartan.DomainError, "give a non-zero value"),
    ("NimberLogBaseZero", lambda: Nimber(3).log(0), tartan.DomainError, "give a non-zero base"),
    ("NimberLogNotAPower", lambda: Nimber(5).log(2), tartan.DomainError, "5 is not a power of 2"),
    ("NimberLogBaseNotANimber", lambda: Nimber(5).log("x"), tartan.ParseError, "base: 'x' is not a nimber"),
    ("NimberOrderOfZero", lambda: Nimber(0).order(), tartan.DomainError, "give a non-zero nimber"),
    ("NimberOrderTooWide", lambda: Nimber(2**130).order(), tartan.DomainError, "below 2^128"),
    ("NimMulNegative", lambda: tartan.nim_mul(np.array([3, -1]), 2), tartan.ParseError, "a[1]: '-1' is negative"),
    ("NimMulTwoToThe64", lambda: tartan.nim_mul([2**64], [1]), tartan.ParseError,
     "'18446744073709551616' is 2^64 or more"),
    ("NimMulFloats", lambda: tartan.nim_mul(np.array([0.5]), 1), tartan.ParseError, "an array of float64"),
    ("NimMulBooleans", lambda: tartan.nim_mul(np.array([True]), 1), tartan.ParseError, "an array of bool"),
    # ---- games ----
    ("GameEmpty", lambda: tartan.game(""), tartan.UnknownGameError, "no game given"),
    ("GameBlank", lambda: tartan.game("  "), tartan.UnknownGameError, "no game given"),
    ("GameUnknown", lambda: tartan.game("nonsense"), tartan.UnknownGameError, "unknown game 'nonsense'"),
    ("GameNearMiss", lambda: tartan.game("mock-turtle"), tartan.UnknownGameError, "did you mean 'mock-turtles'?"),
    ("GameProductNearMiss", lambda: tartan.game("ruler*rulr"), tartan.UnknownGameError, "did you mean 'ruler'?"),
    ("GameProductEmptyFactor", lambda: tartan.game("*ruler"), tartan.ParseError, "factor"),
    ("GameNotAGame", lambda: tartan.game(3.5), tartan.ParseError, "3.5 is not a game"),
    ("CodeZero", lambda: tartan.game("0"), tartan.ParseError,
     "turning code '0': count 0 at column 1 (a move turns at least 1 coin)"),
    ("CodeReversedRange", lambda: tartan.game("3-1"), tartan.ParseError, "empty range 3-1 at column 1"),
    ("CodeOpenRange", lambda: tartan.game("1-"), tartan.ParseError, "expected a number after '-' at column 3"),
    ("CodeSpanAlone", lambda: tartan.game("C"), tartan.ParseError, "turning code 'C'"),
    ("CodeEmptySpan", lambda: tartan.game("1+C(0)"), tartan.ParseError, "span C(0) at column 5"),
    ("CodeDoubleComma", lambda: tartan.game("2,,3"), tartan.ParseError, "expected a number of coins at column 3"),
    ("CodeEnDash", lambda: tartan.game("1–3"), tartan.ParseError, "type the ASCII hyphen-minus '-'"),
    ("CodeConflictingModifiers", lambda: tartan.game("1CE"), tartan.ParseError, "conflicts with 'C'"),
    # ---- sequences ----
    ("SeqCountEmpty", lambda: mock.sequence(""), tartan.ParseError, "n: empty; type a number such as 42"),
    ("SeqCountZero", lambda: mock.sequence(0), tartan.ParseError, "a sequence needs at least one value"),
    ("SeqCountPlusSign", lambda: mock.sequence("+5"), tartan.ParseError, "n: '+5' has a sign"),
    ("SeqCountNegative", lambda: mock.sequence(-1), tartan.ParseError, "n: '-1' is negative"),
    ("SeqCountFullwidthDigit", lambda: mock.sequence("１0"), tartan.ParseError, "type the ASCII digit 1"),
    ("SeqCountHexWithoutDigits", lambda: mock.sequence("0x"), tartan.ParseError, "n: '0x' has no hex digits"),
    ("SeqCountFloat", lambda: mock.sequence(4.5), tartan.ParseError, "n: '4.5' is not a decimal number"),
    ("SeqCountTwoToThe64", lambda: ruler.sequence(2**64), tartan.ParseError, "is 2^64 or more"),
    ("SeqCountTenToThe15", lambda: ruler.sequence(10**15), tartan.LimitError,
     "a row has at most 2^32 coins (coins are 32-bit); ask for at most 4294967296 values"),
    ("SeqOverMaxMemory", lambda: ruler.sequence(10**8, max_memory="1M"), tartan.LimitError,
     "over the memory limit of 1.0 MiB"),
    ("SeqMaxMemoryZero", lambda: ruler.sequence(5, max_memory=0), tartan.ParseError, "max_memory"),
    ("SeqMaxMemoryNegative", lambda: ruler.sequence(5, max_memory=-1), tartan.ParseError, "max_memory"),
    ("SeqMaxMemoryUnknownUnit", lambda: ruler.sequence(5, max_memory="12Q"), tartan.ParseError, "'12Q'"),
    ("SeqMaxMemoryEmpty", lambda: ruler.sequence(5, max_memory=""), tartan.ParseError,
     "max_memory: '' is not a memory size"),
    ("SeqMaxMemoryBeyond64Bits", lambda: ruler.sequence(5, max_memory="99999999999T"), tartan.ParseError,
     "max_memory"),
    ("SeqMaxSecondsNegative", lambda: ruler.sequence(5, max_seconds=-1), tartan.ParseError,
     "max_seconds: -1 is not a number of seconds"),
    ("SeqMaxSecondsText", lambda: ruler.sequence(5, max_seconds="soon"), tartan.ParseError,
     "max_seconds: 'soon' is not a number of seconds"),
    ("SeqMaxSecondsInfinite", lambda: ruler.sequence(5, max_seconds=float("inf")), tartan.ParseError,
     "max_seconds: inf"),
    ("SeqOfAProduct", lambda: rugs.sequence(5), tartan.ParseError, "its values form a table"),
    ("SeqOverflow", lambda: tartan.game("sym").sequence(200), tartan.ValueOverflowError,
     "g(128) of 1+S does not fit in 64 bits"),
    ("SeqOverTimeLimit", lambda: tartan.game("1-4").sequence(10**6, max_seconds=0.3), tartan.TimeLimitError,
     "over the time limit of"),
    # ---- positions ----
    ("AnalyzeNoPosition", lambda: mock.analyze(), tartan.ParseError, "no position given"),
    ("AnalyzeEmptyPosition", lambda: mock.analyze(""), tartan.ParseError, "position"),
    ("AnalyzeBlankPosition", lambda: mock.analyze(" "), tartan.ParseError, "at column 1 is not a coin"),
    ("AnalyzeBadCoin", lambda: mock.analyze("HTXH"), tartan.ParseError, "position: 'X' at column 3 is not a coin"),
    ("AnalyzeFullwidthH", lambda: mock.analyze("ＨTTH"), tartan.ParseError, "type the ASCII letter H"),
    ("AnalyzeRowsOnARowGame", lambda: mock.analyze("HT/TH"), tartan.ParseError, "is played on a row"),
    ("AnalyzeRaggedGrid", lambda: rugs.analyze("HT/T"), tartan.ParseError, "row 1"),
    ("AnalyzeGridBadCoin", lambda: rugs.analyze("HT/TX"), tartan.ParseError, "'X'"),
    ("AnalyzeGridEmptyRow", lambda: rugs.analyze("HT//TH"), tartan.ParseError, "row 1 is empty; type H or T"),
    ("AnalyzeRowOnABoardGame", lambda: rugs.analyze("HTTH"), tartan.ParseError, "one axis per factor"),
    ("AnalyzeArrayOfInts", lambda: mock.analyze(np.array([1, 0, 1])), tartan.ParseError, "not a drawing"),
    ("AnalyzeEmptyArray", lambda: mock.analyze(np.zeros(0, dtype=bool)), tartan.ParseError, "has no coins"),
    ("AnalyzeSizeZero", lambda: mock.analyze(size=0, heads=[1]), tartan.ParseError, "size: 0 coins"),
    ("AnalyzeHeadsWithoutSize", lambda: mock.analyze(heads=[1]), tartan.ParseError, "heads needs size"),
    ("AnalyzeHeadsOutsideRow", lambda: mock.analyze(size=10, heads=[11]), tartan.ParseError,
     "outside the row of 10 coins"),
    ("AnalyzeHeadsTextOutsideRow", lambda: mock.analyze(size=10, heads="11"), tartan.ParseError, "11"),
    ("AnalyzeHeadsDoubleComma", lambda: mock.analyze(size=10, heads="1,,2"), tartan.ParseError, "item 2"),
    ("AnalyzeHeadsNegative", lambda: mock.analyze(size=10, heads=[-1]), tartan.ParseError, "coin -1 is negative"),
    ("AnalyzeHeadsNegativeText", lambda: mock.analyze(size=10, heads="-1"), tartan.ParseError, "-1"),
    ("AnalyzeHeadsRepeated", lambda: mock.analyze(size=10, heads=[3, 3]), tartan.ParseError, "3"),
    ("AnalyzeHeadsNotCoins", lambda: mock.analyze(size=10, heads=[0.5]), tartan.ParseError, "is not coin numbers"),
    ("AnalyzeHeadsTwiceGiven", lambda: mock.analyze("HT", heads=[1], size=3), tartan.ParseError, "given twice"),
    ("AnalyzeAllHeadsAndHeads", lambda: mock.analyze(size=4, heads="1", all_heads=True), tartan.ParseError,
     "given twice"),
    ("AnalyzeAllHeadsWithoutSize", lambda: mock.analyze(all_heads=True), tartan.ParseError, "need size"),
    ("AnalyzeSizeTwoToThe64", lambda: mock.analyze(size=2**64, heads=[1]), tartan.ParseError, "size"),
    ("AnalyzeSizeSmallerThanDrawing", lambda: mock.analyze("HTTH", size=2), tartan.ParseError,
     "make it at least 4"),
    ("AnalyzeFarHeadsCoin", lambda: ruler.analyze(size=4294967296, heads=[4294967295]), tartan.LimitError,
     "computing 4294967296 values needs about 128.0 GiB, over the memory limit of"),
    ("AnalyzeGridFarHeadsCoin", lambda: rugs.analyze(size=(4000000000, 4000000000), heads=[(3999999999, 3)]),
     tartan.LimitError, "over the memory limit"),
    ("AnalyzeGridSizeZero", lambda: rugs.analyze(size="0x5", heads="0:0"), tartan.ParseError, "dimension 1 is 0"),
    ("AnalyzeGridHalfCoordinate", lambda: rugs.analyze(size=(5, 5), heads="1:"), tartan.ParseError, "1:"),
    ("AnalyzeGridHeadsShape", lambda: rugs.analyze(size=(5, 5), heads=[1, 2]), tartan.ParseError,
     "describes a row"),
    ("AnalyzeEnumerationExplodes", lambda: tartan.game("20").analyze(size=100, heads=[99], max_seconds=0),
     tartan.LimitError, "listing its option values would enumerate 2^"),
    ("AnalyzeAllHeadsTooManyToList", lambda: rugs.analyze(size=(10**6, 10**6), all_heads=True), tartan.LimitError,
     "heads"),
    ("RegionReversedRange", lambda: tartan.region(10, "5-3"), tartan.ParseError, "5-3"),
    ("RegionOpenRange", lambda: tartan.region(10, "1-"), tartan.ParseError, "1-"),
    ("RegionBeyondSize", lambda: tartan.region(10, "3-12"), tartan.ParseError, "12"),
    ("RegionWrongAxes", lambda: tartan.region((4, 4), "1"), tartan.ParseError, "axes"),
    ("CountOfAThreeAxisBoxOnARow", lambda: mock.count_winning_moves(size=(2, 2, 2), all_heads=True),
     tartan.ParseError, "axis"),
    # ---- tables, verify, check ----
    ("TableOfASingleGame", lambda: mock.table(3, 3), tartan.ParseError, "'mock-turtles' is a single game"),
    ("TableSizeZero", lambda: rugs.table(0, 3), tartan.ParseError, "dimension 1 is 0"),
    ("TableSizeMissingPart", lambda: rugs.table("3x"), tartan.ParseError, "size '3x': dimension 2 is missing"),
    ("TableWrongDimensions", lambda: rugs.table(3, 4, 5), tartan.ParseError, "has 2 factors but the size 3x4x5"),
    ("TableSizeEmpty", lambda: rugs.table(()), tartan.ParseError, "size: empty"),
    ("TableSizeNotASize", lambda: rugs.table(None), tartan.ParseError, "None is not a size"),
    ("TableBeyondMemory", lambda: rugs.table(4000000000, 4000000000), tartan.LimitError,
     "needs more than 16 EiB"),
    ("TableFactorOverTimeLimit", lambda: tartan.game("1-4*ruler").table(1000000, 1, max_seconds=0.3),
     tartan.TimeLimitError, "time limit"),
    ("VerifyOverMemory", lambda: rugs.verify((100000, 100000), progress=False), tartan.LimitError,
     "a direct computation of 'ruler*ruler' over 100000x100000 would need about"),
    ("VerifyOverMaxMemory", lambda: rugs.verify((2000, 2000), max_memory="1M", progress=False), tartan.LimitError,
     "over the limit of 1.0 MiB"),
    ("VerifyThreadsZero", lambda: rugs.verify((4, 4), threads=0, progress=False), tartan.ParseError,
     "threads must be at least 1"),
    ("VerifyThreadsNegative", lambda: rugs.verify((4, 4), threads=-1, progress=False), tartan.ParseError,
     "threads: '-1' is negative"),
    ("VerifyOfASingleGame", lambda: ruler.verify(8, progress=False), tartan.ParseError, "is a single game"),
    ("VerifyMovesOutOfReach", lambda: tartan.game("motley*twins").verify((40, 2), progress=False),
     tartan.LimitError, "motley"),
    ("VerifyValuesWrongSize", lambda: rugs.verify((4, 4), claimed=np.zeros(15, dtype=np.uint64), progress=False),
     tartan.ParseError, "claimed: 15 values for a box of 16 cells"),
    ("VerifyValuesNegative", lambda: rugs.verify((2, 2), claimed=[[0, -1], [0, 0]], progress=False),
     tartan.ParseError, "non-negative integers"),
    ("VerifyProgressNotCallable", lambda: rugs.verify((2, 2), progress="yes"), TypeError, "progress must be"),
    ("CheckCoinsZero", lambda: mock.check(0, progress=False), tartan.ParseError, "size: 0 coins"),
    ("CheckCoinsTooMany", lambda: mock.check(40, progress=False), tartan.LimitError, "24"),
    ("CheckMovesExplode", lambda: tartan.game("1-20").check(22, progress=False), tartan.LimitError, "14"),
    ("CheckClaimedWrongSize", lambda: mock.check(4, claimed=[1, 2, 4], progress=False), tartan.ParseError,
     "claimed: 3 values for a box of 4 cells"),
]


@pytest.mark.parametrize("name,call,kind,fragment", CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_refused_with_one_line(name, call, kind, fragment):
    with pytest.raises(kind) as raised:
        call()
    message = str(raised.value)
    assert fragment in message, message
    assert "\n" not in message and 0 < len(message) < 300, message
    if kind is not TypeError:
        assert isinstance(raised.value, tartan.Error)


def test_the_classes_mirror_the_builtins():
    assert issubclass(tartan.ParseError, ValueError) and issubclass(tartan.UnknownGameError, tartan.ParseError)
    assert issubclass(tartan.DomainError, ValueError)
    assert issubclass(tartan.DivisionByZeroError, ZeroDivisionError)
    assert issubclass(tartan.DivisionByZeroError, tartan.DomainError)
    assert issubclass(tartan.ValueOverflowError, OverflowError) and issubclass(tartan.ValueOverflowError, ArithmeticError)
    assert issubclass(tartan.LimitError, MemoryError)
    assert issubclass(tartan.TimeLimitError, TimeoutError) and issubclass(tartan.TimeLimitError, tartan.LimitError)
    assert issubclass(tartan.NotAcyclicError, ValueError)
    for cls in (tartan.ParseError, tartan.DomainError, tartan.ValueOverflowError, tartan.LimitError,
                tartan.NotAcyclicError):
        assert issubclass(cls, tartan.Error) and cls.__module__ == "tartan"


def test_limit_errors_carry_their_figures():
    with pytest.raises(tartan.LimitError) as raised:
        tartan.game("ruler").sequence(10**8, max_memory="1M")
    e = raised.value
    assert e.unit == "bytes" and e.limit == 2**20 and e.estimate > 2**20 and e.raise_to >= e.estimate
    assert e.problem and str(e).startswith(e.problem) and e.advice in str(e)
    with pytest.raises(tartan.UnknownGameError) as unknown:
        tartan.game("mock-turtle")
    assert unknown.value.typed == "mock-turtle" and unknown.value.suggestions == ["mock-turtles"]
