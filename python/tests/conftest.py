"""Shared by the Python tests: where the published reference data is, and the definitions the tests compute values
from, written here from the theory and sharing nothing with the engine (mex, nim products by their recursive
definition, Grundy values of explicit game graphs)."""

from __future__ import annotations

import itertools
import os
import pathlib
from typing import Callable, Dict, Iterable, List, Sequence, Tuple

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("TARTAN_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
REFERENCE_DIR = pathlib.Path(os.environ.get("TARTAN_REFERENCE_DIR", SOURCE_DIR / "tests" / "data"))

Moves = Callable[[int], Iterable[Tuple[int, ...]]]


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not among values."""
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def nim_product_table(n: int) -> List[List[int]]:
    """a (x) b for a, b < n from the definition a (x) b = mex{a'(x)b ^ a(x)b' ^ a'(x)b' : a' < a, b' < b}
    (Conway, On Numbers and Games, ch. 6)."""
    t = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            t[a][b] = mex(t[x][b] ^ t[a][y] ^ t[x][y] for x in range(a) for y in range(b))
    return t


def grundy_by_mex(moves: Moves, count: int) -> List[int]:
    """g(0..count-1) of a 1-D coin-turning game from its moves: g(n) = mex over the moves from n of the XOR of g over
    the move's other coins (Winning Ways ch. 14: every heads coin is an independent game)."""
    g: List[int] = []
    for n in range(count):
        options = []
        for others in moves(n):
            v = 0
            for c in others:
                v ^= g[c]
            options.append(v)
        g.append(mex(options))
    return g


def row_graph_values(moves: Moves, coins: int) -> List[int]:
    """The Grundy value of every position of a row of `coins` coins (bit i of the index = coin i heads), by mex over
    the explicit game graph: no theorem used. A move turns a heads coin n to tails and the move's other coins either
    way, so it lowers the index and the graph is acyclic in increasing order."""
    values = [0] * (1 << coins)
    for p in range(1 << coins):
        successors = []
        for n in range(coins):
            if p >> n & 1:
                for others in moves(n):
                    q = p ^ (1 << n)
                    for c in others:
                        q ^= 1 << c
                    successors.append(values[q])
        values[p] = mex(successors)
    return values


def row_moves_to(moves: Moves, coins: int, p: int, target_values: List[int], target: int = 0) -> set:
    """The moves (coins turned, ascending) from position p that lead to a position of value `target`."""
    found = set()
    for n in range(coins):
        if p >> n & 1:
            for others in moves(n):
                q = p ^ (1 << n)
                for c in others:
                    q ^= 1 << c
                if target_values[q] == target:
                    found.add(tuple(sorted(others)) + (n,))
    return found


def board_graph_values(moves_a: Moves, moves_b: Moves, rows: int, cols: int) -> List[int]:
    """The Grundy value of every position of a rows x cols board of the product game (bit r*cols+c = cell (r, c)
    heads) from its definition: a move from heads cell (a, b) turns S x T, S = a move of A from a with a, T = a move
    of B from b with b. No theorem used."""
    def sets(moves: Moves, n: int) -> List[Tuple[int, ...]]:
        return [tuple(others) + (n,) for others in moves(n)]

    values = [0] * (1 << (rows * cols))
    for p in range(1 << (rows * cols)):
        successors = []
        for a, b in itertools.product(range(rows), range(cols)):
            if p >> (a * cols + b) & 1:
                for s in sets(moves_a, a):
                    for t in sets(moves_b, b):
                        q = p
                        for x in s:
                            for y in t:
                                q ^= 1 << (x * cols + y)
                        successors.append(values[q])
        values[p] = mex(successors)
    return values


def heap_moves(digits: Sequence[int], distinct: Sequence[bool], n: int) -> List[Tuple[int, Tuple[int, ...]]]:
    """(k, heaps left) for every move of a take-and-break code on a heap of n: d_k's bits 1 (nothing left), 2 (one
    heap), 4 (two non-empty), 8 (three non-empty); '!' asks the heaps left to differ."""
    out = []
    for k in range(min(len(digits) - 1, n) + 1):
        d, r, differ = digits[k], n - k, distinct[k]
        if d & 1 and k >= 1 and r == 0:
            out.append((k, ()))
        if d & 2 and k >= 1 and r >= 1:
            out.append((k, (r,)))
        for a in range(1, r + 1):
            for b in range(a, r - a + 1):
                c = r - a - b
                if d & 4 and c == 0 and not (differ and a == b):
                    out.append((k, (a, b)))
                if d & 8 and c >= b and not (differ and (a == b or b == c)):
                    out.append((k, (a, b, c)))
    return out


def code_text(digits: Sequence[int], distinct: Sequence[bool]) -> str:
    """The code as tartan reads it: d_0, '.', d_1..d_t, '!' after a flagged digit ("0.77", "4!.0")."""
    hexa = "0123456789ABCDEF"
    text = hexa[digits[0]] + ("!" if distinct[0] else "") + "."
    return text + "".join(hexa[d] + ("!" if x else "") for d, x in zip(digits[1:], distinct[1:]))


def heap_coin_moves(digits: Sequence[int], distinct: Sequence[bool]) -> Moves:
    """The coin form of a take-and-break code, as a 1-D game's moves: from coin n, the other coins each heap move
    turns, the heaps it leaves with equal heaps cancelling in pairs; each set of coins once."""
    def moves(n: int) -> List[Tuple[int, ...]]:
        sets = set()
        for _, left in heap_moves(digits, distinct, n):
            turned: set = set()
            for h in left:
                turned ^= {h}
            sets.add(tuple(sorted(turned)))
        return sorted(sets)
    return moves


def subsets_below(n: int, sizes: Sequence[int]) -> Iterable[Tuple[int, ...]]:
    """Every set of coins below n of one of the given sizes."""
    for k in sizes:
        yield from itertools.combinations(range(n), k)


def mock_turtles_moves(n: int) -> Iterable[Tuple[int, ...]]:
    """Mock Turtles (code 1-3): turn one, two or three coins, the rightmost from heads to tails."""
    return subsets_below(n, (0, 1, 2))


def one_to_four_moves(n: int) -> Iterable[Tuple[int, ...]]:
    """1-4: turn one to four coins, the rightmost from heads to tails. Its values take about n^3 steps in all, so
    the tests that stop a long computation part way use it."""
    return subsets_below(n, (0, 1, 2, 3))


def ruler_moves(n: int) -> Iterable[Tuple[int, ...]]:
    """Ruler (code 1+C): turn any run of consecutive coins ending at the moving coin."""
    return (tuple(range(n - k, n)) for k in range(n + 1))


def twins_moves(n: int) -> Iterable[Tuple[int, ...]]:
    """Twins (code 2): turn exactly two coins."""
    return ((c,) for c in range(n))


def read_oeis(name: str) -> Dict[int, int]:
    """An OEIS entry from tests/data/oeis: {n: a(n)} from its data lines %S %T %U and its offset %O."""
    text = (REFERENCE_DIR / "oeis" / f"{name}.seq").read_text()
    data: List[int] = []
    offset = 0
    for line in text.splitlines():
        if line[:2] in ("%S", "%T", "%U"):
            data += [int(x) for x in line.split(None, 2)[2].strip().rstrip(",").split(",") if x]
        elif line.startswith("%O"):
            offset = int(line.split()[2].split(",")[0])
    return {offset + i: v for i, v in enumerate(data)}


def read_library_checker(name: str, limit: int) -> List[Tuple[int, int, int]]:
    """The first `limit` lines 'A B A(x)B' of a Library Checker nim_product_64 file (tests/data/library-checker)."""
    rows = []
    with open(REFERENCE_DIR / "library-checker" / name) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                a, b, c = (int(x) for x in line.split())
                rows.append((a, b, c))
                if len(rows) == limit:
                    break
    return rows


@pytest.fixture(scope="session")
def nim_table_32() -> List[List[int]]:
    return nim_product_table(32)
