"""Games written in Python: their values against the mex definition and brute force over the game graph, their use
everywhere a built-in game goes (products, verify, check, counts, many threads), and the refusal of moves that are
not moves."""

from __future__ import annotations

import gc
import itertools

import numpy as np
import pytest

import tartan

from conftest import board_graph_values, grundy_by_mex, read_oeis, row_graph_values, row_moves_to, ruler_moves


class ShortHop(tartan.Rule):
    """Turn a coin alone, or with one coin at most three places to its left."""

    name = "short-hop"

    def moves(self, n):
        yield ()
        for d in (1, 2, 3):
            if d <= n:
                yield (n - d,)


class PyMockTurtles:
    """Mock Turtles written out in Python, not derived from tartan.Rule: one, two or three coins."""

    name = "py-mock-turtles"

    def moves(self, n):
        for k in range(3):
            yield from itertools.combinations(range(n), k)


def test_sequences_match_their_definitions():
    hop = tartan.game(ShortHop())
    assert hop.name == "short-hop" and hop.code is None and hop.dimensions == 1
    assert hop.sequence(40).tolist() == grundy_by_mex(ShortHop().moves, 40)
    assert hop.sequence(8).tolist() == [1, 2, 3, 4, 1, 2, 3, 4]  # mex{0, g(n-1), g(n-2), g(n-3)}: period 4
    odious = read_oeis("A000069")
    assert tartan.game(PyMockTurtles()).sequence(50).tolist() == [odious[n + 1] for n in range(50)]
    assert tartan.game(ShortHop).name == "short-hop"  # a class is instantiated


def test_positions_against_the_game_graph():
    coins = 8
    moves = ShortHop().moves
    graph = row_graph_values(moves, coins)
    g = tartan.game(ShortHop())
    for p in range(1 << coins):
        a = g.analyze("".join("H" if p >> i & 1 else "T" for i in range(coins)))
        assert a.value == graph[p]
        assert {m.coins for m in a.winning_moves} == row_moves_to(moves, coins, p, graph)
    assert g.count_winning_moves(size=coins, all_heads=True).winning_moves == len(
        row_moves_to(moves, coins, (1 << coins) - 1, graph))


def test_products_verify_and_check():
    hop = tartan.game(ShortHop())
    product = hop * "ruler"
    assert product.name == "short-hop*ruler" and product.code is None
    graph = board_graph_values(ShortHop().moves, ruler_moves, 2, 3)
    for p in range(1 << 6):
        board = np.array([[bool(p >> (r * 3 + c) & 1) for c in range(3)] for r in range(2)])
        assert product.analyze(board).value == graph[p]
    assert product.verify((20, 20), progress=False, threads=2).passed
    assert (hop * hop).verify((12, 12), progress=False, threads=1).passed
    assert hop.check(12, progress=False).passed
    assert product.check((3, 3), progress=False).passed
    assert product.table(4, 4).shape == (4, 4)


def test_the_game_outlives_its_python_object():
    g = tartan.game(ShortHop())
    product = g * g
    del g
    gc.collect()
    assert product.table(3, 3).tolist()[2] == [3, 1, 2]  # g = 1 2 3: row 2 is 3 (x) (1, 2, 3)


class Yields:
    def __init__(self, name, bad):
        self.name, self.bad = name, bad

    def moves(self, n):
        yield ()
        if n >= 2:
            yield self.bad(n)


@pytest.mark.parametrize("bad,message", [
    (lambda n: (n,), "turns coin 2, which is not below 2"),
    (lambda n: (n + 5,), "which is not below 2"),
    (lambda n: (-1,), "turns coin -1"),
    (lambda n: (0, 0), "turns coin 0 twice"),
    (lambda n: n - 1, "is 1, not a collection of coins"),
    (lambda n: "01", "not a collection of coins"),
    (lambda n: (0.5,), "lists 0.5, which is not a coin number"),
    (lambda n: (None,), "lists None"),
])
def test_moves_that_are_not_moves_are_refused(bad, message):
    g = tartan.game(Yields("bad", bad))
    with pytest.raises(tartan.ParseError, match=message) as raised:
        g.sequence(5)
    assert "game 'bad', move 1 from coin 2" in str(raised.value) and "\n" not in str(raised.value)


def test_collections_of_any_kind_are_moves():
    class Mixed:
        name = "mixed"

        def moves(self, n):
            yield []
            if n >= 1:
                yield {n - 1}
            if n >= 2:
                yield range(n - 2, n)
                yield np.array([n - 2])
    assert tartan.game(Mixed()).sequence(12).tolist() == grundy_by_mex(
        lambda n: [()] + ([(n - 1,)] if n >= 1 else []) + ([(n - 2, n - 1), (n - 2,)] if n >= 2 else []), 12)


class Failing:
    name = "failing"

    def moves(self, n):
        yield ()
        if n == 6:
            raise LookupError("no moves written for coin 6")
        if n >= 1:
            yield (n - 1,)


def test_exceptions_of_the_game_pass_through_unchanged():
    g = tartan.game(Failing())
    with pytest.raises(LookupError, match="no moves written for coin 6"):
        g.sequence(10)
    assert g.sequence(6).tolist() == [1, 2, 1, 2, 1, 2]
    with pytest.raises(LookupError):
        g.analyze(size=10, heads=[9])
    # From the engine's worker threads too: verify's pipeline and count's one thread per factor.
    with pytest.raises(LookupError):
        (tartan.game("ruler") * g).verify((3, 9), threads=2, progress=False)
    with pytest.raises(LookupError):
        (g * g).count_winning_moves(size=(9, 9), all_heads=True)


def test_a_game_needs_moves_and_a_name():
    with pytest.raises(tartan.ParseError, match="is not a game"):
        tartan.game(42)
    with pytest.raises(tartan.ParseError, match="name must be text"):
        class Named:
            name = 5

            def moves(self, n):
                return []
        tartan.game(Named())
    with pytest.raises(NotImplementedError):
        tartan.game(tartan.Rule()).sequence(3)
