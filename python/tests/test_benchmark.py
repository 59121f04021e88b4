"""The benchmark script runs and finds the Python API and the kernel in agreement (its figures are quoted in
docs/python.md from a Release build; here only a small run, not timed against a target)."""

import os
import subprocess
import sys

from conftest import SOURCE_DIR


def test_the_benchmark_script_runs():
    script = SOURCE_DIR / "python" / "benchmarks" / "nim_mul_benchmark.py"
    done = subprocess.run([sys.executable, str(script), "--size", "20000", "--rounds", "3", "--scalar", "20000"],
                          capture_output=True, text=True, timeout=120, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert "C++ nim_mul_batch, 20000 pairs" in done.stdout and "target: tartan.nim_mul within 2x" in done.stdout
