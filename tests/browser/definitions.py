"""The values the browser tests check the page against, computed from the definitions and sharing nothing with
tartan: the mex, Mock Turtles and Ruler by the mex over their moves, the nim product by its own definition.
Imported by explore_browser_test.py (Chromium) and explore_firefox_test.py (Firefox)."""
import functools


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


@functools.lru_cache(maxsize=None)
def mock_turtles_g(n):
    """Mock Turtles: a move turns coin n (heads to tails) and at most two coins left of it."""
    options = {0}
    for a in range(n):
        options.add(mock_turtles_g(a))
        for b in range(a + 1, n):
            options.add(mock_turtles_g(a) ^ mock_turtles_g(b))
    return mex(options)


def mock_turtles_moves(n):
    """The other coins of each move from coin n: none, one or two of 0..n-1."""
    yield ()
    for a in range(n):
        yield (a,)
        for b in range(a + 1, n):
            yield (a, b)


@functools.lru_cache(maxsize=None)
def ruler_g(n):
    """Ruler: g(n) = mex over the runs of coins ending at n; by the mex, the largest power of 2 dividing n + 1."""
    return mex({functools.reduce(lambda x, y: x ^ y, (ruler_g(k) for k in range(n - length + 1, n)), 0)
                for length in range(1, n + 2)})


@functools.lru_cache(maxsize=None)
def kayles_g(n):
    """Kayles: take one or two pins from a row of n, leaving the rest as up to two rows."""
    return mex({kayles_g(a) ^ kayles_g(n - k - a) for k in (1, 2) if k <= n for a in range(n - k + 1)})


def kayles_winning_heap_moves(heaps):
    """The winning moves of Kayles heaps in words (heap sizes ascending, each size once), the heaps' value 0 after."""
    total = row_value(heaps, kayles_g)
    lines = []
    for h in sorted(set(heaps)):
        for k in (1, 2):
            if k > h:
                continue
            r = h - k
            taken = "take %d from the heap of %d, leaving " % (k, h)
            if r == 0 and total ^ kayles_g(h) == 0:
                lines.append(taken + "nothing")
            if r >= 1 and total ^ kayles_g(h) ^ kayles_g(r) == 0:
                lines.append(taken + "a heap of %d" % r)
            for a in range(1, r // 2 + 1):
                if total ^ kayles_g(h) ^ kayles_g(a) ^ kayles_g(r - a) == 0:
                    lines.append(taken + "heaps of %d and %d" % (a, r - a))
    return lines


@functools.lru_cache(maxsize=None)
def nim_mul(a, b):
    """The nim product by its definition: mex{a'b ⊕ ab' ⊕ a'b' : a' < a, b' < b}."""
    return mex({nim_mul(x, b) ^ nim_mul(a, y) ^ nim_mul(x, y) for x in range(a) for y in range(b)})


def row_value(heads, g):
    v = 0
    for c in heads:
        v ^= g(c)
    return v


def nim_mul_fermat(a, b, bits=64):
    """The nim product of a, b < 2^bits by the Fermat 2-powers: with F = 2^(bits/2), a = a1·F ⊕ a0 and b likewise,
    F ⊗ F = F ⊕ F/2 (3F/2) and a⊗F = a·F for a < F (Conway, On Numbers and Games, ch. 6), so
    a ⊗ b = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕ a0b0 ⊕ a1b1 ⊗ F/2. Fast for any 64-bit nimbers, where the mex definition
    (nim_mul) is for small ones; the browser test checks the two agree below 32."""
    if a < 2 or b < 2:
        return a * b
    half = bits // 2
    low = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & low, b >> half, b & low
    if a1 == 0 and b1 == 0:
        return nim_mul_fermat(a0, b0, half)
    high = nim_mul_fermat(a1, b1, half)
    both = nim_mul_fermat(a0, b0, half)
    middle = nim_mul_fermat(a1 ^ a0, b1 ^ b0, half) ^ both  # a1b1 ⊕ a1b0 ⊕ a0b1
    return (middle << half) | (both ^ nim_mul_fermat(high, 1 << (half - 1), half))


@functools.lru_cache(maxsize=None)
def mock_turtles_misere_wins(heads):
    """Misère Mock Turtles (the last player to move loses), heads a bitmask: won by the player to move when no move
    is left, or when some move leaves a position the opponent loses."""
    moves = [1 << n | sum(1 << c for c in others) for n in range(heads.bit_length()) if heads >> n & 1
             for others in mock_turtles_moves(n)]
    return not moves or any(not mock_turtles_misere_wins(heads ^ m) for m in moves)


@functools.lru_cache(maxsize=None)
def kayles_misere_wins(heaps):
    """Misère Kayles on a sorted tuple of heaps: a move takes one or two pins from a heap, leaving up to two heaps."""
    moves = []
    for i, h in enumerate(heaps):
        for k in (1, 2):
            for a in range(0, (h - k) // 2 + 1) if k <= h else ():
                rest = heaps[:i] + heaps[i + 1:] + tuple(x for x in (a, h - k - a) if x)
                moves.append(tuple(sorted(rest)))
    return not moves or any(not kayles_misere_wins(m) for m in moves)


@functools.lru_cache(maxsize=None)
def dawsons_kayles_g(n):
    """Dawson's Kayles (0.07): take two pins side by side from a row of n, leaving the rest as up to two rows."""
    return mex({dawsons_kayles_g(a) ^ dawsons_kayles_g(n - 2 - a) for a in range(n - 1)} if n >= 2 else set())


def kayles_heap_moves(n):
    """(k, heaps left) for every Kayles move on a heap of n: take 1 or 2, leaving up to two non-empty heaps."""
    moves = []
    for k in (1, 2):
        if k > n:
            continue
        r = n - k
        if r == 0:
            moves.append((k, ()))
        else:
            moves.append((k, (r,)))
            moves.extend((k, (a, r - a)) for a in range(1, r // 2 + 1))
    return moves


def dawsons_kayles_heap_moves(n):
    """(k, heaps left) for every Dawson's Kayles move on a heap of n: take 2, leaving up to two non-empty heaps."""
    if n < 2:
        return []
    r = n - 2
    return [(2, ())] if r == 0 else [(2, (r,))] + [(2, (a, r - a)) for a in range(1, r // 2 + 1)]


def coin_moves(heap_moves, n):
    """The coin form of a heap game's moves from heap n: coin n with the heaps a move leaves, equal heaps cancelling;
    each set of coins once."""
    sets = set()
    for _, left in heap_moves(n):
        turned = {n}
        for h in left:
            turned ^= {h}
        sets.add(frozenset(turned))
    return sets
