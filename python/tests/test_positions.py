"""Positions analysed: values, outcomes, winning moves and options against brute force over the explicit game graph
(rows and boards, no theorem used); the forms a position can be given in; exact counts of winning moves."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import tartan
from tartan import Move, Nimber

from conftest import (board_graph_values, mock_turtles_moves, row_graph_values, row_moves_to, ruler_moves,
                      twins_moves)


def row_text(p: int, coins: int) -> str:
    return "".join("H" if p >> i & 1 else "T" for i in range(coins))


@pytest.mark.parametrize("name,moves", [("mock-turtles", mock_turtles_moves), ("ruler", ruler_moves),
                                        ("twins", twins_moves)])
def test_rows_against_the_game_graph(name, moves):
    coins = 8
    graph = row_graph_values(moves, coins)
    g = tartan.game(name)
    for p in range(1 << coins):
        a = g.analyze(row_text(p, coins))
        assert a.value == graph[p], row_text(p, coins)
        assert a.outcome == ("N" if graph[p] else "P")
        winning = list(a.winning_moves)
        assert {m.coins for m in winning} == row_moves_to(moves, coins, p, graph)
        assert len(winning) == len(set(winning)) == a.count_winning_moves()
        # Every option leads to the position it names, with that position's value.
        options = list(a.options)
        assert len(options) == sum(len(list(moves(n))) for n in range(coins) if p >> n & 1)
        for move, value in options:
            q = p
            for c in move.coins:
                q ^= 1 << c
            assert graph[q] == value


@pytest.mark.parametrize("name,moves_a,moves_b,rows,cols", [
    ("ruler*ruler", ruler_moves, ruler_moves, 3, 3),
    ("mock-turtles*twins", mock_turtles_moves, twins_moves, 2, 4),
])
def test_boards_against_the_game_graph(name, moves_a, moves_b, rows, cols):
    graph = board_graph_values(moves_a, moves_b, rows, cols)
    g = tartan.game(name)
    for p in range(1 << (rows * cols)):
        board = np.array([[bool(p >> (r * cols + c) & 1) for c in range(cols)] for r in range(rows)])
        a = g.analyze(board)
        assert a.value == graph[p]
        found = set()
        for m in a.winning_moves:
            q = p
            for r in m.rows:
                for c in m.cols:
                    q ^= 1 << (r * cols + c)
            assert graph[q] == 0
            found.add(m)
        # Every winning move of the graph is listed: count them from the definition.
        expected = 0
        for ra, cb in itertools.product(range(rows), range(cols)):
            if p >> (ra * cols + cb) & 1:
                for s in moves_a(ra):
                    for t in moves_b(cb):
                        q = p
                        for x in s + (ra,):
                            for y in t + (cb,):
                                q ^= 1 << (x * cols + y)
                        expected += graph[q] == 0
        assert len(found) == expected == a.count_winning_moves()


def test_the_forms_of_a_position():
    g = tartan.game("mock-turtles")
    expected = g.analyze("HTTHTHHT").value
    board = np.array([True, False, False, True, False, True, True, False])
    assert g.analyze(board).value == expected
    assert g.analyze(board.tolist()).value == expected
    assert g.analyze(size=8, heads=[0, 3, 5, 6]).value == expected
    assert g.analyze(size=8, heads=np.array([6, 5, 3, 0])).value == expected
    assert g.analyze(size=8, heads="0,3,5-6").value == expected
    assert g.analyze(tartan.position("htth1hh0")).value == g.analyze("HTTHHHHT").value
    assert g.analyze(tartan.region(8, "0,3,5-6")).value == expected
    assert g.analyze("HTTH", size=100).position.extents == (100,)
    rugs = tartan.game("ruler*ruler")
    assert rugs.analyze("HT/TH").value == rugs.analyze(size=(2, 2), heads=[(0, 0), (1, 1)]).value
    assert rugs.analyze(size="2x2", heads="0:0,1:1").value == rugs.analyze(np.eye(2, dtype=bool)).value
    p = tartan.position("HTT/THH")
    assert p.to_array().tolist() == [[True, False, False], [False, True, True]]
    assert p.heads.tolist() == [[0, 0], [1, 1], [1, 2]] and p.head_count == 3 and p.dimensions == 2
    assert tartan.position(p.to_array()) == p and hash(tartan.position(p.to_array())) == hash(p)
    box = tartan.position(size=(2, 3, 4), heads=[(1, 2, 3), (0, 0, 0)])
    assert box.text is None and box.heads.tolist() == [[0, 0, 0], [1, 2, 3]]
    assert tartan.game("ruler*ruler*ruler").analyze(box).value == 1 ^ int(Nimber(2) * 1 * 4)


def test_an_all_tails_position_is_a_position():
    # Every coin tails: no move at all (a move turns a heads coin), so value 0 (the mex of nothing), outcome P,
    # no winning move, no option; in every form a position may be given, on rows, boards and boxes.
    row, board, box = tartan.game("turtles"), tartan.game("ruler*ruler"), tartan.game("ruler*ruler*ruler")
    analyses = [row.analyze(size=13), row.analyze(size=13, heads=""), row.analyze(size=13, heads=" "),
                row.analyze(size=13, heads=[]), row.analyze("T" * 13), row.analyze(tartan.region(13)),
                row.analyze(tartan.region(13, "")), board.analyze(size=(4, 5), heads=""), board.analyze("TT/TT"),
                box.analyze(size=(3, 3, 3), heads=""), box.analyze(size=(3, 3, 3))]
    for a in analyses:
        assert a.value == 0 and a.outcome == "P"
        assert list(a.winning_moves) == [] and list(a.options) == [] and a.count_winning_moves() == 0
        assert a.position.head_count == 0
    for counted in (row.count_winning_moves(size=13, heads=""),
                    board.count_winning_moves(size=(10**6, 10**6), heads=""),
                    box.count_winning_moves(tartan.region((3, 3, 3)))):
        assert counted.value == 0 and counted.winning_moves == 0 and counted.heads == 0


def test_value_is_the_xor_of_the_sequence_over_the_heads():
    g = tartan.game("ruler")
    s = g.sequence(100_000)
    heads = [3, 17, 1000, 99_999]
    a = g.analyze(size=100_000, heads=heads)
    assert a.value == np.bitwise_xor.reduce(s[heads])
    assert a.factor_values().tolist() == s.tolist()[: heads[-1] + 1]


def test_winning_moves_are_lazy_pages_in_a_fixed_order():
    g = tartan.game("mock-turtles")
    a = g.analyze(size=402, all_heads=True)
    first = list(itertools.islice(a.winning_moves, 5))
    everything = list(a.winning_moves)
    assert everything[:5] == first and len(everything) == a.count_winning_moves() > 100
    assert len(set(everything)) == len(everything)
    assert a.count_winning_moves(cap=10) == 10
    options = list(itertools.islice(a.options, 3))
    assert len(options) == 3 and all(isinstance(o.move, Move) for o in options)


def test_counts_of_compact_positions():
    rugs = tartan.game("ruler*ruler")
    # Small enough to list: the count without listing equals the list.
    for size in [(5, 7), (16, 16)]:
        counted = rugs.count_winning_moves(size=size, all_heads=True)
        listed = rugs.analyze(size=size, all_heads=True)
        assert counted.value == listed.value
        assert counted.winning_moves == listed.count_winning_moves()
        assert counted.heads == size[0] * size[1]
    # A region with a coin listed twice: it is tails.
    r = tartan.region(20, "0-9,4,15")
    assert r.head_count == 10
    g = tartan.game("mock-turtles")
    assert g.count_winning_moves(r) == (g.analyze(r).value, g.analyze(r).count_winning_moves(), 10)
    # 10^12 coins, counted exactly (docs/api.md's example, its value by the theorem from the factors' sequences).
    big = tartan.game("[1,3,6,10]C*[1,4,9,16]C").count_winning_moves(size=(10**6, 10**6), all_heads=True)
    assert big.heads == 10**12 and big.winning_moves > 2**32
    a_values = tartan.game("[1,3,6,10]C").sequence(10**6)
    b_values = tartan.game("[1,4,9,16]C").sequence(10**6)
    u = int(np.bitwise_xor.reduce(a_values))
    v = int(np.bitwise_xor.reduce(b_values))
    assert big.value == Nimber(u) * Nimber(v)  # G is multilinear: XOR over a box = (XOR g_A) (x) (XOR g_B)


def _ruler_value(n: int) -> int:
    """g(n) of Ruler by its definition's closed form: the largest power of 2 dividing n + 1."""
    return (n + 1) & -(n + 1)


def test_a_search_for_winning_moves_stops_at_the_time_limit_with_the_moves_found():
    # 1 ns: the deadline has passed before the search begins, whatever the machine.
    a = tartan.game("ruler").analyze(size=1000, all_heads=True)
    value = 0
    for n in range(1000):
        value ^= _ruler_value(n)
    assert a.value == value != 0
    with pytest.raises(tartan.TimeLimitError) as stopped:
        a.find_winning_moves(3, max_seconds=1e-9)
    assert stopped.value.partial == []
    assert "stopped at the time limit" in str(stopped.value)
    # Without the limit: the page, each move a run whose values XOR to the value.
    moves = a.find_winning_moves(3, max_seconds=0)
    assert len(moves) == 3 and moves == list(itertools.islice(a.winning_moves, 3))
    for m in moves:
        coins = m.axes[0]
        assert list(coins) == list(range(coins[0], coins[-1] + 1))
        x = 0
        for c in coins:
            x ^= _ruler_value(c)
        assert x == value


def test_ctrl_c_stops_a_search_for_winning_moves_with_the_moves_found():
    # Ruler, 10^6 coins all heads: the one coin sure to have a winning move gives its move at once, the next ones need
    # a search of the other 999999 coins. The progress callback raises KeyboardInterrupt as Ctrl-C would, at its
    # first report, which comes before any coin is searched: a later one need not come at all, as the move index
    # finds the three moves in milliseconds.
    a = tartan.game("ruler").analyze(size=1000000, all_heads=True)
    reports = []

    def interrupt(fraction):
        reports.append(fraction)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as stopped:
        a.find_winning_moves(3, progress=interrupt, max_seconds=0)
    found = stopped.value.partial
    assert len(reports) == 1 and 0 <= reports[0] < 1
    assert len(found) < 3
    for m in found:
        x = 0
        for c in m.axes[0]:
            x ^= _ruler_value(c)
        assert x == a.value
    # A callback that returns False stops the search too: the moves found so far are returned.
    assert len(a.find_winning_moves(3, progress=lambda fraction: False, max_seconds=0)) == 0


def test_a_sums_value_is_the_xor_of_its_terms_over_the_game_graphs():
    # Sums of a Mock Turtles row and a Ruler row: the value is the XOR of the terms' values over their explicit game
    # graphs, the winning moves those of one term that leave the XOR at 0, term by term, paged as slices of the list.
    coins = 6
    mock = row_graph_values(mock_turtles_moves, coins)
    ruler = row_graph_values(ruler_moves, coins)
    for p, q in itertools.product(range(0, 1 << coins, 5), range(0, 1 << coins, 7)):
        s = tartan.analyze_sum(("mock-turtles", row_text(p, coins)), (tartan.game("ruler"), row_text(q, coins)),
                               limit=1000)
        value = mock[p] ^ ruler[q]
        assert s.value == value and s.term_values == (mock[p], ruler[q])
        assert s.outcome == ("N" if value else "P")
        expected = {(0, m) for m in row_moves_to(mock_turtles_moves, coins, p, mock, ruler[q])}
        expected |= {(1, m) for m in row_moves_to(ruler_moves, coins, q, ruler, mock[p])}
        assert {(term, m.coins) for term, m in s.winning_moves} == expected
        assert len(s.winning_moves) == len(expected)
        assert [term for term, _ in s.winning_moves] == sorted(term for term, _ in s.winning_moves)
        for offset, limit in [(0, 1), (1, 2), (3, 3)]:
            page = tartan.analyze_sum(("mock-turtles", row_text(p, coins)), ("ruler", row_text(q, coins)),
                                      limit=limit, offset=offset)
            assert page.winning_moves == s.winning_moves[offset:offset + limit]
        counted = tartan.analyze_sum(("mock-turtles", row_text(p, coins)), ("ruler", row_text(q, coins)), count=True)
        assert counted.value == value and counted.winning_move_count == len(expected)
        assert counted.winning_moves == []


def test_the_forms_of_a_sums_terms():
    text = tartan.analyze_sum("mock-turtles HTTH + ruler 8=0,2-3")
    pairs = tartan.analyze_sum(("mock-turtles", tartan.position("HTTH")), ("ruler", tartan.region(8, "0,2-3")))
    drawn = tartan.analyze_sum(("mock-turtles", "HTTH"), ("ruler", np.array([1, 0, 1, 1, 0, 0, 0, 0], dtype=bool)))
    assert text == pairs == drawn
    # g of Ruler over coins 0, 2, 3 (the largest power of 2 dividing n + 1): 1 ^ 1 ^ 4.
    assert text.term_values == (Nimber(1 ^ 7), Nimber(4))
    with pytest.raises(tartan.ParseError, match="expected '\\+' before term 1 of the sum"):
        tartan.analyze_sum("ruler HTH ruler HTH")
    with pytest.raises(tartan.ParseError, match="term 1 of the sum: 'HT/TH' has 2 axes but 'ruler' has 1"):
        tartan.analyze_sum(("ruler", "HTH"), ("ruler", "HT/TH"))
    with pytest.raises(tartan.ParseError, match="is not a pair"):
        tartan.analyze_sum(("ruler", "HTH"), "ruler")
