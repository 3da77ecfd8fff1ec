"""Knuth's estimator of the number of solutions, compiled by numba: random probes down the free rows with
forward checking, each weighing the product of the choices it met, drawn from counter-based random numbers so
that ``estimate_numpy`` gets the same weights bit for bit."""

from __future__ import annotations

import numpy as np
from numba import njit

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


@njit(f"int64({_GRID}, {_BOARD}, {_FLAGS}, {_FLAGS}, {_FLAGS}, {_BOARD})", cache=True, nogil=True)
def start(usable, fixed, col, down, up, free):  # pragma: no cover - compiled
    """Attack the fixed queens' lines (``col``, ``down`` = r − c + N − 1, ``up`` = r + c) and
    count each free row's usable unattacked squares into ``free``. Returns the number of free
    rows, or −1 when two fixed queens attack each other."""
    n = fixed.shape[0]
    col[:] = False
    down[:] = False
    up[:] = False
    free[:] = 0
    rows = 0
    for r in range(n):
        c = fixed[r]
        if c < 0:
            rows += 1
            continue
        if col[c] or down[r - c + n - 1] or up[r + c]:
            return -1
        col[c] = True
        down[r - c + n - 1] = True
        up[r + c] = True
    for r in range(n):
        if fixed[r] >= 0:
            continue
        for c in range(n):
            if usable[r, c] and not (col[c] or down[r - c + n - 1] or up[r + c]):
                free[r] += 1
    return rows


@njit(
    f"float64({_GRID}, int64, uint64, {_FLAGS}, {_FLAGS}, {_FLAGS}, {_BOARD}, {_BOARD})",
    cache=True,
    nogil=True,
)
def probe(usable, rows, key, col, down, up, free, left):  # pragma: no cover - compiled
    """One probe's weight from the start state (``col``, ``down``, ``up``, ``free`` as ``start``
    left them), which it uses up; ``left[:rows]`` the free rows in ascending order, random
    words from ``key``. One pass over the rows left per step: it takes the attacks of the new
    queen off their counts, drops the queen's row and finds the next row to fill."""
    n = usable.shape[0]
    at = 0
    least = n + 1
    for i in range(rows):
        if free[left[i]] < least:
            least = free[left[i]]
            at = i
    weight = 1.0
    for step in range(rows):
        if least == 0:
            return 0.0
        value = mix(key + np.uint64(step + 1) * GAMMA)
        k = np.int64(value % np.uint64(least))
        weight *= least
        r = left[at]
        c = 0
        while True:
            if usable[r, c] and not (col[c] or down[r - c + n - 1] or up[r + c]):
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
            d = r2 - r
            # The queen's column, down diagonal and up diagonal meet row r2 on three squares.
            if usable[r2, c] and not (down[r2 - c + n - 1] or up[r2 + c]):
                free[r2] -= 1
            c2 = c + d
            if 0 <= c2 < n and usable[r2, c2] and not (col[c2] or up[r2 + c2]):
                free[r2] -= 1
            c2 = c - d
            if 0 <= c2 < n and usable[r2, c2] and not (col[c2] or down[r2 - c2 + n - 1]):
                free[r2] -= 1
            left[kept] = r2
            if free[r2] < least:
                least = free[r2]
                at = kept
            kept += 1
        col[c] = True
        down[r - c + n - 1] = True
        up[r + c] = True
    return weight


@njit(f"int64({_GRID}, {_BOARD}, int64, int64, int64, {_WEIGHTS}, {_STOP})", cache=True, nogil=True)
def probes(usable, fixed, first, count, seed, out, stop):  # pragma: no cover - compiled
    """Write the weight of probe ``first + k`` to ``out[k]`` for k < ``count``. Returns how many
    were written: ``count``, or fewer when ``stop[0]`` was set (looked at every
    ``STOP_EVERY`` probes)."""
    n = fixed.shape[0]
    col0 = np.zeros(n, np.bool_)
    down0 = np.zeros(2 * n - 1, np.bool_)
    up0 = np.zeros(2 * n - 1, np.bool_)
    free0 = np.zeros(n, np.int64)
    rows = start(usable, fixed, col0, down0, up0, free0)
    if rows < 0:
        out[:count] = 0.0
        return count
    left0 = np.flatnonzero(fixed < 0)
    col = np.empty_like(col0)
    down = np.empty_like(down0)
    up = np.empty_like(up0)
    free = np.empty_like(free0)
    left = np.empty_like(left0)
    for k in range(count):
        if k % STOP_EVERY == 0 and stop[0] != 0:
            return k
        col[:] = col0
        down[:] = down0
        up[:] = up0
        free[:] = free0
        left[:] = left0
        out[k] = probe(usable, rows, probe_key(seed, first + k), col, down, up, free, left)
    return count
