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


@contextlib.contextmanager
def switches_only_when_released():
    """Python hands the GIL to another thread only when its holder releases it (waiting, or an engine call that
    releases it), never on its own: the switch interval is made longer than any test."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


def runs_beside(work_with_progress):
    """Whether another Python thread runs while the engine works, between two of its progress reports.

    work_with_progress(progress) starts a long engine call with `progress` as its callback. At the first report a
    second thread is let go; it needs the GIL, which Python gives it only when the engine call has released it (no
    forced switches, switches_only_when_released), and it marks that it ran. The following reports stop the work as
    soon as the mark is seen, so the answer does not depend on how fast the machine or the engine is: an engine that
    held the GIL would keep the thread waiting until the call returned, and no report would see the mark (a guard
    stops the work after 120 s then, instead of letting it run for hours). Returns (seen, what the call returned)."""
    started, ran = threading.Event(), threading.Event()
    seen = [False]
    give_up = time.monotonic() + 120

    def beside():
        started.wait()
        ran.set()

    def progress(fraction):
        if not started.is_set():
            started.set()
            return True
        if ran.is_set():
            seen[0] = True
            return False
        return time.monotonic() < give_up

    thread = threading.Thread(target=beside)
    thread.start()
    try:
        with switches_only_when_released():
            result = work_with_progress(progress)
    finally:
        started.set()
        thread.join()
    return seen[0], result


def test_the_gil_is_released_during_a_long_verify():
    # By direct mex a 3000x3000 box of Ruler x Ruler is hours of work: it is stopped once the other thread has run.
    seen, report = runs_beside(
        lambda progress: tartan.game("ruler*ruler").verify((3000, 3000), threads=1, progress=progress, max_seconds=0))
    assert seen and not report.complete


def test_the_gil_is_released_during_a_long_sequence():
    # g(0..999999) of 1-4 is days of work (about n^3 steps in all, no closed form known).
    seen, values = runs_beside(lambda progress: tartan.game("1-4").sequence(10**6, max_seconds=0, progress=progress))
    assert seen and 0 < values.size < 10**6


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


class CtrlC:
    """Ctrl-C pressed during the work, whatever the speed of the machine or of the engine: progress(fraction), given
    as the work's progress callback, sends SIGINT at the first report from inside the work (0 < fraction < 1) from
    another thread, and waits there until it is sent. The engine waits for its callback, and Python raises
    KeyboardInterrupt in the main thread before the callback returns: the work is stopped at that report. Earlier
    reports wait longer than the extension's 50 ms between two calls into Python, so that the next report reaches
    Python too. Use it as a context manager (the sending thread is joined at the end)."""

    def __init__(self):
        self.sent = threading.Event()
        self.sender = None
        self.fraction = None  # the report at which Ctrl-C was pressed

    def progress(self, fraction):
        if self.sender is not None:
            return False  # the interrupt was sent and not raised: the test fails below
        if not 0 < fraction < 1:
            time.sleep(0.06)
            return True
        self.fraction = fraction

        def press():
            os.kill(os.getpid(), signal.SIGINT)
            self.sent.set()

        self.sender = threading.Thread(target=press)
        self.sender.start()
        self.sent.wait()  # KeyboardInterrupt comes here, or at the latest when this returns
        time.sleep(0.01)
        pytest.fail("SIGINT was sent but no KeyboardInterrupt was raised")

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        if self.sender is not None:
            self.sender.join()
        return False


def test_ctrl_c_stops_a_verify_with_the_partial_report():
    # By direct mex a 3000x3000 box of Ruler x Ruler is hours of work.
    with pytest.raises(KeyboardInterrupt) as raised, CtrlC() as ctrl_c:
        tartan.game("ruler*ruler").verify((3000, 3000), threads=1, progress=ctrl_c.progress, max_seconds=0)
    assert ctrl_c.fraction is not None
    partial = raised.value.partial
    assert isinstance(partial, tartan.VerifyReport)
    assert not partial.complete and not partial.passed and partial.mismatches == 0
    assert 0 < partial.checked < 3000 * 3000


def test_ctrl_c_stops_a_sequence_with_the_values_so_far():
    # g(0..999999) of 1-4 is days of work (about n^3 steps in all, no closed form known).
    with pytest.raises(KeyboardInterrupt) as raised, CtrlC() as ctrl_c:
        tartan.game("1-4").sequence(10**6, max_seconds=0, progress=ctrl_c.progress)
    partial = raised.value.partial
    assert isinstance(partial, tartan.Sequence) and 0 < partial.size < 10**6
    shown = min(partial.size, 40)
    assert partial[:shown].tolist() == grundy_by_mex(one_to_four_moves, shown)


def test_ctrl_c_stops_a_check_with_the_partial_report():
    class PyMockTurtles:
        name = "py-mock-turtles"

        def moves(self, n):
            for k in range(3):
                yield from itertools.combinations(range(n), k)

    # 2^16 positions, reported every 4096: Ctrl-C at the second report, whatever the time the check takes.
    with pytest.raises(KeyboardInterrupt) as raised, CtrlC() as ctrl_c:
        tartan.game(PyMockTurtles()).check(16, progress=ctrl_c.progress)
    partial = raised.value.partial
    assert isinstance(partial, tartan.CheckReport) and not partial.complete and partial.mismatches == 0
    assert 0 < partial.positions < 2**16


def test_ctrl_c_without_a_progress_callback_is_noticed_by_the_extension():
    # With progress=False only the extension looks for Ctrl-C (at the engine's reports, every 100 ms in a verify).
    # The interrupt is sent by another thread once it gets the GIL, which Python gives it only when the engine call
    # releases it (switches_only_when_released; the sleep lets the thread take the GIL it may be waiting for and wait
    # for `armed`): the work has then begun, and what is left of it is hours (a 3000x3000 box by direct mex).
    game = tartan.game("ruler*ruler")
    armed = threading.Event()

    def press():
        armed.wait()
        os.kill(os.getpid(), signal.SIGINT)

    sender = threading.Thread(target=press)
    sender.start()
    try:
        with switches_only_when_released():
            time.sleep(0.01)
            with pytest.raises(KeyboardInterrupt) as raised:
                armed.set()
                game.verify((3000, 3000), threads=1, progress=False, max_seconds=0)
    finally:
        armed.set()
        sender.join()
    partial = raised.value.partial
    assert isinstance(partial, tartan.VerifyReport) and not partial.complete and partial.mismatches == 0
    assert partial.checked < 3000 * 3000


def test_an_exception_in_the_progress_callback_stops_the_work():
    def progress(fraction):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here") as raised:
        tartan.game("ruler*ruler").verify((2000, 2000), progress=progress, threads=1, max_seconds=0)
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

    # Closed on Ctrl-C too: pressed from the bar's first update inside the work (verify reports every 100 ms, each
    # reaches Python; a 3000x3000 box by direct mex is hours of work).
    with CtrlC() as ctrl_c:

        class PressingBar(FakeBar):
            def update(self, step):
                super().update(step)
                ctrl_c.progress(self.n / 100)

        sys.modules["tqdm.auto"].tqdm = PressingBar
        with pytest.raises(KeyboardInterrupt):
            tartan.game("ruler*ruler").verify((3000, 3000), threads=1, max_seconds=0)
    assert ctrl_c.fraction is not None
    assert isinstance(fake_tqdm.made[-1], PressingBar) and fake_tqdm.made[-1].closed
