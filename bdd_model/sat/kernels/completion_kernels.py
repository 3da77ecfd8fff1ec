"""The SAT engine's complete search, compiled by numba: does some solution complete the board (with a queen on
a square), and how many are there. Its whole state is three arrays, so that it runs in slices; ``ints`` holds
the queens' rows at 0 and columns at N, queens per depth at 2N, the square branched on per depth at 3N + 1,
the lines' failure weights at 4N + 2 and the guide's columns at 6N + 2."""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from bdd_model.kernels.bits import popcount
from bdd_model.sat.kernels.completion import (
    DEPTH,
    EXHAUSTED,
    FOUND,
    LOW,
    NODES,
    NOISE,
    QUEENS,
    RANDOM,
    RUNNING,
    SHIFT,
    SOLUTIONS,
    STATE,
    STOP_EVERY,
    WORDS,
)

_BOARDS = "uint64[::1]"
_INTS = "int32[::1]"
_REGS = "int64[::1]"
_GRID = "boolean[:, ::1]"
_BOARD = "int64[::1]"
_SPARED = "uint64[:, :, :, ::1]"
_S = f"{_BOARDS}, {_INTS}, {_REGS}, int64, {_SPARED}"
"""Every function gets the search's three arrays, N and the family's ``geometry.spared_table``."""
_ONE = np.uint64(1)


@njit("int64(int64, int64)", cache=True, nogil=True, inline="always")
def _at(n, depth):  # pragma: no cover - compiled
    """Where the board of a depth starts in ``boards``."""
    return depth * (2 * n + 2) * WORDS


@njit(f"int64({_BOARDS}, int64)", cache=True, nogil=True, inline="always")
def _count(boards, line):  # pragma: no cover - compiled
    """The bits set in a bitset (its first word's index)."""
    return popcount(boards[line]) + popcount(boards[line + 1])


@njit(f"boolean({_BOARDS}, int64, int64)", cache=True, nogil=True, inline="always")
def _has(boards, line, k):  # pragma: no cover - compiled
    return boards[line + (k >> 6)] & (_ONE << np.uint64(k & 63)) != 0


@njit(f"void({_BOARDS}, int64, int64, int64)", cache=True, nogil=True, inline="always")
def _clear(boards, line, k, n):  # pragma: no cover - compiled
    """Clear bit k of a bitset if 0 ≤ k < n."""
    if 0 <= k < n:
        boards[line + (k >> 6)] &= ~(_ONE << np.uint64(k & 63))


@njit(f"int64({_BOARDS}, int64)", cache=True, nogil=True, inline="always")
def _lowest(boards, line):  # pragma: no cover - compiled
    """The lowest bit set in a bitset that has one."""
    if boards[line]:
        return trailing_zeros(boards[line])
    return 64 + trailing_zeros(boards[line + 1])


@njit("uint64(int64)", cache=True, nogil=True, inline="always")
def _mask_below(k):
    """The bits below k (all 64 when k ≥ 64, none when k ≤ 0)."""
    if k >= 64:
        return ~np.uint64(0)
    if k <= 0:
        return np.uint64(0)
    return (_ONE << np.uint64(k)) - _ONE


@njit(f"void({_S}, int64, int64)", cache=True, nogil=True)
def _place(boards, ints, regs, n, spared, r, c):  # pragma: no cover - compiled
    """A queen on (r, c) on the current board: its row and column are taken, and every free
    row and column loses the squares it attacks (its lines and leaps)."""
    base = _at(n, regs[DEPTH])
    queens = regs[QUEENS]
    ints[queens] = r
    ints[n + queens] = c
    regs[QUEENS] = queens + 1
    taken = base + 2 * n * WORDS
    boards[taken + (r >> 6)] |= _ONE << np.uint64(r & 63)
    boards[taken + WORDS + (c >> 6)] |= _ONE << np.uint64(c & 63)
    boards[base + r * WORDS] = 0
    boards[base + r * WORDS + 1] = 0
    boards[base + (n + c) * WORDS] = 0
    boards[base + (n + c) * WORDS + 1] = 0
    for half in range(2):
        at, across = (c, r) if half == 0 else (r, c)
        for w in range(WORDS):
            free = ~boards[taken + half * WORDS + w] & _mask_below(n - 64 * w)
            while free:
                k = (w << 6) + trailing_zeros(free)
                free &= free - _ONE
                line = base + (k + half * n) * WORDS
                d = k - across + 64 * WORDS
                boards[line] &= spared[half, at, d, 0]
                boards[line + 1] &= spared[half, at, d, 1]


@njit(f"void({_S}, int64, int64)", cache=True, nogil=True)
def _remove(boards, ints, regs, n, spared, r, c):  # pragma: no cover - compiled
    """Take (r, c) off the current board."""
    base = _at(n, regs[DEPTH])
    _clear(boards, base + r * WORDS, c, n)
    _clear(boards, base + (n + c) * WORDS, r, n)


@njit(f"boolean({_S})", cache=True, nogil=True)
def _propagate(boards, ints, regs, n, spared):  # pragma: no cover - compiled
    """Place the queen of every free line left with one square; False (the line's failure
    weight raised) when a free line has none."""
    base = _at(n, regs[DEPTH])
    taken = base + 2 * n * WORDS
    changed = True
    while changed:
        changed = False
        for half in range(2):
            for w in range(WORDS):
                # a queen placed below takes only its own line in this half (read before)
                free = ~boards[taken + half * WORDS + w] & _mask_below(n - 64 * w)
                while free:
                    index = (w << 6) + trailing_zeros(free)
                    free &= free - _ONE
                    line = index + half * n
                    left = _count(boards, base + line * WORDS)
                    if left == 0:
                        ints[4 * n + 2 + line] += 1
                        return False
                    if left == 1:
                        k = _lowest(boards, base + line * WORDS)
                        if half == 0:
                            _place(boards, ints, regs, n, spared, index, k)
                        else:
                            _place(boards, ints, regs, n, spared, k, index)
                        changed = True
    return True


@njit(f"int64({_S})", cache=True, nogil=True)
def _branch(boards, ints, regs, n, spared):  # pragma: no cover - compiled
    """The square to branch on, as (r << SHIFT) | c: in the free line with the fewest squares
    for its failure weight (rows before columns, lower first), the guide's square if it is
    there, else the square whose crossing line (its column in a row, its row in a column) has
    the fewest squares left, so the line nearest to running out gets its queen; with a seed ties
    drawn at random. −1 when every row has its queen, −2 when a free line has no square left."""
    base = _at(n, regs[DEPTH])
    taken = base + 2 * n * WORDS
    line = -1
    best_count = 1
    best_weight = 0
    for half in range(2):
        for w in range(WORDS):
            free = ~boards[taken + half * WORDS + w] & _mask_below(n - 64 * w)
            while free:
                k = (w << 6) + trailing_zeros(free) + half * n
                free &= free - _ONE
                count = _count(boards, base + k * WORDS)
                if count == 0:
                    return -2
                weight = ints[4 * n + 2 + k] + 1
                if line < 0 or count * best_weight < best_count * weight:
                    line = k
                    best_count = count
                    best_weight = weight
    if line < 0:
        return -1
    first = base + line * WORDS
    if line < n:
        guide = ints[6 * n + 2 + line]
        if guide >= 0 and _has(boards, first, guide):
            return (line << SHIFT) | guide
    else:
        for w in range(WORDS):
            word = boards[first + w]
            while word:
                r = (w << 6) + trailing_zeros(word)
                word &= word - _ONE
                if ints[6 * n + 2 + r] == line - n:
                    return (r << SHIFT) | (line - n)
    best = -1
    cost = 1 << 30
    for w in range(WORDS):
        word = boards[first + w]
        while word:
            k = (w << 6) + trailing_zeros(word)
            word &= word - _ONE
            r = line if line < n else k
            c = k if line < n else line - n
            here = _count(boards, base + (n + c) * WORDS) if line < n else _count(boards, base + r * WORDS)
            if regs[RANDOM] != 0:
                regs[RANDOM] = (regs[RANDOM] * 1103515245 + 12345) & 0x7FFFFFFF
                here = here * NOISE + (regs[RANDOM] >> 8) % NOISE
            if here < cost:
                cost = here
                best = (r << SHIFT) | c
    return best


@njit(f"boolean({_S}, {_GRID}, {_BOARD}, int64, int64, int64, {_BOARD})", cache=True, nogil=True)
def begin(
    boards, ints, regs, n, spared, usable, fixed, target_row, target_col, seed, guide
):  # pragma: no cover - compiled
    """Set up a search on the ``usable`` squares with the ``fixed`` queens and, when
    ``target_row`` ≥ 0, a queen on (target_row, target_col); in each line it branches on the
    ``guide``'s square (a column per row, −1 for none) where it can, else on the heuristic's
    square (``seed`` 0) or a random one. False when that is refuted at once (``regs[STATE]``
    is then EXHAUSTED)."""
    regs[:] = 0
    regs[RANDOM] = seed & 0x7FFFFFFF
    ints[:] = 0
    ints[6 * n + 2 : 7 * n + 2] = guide
    boards[: _at(n, 1)] = 0
    for r in range(n):
        for c in range(n):
            if usable[r, c]:
                boards[r * WORDS + (c >> 6)] |= _ONE << np.uint64(c & 63)
                boards[(n + c) * WORDS + (r >> 6)] |= _ONE << np.uint64(r & 63)
    ok = True
    for r in range(n):
        c = fixed[r]
        if c >= 0 and ok:
            if _has(boards, r * WORDS, c):
                _place(boards, ints, regs, n, spared, r, c)
            else:
                ok = False
    if ok and target_row >= 0 and fixed[target_row] != target_col:
        if _has(boards, target_row * WORDS, target_col):
            _place(boards, ints, regs, n, spared, target_row, target_col)
        else:
            ok = False
    if ok:
        ok = _propagate(boards, ints, regs, n, spared)
    regs[STATE] = RUNNING if ok else EXHAUSTED
    return ok


@njit(f"boolean({_S}, {_GRID})", cache=True, nogil=True)
def _ban(boards, ints, regs, n, spared, banned):  # pragma: no cover - compiled
    """Take every banned square out of the board at every depth; False when that leaves the
    current board without a solution. A square missing from the board at depth 0 is missing at
    every depth (each depth's board is its parent's with squares taken out), so only the squares
    banned since the last call cost a pass over the depths."""
    for r in range(n):
        for c in range(n):
            if banned[r, c] and _has(boards, r * WORDS, c):
                for depth in range(regs[DEPTH] + 1):
                    base = _at(n, depth)
                    _clear(boards, base + r * WORDS, c, n)
                    _clear(boards, base + (n + c) * WORDS, r, n)
    return _propagate(boards, ints, regs, n, spared)


@njit(f"boolean({_S})", cache=True, nogil=True)
def _backtrack(boards, ints, regs, n, spared):  # pragma: no cover - compiled
    """Leave the failed board: back to the board above, where the square branched on is taken
    away instead. False when no branch is left (the search is exhausted)."""
    while True:
        depth = regs[DEPTH]
        if depth == 0:
            regs[STATE] = EXHAUSTED
            return False
        depth -= 1
        regs[DEPTH] = depth
        regs[QUEENS] = ints[2 * n + depth]
        square = ints[3 * n + 1 + depth]
        _remove(boards, ints, regs, n, spared, square >> SHIFT, square & LOW)
        if _propagate(boards, ints, regs, n, spared):
            return True


@njit(f"int64({_S}, {_GRID}, int64, boolean, {_BOARD}, {_GRID}, {_REGS})", cache=True, nogil=True)
def advance(
    boards, ints, regs, n, spared, banned, budget, count, out, seen, stop
):  # pragma: no cover - compiled
    """Run the search for at most ``budget`` more nodes. Without ``count`` it stops at the
    first solution (written to ``out``, ``regs[STATE]`` FOUND; the next call goes on past it);
    with ``count`` it goes on, adding each solution to ``regs[SOLUTIONS]``. Every solution's
    squares are marked in ``seen``. ``banned`` squares are taken out first. Returns
    ``regs[STATE]``: RUNNING when the budget ran out or ``stop[0]`` was set, FOUND, or
    EXHAUSTED."""
    if regs[STATE] == FOUND:
        regs[STATE] = RUNNING
        if not _backtrack(boards, ints, regs, n, spared):
            return EXHAUSTED
    if regs[STATE] != RUNNING:
        return regs[STATE]
    if not _ban(boards, ints, regs, n, spared, banned) and not _backtrack(boards, ints, regs, n, spared):
        return EXHAUSTED
    spent = 0
    size = _at(n, 1)
    while True:
        square = _branch(boards, ints, regs, n, spared)
        if square == -1:
            regs[SOLUTIONS] += 1
            for q in range(n):
                out[ints[q]] = ints[n + q]
                seen[ints[q], ints[n + q]] = True
            if not count:
                regs[STATE] = FOUND
                return FOUND
            if not _backtrack(boards, ints, regs, n, spared):
                return EXHAUSTED
            continue
        if square == -2:
            if not _backtrack(boards, ints, regs, n, spared):
                return EXHAUSTED
            continue
        if spent >= budget or (spent % STOP_EVERY == 0 and stop[0] != 0):
            return RUNNING
        spent += 1
        regs[NODES] += 1
        depth = regs[DEPTH]
        ints[2 * n + depth] = regs[QUEENS]
        ints[3 * n + 1 + depth] = square
        base = _at(n, depth)
        boards[base + size : base + 2 * size] = boards[base : base + size]
        regs[DEPTH] = depth + 1
        _place(boards, ints, regs, n, spared, square >> SHIFT, square & LOW)
        if not _propagate(boards, ints, regs, n, spared) and not _backtrack(boards, ints, regs, n, spared):
            return EXHAUSTED
