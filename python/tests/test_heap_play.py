"""Games on heaps against the engine (Game.play_heaps, tartan.HeapGame), checked against the heap game computed here
(every way of taking k tokens from one heap and splitting the rest, conftest.heap_moves; values by a mex recursion
over heap multisets): on seeded random octal and hexadecimal codes with d0 and '!', every move the game offers is a
move of the definition and no move is missing, every engine reply from an N-position leaves value 0, the value, the
end and the winner are the definition's, and the review gives each move's values and verdict; moves typed as words,
tuples and HeapMoves; hints, undo, refusals. Products with take-and-break factors against the product's game graph."""

from __future__ import annotations

import functools
import random

import pytest

import tartan

from conftest import (board_graph_values, code_text, grundy_by_mex, heap_coin_moves, heap_moves, mex,
                      nim_product_table)


def heap_game(digits, distinct):
    """value(heaps) by the definition, and moves(heaps) as (take, heap, leaving) for each heap size once."""

    def moves(heaps):
        return [(k, h, left) for h in sorted(set(heaps)) for k, left in heap_moves(digits, distinct, h)]

    @functools.lru_cache(maxsize=None)
    def value(heaps):
        return mex({value(after(heaps, (k, h, left))) for k, h, left in moves(heaps)})

    return value, moves


def after(heaps, move):
    take, heap, leaving = move
    rest = list(heaps)
    rest.remove(heap)
    return tuple(sorted(rest + list(leaving)))


def random_code(rng):
    t = rng.randint(1, 4)
    digits = [rng.choice([0, 0, 0, 4, 8, 12])] + [rng.choice([0, rng.randint(0, 15)]) for _ in range(t)]
    distinct = [bool(d & 12) and rng.random() < 0.25 for d in digits]
    return digits, distinct


def test_random_games_follow_the_definition():
    rng = random.Random(2615)
    games = 0
    while games < 40:
        digits, distinct = random_code(rng)
        value, moves = heap_game(digits, distinct)
        heaps = tuple(sorted(rng.randint(1, 6) for _ in range(rng.randint(1, 3))))
        if not moves(heaps):
            continue
        games += 1
        first = rng.choice(["you", "engine"])
        code = code_text(digits, distinct)
        g = tartan.game(code).play_heaps(list(heaps), first=first, seed=games)
        assert g.start == heaps, code
        position = heaps
        if first == "engine":
            (by, made), = g.history
            assert by == "engine"
            assert (made.take, made.heap, made.leaving) in moves(position), (code, made)
            if value(position) != 0:
                assert value(after(position, (made.take, made.heap, made.leaving))) == 0, (code, position, made)
            position = after(position, (made.take, made.heap, made.leaving))
        while not g.over:
            assert g.heaps == position and int(g.value) == value(position), code
            offered = [(m.take, m.heap, m.leaving) for m in g.moves()]
            assert sorted(offered) == sorted(moves(position)), (code, position)
            assert len(offered) == len(set(offered))
            hint = g.hint()
            if value(position) != 0:
                assert value(after(position, (hint.take, hint.heap, hint.leaving))) == 0, (code, position, hint)
            else:
                assert hint is None
            mine = rng.choice(offered)
            reply = g.play(rng.choice([mine, tartan.HeapMove(*mine)]))
            position = after(position, mine)
            if reply is not None:
                move = (reply.take, reply.heap, reply.leaving)
                assert move in moves(position), (code, position, reply)
                if value(position) != 0:
                    assert value(after(position, move)) == 0, (code, position, reply)
                position = after(position, move)
        assert not moves(position), "over exactly when no heap can move"
        assert g.winner == ("you" if g.history[-1][0] == "you" else "engine")
        # The review: each move's values before and after it by the definition, and its verdict.
        replay = heaps
        for r in g.review():
            move = (r.move.take, r.move.heap, r.move.leaving)
            made_from, replay = replay, after(replay, move)
            before = value(made_from)
            assert (int(r.before), int(r.after)) == (before, value(replay)), (code, r)
            assert r.verdict == ("lost" if before == 0 else "winning" if value(replay) == 0 else "mistake")
            if r.verdict == "mistake":
                better = (r.better.take, r.better.heap, r.better.leaving)
                assert better in moves(made_from) and value(after(made_from, better)) == 0, (code, r)
            else:
                assert r.better is None


def test_moves_read_as_words_tuples_and_heap_moves():
    g = tartan.game("kayles").play_heaps("9, 5, 7", seed=4)
    assert g.heaps == (5, 7, 9) and g.value == tartan.Nimber(2) and g.outcome == "N" and g.to_move == "you"
    reply = g.play("take 2 from the heap of 7, leaving heaps of 1 and 4")
    assert g.history[0] == ("you", tartan.HeapMove(2, 7, (1, 4)))
    assert g.history[1] == ("engine", reply)
    assert str(g.history[0][1]) == "take 2 from the heap of 7, leaving heaps of 1 and 4"
    g.undo()
    g.undo()
    assert g.heaps == (5, 7, 9) and g.history == []
    assert g.play("2 7 1 4", reply=False) is None and g.to_move == "engine"
    with pytest.raises(tartan.IllegalMoveError, match="the engine's turn; call reply"):
        g.play((1, 5, (4,)))
    reply = g.reply()
    assert g.history[-1] == ("engine", reply) and g.to_move == "you"
    g = tartan.game("grundys-game").play_heaps([7], seed=1)
    assert str(g.play("split 7 into 3 4")) == str(g.history[1][1])
    assert g.history[0][1] == tartan.HeapMove(0, 7, (3, 4))


def test_illegal_moves_say_why_and_change_nothing():
    g = tartan.game("kayles").play_heaps([5, 7, 9])
    for move, words in [("take 3 from 7 leaving 4", "kayles (code 0.77) has no move that takes 3 from a heap of 7"),
                        ((1, 6, (5,)), "there is no heap of 6; the heaps are 5 7 9"),
                        ("split 7 into 3 4", "has no move that splits a heap of 7 into 3 and 4"),
                        ("take 2 from 7 leaving 1 5", "does not account for the heap of 7")]:
        with pytest.raises(tartan.IllegalMoveError, match=None) as raised:
            g.play(move)
        assert words in str(raised.value)
        assert g.illegal_reason(move) == str(raised.value)
        assert isinstance(raised.value, ValueError)
    assert g.heaps == (5, 7, 9) and g.history == [] and g.illegal_reason("take 1 from 5 leaving 4") == ""
    with pytest.raises(tartan.ParseError, match="'two' is not a number of tokens or a heap"):
        g.play("take two from 7")
    with pytest.raises(tartan.ParseError, match="is not a heap move"):
        g.play(7)
    over = tartan.game("0.07").play_heaps([1, 1])  # Dawson's Kayles takes two: no heap of 1 can move
    assert over.over and over.winner == "engine" and over.moves() == [] and over.hint() is None
    with pytest.raises(tartan.IllegalMoveError, match="the game is over"):
        over.play("take 1 from 1")
    with pytest.raises(tartan.IllegalMoveError, match="the game is over"):
        over.reply()


@pytest.mark.parametrize("call, error, words", [
    (lambda: tartan.game("ruler").play_heaps([3]), tartan.ParseError, "not a take-and-break game"),
    (lambda: tartan.game("kayles*kayles").play_heaps([3]), tartan.ParseError, "is a tartan product"),
    (lambda: tartan.game("kayles").play_heaps([3], first="me"), tartan.ParseError, "neither 'you' nor 'engine'"),
    (lambda: tartan.game("kayles").play_heaps([3, "x"]), tartan.ParseError, "heaps item 2: 'x' is not a heap size"),
    (lambda: tartan.game("4.07").play_heaps([200000000]), tartan.LimitError, "give heaps below 100000000"),
    (lambda: tartan.game("kayles").play_heaps([3], seed=-1), tartan.ParseError, "seed"),
])
def test_refusals_say_what_to_give(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)


def test_the_engine_moving_first_from_an_n_position_wins():
    value, moves = heap_game([0, 7, 7], [False] * 3)
    rng = random.Random(2616)
    for seed in range(8):
        heaps = [rng.randint(1, 10) for _ in range(3)]
        if value(tuple(sorted(heaps))) == 0:
            heaps.append(1)
        g = tartan.game("kayles").play_heaps(heaps, first="engine", seed=seed)
        while not g.over:
            g.play(rng.choice(g.moves()))
        assert g.winner == "engine"
        assert all(r.verdict == "winning" for r in g.review() if r.by == "engine")


def test_take_and_break_products_are_their_game_graphs():
    # Kayles × Dawson's Kayles and S{1,3,4} × 4.07 on 3x4 boards: every position's value by mex over the game graph
    # of the coin forms' product moves, and the table the nim products of the factors' values by definition.
    nim = nim_product_table(16)
    for name, a, b in [("kayles*0.07", ([0, 7, 7], [False] * 3), ([0, 0, 7], [False] * 3)),
                       ("S{1,3,4}*4.07", ([0, 3, 0, 3, 3], [False] * 5), ([4, 0, 7], [False] * 3))]:
        moves_a, moves_b = heap_coin_moves(*a), heap_coin_moves(*b)
        graph = board_graph_values(moves_a, moves_b, 3, 4)
        game = tartan.game(name)
        for p in range(0, 1 << 12, 97):
            drawn = "/".join("".join("H" if p >> (r * 4 + c) & 1 else "T" for c in range(4)) for r in range(3))
            assert int(game.analyze(drawn).value) == graph[p], (name, drawn)
        table = game.table((3, 4)).tolist()
        ga, gb = grundy_by_mex(moves_a, 3), grundy_by_mex(moves_b, 4)
        assert table == [[nim[ga[r]][gb[c]] for c in range(4)] for r in range(3)], name
        assert table == [[graph[1 << (r * 4 + c)] for c in range(4)] for r in range(3)], name


def test_misere_games_follow_the_misere_definition():
    """play_heaps(misere=True) on seeded random codes: the outcome, every engine reply from an N-position, the hint,
    the winner (the player left without a move) and the review's misère outcomes and verdicts, against the heap game
    played out here by its misère definition (won when no move is left, or when some move leaves a lost position)."""
    rng = random.Random(2828)
    games = 0
    while games < 25:
        digits, distinct = random_code(rng)
        _, moves = heap_game(digits, distinct)

        @functools.lru_cache(maxsize=None)
        def wins(heaps):
            return not moves(heaps) or any(not wins(after(heaps, m)) for m in moves(heaps))

        heaps = tuple(sorted(rng.randint(1, 6) for _ in range(rng.randint(1, 3))))
        if not moves(heaps):
            continue
        games += 1
        code = code_text(digits, distinct)
        g = tartan.game(code).play_heaps(list(heaps), seed=games, misere=True)
        assert g.misere
        position = heaps
        while not g.over:
            assert g.heaps == position and g.outcome == ("N" if wins(position) else "P"), code
            hint = g.hint()
            if wins(position):
                assert not wins(after(position, (hint.take, hint.heap, hint.leaving))), (code, position, hint)
            else:
                assert hint is None
            mine = rng.choice(moves(position))
            reply = g.play(mine)
            position = after(position, mine)
            if reply is not None:
                move = (reply.take, reply.heap, reply.leaving)
                assert move in moves(position), (code, position, reply)
                if wins(position):
                    assert not wins(after(position, move)), (code, position, reply)
                position = after(position, move)
        assert not moves(position)
        assert g.winner == g.to_move, "in misère play the player left without a move wins"
        replay = heaps
        for r in g.review():
            move = (r.move.take, r.move.heap, r.move.leaving)
            made_from, replay = replay, after(replay, move)
            before, left = "N" if wins(made_from) else "P", "N" if wins(replay) else "P"
            assert (r.outcome_before, r.outcome_after, r.misere) == (before, left, True), (code, r)
            assert r.verdict == ("lost" if before == "P" else "winning" if left == "P" else "mistake")
            if r.verdict == "mistake":
                better = (r.better.take, r.better.heap, r.better.leaving)
                assert better in moves(made_from) and not wins(after(made_from, better)), (code, r)
                assert "would have left a P-position" in str(r)
            else:
                assert r.better is None
