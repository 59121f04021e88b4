#!/usr/bin/env python3
"""How far `tartan seq` gets in a fixed time: the largest N such that g(0..N-1) is computed within the time (10 s by
default) and the memory limit (4 GiB), for the hard families and five random codes, optionally against a baseline
binary measured in the same run (the two interleaved, game by game).

    benchmarks/seq_reach.py build/release/cli/tartan
    benchmarks/seq_reach.py build/release/cli/tartan --baseline /tmp/old/tartan --seconds 10 moebius ap
    benchmarks/seq_reach.py build/release/cli/tartan --baseline /tmp/old/tartan 0.16 0.014 grundys-game grunt 0.007

The values are streamed (`seq --jsonl`), so each one is timed as it arrives: N is the number received by the
deadline, after which the run is stopped with SIGINT. Output is flushed every 1/4096 of the count asked for (and,
from this version on, at least every 0.1 s), so the count asked for is refined until that granularity is below
1/2000 of N. Prints a markdown table: N reached, peak memory (the child's maxrss), and why a run ended early (a
value beyond 64 bits, a coin whose options cannot be listed, the memory limit).
"""
import argparse
import json
import os
import select
import signal
import subprocess
import sys
import time

# The families docs/games.md calls hard, and five codes from the test suite's seeded generator
# (tests/support/turning_code_reference.hpp, reference_generator(2026): its first five codes).
DEFAULT_GAMES = ["moebius", "mogul", "gold-moidores", "sym", "sympler", "ap", "turnips", "grunt",
                 "5+,2,1-3,3+C", "6C,3,1+fC(1),1C(6)E", "3-4,3-5C(9)C,1-6,[3,2,8-10,2]C", "3+C,1-3", "3+C,2-6c"]
MAX_COUNT = 100_000_000  # the first count asked for (tartan seq's largest for routes that keep 64-bit values)


def run_once(tartan, game, count, seconds, max_memory):
    """Runs `seq GAME COUNT --jsonl` until it ends or the deadline; returns (values received by the deadline,
    whether it ended by itself, its last line's reason, peak memory in KiB)."""
    command = [tartan, "seq", game, str(count), "--jsonl", "--max-seconds", "0", "--max-memory", max_memory]
    start = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    received, buffer, ended, interrupted = 0, b"", False, False
    summary = None
    while True:
        left = start + seconds - time.monotonic()
        if left <= 0 and not interrupted:
            child.send_signal(signal.SIGINT)
            interrupted = True
        ready, _, _ = select.select([child.stdout], [], [], max(left, 0) if not interrupted else 1.0)
        if not ready:
            continue
        chunk = os.read(child.stdout.fileno(), 1 << 16)
        if not chunk:
            break
        buffer += chunk
        *lines, buffer = buffer.split(b"\n")
        for line in lines:
            item = json.loads(line)
            if "n" in item:
                if not interrupted:
                    received += 1
            else:
                summary = item
    _, status, usage = os.wait4(child.pid, 0)
    error = child.stderr.read().decode().strip()
    ended = not interrupted
    reason = ""
    if summary is not None and not summary.get("complete", False) and summary.get("stopped") != "interrupted":
        reason = error.splitlines()[-1] if error else summary.get("stopped", "")
    return received, ended, reason, usage.ru_maxrss


def reach(tartan, game, seconds, max_memory):
    """The values g(0..N-1) computed within `seconds`: the count asked for is refined until a flush (1/4096 of it)
    is below 1/2000 of N."""
    count = MAX_COUNT
    while True:
        received, ended, reason, peak = run_once(tartan, game, count, seconds, max_memory)
        if ended or count <= 4096 or count // 4096 <= max(received, 1) // 2000:
            return received, reason, peak
        count = max(4096, 2 * received)


def short(reason):
    for marker in ("does not fit in 64 bits", "listing its option values", "memory"):
        if marker in reason:
            return {"does not fit in 64 bits": "g(N) needs more than 64 bits",
                    "listing its option values": "coin N's options too many to list",
                    "memory": "memory limit"}[marker]
    return reason[:60]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tartan", help="the tartan binary to measure")
    parser.add_argument("games", nargs="*", default=DEFAULT_GAMES, help="games or codes (default: the hard families "
                        "and five random codes)")
    parser.add_argument("--baseline", help="a second tartan binary, measured in the same run")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--max-memory", default="4G")
    args = parser.parse_intermixed_args()

    header = f"| game | N within {args.seconds:g} s | peak memory | ended by |"
    rule = "|---|---|---|---|"
    if args.baseline:
        header += " baseline N | baseline ended by | N / baseline N |"
        rule += "---|---|---|"
    print(header)
    print(rule)
    for game in args.games:
        n, reason, peak = reach(args.tartan, game, args.seconds, args.max_memory)
        row = f"| `{game}` | {n} | {peak / 1024:.0f} MiB | {short(reason) or 'the time'} |"
        if args.baseline:
            base, base_reason, _ = reach(args.baseline, game, args.seconds, args.max_memory)
            ratio = f"{n / base:.2f}" if base else "-"
            row += f" {base} | {short(base_reason) or 'the time'} | {ratio} |"
        print(row, flush=True)


if __name__ == "__main__":
    sys.exit(main())
