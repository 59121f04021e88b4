"""Games against the engine: a take-and-break game played on heaps (Game.play_heaps)."""

from __future__ import annotations

from typing import Any, List, NamedTuple, Optional, Tuple

from . import _tartan
from ._positions import HeapMove
from ._tartan import Nimber


class HeapReview(NamedTuple):
    """What one move of a game on heaps did to the value (HeapGame.review): `before` and `after` are the values of the
    heaps it was made from and left; `verdict` is 'winning' (it left 0 from a non-zero value), 'mistake' (it left a
    non-zero value where a winning move existed: `better` is one) or 'lost' (from value 0 every move loses).
    `outcome_before` and `outcome_after` are the outcomes ('N' or 'P'); in misère play (`misere`) they are the misère
    outcomes, which the verdict follows, the values having no say.

    >>> import tartan
    >>> g = tartan.game("kayles").play_heaps([1, 2])
    >>> g.play("take 2 from 2", reply=False)
    >>> r = g.review()[0]
    >>> r.before, r.after, r.verdict, str(r.better)
    (*3, *, 'mistake', 'take 1 from the heap of 2, leaving a heap of 1')
    """

    by: str
    move: HeapMove
    before: Nimber
    after: Nimber
    verdict: str
    better: Optional[HeapMove]
    outcome_before: str = ""
    outcome_after: str = ""
    misere: bool = False

    def __str__(self) -> str:
        if self.misere:
            said = {"winning": "a winning move", "lost": "from a P-position every move loses"}.get(self.verdict)
            if said is None:
                said = f"a mistake: {self.better} would have left a P-position" if self.better else "a mistake"
            return f"{self.by}: {self.move}: outcome {self.outcome_before} -> {self.outcome_after}, {said}"
        said = {"winning": "a winning move", "lost": "from value 0 every move loses"}.get(self.verdict)
        if said is None:
            said = f"a mistake: {self.better} would have left 0"
        return f"{self.by}: {self.move}: value {int(self.before)} -> {int(self.after)}, {said}"


def _heap_move(move: Tuple[Any, ...]) -> HeapMove:
    take, heap, leaving, text = move
    return HeapMove(int(take), int(heap), tuple(int(h) for h in leaving), text)


def _move_argument(move: Any) -> Any:
    """A move as the engine reads it: words as typed, or (take, heap, leaving) from a HeapMove or a tuple."""
    if isinstance(move, str):
        return move
    if isinstance(move, HeapMove):
        return (move.take, move.heap, move.leaving)
    try:
        take, heap, leaving = move
        return (take, heap, tuple(leaving))
    except (TypeError, ValueError):
        raise _tartan.ParseError(f"move: {move!r} is not a heap move; give a HeapMove, (take, heap, leaving) such as "
                                 "(2, 7, (1, 4)), or words such as 'take 2 from 7 leaving 1 4'") from None


class HeapGame:
    """A take-and-break game played on heaps against the engine, as `tartan play GAME --heaps 5,7,9` plays it: your
    moves and the engine's replies are heap moves (HeapMove), with hints, undo and a review. Made by Game.play_heaps.

    Normal play: a move is a move of the code in one heap (take tokens, leave heaps in its place); the player left
    without a move loses. The engine replies with a winning move whenever there is one. Misère play
    (play_heaps(..., misere=True)): the player left without a move wins; the outcome, the engine's replies, the hints
    and the review are misère play's (heaps answered as heaps, as analyze_heaps(misere=True) does).

    >>> import tartan
    >>> g = tartan.game("kayles").play_heaps([5, 7, 9], seed=1)
    >>> g.value, g.to_move
    (*2, 'you')
    >>> reply = g.play("take 2 from 7 leaving 1 4")   # a winning move: the heaps' value is 0 after it
    >>> g.review()[0].verdict, g.review()[1].by, g.review()[1].before
    ('winning', 'engine', 0)
    """

    def __init__(self, handle: Any, heaps: List[int], first: str, seed: int, max_memory: Any,
                 max_seconds: Any, *, misere: bool = False) -> None:
        if first not in ("you", "engine"):
            raise _tartan.ParseError(f"first: {first!r} is neither 'you' nor 'engine'; give first='you' or "
                                     "first='engine'")
        self._session = _tartan._HeapPlay(handle, heaps, first == "engine", seed, max_memory, max_seconds, misere)
        self._timed_out = False
        if first == "engine" and not self.over:
            self.reply()

    @property
    def heaps(self) -> Tuple[int, ...]:
        """The heaps, ascending (equal heaps kept)."""
        return tuple(self._session.heaps())

    @property
    def start(self) -> Tuple[int, ...]:
        """The heaps the game started from, ascending."""
        return tuple(self._session.start())

    @property
    def coin_heads(self) -> Tuple[int, ...]:
        """The heaps' coin form: the sizes held by an odd number of heaps (heap n is coin n)."""
        return tuple(self._session.coin_heads())

    @property
    def value(self) -> Nimber:
        """The XOR of g over the heaps."""
        return Nimber(self._session.value())

    @property
    def misere(self) -> bool:
        """True in misère play: the player who makes the last move loses."""
        return bool(self._session.misere())

    @property
    def outcome(self) -> str:
        """'N' when the player to move can win (value != 0 in normal play; the misère outcome in misère play), 'P'
        when not ('?' when max_seconds stopped the misère solving)."""
        return self._session.outcome()

    @property
    def to_move(self) -> str:
        """Who moves next: 'you' or 'engine'."""
        return self._session.to_move()

    @property
    def over(self) -> bool:
        """True when no heap can move: the player to move has lost (normal play) or won (misère play)."""
        return bool(self._session.over())

    @property
    def winner(self) -> Optional[str]:
        """'you' or 'engine' once the game is over, else None."""
        return self._session.winner()

    @property
    def reply_timed_out(self) -> bool:
        """True when the engine's last reply is a legal move drawn because max_seconds ended its search for a winning
        one (the heaps may still have had one)."""
        return self._timed_out

    def moves(self) -> List[HeapMove]:
        """Every legal move of the heaps, each heap size once, by the number of tokens taken, then the heaps left.

        >>> import tartan
        >>> [str(m) for m in tartan.game("kayles").play_heaps([3]).moves()]
        ['take 1 from the heap of 3, leaving a heap of 2', 'take 1 from the heap of 3, leaving heaps of 1 and 1', \
'take 2 from the heap of 3, leaving a heap of 1']
        """
        return [_heap_move(m) for m in self._session.moves()]

    def illegal_reason(self, move: Any) -> str:
        """Why `move` is not a move here, or '' when it is one (the words IllegalMoveError would carry).

        >>> import tartan
        >>> tartan.game("kayles").play_heaps([5, 7]).illegal_reason("take 1 from 6 leaving 5")
        'there is no heap of 6; the heaps are 5 7'
        """
        return self._session.illegal_reason(_move_argument(move))

    def play(self, move: Any, *, reply: bool = True) -> Optional[HeapMove]:
        """Makes your move, then (reply=True) the engine's, and returns the engine's reply (None when the game ended
        with your move, or with reply=False). `move`: a HeapMove (say from moves() or hint()), (take, heap, leaving),
        or words as tartan play reads them: 'take 2 from 7 leaving 1 4', '2 7 1 4', 'split 7 into 3 4'.
        IllegalMoveError, changing nothing, when it is not a move here (or not your turn); ParseError when the words
        do not read as a heap move.

        >>> import tartan
        >>> g = tartan.game("kayles").play_heaps([1, 2], seed=3)
        >>> g.play((1, 2, (1,)))   # leaves 1 and 1: the engine must take one, and you take the last
        HeapMove(take=1, heap=1, leaving=())
        >>> g.play("take 1 from 1"), g.over, g.winner
        (None, True, 'you')
        """
        if self.to_move != "you" and not self.over:
            raise _tartan.IllegalMoveError("it is the engine's turn; call reply() for its move first")
        if self.over:
            raise _tartan.IllegalMoveError("the game is over: no heap can move; undo() takes moves back")
        self._session.play(_move_argument(move))
        if reply and not self.over:
            return self.reply()
        return None

    def reply(self) -> HeapMove:
        """The engine's move, made: a winning move when the heaps have one (found within max_seconds), else a legal
        move drawn by the game's seeded generator. IllegalMoveError when the game is over.

        >>> import tartan
        >>> g = tartan.game("kayles").play_heaps([1, 2])
        >>> g.play("take 1 from 1", reply=False)
        >>> g.reply()   # from the heap of 2 alone (value 2), the winning move takes both
        HeapMove(take=2, heap=2, leaving=())
        """
        made, self._timed_out = self._session.engine_move()
        return _heap_move(made)

    def hint(self) -> Optional[HeapMove]:
        """A winning move for the player to move, or None at a P-position (value 0 in normal play; in misère play the
        misère outcome decides) or when max_seconds ended the search.

        >>> import tartan
        >>> str(tartan.game("kayles").play_heaps([1, 2]).hint())
        'take 1 from the heap of 2, leaving a heap of 1'
        """
        if self.over:
            return None
        found = self._session.hint()
        return None if found is None else _heap_move(found)

    def undo(self) -> bool:
        """Takes back the last move (yours or the engine's); False when none was made.

        >>> import tartan
        >>> g = tartan.game("kayles").play_heaps([5, 7, 9])
        >>> _ = g.play("take 2 from 7 leaving 1 4")
        >>> g.undo(), g.undo(), g.undo(), g.heaps
        (True, True, False, (5, 7, 9))
        """
        return bool(self._session.undo())

    @property
    def history(self) -> List[Tuple[str, HeapMove]]:
        """The moves made, oldest first, as (by, move), by 'you' or 'engine'."""
        return [(by, _heap_move(m)) for by, m in self._session.history()]

    def review(self) -> List[HeapReview]:
        """Every move made with the value before and after it and its verdict, as tartan play reviews a game.

        >>> import tartan
        >>> g = tartan.game("kayles").play_heaps([1, 2], seed=3)
        >>> _ = g.play("take 1 from 1")
        >>> print(g.review()[0])
        you: take 1 from the heap of 1, leaving nothing: value 3 -> 2, a mistake: take 1 from the heap of 2, leaving \
a heap of 1 would have left 0
        """
        misere = self.misere
        return [HeapReview(by, _heap_move(m), Nimber(before), Nimber(after), verdict,
                           None if better is None else _heap_move(better), outcome_before, outcome_after, misere)
                for by, m, before, after, verdict, better, outcome_before, outcome_after in self._session.review()]

    def __repr__(self) -> str:
        state = f"over, {self.winner} won" if self.over else f"{self.to_move} to move"
        if self.misere:
            return f"HeapGame(heaps={list(self.heaps)}, misère outcome {self.outcome}, {state})"
        return f"HeapGame(heaps={list(self.heaps)}, value={self.value!r}, {state})"
