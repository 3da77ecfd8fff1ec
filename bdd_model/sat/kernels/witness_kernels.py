"""The SAT engine's local search, compiled by numba: solutions that prove squares open, found by min-conflicts
repair from a kept solution with the wanted queen moved in, each also proving the squares a swap of two rows'
queens reaches; ``witness_numpy`` answers the same calls without a compiler."""

from __future__ import annotations

import numpy as np
from numba import njit

from bdd_model.sat.kernels.completion import FOUND
from bdd_model.sat.kernels.completion_kernels import advance, begin

WALK_PER_MILLE = 30
"""Min-conflicts moves (per thousand) that go to a random usable square instead of the best."""
GUIDED_RUNS = 2
"""Short complete searches per target that follow its start (each with new random choices)."""
GUIDED_NODES = 100
"""Nodes of one such search."""

_BOARD = "int64[::1]"
_GRID = "boolean[:, ::1]"
_ROWS = "int64[:, ::1]"
_STOP = "int64[::1]"


@njit(f"boolean({_BOARD}, {_BOARD}, {_GRID})", cache=True, nogil=True)
def valid(cols, fixed, usable):  # pragma: no cover - compiled
    """True when ``cols`` is a solution on usable squares that keeps every fixed queen."""
    n = cols.shape[0]
    seen_col = np.zeros(n, np.bool_)
    seen_down = np.zeros(2 * n - 1, np.bool_)
    seen_up = np.zeros(2 * n - 1, np.bool_)
    for r in range(n):
        c = cols[r]
        if c < 0 or c >= n or not usable[r, c] or (fixed[r] >= 0 and fixed[r] != c):
            return False
        if seen_col[c] or seen_down[r - c + n - 1] or seen_up[r + c]:
            return False
        seen_col[c] = True
        seen_down[r - c + n - 1] = True
        seen_up[r + c] = True
    return True


@njit(f"boolean({_BOARD}, {_BOARD}, int64, {_GRID}, {_GRID}, int64)", cache=True, nogil=True)
def repair(cols, fixed, pin, usable, possible, max_steps):  # pragma: no cover - compiled
    """Min-conflicts on ``cols`` in place, never moving the fixed rows nor row ``pin``: move a
    random attacked row (or one on a closed square) to its least attacked usable square,
    preferring squares not yet proven open. True when ``cols`` became a solution."""
    n = cols.shape[0]
    in_col = np.zeros(n, np.int64)
    down = np.zeros(2 * n - 1, np.int64)
    up = np.zeros(2 * n - 1, np.int64)
    for r in range(n):
        c = cols[r]
        in_col[c] += 1
        down[r - c + n - 1] += 1
        up[r + c] += 1
    choices = np.empty(n, np.int64)
    for _ in range(max_steps):
        m = 0
        for r in range(n):
            if fixed[r] >= 0 or r == pin:
                continue
            c = cols[r]
            if not usable[r, c] or in_col[c] + down[r - c + n - 1] + up[r + c] > 3:
                choices[m] = r
                m += 1
        if m == 0:
            return True
        r = choices[np.random.randint(m)]
        old = cols[r]
        in_col[old] -= 1
        down[r - old + n - 1] -= 1
        up[r + old] -= 1
        m = 0
        if np.random.randint(1000) < WALK_PER_MILLE:
            for c in range(n):
                if usable[r, c]:
                    choices[m] = c
                    m += 1
        else:
            best = 1 << 30
            for c in range(n):
                if not usable[r, c]:
                    continue
                score = 2 * (in_col[c] + down[r - c + n - 1] + up[r + c]) + (1 if possible[r, c] else 0)
                if score < best:
                    best = score
                    m = 0
                if score == best:
                    choices[m] = c
                    m += 1
        if m == 0:
            return False
        c = choices[np.random.randint(m)]
        cols[r] = c
        in_col[c] += 1
        down[r - c + n - 1] += 1
        up[r + c] += 1
    return False


@njit(f"int64({_BOARD}, {_BOARD}, {_GRID}, {_GRID})", cache=True, nogil=True)
def mark_swaps(cols, fixed, usable, possible):  # pragma: no cover - compiled
    """Mark open the queens of the solution ``cols`` and every square a swap of two free rows'
    queens reaches: the swap keeps one queen per row and column, and the two new squares never
    share a diagonal, so it is a solution iff each new square's diagonals hold no queen but
    those of the two rows. Returns how many squares became open."""
    n = cols.shape[0]
    down_row = np.full(2 * n - 1, -1, np.int64)
    up_row = np.full(2 * n - 1, -1, np.int64)
    new = 0
    for r in range(n):
        c = cols[r]
        down_row[r - c + n - 1] = r
        up_row[r + c] = r
        if not possible[r, c]:
            possible[r, c] = True
            new += 1
    for i in range(n):
        if fixed[i] >= 0:
            continue
        ci = cols[i]
        for j in range(i + 1, n):
            if fixed[j] >= 0:
                continue
            cj = cols[j]
            if (possible[i, cj] and possible[j, ci]) or not (usable[i, cj] and usable[j, ci]):
                continue
            owner = down_row[i - cj + n - 1]
            if owner >= 0 and owner != i and owner != j:
                continue
            owner = up_row[i + cj]
            if owner >= 0 and owner != i and owner != j:
                continue
            owner = down_row[j - ci + n - 1]
            if owner >= 0 and owner != i and owner != j:
                continue
            owner = up_row[j + ci]
            if owner >= 0 and owner != i and owner != j:
                continue
            if not possible[i, cj]:
                possible[i, cj] = True
                new += 1
            if not possible[j, ci]:
                possible[j, ci] = True
                new += 1
    return new


@njit(
    f"int64({_ROWS}, {_BOARD}, {_GRID}, {_GRID}, int64[::1], int64, int64, {_ROWS}, {_GRID}, {_STOP}, "
    "uint64[::1], int32[::1], int64[::1], int64[::1])",
    cache=True,
    nogil=True,
)
def cover(
    starts, fixed, usable, possible, targets, seed, max_steps, found, tried, stop, boards, ints, regs, repairs
):  # pragma: no cover - compiled
    """Prove as many ``targets`` (flat indices r·N + c) open as possible, in their order.

    Each target not yet open, closed or tried gets one look for a solution with a queen on it,
    from a random start (a kept solution or one found here): when ``max_steps`` > 0 a repair of
    at most that many moves, then short complete searches (``completion_kernels``, in the
    arrays ``boards``, ``ints``, ``regs``) that follow the start where they can, with random
    choices elsewhere. A queen on it whose lines leave a row or column without a square after
    unit propagation proves it closed, and it is taken out of ``usable``. ``repairs`` counts
    the repairs tried and those that found a solution. Every target
    looked at is marked in ``tried``; those neither proven open nor closed are left to the
    engine's complete searches. Found solutions go to ``found`` while it has room; returns
    how many it holds. ``stop[0]`` set from another thread ends it before the next target."""
    np.random.seed(seed)
    n = fixed.shape[0]
    held = 0
    cols = np.empty(n, np.int64)
    guide = np.empty(n, np.int64)
    nothing = np.zeros((n, n), np.bool_)
    seen = np.zeros((n, n), np.bool_)
    for t in targets:
        if stop[0] != 0:
            break
        r = t // n
        c = t % n
        if possible[r, c] or not usable[r, c] or tried[r, c]:
            continue
        tried[r, c] = True
        if held > 0 and np.random.randint(2) == 0:
            cols[:] = found[np.random.randint(held)]
        elif starts.shape[0] > 0:
            cols[:] = starts[np.random.randint(starts.shape[0])]
        else:
            cols[:] = np.random.permutation(n)
        for k in range(n):
            if fixed[k] >= 0:
                cols[k] = fixed[k]
        guide[:] = cols
        cols[r] = c
        solved = False
        if max_steps > 0:
            repairs[0] += 1
            solved = repair(cols, fixed, r, usable, possible, max_steps) and valid(cols, fixed, usable)
            repairs[1] += solved
        for _ in range(GUIDED_RUNS):
            if solved:
                break
            if not begin(boards, ints, regs, n, usable, fixed, r, c, np.random.randint(1, 1 << 30), guide):
                usable[r, c] = False
                break
            if advance(boards, ints, regs, n, nothing, GUIDED_NODES, False, cols, seen, stop) == FOUND:
                solved = valid(cols, fixed, usable)
        if solved:
            mark_swaps(cols, fixed, usable, possible)
            if held < found.shape[0]:
                found[held] = cols
                held += 1
    return held
