"""Long computations and Python threads: the GIL released while the engine works (a second thread makes progress),
one game used from several threads at once, Ctrl-C (SIGINT) stopping a run cleanly with what was done, and progress
through tqdm when it is installed."""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import sys
import threading
import time
import types

import pytest

import tartan

from conftest import grundy_by_mex, one_to_four_moves


def count_while(work):
    """Runs work() while another thread counts; returns (work's result, the count, seconds)."""
    stop = threading.Event()
    counted = [0]

    def counter():
        while not stop.is_set():
            counted[0] += 1

    thread = threading.Thread(target=counter)
    thread.start()
    start = time.perf_counter()
    try:
        result = work()
    finally:
        seconds = time.perf_counter() - start
        stop.set()
        thread.join()
    return result, counted[0], seconds


def share_counted(work):
    """How much a counting thread counts while work() runs, against what it counts while the main thread sleeps as
    long (sleeping releases the GIL): near 1 when work() releases the GIL too (less on a loaded machine, where the
    two threads share the CPU), near 0 when it holds it (the counter then runs only while a progress report takes
    and gives back the GIL, one switch interval of 5 ms at most ten times a second: about 5% of the time)."""
    result, during, seconds = count_while(work)
    _, asleep, _ = count_while(lambda: time.sleep(seconds))
    return result, during / asleep


def test_the_gil_is_released_during_a_long_verify():
    report, share = share_counted(
        lambda: tartan.game("ruler*mock-turtles").verify((64, 64), threads=1, progress=False))
    assert report.passed and share > 0.2, share


def test_the_gil_is_released_during_a_long_sequence():
    values, share = share_counted(lambda: tartan.game("1-4").sequence(2_000, max_seconds=0))
    assert values.size == 2_000 and share > 0.2, share


def test_one_game_from_many_threads():
    class Hop(tartan.Rule):
        name = "hop"

        def moves(self, n):
            yield ()
            if n:
                yield (n - 1,)

    g = tartan.game(Hop()) * "ruler"
    results, errors = [], []

    def work(i):
        try:
            results.append(int(g.analyze(size=(300, 300), heads=[(299 - i, 299)]).value))
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads) and not errors
    # hop: g = 1 2 1 2 ...; ruler(299) = 4 (300 = 4 * 75); G = g(r) (x) 4 = 4 or 8.
    assert sorted(results) == sorted(int(tartan.Nimber(1 + (299 - i) % 2) * 4) for i in range(4))


@contextlib.contextmanager
def sigint_after(seconds):
    """Sends SIGINT, as Ctrl-C does, `seconds` into the block; never after it (the test runner would stop)."""
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        timer.join()


def test_ctrl_c_stops_a_verify_with_the_partial_report():
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt) as raised, sigint_after(0.5):
        tartan.game("ruler*ruler").verify((3000, 3000), threads=1, progress=False)
    assert time.perf_counter() - start < 30
    partial = raised.value.partial
    assert isinstance(partial, tartan.VerifyReport)
    assert not partial.complete and not partial.passed and partial.mismatches == 0
    assert 0 < partial.checked < 3000 * 3000


def test_ctrl_c_stops_a_sequence_with_the_values_so_far():
    with pytest.raises(KeyboardInterrupt) as raised, sigint_after(0.5):
        tartan.game("1-4").sequence(10**6, max_seconds=0)
    partial = raised.value.partial
    assert isinstance(partial, tartan.Sequence) and 0 < partial.size < 10**6
    assert partial[:40].tolist() == grundy_by_mex(one_to_four_moves, 40)


def test_ctrl_c_stops_a_check_with_the_partial_report():
    class PyMockTurtles:
        name = "py-mock-turtles"

        def moves(self, n):
            for k in range(3):
                yield from itertools.combinations(range(n), k)

    # 2^16 positions and 2.3 * 10^7 moves: about a second of work, stopped a tenth of a second in.
    with pytest.raises(KeyboardInterrupt) as raised, sigint_after(0.15):
        tartan.game(PyMockTurtles()).check(16, progress=False)
    partial = raised.value.partial
    assert isinstance(partial, tartan.CheckReport) and not partial.complete and partial.mismatches == 0
    assert 0 < partial.positions < 2**16


def test_an_exception_in_the_progress_callback_stops_the_work():
    def progress(fraction):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here") as raised:
        tartan.game("ruler*ruler").verify((2000, 2000), progress=progress, threads=1)
    assert not raised.value.partial.complete


class FakeBar:
    """Stands in for tqdm.auto.tqdm: records what the package does with a bar."""

    made = []

    def __init__(self, **options):
        self.options, self.n, self.closed = options, 0, False
        FakeBar.made.append(self)

    def update(self, step):
        self.n += step

    def close(self):
        self.closed = True


@pytest.fixture
def fake_tqdm(monkeypatch):
    package, auto = types.ModuleType("tqdm"), types.ModuleType("tqdm.auto")
    auto.tqdm = FakeBar
    package.auto = auto
    monkeypatch.setitem(sys.modules, "tqdm", package)
    monkeypatch.setitem(sys.modules, "tqdm.auto", auto)
    FakeBar.made = []
    return FakeBar


def test_tqdm_draws_the_progress_when_installed(fake_tqdm):
    report = tartan.game("ruler*mock-turtles").verify((40, 40), threads=1)
    assert report.passed
    (bar,) = fake_tqdm.made
    assert bar.options["desc"] == "verifying" and bar.options["total"] == 100
    assert bar.n == pytest.approx(100) and bar.closed
    tartan.game("ruler*ruler").verify((4, 4), progress=False)
    assert len(fake_tqdm.made) == 1  # progress=False: no bar
    with pytest.raises(KeyboardInterrupt), sigint_after(0.3):
        tartan.game("ruler*ruler").verify((3000, 3000), threads=1)
    assert fake_tqdm.made[-1].closed  # closed on Ctrl-C too
