"""Misère play from Python (Game.analyze(misere=True), analyze_heaps(misere=True), check(misere=True),
misere_genera): the outcomes and winning moves against games played out here by their definitions in misère play
(the player left without a move wins), rows and boards as bitmasks, Kayles heaps as multisets; the misère Nim rule
applied by hand; Ctrl-C and the progress callback keeping what was found; the refusals."""

from __future__ import annotations

import functools
import random

import pytest

import tartan
from conftest import grundy_by_mex, mock_turtles_moves, ruler_moves, twins_moves


def row_moves(moves, coins, p):
    """Every move of the row position p (a bitmask) as the bitmask of the coins turned."""
    return [1 << n | sum(1 << c for c in others) for n in range(coins) if p >> n & 1 for others in moves(n)]


def misere_wins(moves, coins):
    """The misère outcome by the definition: won when no move is left, or some move leaves a lost position."""
    @functools.lru_cache(maxsize=None)
    def wins(p):
        options = row_moves(moves, coins, p)
        return not options or any(not wins(p ^ m) for m in options)
    return wins


def text_of(p, coins):
    return "".join("H" if p >> c & 1 else "T" for c in range(coins))


def mask_of(move):
    return sum(1 << c for c in move.coins)


@pytest.mark.parametrize("name, moves", [("mock-turtles", mock_turtles_moves), ("ruler", ruler_moves),
                                         ("twins", twins_moves)])
def test_rows_match_the_definition(name, moves):
    coins = 9
    wins = misere_wins(moves, coins)
    rng = random.Random(2811)
    game = tartan.game(name)
    for _ in range(40):
        p = rng.randrange(1 << coins)
        a = game.analyze(text_of(p, coins), misere=True)
        assert a.outcome == ("N" if wins(p) else "P"), text_of(p, coins)
        assert a.terminal == (not row_moves(moves, coins, p))
        expected = sorted(m for m in row_moves(moves, coins, p) if not wins(p ^ m))
        assert sorted(mask_of(m) for m in a.winning_moves) == expected
        assert game.analyze(text_of(p, coins), misere=True, count=True).winning_move_count == len(expected)
        assert a.complete


def test_a_board_of_turning_corners_matches_the_definition():
    rows, cols = 3, 3

    def moves(p):
        out = []
        for r in range(1, rows):
            for c in range(1, cols):
                if p >> (r * cols + c) & 1:
                    out += [1 << (r * cols + c) | 1 << (r * cols + b) | 1 << (a * cols + c) | 1 << (a * cols + b)
                            for a in range(r) for b in range(c)]
        return out

    @functools.lru_cache(maxsize=None)
    def wins(p):
        return not moves(p) or any(not wins(p ^ m) for m in moves(p))

    game = tartan.game("twins*twins")
    for p in range(0, 1 << 9, 7):
        drawn = "/".join("".join("H" if p >> (r * cols + c) & 1 else "T" for c in range(cols)) for r in range(rows))
        a = game.analyze(drawn, misere=True)
        assert a.outcome == ("N" if wins(p) else "P"), drawn
        listed = sorted(sum(1 << (r * cols + c) for r in m.rows for c in m.cols) for m in a.winning_moves)
        assert listed == sorted(m for m in moves(p) if not wins(p ^ m)), drawn


def kayles_moves(heaps):
    for i, h in enumerate(heaps):
        for k in (1, 2):
            for a in range(0, (h - k) // 2 + 1) if k <= h else ():
                left = tuple(x for x in (a, h - k - a) if x)
                yield h, k, left, tuple(sorted(heaps[:i] + heaps[i + 1:] + left))


@functools.lru_cache(maxsize=None)
def kayles_wins(heaps):
    options = list(kayles_moves(heaps))
    return not options or any(not kayles_wins(after) for _, _, _, after in options)


def test_kayles_heaps_match_the_definition():
    rng = random.Random(2812)
    game = tartan.game("kayles")
    for _ in range(40):
        heaps = tuple(sorted(rng.randrange(9) for _ in range(rng.randrange(1, 5))))
        for method in ("automatic", "search", "quotient"):
            a = game.analyze_heaps(list(heaps), misere=True, limit=1000, method=method)
            assert a.outcome == ("N" if kayles_wins(heaps) else "P"), heaps
            expected = sorted({(h, k, left) for h, k, left, after in kayles_moves(heaps) if not kayles_wins(after)})
            assert sorted((m.heap, m.take, m.leaving) for m in a.winning_moves) == expected, heaps
    # As heaps, not as coins: two heaps of 2 cancel as coins.
    assert game.analyze_heaps([2, 2], misere=True).outcome == "P"
    assert game.analyze("TTT", misere=True).outcome == "N"


def test_genera_of_nim_heaps():
    # Nim by a take-and-break code (0.3333: take one to four, leaving one heap or none): heap n has genus n^(n...),
    # heaps of 0 and 1 fickle (0^120, 1^031), the others firm, n^(n, n XOR 2).
    genera = tartan.game("0.3333").misere_genera(5)
    assert [g.genus for g in genera] == ["0^120", "1^031", "2^20", "3^31", "4^46"]
    assert all(g.tame and g.value == n for n, g in enumerate(genera))


def test_the_misere_check_applies_the_misere_nim_rule():
    coins = 7
    g = grundy_by_mex(mock_turtles_moves, coins)
    wins = misere_wins(mock_turtles_moves, coins)
    failures = []
    for p in range(1 << coins):
        value, small = 0, True
        for c in range(coins):
            if p >> c & 1:
                value ^= g[c]
                small = small and g[c] <= 1
        rule_p = value == 1 if small else value == 0
        if rule_p == wins(p):  # the rule says P exactly where the position is won: it fails there
            failures.append(p)
    r = tartan.game("mock-turtles").check(coins, misere=True, limit=1000, progress=False)
    assert r.positions == 1 << coins and r.complete
    assert r.mismatches == len(failures)
    assert [sum(1 << int(c) for c in m.position.heads.reshape(-1)) for m in r.first_mismatches] == failures
    assert r.tame == (not failures)


def test_a_stop_keeps_what_was_found():
    game = tartan.game("mock-turtles")
    # The progress callback says stop at its first report: the sweep of 2^24 positions stops at once.
    a = game.analyze(tartan.position(size=25, heads=[1, 24]), misere=True, method="sweep",
                     progress=lambda fraction: False)
    assert a.outcome is None and not a.complete
    assert a.stopped == "the sweep stopped after 0 of the 16777219 positions up to this one"
    r = game.check(22, misere=True, progress=lambda fraction: False)
    assert not r.complete and not r.tame and r.positions == 0


def test_refusals():
    with pytest.raises(tartan.LimitError, match="at most 64 coins"):
        tartan.game("ruler").analyze(tartan.position(size=100, heads=[99]), misere=True)
    with pytest.raises(tartan.ParseError, match="page a misère analysis"):
        tartan.game("ruler").analyze("HTH", count=True)
    with pytest.raises(tartan.ParseError, match="not a take-and-break game"):
        tartan.game("ruler").analyze_heaps([3], misere=True)
    with pytest.raises(tartan.ParseError, match="not a misère method"):
        tartan.game("ruler").analyze("HTH", misere=True, method="guess")
    with pytest.raises(tartan.ParseError, match="leave out one of them"):
        tartan.game("ruler").check(4, misere=True, claimed=[1, 2, 1, 4])
