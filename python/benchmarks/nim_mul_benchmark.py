"""Nim products from Python against the C++ batch kernel, measured in the same run.

  kernel       nim_mul_batch over two uint64 arrays, timed in C++ around the kernel alone (the baseline)
  out=         tartan.nim_mul(a, b, out=c): the same arrays through the Python API, into a preallocated array
  new array    tartan.nim_mul(a, b): the same, allocating the result
  scalar       x * y for two Nimbers, against Python's own int ^ int and int * int (which allocate their results too)

The rounds interleave the three array timings, each first in turn, and the fastest round of each is reported (on a
machine shared with other work the slower ones include waits for the CPU). Target: tartan.nim_mul within 2x of the kernel on 10^6 pairs (docs/python.md, "Speed").

Run: PYTHONPATH=<build>/python python3 python/benchmarks/nim_mul_benchmark.py [--size N] [--rounds R]
"""

from __future__ import annotations

import argparse
import sys
import time
import timeit

import numpy as np

import tartan
from tartan import _tartan


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000, help="pairs per array (default 10^6)")
    parser.add_argument("--rounds", type=int, default=21, help="interleaved rounds (default 21)")
    parser.add_argument("--scalar", type=int, default=1_000_000, help="scalar products timed (default 10^6)")
    options = parser.parse_args()

    rng = np.random.default_rng(20240601)
    a = rng.integers(0, 2**64, size=options.size, dtype=np.uint64, endpoint=False)
    b = rng.integers(0, 2**64, size=options.size, dtype=np.uint64, endpoint=False)
    out = np.empty_like(a)
    expected = np.empty_like(a)
    _tartan._nim_mul_batch(a, b, expected)

    # Correct first, then timed: the Python API gives the kernel's products.
    if not (np.array_equal(tartan.nim_mul(a, b), expected) and np.array_equal(tartan.nim_mul(a, b, out=out), expected)):
        print("error: the Python API and the kernel disagree", file=sys.stderr)
        return 1

    def python_out() -> float:
        start = time.perf_counter()
        tartan.nim_mul(a, b, out=out)
        return time.perf_counter() - start

    def python_new() -> float:
        start = time.perf_counter()
        tartan.nim_mul(a, b)
        return time.perf_counter() - start

    timings = {"kernel": [], "out": [], "new": []}
    runs = {"kernel": lambda: _tartan._nim_mul_batch_seconds(a, b, out, 1)[0], "out": python_out, "new": python_new}
    order = list(runs)
    for r in range(options.rounds):
        for name in order[r % 3:] + order[: r % 3]:  # each goes first in a third of the rounds
            timings[name].append(runs[name]())
    # Statements, not lambdas, so that the time is the operator's alone (a lambda adds a Python call to each).
    names = {"x": tartan.Nimber(int(a[0])), "y": tartan.Nimber(int(b[0])), "p": int(a[0]), "q": int(b[0])}

    def per_call(statement: str) -> float:
        return min(timeit.repeat(statement, globals=names, number=options.scalar, repeat=5)) / options.scalar

    scalar, baseline, product = per_call("x * y"), per_call("p ^ q"), per_call("p * q")

    # The fastest of the rounds: on a machine shared with other work, the others include waits for the CPU.
    k, preallocated, fresh = (min(timings[name]) for name in order)
    rows = [
        (f"C++ nim_mul_batch, {options.size} pairs", k, 1.0),
        (f"tartan.nim_mul(a, b, out=c), {options.size} pairs", preallocated, preallocated / k),
        (f"tartan.nim_mul(a, b), {options.size} pairs", fresh, fresh / k),
        ("scalar x * y, two Nimbers", scalar, scalar / baseline),
        ("scalar p ^ q, two ints (Python alone)", baseline, 1.0),
        ("scalar p * q, two ints (Python alone)", product, product / baseline),
    ]
    print(f"tartan {tartan.__version__}, NumPy {np.__version__}, Python {sys.version.split()[0]}; "
          f"the fastest of {options.rounds} interleaved rounds (scalars: of 5 x {options.scalar} calls)")
    for what, seconds, ratio in rows:
        shown = f"{seconds * 1e3:.3f} ms" if seconds >= 1e-4 else f"{seconds * 1e9:.0f} ns"
        print(f"  {what:<48} {shown:>12}   x{ratio:.2f}")
    worst = max(preallocated, fresh) / k
    print(f"target: tartan.nim_mul within 2x of the kernel: {'met' if worst <= 2 else 'NOT met'} (x{worst:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
