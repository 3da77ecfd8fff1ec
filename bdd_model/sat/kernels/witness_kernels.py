"""The SAT engine's local search, compiled by numba: solutions that prove squares open, found by min-conflicts
repair from a kept solution with the wanted queen moved in, each also proving the squares a swap of two rows'
queens reaches; ``witness_numpy`` answers the same calls without a compiler."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
from numba import njit

from bdd_model.sat.kernels import geometry
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
_SPARED = "uint64[:, :, :, ::1]"

_line = njit(nogil=True)(geometry.line)


@njit(nogil=True)
def _leaps_on(cols, shape, skip_a, r, c):  # pragma: no cover - compiled
    """How many queens of ``cols`` (row ``skip_a`` left out, −1 for none) stand a leap away from
    (r, c)."""
    n = cols.shape[0]
    hits = 0
    for k in range(shape[1]):
        at = geometry.HEAD + 2 * shape[0] + 2 * k
        down, across = shape[at], shape[at + 1]
        for r2 in (r - down, r + down):
            if r2 < 0 or r2 >= n or r2 == skip_a:
                continue
            c2 = cols[r2]
            if c2 >= 0 and (c2 == c + across or c2 == c - across):
                hits += 1
    return hits


@njit(nogil=True)
def valid(cols, fixed, usable, shape):  # pragma: no cover - compiled
    """True when ``cols`` is a solution on usable squares that keeps every fixed queen."""
    n = cols.shape[0]
    seen = np.zeros((shape[0], 2 * n), np.bool_)
    for r in range(n):
        c = cols[r]
        if c < 0 or c >= n or not usable[r, c] or (fixed[r] >= 0 and fixed[r] != c):
            return False
        for g in range(shape[0]):
            line = _line(shape, g, n, r, c)
            if seen[g, line]:
                return False
            seen[g, line] = True
    leaped = 0
    for r in range(n):
        leaped += _leaps_on(cols, shape, -1, r, cols[r])
    return leaped == 0


@njit(nogil=True)
def repair(cols, fixed, pin, usable, possible, max_steps, shape):  # pragma: no cover - compiled
    """Min-conflicts on ``cols`` in place, never moving the fixed rows nor row ``pin``: move a
    random attacked row (or one on a closed square) to its least attacked usable square,
    preferring squares not yet proven open. True when ``cols`` became a solution."""
    n = cols.shape[0]
    drifts = shape[0]
    counts = np.zeros((drifts, 2 * n), np.int64)
    for r in range(n):
        for g in range(drifts):
            counts[g, _line(shape, g, n, r, cols[r])] += 1
    choices = np.empty(n, np.int64)
    for _ in range(max_steps):
        m = 0
        for r in range(n):
            if fixed[r] >= 0 or r == pin:
                continue
            c = cols[r]
            attacked = not usable[r, c]
            for g in range(drifts):
                attacked = attacked or counts[g, _line(shape, g, n, r, c)] > 1
            if attacked or (shape[1] > 0 and _leaps_on(cols, shape, -1, r, c) > 0):
                choices[m] = r
                m += 1
        if m == 0:
            return True
        r = choices[np.random.randint(m)]
        old = cols[r]
        for g in range(drifts):
            counts[g, _line(shape, g, n, r, old)] -= 1
        cols[r] = -1
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
                hits = 0
                for g in range(drifts):
                    hits += counts[g, _line(shape, g, n, r, c)]
                if shape[1] > 0:
                    hits += _leaps_on(cols, shape, -1, r, c)
                score = 2 * hits + (1 if possible[r, c] else 0)
                if score < best:
                    best = score
                    m = 0
                if score == best:
                    choices[m] = c
                    m += 1
        if m == 0:
            cols[r] = old
            return False
        c = choices[np.random.randint(m)]
        cols[r] = c
        for g in range(drifts):
            counts[g, _line(shape, g, n, r, c)] += 1
    return False


@njit(nogil=True)
def mark_swaps(cols, fixed, usable, possible, shape):  # pragma: no cover - compiled
    """Mark open the queens of the solution ``cols`` and every square a swap of two free rows'
    queens reaches: the swap keeps one queen per row and column, and its two new squares stand
    to each other as the old two did (never excluded), so it is a solution iff no queen of the
    other rows excludes a new square. Returns how many squares became open."""
    n = cols.shape[0]
    drifts = shape[0]
    owner = np.full((drifts, 2 * n), -1, np.int64)
    new = 0
    for r in range(n):
        c = cols[r]
        for g in range(drifts):
            owner[g, _line(shape, g, n, r, c)] = r
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
            free = True
            for g in range(drifts):
                o = owner[g, _line(shape, g, n, i, cj)]
                if o >= 0 and o != i and o != j:
                    free = False
                o = owner[g, _line(shape, g, n, j, ci)]
                if o >= 0 and o != i and o != j:
                    free = False
            if free and shape[1] > 0:
                free = _leaps_on(cols, shape, j, i, cj) == 0 and _leaps_on(cols, shape, i, j, ci) == 0
            if not free:
                continue
            if not possible[i, cj]:
                possible[i, cj] = True
                new += 1
            if not possible[j, ci]:
                possible[j, ci] = True
                new += 1
    return new


@njit(nogil=True)
def cover(
    starts,
    fixed,
    usable,
    possible,
    targets,
    seed,
    max_steps,
    found,
    tried,
    stop,
    boards,
    ints,
    regs,
    repairs,
    spared,
    shape,
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
            solved = repair(cols, fixed, r, usable, possible, max_steps, shape) and valid(
                cols, fixed, usable, shape
            )
            repairs[1] += solved
        for _ in range(GUIDED_RUNS):
            if solved:
                break
            if not begin(
                boards, ints, regs, n, spared, usable, fixed, r, c, np.random.randint(1, 1 << 30), guide
            ):
                usable[r, c] = False
                break
            if (
                advance(boards, ints, regs, n, spared, nothing, GUIDED_NODES, False, cols, seen, stop)
                == FOUND
            ):
                solved = valid(cols, fixed, usable, shape)
        if solved:
            mark_swaps(cols, fixed, usable, possible, shape)
            if held < found.shape[0]:
                found[held] = cols
                held += 1
    return held


@cache
def for_family(shape: tuple[int, ...]) -> dict[str, Callable[..., int]]:
    """``valid``, ``mark_swaps`` and ``cover`` with a family's geometry (``geometry.key``)
    compiled in as constants (see ``estimate_kernels.for_family``)."""

    @njit(f"boolean({_BOARD}, {_BOARD}, {_GRID})", cache=True, nogil=True)
    def family_valid(cols, fixed, usable):  # pragma: no cover - compiled
        return valid(cols, fixed, usable, shape)

    @njit(f"int64({_BOARD}, {_BOARD}, {_GRID}, {_GRID})", cache=True, nogil=True)
    def family_mark_swaps(cols, fixed, usable, possible):  # pragma: no cover - compiled
        return mark_swaps(cols, fixed, usable, possible, shape)

    @njit(
        f"int64({_ROWS}, {_BOARD}, {_GRID}, {_GRID}, int64[::1], int64, int64, {_ROWS}, {_GRID}, {_STOP}, "
        f"uint64[::1], int32[::1], int64[::1], int64[::1], {_SPARED})",
        cache=True,
        nogil=True,
    )
    def family_cover(
        starts,
        fixed,
        usable,
        possible,
        targets,
        seed,
        max_steps,
        found,
        tried,
        stop,
        boards,
        ints,
        regs,
        repairs,
        spared,
    ):  # pragma: no cover - compiled
        return cover(
            starts,
            fixed,
            usable,
            possible,
            targets,
            seed,
            max_steps,
            found,
            tried,
            stop,
            boards,
            ints,
            regs,
            repairs,
            spared,
            shape,
        )

    return {"valid": family_valid, "mark_swaps": family_mark_swaps, "cover": family_cover}
