"""Heaps of take-and-break games (Game.analyze_heaps): the value and the winning heap moves against the heap game
computed here (every way of taking k tokens from one heap and splitting the rest, a plain mex recursion over heap
multisets), on seeded random codes and heap lists with equal heaps, d0 splits, empty positions and codes with no
moves; paging and counting; the refusals."""

from __future__ import annotations

import functools
import random

import pytest

import tartan

from conftest import code_text, heap_moves


def definition(digits, distinct, heaps):
    """(value, set of winning moves (take, heap, leaving)) of the heap multiset by a plain mex recursion."""

    @functools.lru_cache(maxsize=None)
    def value(position):
        options = {value(after(position, h, left)) for _, h, left in moves(position)}
        m = 0
        while m in options:
            m += 1
        return m

    def moves(position):
        return [(k, h, left) for h in sorted(set(position)) for k, left in heap_moves(digits, distinct, h)]

    def after(position, h, left):
        rest = list(position)
        rest.remove(h)
        return tuple(sorted(rest + list(left)))

    start = tuple(sorted(heaps))
    return value(start), {(k, h, left) for k, h, left in moves(start) if value(after(start, h, left)) == 0}


def test_random_codes_and_heaps_match_the_definition():
    rng = random.Random(2626)
    for _ in range(80):
        t = rng.randint(1, 4)
        digits = [rng.choice([0, 0, 0, 4, 8, 12])] + [rng.choice([0, rng.randint(0, 15)]) for _ in range(t)]
        distinct = [bool(d & 12) and rng.random() < 0.25 for d in digits]
        code = code_text(digits, distinct)
        game = tartan.game(code)
        for _ in range(3):
            heaps = [rng.randint(0, 7) for _ in range(rng.randint(0, 4))]
            if heaps and rng.random() < 0.3:
                heaps.append(heaps[0])  # equal heaps
            value, winning = definition(digits, distinct, heaps)
            a = game.analyze_heaps(heaps, limit=10**6)
            assert int(a.value) == value, (code, heaps)
            assert a.outcome == ("N" if value else "P")
            assert a.heaps == tuple(sorted(heaps))
            listed = [(m.take, m.heap, m.leaving) for m in a.winning_moves]
            assert len(listed) == len(set(listed)), (code, heaps)
            assert set(listed) == winning, (code, heaps)
            assert game.analyze_heaps(heaps, count=True).winning_move_count == len(winning)


def test_heap_moves_read_as_a_player_says_them():
    a = tartan.game("kayles").analyze_heaps([9, 5, 7])
    assert a.heaps == (5, 7, 9)
    assert a.coin_heads == (5, 7, 9)
    # Each text is the move's own fields in words.
    for m in a.winning_moves:
        assert str(m).startswith(f"take {m.take} from the heap of {m.heap}, leaving ")
    split = tartan.game("grundys-game").analyze_heaps([5, 3]).winning_moves
    assert [(m.take, m.heap, m.leaving, str(m)) for m in split] == [(0, 5, (2, 3), "split the heap of 5 into 2 and 3")]
    nothing = tartan.game("S{3}").analyze_heaps([3]).winning_moves
    assert [str(m) for m in nothing] == ["take 3 from the heap of 3, leaving nothing"]
    equal = tartan.game("0.07").analyze_heaps("3,3,10")
    assert equal.heaps == (3, 3, 10) and equal.coin_heads == (10,)


def test_pages_and_the_empty_position():
    game = tartan.game("kayles")
    heaps = list(range(1, 13))
    every = game.analyze_heaps(heaps, limit=1000).winning_moves
    assert len(every) >= 3
    for offset in range(len(every) + 1):
        assert game.analyze_heaps(heaps, limit=2, offset=offset).winning_moves == every[offset:offset + 2]
    for empty in ([], [0, 0], [0]):
        a = game.analyze_heaps(empty)
        assert (int(a.value), a.outcome, a.winning_moves) == (0, "P", [])


@pytest.mark.parametrize("call, words", [
    (lambda: tartan.game("ruler").analyze_heaps([3]), "'ruler' is a coin-turning game, not a take-and-break game"),
    (lambda: tartan.game("kayles*kayles").analyze_heaps([3]), "is a tartan product"),
    (lambda: tartan.game("kayles").analyze_heaps([3, -1]), "heaps item 2: -1 is not a heap size"),
    (lambda: tartan.game("kayles").analyze_heaps([2**64]), "below 2^64"),
    (lambda: tartan.game("kayles").analyze_heaps("3,x"), "heaps item 2: 'x' is not a heap size"),
    (lambda: tartan.game("kayles").analyze_heaps(3), "is not a list of heap sizes"),
])
def test_refusals_say_what_to_give(call, words):
    with pytest.raises(tartan.ParseError, match=None) as raised:
        call()
    assert words in str(raised.value)


def test_heaps_beyond_the_limits_are_refused():
    # 4.07 has no proven period (Kayles' would answer any heap), so its values must be computed up to the heap.
    with pytest.raises(tartan.LimitError, match="give heaps below 100000000"):
        tartan.game("4.07").analyze_heaps([200000000])
    with pytest.raises(tartan.LimitError, match="give heaps below"):
        tartan.game("4.07").analyze_heaps([30000000], max_memory="1M")


def kayles_by_period():
    """Kayles' g by a mex over taking one or two pins, leaving up to two rows, to 300; then g(n) for any n through its
    period (12 from 71: Guy and Smith 1956), checked here over those values."""
    g = []
    for n in range(300):
        options = {g[a] ^ g[n - k - a] for k in (1, 2) if k <= n for a in range(n - k + 1)}
        m = 0
        while m in options:
            m += 1
        g.append(m)
    assert all(g[n + 12] == g[n] for n in range(71, 288))
    return lambda n: g[n] if n < 300 else g[71 + (n - 71) % 12]


def test_heaps_up_to_two_to_the_64_through_the_period():
    at = kayles_by_period()
    kayles = tartan.game("kayles")
    for n in (99999999, 2**64 - 1, 2**40 + 3):
        assert kayles.value(n) == at(n)
    heaps = [2**64 - 1, 2**33 + 7, 5]
    a = kayles.analyze_heaps(heaps, limit=25)
    assert int(a.value) == at(heaps[0]) ^ at(heaps[1]) ^ at(heaps[2])
    assert a.heaps == tuple(sorted(heaps))
    assert len(a.winning_moves) == 25
    for m in a.winning_moves:
        assert m.take in (1, 2) and m.take + sum(m.leaving) == m.heap
        left = int(a.value) ^ at(m.heap)
        for h in m.leaving:
            left ^= at(h)
        assert left == 0, m
    # The count of the heap of 2^64 - 1 by the test: for each take, the heap left alone, then the splits a + b with
    # a below 71 + 24 one by one and the rest by a's class mod 12 (from 71 on both heaps repeat with period 12).
    big, expected = 2**64 - 1, 0
    for take in (1, 2):
        r = big - take
        expected += at(r) == 0
        m = r // 2
        direct = min(m, 71 + 24)
        expected += sum(1 for x in range(1, direct + 1) if at(x) ^ at(r - x) == 0)
        expected += sum((m - x) // 12 + 1 for x in range(direct + 1, min(direct + 12, m) + 1) if at(x) ^ at(r - x) == 0)
    assert kayles.analyze_heaps([big], count=True).winning_move_count == expected
    with pytest.raises(tartan.ParseError, match="below 2\\^64"):
        kayles.analyze_heaps([2**64])
