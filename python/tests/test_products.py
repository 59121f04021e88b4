"""Products and theorem checks: value tables against the nim product of sequences computed from the definitions and
against published tables (OEIS A051775, A223541), verify and check against conjectures made wrong on purpose, the
sizes of the explicit game graphs counted from the rules, progress and stopping."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tartan

from conftest import grundy_by_mex, mock_turtles_moves, read_oeis, ruler_moves, twins_moves


def antidiagonals(entry: dict) -> dict:
    """{(n, m): T(n, m)} for the terms of an OEIS table read by antidiagonals (n + m = d, n from 0 up)."""
    cells = [(n, d - n) for d in range(64) for n in range(d + 1)]
    return {cells[i]: v for i, v in enumerate(entry[k] for k in sorted(entry))}


def test_turning_corners_is_the_nim_multiplication_table(nim_table_32):
    # Turning Corners = twins x twins: G(a, b) = a (x) b (Winning Ways ch. 14).
    table = tartan.game("twins*twins").table(32, 32)
    assert table.shape == (32, 32) and table.dtype == np.uint64
    assert table.tolist() == nim_table_32
    oeis = antidiagonals(read_oeis("A051775"))
    assert len(oeis) > 80 and all(table[n, m] == v for (n, m), v in oeis.items())


def test_rugs_is_the_table_of_powers_of_two():
    # Rugs = ruler x ruler: G(a, b) = 2^i (x) 2^j for the powers of two g(a) = 2^i, g(b) = 2^j (A223541).
    powers = antidiagonals(read_oeis("A223541"))
    table = tartan.game("ruler*ruler").table(16, 16)
    g = grundy_by_mex(ruler_moves, 16)
    for a in range(16):
        for b in range(16):
            i, j = int(math.log2(g[a])), int(math.log2(g[b]))
            assert table[a, b] == powers[i, j]


def test_tables_are_the_nim_products_of_the_sequences(nim_table_32):
    table = tartan.game("mock-turtles*twins").table("6x9")
    ga, gb = grundy_by_mex(mock_turtles_moves, 6), grundy_by_mex(twins_moves, 9)
    assert table.tolist() == [[nim_table_32[x][y] for y in gb] for x in ga]
    box = tartan.game("twins*twins*twins").table(4, 4, 4)
    assert box.shape == (4, 4, 4)
    assert all(box[a, b, c] == nim_table_32[nim_table_32[a][b]][c] for a in range(4) for b in range(4) for c in range(4))
    assert tartan.game("twins*twins").table((3, 5)).shape == (3, 5)


def test_verify_finds_the_theorem_and_a_wrong_conjecture():
    rugs = tartan.game("ruler*ruler")
    report = rugs.verify((24, 24), progress=False, threads=2)
    assert (report.checked, report.mismatches, report.complete, report.passed) == (576, 0, True, True)
    assert report.game == "ruler*ruler" and report.size == (24, 24) and report.threads == 2 and report.seconds >= 0
    # The theorem's table with three cells changed: exactly those are found, in row-major order.
    conjecture = rugs.table(24, 24).copy()
    wrong = [(2, 5), (7, 7), (20, 1)]
    for cell in wrong:
        conjecture[cell] ^= np.uint64(1)
    found = rugs.verify((24, 24), claimed=conjecture, progress=False)
    assert found.mismatches == 3 and not found.passed
    assert [m.cell for m in found.first_mismatches] == wrong
    assert all(m.expected == conjecture[m.cell] and m.direct == conjecture[m.cell] ^ np.uint64(1) for m in found.first_mismatches)
    listed = rugs.verify((24, 24), claimed=conjecture, limit=1, progress=False)
    assert listed.mismatches == 3 and len(listed.first_mismatches) == 1


def test_verify_three_factors():
    r = tartan.game("twins*ruler*mock-turtles").verify((4, 5, 6), progress=False)
    assert r.checked == 120 and r.passed


def test_progress_and_stopping_a_verify():
    fractions = []
    r = tartan.game("ruler*mock-turtles").verify((40, 40), progress=fractions.append, threads=1)
    assert r.passed and fractions and fractions[-1] == pytest.approx(1.0)
    stopped = tartan.game("ruler*ruler").verify((1500, 1500), progress=lambda f: False, threads=1)
    assert not stopped.complete and not stopped.passed and stopped.checked < 1500 * 1500


def test_verify_honours_its_time_limit():
    rugs = tartan.game("ruler*ruler")
    # 3000x3000 makes at least 1.35e10 calls of option values: over 1 s at 1 ns a call on one thread, on any machine.
    with pytest.raises(tartan.TimeLimitError, match="calls a factor's option values at least"):
        rugs.verify((3000, 3000), threads=1, max_seconds=1, progress=False)
    # 2000x2000 makes 4e9 calls (4 s at 1 ns), under a limit of 10 s, but takes hours: stopped by the pace measured or
    # at the limit, with the cells checked, never as passed.
    r = rugs.verify((2000, 2000), threads=1, max_seconds=10, progress=False)
    assert not r.complete and not r.passed and r.checked < 2000 * 2000
    assert "time limit of 10 s" in r.stopped


def test_check_counts_the_game_graph_and_finds_wrong_claims():
    n = 10
    g = tartan.game("mock-turtles")
    r = g.check(n, progress=False)
    # Each coin n of a position has 1 + n + n(n-1)/2 moves (Mock Turtles turns it with 0, 1 or 2 coins below), and a
    # coin is heads in half of the 2^N positions.
    moves = sum(1 + c + c * (c - 1) // 2 for c in range(n))
    assert (r.positions, r.edges, r.mismatches, r.passed) == (2**n, 2 ** (n - 1) * moves, 0, True)
    claimed = np.array(grundy_by_mex(mock_turtles_moves, n), dtype=np.uint64)
    assert g.check(n, claimed=claimed, progress=False).passed
    claimed[4] += 1
    wrong = g.check(n, claimed=claimed, progress=False)
    assert wrong.mismatches > 0 and not wrong.passed
    first = wrong.first_mismatches[0]
    assert first.position.heads.tolist() == [[4]] and first.xor_value == claimed[4] and first.graph_value == 8
    board = tartan.game("ruler*twins").check((3, 3), progress=False)
    assert board.positions == 2**9 and board.passed and board.size == (3, 3)
