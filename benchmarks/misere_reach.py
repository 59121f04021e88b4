#!/usr/bin/env python3
"""How far misère analysis reaches in a fixed time: for each game, the largest N such that the row of N coins, every
coin heads (the hardest row of N coins: its misère outcome needs every position below it), is analysed in misère play
within the time (10 s by default), by `tartan analyze GAME --coins N --all-heads --misere --max-seconds 0`.

    benchmarks/misere_reach.py build/bench/cli/tartan
    benchmarks/misere_reach.py build/bench/cli/tartan --seconds 10 mock-turtles ruler

N grows one coin at a time (the work about doubles per coin) until a run takes longer than the time (it is then
stopped) or is refused (the moves of the box beyond what misère analysis lists, the memory limit). Prints a markdown
table: N reached, the time of that run, the method that answered, and what ended the climb.
"""
import argparse
import json
import subprocess
import sys
import time

DEFAULT_GAMES = ["turtles", "twins", "mock-turtles", "triplets", "moebius", "mogul", "gold-moidores", "ruler", "motley",
                 "turnips", "grunt", "sym", "sympler", "mock-turtle-fives", "ruler-fives", "ap", "kayles",
                 "dawsons-kayles", "dawsons-chess", "treblecross", "officers", "grundys-game"]


def run_once(tartan, game, coins, seconds, max_memory):
    """(seconds taken or None past the limit, the JSON answer or None, the error line)."""
    command = [tartan, "analyze", game, "--coins", str(coins), "--all-heads", "--misere", "--max-seconds", "0",
               "--max-memory", max_memory, "--json", "--limit", "0"]
    start = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = child.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        return None, None, ""
    taken = time.monotonic() - start
    if child.returncode != 0:
        return taken, None, err.decode().strip().splitlines()[-1] if err else ""
    return taken, json.loads(out), ""


def reach(tartan, game, seconds, max_memory):
    best = None
    coins = 1
    while coins <= 64:
        taken, answer, error = run_once(tartan, game, coins, seconds, max_memory)
        if taken is None:
            return best, "the time"
        if answer is None:
            return best, error[:90]
        best = (coins, taken, answer["method"])
        coins += 1
    return best, "64 coins, the most misère analysis takes"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tartan", help="the tartan binary to measure")
    parser.add_argument("games", nargs="*", default=DEFAULT_GAMES)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--max-memory", default="4G")
    args = parser.parse_intermixed_args()
    print(f"| game | N within {args.seconds:g} s | time at N | method | ended by |")
    print("|---|---|---|---|---|")
    for game in args.games:
        best, ended = reach(args.tartan, game, args.seconds, args.max_memory)
        if best is None:
            print(f"| `{game}` | - | - | - | {ended} |", flush=True)
            continue
        coins, taken, method = best
        print(f"| `{game}` | {coins} | {taken:.1f} s | {method} | {ended} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
