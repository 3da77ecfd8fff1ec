"""Knuth's estimator of the number of solutions, compiled by numba: random probes down the free rows with
forward checking, each weighing the product of the choices it met, drawn from counter-based random numbers so
that ``estimate_numpy`` gets the same weights bit for bit."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
from numba import njit

from bdd_model.sat.kernels import geometry

GAMMA = np.uint64(0x9E3779B97F4A7C15)
"""SplitMix64's increment (2⁶⁴ divided by the golden ratio)."""
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
SHIFT1 = np.uint64(30)
SHIFT2 = np.uint64(27)
SHIFT3 = np.uint64(31)
STOP_EVERY = 64
"""Probes between two looks at the stop flag (set from another thread to cancel): about 6 ms
at N = 100."""

_GRID = "boolean[:, ::1]"
_BOARD = "int64[::1]"
_FLAGS = "boolean[::1]"
_WEIGHTS = "float64[::1]"
_STOP = "int64[::1]"


@njit("uint64(uint64)", cache=True, nogil=True)
def mix(z):  # pragma: no cover - compiled
    """SplitMix64's output function: a bijection of 64-bit words that scatters every bit."""
    z = (z ^ (z >> SHIFT1)) * MIX1
    z = (z ^ (z >> SHIFT2)) * MIX2
    return z ^ (z >> SHIFT3)


@njit("uint64(int64, int64)", cache=True, nogil=True)
def probe_key(seed, probe):  # pragma: no cover - compiled
    """The start of probe ``probe``'s stream of random words under ``seed``."""
    return mix(mix(np.uint64(seed) + GAMMA) + np.uint64(probe) * GAMMA)


_line = njit(nogil=True)(geometry.line)
_crossing = njit(nogil=True)(geometry.crossing)


@njit(nogil=True)
def _attacked(shape, occupied, placed, r, c):  # pragma: no cover - compiled
    """(r, c) lies on a line that holds a queen, or a leap from one (``placed``: each row's
    queen's column, −1 for none)."""
    n = placed.shape[0]
    for g in range(shape[0]):
        if occupied[g, _line(shape, g, n, r, c)]:
            return True
    for k in range(shape[1]):
        at = geometry.HEAD + 2 * shape[0] + 2 * k
        down, across = shape[at], shape[at + 1]
        for r2 in (r - down, r + down):
            if 0 <= r2 < n and placed[r2] >= 0 and (placed[r2] == c + across or placed[r2] == c - across):
                return True
    return False


@njit(nogil=True)
def _take(shape, occupied, placed, r, c):  # pragma: no cover - compiled
    """A queen on (r, c): its lines are occupied."""
    n = placed.shape[0]
    for g in range(shape[0]):
        occupied[g, _line(shape, g, n, r, c)] = True
    placed[r] = c


@njit(nogil=True)
def start(usable, fixed, shape, occupied, placed, free):  # pragma: no cover - compiled
    """Take the fixed queens' lines (``occupied``, ``placed``) and count each free row's usable
    unattacked squares into ``free``. Returns the number of free rows, or −1 when two fixed
    queens exclude each other."""
    n = fixed.shape[0]
    occupied[:, :] = False
    placed[:] = -1
    free[:] = 0
    rows = 0
    for r in range(n):
        c = fixed[r]
        if c < 0:
            rows += 1
            continue
        if _attacked(shape, occupied, placed, r, c):
            return -1
        _take(shape, occupied, placed, r, c)
    for r in range(n):
        if fixed[r] >= 0:
            continue
        for c in range(n):
            if usable[r, c] and not _attacked(shape, occupied, placed, r, c):
                free[r] += 1
    return rows


@njit(nogil=True)
def probe(usable, rows, key, shape, occupied, placed, free, left):  # pragma: no cover - compiled
    """One probe's weight from the start state (``occupied``, ``placed``, ``free`` as ``start``
    left them), which it uses up; ``left[:rows]`` the free rows in ascending order, random
    words from ``key``. One pass over the rows left per step: it takes the squares the new
    queen excludes off their counts, drops the queen's row and finds the next row to fill."""
    n = usable.shape[0]
    at = 0
    least = n + 1
    for i in range(rows):
        if free[left[i]] < least:
            least = free[left[i]]
            at = i
    weight = 1.0
    hits = np.empty(shape[0] + 2 * shape[1], np.int64)
    for step in range(rows):
        if least == 0:
            return 0.0
        value = mix(key + np.uint64(step + 1) * GAMMA)
        k = np.int64(value % np.uint64(least))
        weight *= least
        r = left[at]
        c = 0
        while True:
            if usable[r, c] and not _attacked(shape, occupied, placed, r, c):
                if k == 0:
                    break
                k -= 1
            c += 1
        skip = at
        at = 0
        least = n + 1
        kept = 0
        for i in range(rows - step):
            if i == skip:
                continue
            r2 = left[i]
            # The squares of row r2 the new queen excludes, each counted once.
            m = 0
            for g in range(shape[0]):
                hits[m] = _crossing(shape, g, n, r, c, r2)
                m += 1
            for j in range(shape[1]):
                at_leap = geometry.HEAD + 2 * shape[0] + 2 * j
                if r2 - r == shape[at_leap] or r - r2 == shape[at_leap]:
                    hits[m] = c + shape[at_leap + 1] if c + shape[at_leap + 1] < n else -1
                    hits[m + 1] = c - shape[at_leap + 1] if c >= shape[at_leap + 1] else -1
                    m += 2
            for h in range(m):
                c2 = hits[h]
                if c2 < 0:
                    continue
                repeated = False
                for h2 in range(h):
                    repeated = repeated or hits[h2] == c2
                if not repeated and usable[r2, c2] and not _attacked(shape, occupied, placed, r2, c2):
                    free[r2] -= 1
            left[kept] = r2
            if free[r2] < least:
                least = free[r2]
                at = kept
            kept += 1
        _take(shape, occupied, placed, r, c)
    return weight


@njit(nogil=True)
def probes(usable, fixed, first, count, seed, out, stop, shape):  # pragma: no cover - compiled
    """Write the weight of probe ``first + k`` to ``out[k]`` for k < ``count``. Returns how many
    were written: ``count``, or fewer when ``stop[0]`` was set (looked at every
    ``STOP_EVERY`` probes)."""
    n = fixed.shape[0]
    occupied0 = np.zeros((shape[0], 2 * n), np.bool_)
    placed0 = np.full(n, -1, np.int64)
    free0 = np.zeros(n, np.int64)
    rows = start(usable, fixed, shape, occupied0, placed0, free0)
    if rows < 0:
        out[:count] = 0.0
        return count
    left0 = np.flatnonzero(fixed < 0)
    occupied = np.empty_like(occupied0)
    placed = np.empty_like(placed0)
    free = np.empty_like(free0)
    left = np.empty_like(left0)
    for k in range(count):
        if k % STOP_EVERY == 0 and stop[0] != 0:
            return k
        occupied[:, :] = occupied0
        placed[:] = placed0
        free[:] = free0
        left[:] = left0
        out[k] = probe(usable, rows, probe_key(seed, first + k), shape, occupied, placed, free, left)
    return count


@cache
def for_family(shape: tuple[int, ...]) -> dict[str, Callable[..., int]]:
    """``probes`` with a family's geometry (``geometry.key``) compiled in as constants, so that
    numba folds its lines and leaps away and each family runs as fast as code written for it
    alone; numba caches each family's machine code apart."""

    @njit(f"int64({_GRID}, {_BOARD}, int64, int64, int64, {_WEIGHTS}, {_STOP})", cache=True, nogil=True)
    def family_probes(usable, fixed, first, count, seed, out, stop):  # pragma: no cover - compiled
        return probes(usable, fixed, first, count, seed, out, stop, shape)

    return {"probes": family_probes}
