"""Games by name, code and product: Grundy sequences against the OEIS and against the mex over each game's moves,
written here from the rules; the catalogue; products; progress, stopping and the limits of a sequence."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import tartan

from conftest import (grundy_by_mex, mock_turtles_moves, one_to_four_moves, read_oeis, ruler_moves, subsets_below,
                      twins_moves)


def test_mock_turtles_are_the_odious_numbers():
    odious = read_oeis("A000069")  # Winning Ways p. 433: Mock Turtles' values, coin n here is a(n + 1)
    g = tartan.game("mock-turtles").sequence(60)
    assert g.tolist() == [odious[n + 1] for n in range(60)]


def test_ruler_is_the_highest_power_of_two_dividing_n():
    a = read_oeis("A006519")
    g = tartan.game("ruler").sequence(60)
    assert g.tolist() == [a[n + 1] for n in range(60)]


def turnips_moves(n):
    """3E: three equally spaced coins, the moving coin last."""
    return ((n - 2 * d, n - d) for d in range(1, n // 2 + 1))


def grunt_moves(n):
    """4FS: four coins 0 < i < n - i < n, symmetric, coin 0 among them (Grundy's game)."""
    return ((0, i, n - i) for i in range(1, n) if i < n - i)


def fives_moves(n):
    """1-3C(5): one to three coins within a span of five."""
    return (s for s in subsets_below(n, (0, 1, 2)) if not s or s[0] >= n - 4)


def two_or_three_or_six_run_moves(n):
    """2-3,6C: any two or three coins, or six consecutive ones."""
    yield from subsets_below(n, (1, 2))
    if n >= 5:
        yield tuple(range(n - 5, n))


@pytest.mark.parametrize("code,moves", [
    ("1-3", mock_turtles_moves),
    ("mock-turtles", mock_turtles_moves),
    ("1+C", ruler_moves),
    ("2", twins_moves),
    ("3E", turnips_moves),
    ("4FS", grunt_moves),
    ("1-3C(5)", fives_moves),
    ("2-3,6C", two_or_three_or_six_run_moves),
])
def test_sequences_match_the_mex_over_the_moves(code, moves):
    assert tartan.game(code).sequence(40).tolist() == grundy_by_mex(moves, 40)


def test_sequence_is_a_uint64_array():
    s = tartan.game("ruler").sequence(1000)
    assert isinstance(s, np.ndarray) and isinstance(s, tartan.Sequence)
    assert s.dtype == np.uint64 and s.shape == (1000,)
    assert type(s.sum()) is not tartan.Sequence and int(s[7]) == 8
    assert type(s + 1) is np.ndarray


def test_catalogue():
    games = tartan.games()
    names = [g.name for g in games]
    assert len(names) == len(set(names)) >= 16
    assert "mock-turtles" in names and "ruler" in names
    for info in games:
        assert isinstance(info, tartan.GameInfo) and info.title and info.summary
        by_name, by_code = tartan.game(info.name), tartan.game(info.code)
        assert by_name.code == info.code
        assert by_name.sequence(24).tolist() == by_code.sequence(24).tolist()


def test_names_codes_factors_and_products():
    g = tartan.game("mock-turtles")
    assert (g.name, g.code, g.dimensions, g.is_product) == ("mock-turtles", "1-3", 1, False)
    assert [f.name for f in g.factors] == ["mock-turtles"]
    rugs = tartan.game("ruler*ruler")
    assert (rugs.name, rugs.code, rugs.dimensions, rugs.is_product) == ("ruler*ruler", "1+C*1+C", 2, True)
    assert [f.name for f in rugs.factors] == ["ruler", "ruler"]
    assert (tartan.game("ruler") * tartan.game("ruler")).name == "ruler*ruler"
    assert (tartan.game("turtles") * "twins" * "ruler").name == "turtles*twins*ruler"
    assert ("twins" * tartan.game("ruler")).name == "twins*ruler"
    assert tartan.game(rugs) is rugs and tartan.Game("ruler").name == "ruler"
    assert repr(rugs) == "Game('ruler*ruler')"


def test_progress_reports_fractions_and_can_stop():
    seen = []
    full = tartan.game("mock-turtles").sequence(300_000, progress=lambda f: seen.append(f))
    assert full.size == 300_000 and seen and all(0 <= f <= 1 for f in seen) and seen == sorted(seen)
    # Reports come at most every 50 ms: the work stops at the first one past a tenth.
    stopped = tartan.game("1-4").sequence(20_000, max_seconds=0, progress=lambda f: f < 0.1)
    assert 2_000 <= stopped.size < 20_000
    assert stopped[:40].tolist() == grundy_by_mex(one_to_four_moves, 40)


def test_time_limit_keeps_the_values_computed():
    # 1-4 takes about n^3 steps in all: 10^6 values is projected far past a second.
    with pytest.raises(tartan.TimeLimitError) as raised:
        tartan.game("1-4").sequence(1_000_000, max_seconds=0.5)
    e = raised.value
    assert isinstance(e, TimeoutError) and isinstance(e, tartan.LimitError)
    assert e.unit == "seconds" and e.limit == 0.5 and e.estimate > 0.5 and e.suggestion > 0
    assert "time limit" in str(e)
    partial = e.partial
    assert isinstance(partial, tartan.Sequence) and 0 < partial.size < 1_000_000
    assert partial[:40].tolist() == grundy_by_mex(one_to_four_moves, 40)


def test_values_beyond_64_bits_are_refused_not_wrapped():
    with pytest.raises(tartan.ValueOverflowError, match="does not fit in 64 bits") as raised:
        tartan.game("sym").sequence(200)
    assert isinstance(raised.value, OverflowError)
    assert tartan.game("sym").sequence(128).size == 128


def take_break_values(digits, count, distinct=()):
    """g(0..count-1) of the take-and-break code d0.d1d2... by definition: removing k tokens from a heap of n may leave
    nothing (bit 1 of d_k), one heap (bit 2) or two non-empty heaps (bit 4; unequal ones when k is in `distinct`, a '!'
    in the code); g(n) is the mex of the XOR of g over the heaps left."""
    g = []
    for n in range(count):
        options = set()
        for k, d in enumerate(digits[: n + 1]):
            r = n - k
            if d & 1 and k >= 1 and r == 0:
                options.add(0)
            if d & 2 and k >= 1 and r >= 1:
                options.add(g[r])
            if d & 4:
                options.update(g[a] ^ g[r - a] for a in range(1, r // 2 + 1) if not (k in distinct and 2 * a == r))
        g.append(min(set(range(len(options) + 1)) - options))
    return g


def test_take_and_break_codes_follow_their_definition():
    for code, digits, distinct in [("0.77", [0, 7, 7], ()), (".137", [0, 1, 3, 7], ()), ("4!.0", [4], (0,)),
                                   ("0.014", [0, 0, 1, 4], ()), ("4.07", [4, 0, 7], ()),
                                   ("S{1,3,4}", [0, 3, 0, 3, 3], ())]:
        assert tartan.game(code).sequence(400).tolist() == take_break_values(digits, 400, distinct), code
    assert tartan.game("kayles").sequence(200).tolist() == take_break_values([0, 7, 7], 200)
    names = [g.name for g in tartan.games()]
    assert "kayles" in names and "grundys-game" in names and "treblecross" in names
    # Heaps are coins: a heap of 2 and a heap of 4 in Kayles are coins 2 and 4, worth g(2) ^ g(4) = 2 ^ 1.
    kayles = take_break_values([0, 7, 7], 5)
    assert tartan.game("0.77").sequence(5).tolist() == kayles and kayles[2] ^ kayles[4] == 3
