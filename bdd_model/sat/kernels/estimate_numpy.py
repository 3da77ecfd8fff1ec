"""The estimate kernels without a compiler: ``estimate_kernels.probes`` in numpy, a batch of probes stepping
in lockstep with the same weights bit for bit, for while numba compiles (or where it cannot)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from bdd_model.sat.kernels import geometry

GAMMA = np.uint64(0x9E3779B97F4A7C15)
"""SplitMix64's increment (as in ``estimate_kernels``)."""
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
TAKEN = 1 << 40
"""The count of a row that holds a queen: never the least, however often it is attacked."""
CELLS = 1 << 21
"""Squares (probes × N²) of the boards run side by side: 2 MB, so that the gathers along a
queen's lines stay in cache (larger batches ran slower). The stop flag is looked at between
two batches."""


def mix(z: np.ndarray) -> np.ndarray:
    """SplitMix64's output function on an array of uint64 (wrapping arithmetic)."""
    z = (z ^ (z >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


def probe_keys(seed: int, probes: np.ndarray) -> np.ndarray:
    """The start of each probe's stream of random words (``estimate_kernels.probe_key``)."""
    base = mix(np.array([seed], dtype=np.int64).astype(np.uint64) + GAMMA)
    return mix(base + probes.astype(np.uint64) * GAMMA)


def start(usable: np.ndarray, fixed: np.ndarray, shape: np.ndarray) -> np.ndarray | None:
    """The squares a queen may take: usable, in a free row, excluded by no fixed queen; None
    when two fixed queens exclude each other."""
    n = len(fixed)
    rows = np.flatnonzero(fixed >= 0)
    cols = fixed[rows]
    table = geometry.line_table(shape, n)
    attacked = np.zeros((n, n), dtype=bool)
    for ids in table:
        occupied = np.zeros(2 * n, dtype=bool)
        occupied[ids[rows, cols]] = True
        if int(occupied.sum()) < len(rows):
            return None
        attacked |= occupied[ids]
    for down, across in geometry.leaps(shape):
        for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
            for r2 in (r - down, r + down):
                for c2 in (c - across, c + across):
                    if 0 <= r2 < n and 0 <= c2 < n:
                        if fixed[r2] == c2:
                            return None
                        attacked[r2, c2] = True
    return usable & ~attacked & (fixed < 0)[:, None]


def probes(
    usable: np.ndarray,
    fixed: np.ndarray,
    first: int,
    count: int,
    seed: int,
    out: np.ndarray,
    stop: np.ndarray,
    shape: np.ndarray,
) -> int:
    """``estimate_kernels.probes``: the weight of probe ``first + k`` in ``out[k]`` for k <
    ``count``; how many were written (fewer than ``count`` when ``stop[0]`` was set)."""
    open_ = start(usable, fixed, shape)
    if open_ is None:
        out[:count] = 0.0
        return count
    n = len(fixed)
    batch = max(1, CELLS // (n * n))
    done = 0
    while done < count:
        if stop[0]:
            return done
        size = min(batch, count - done)
        numbers = np.arange(first + done, first + done + size)
        out[done : done + size] = _batch(open_, fixed < 0, numbers, seed, shape)
        done += size
    return count


def _batch(
    open_: np.ndarray, free_rows: np.ndarray, numbers: np.ndarray, seed: int, shape: np.ndarray
) -> np.ndarray:
    """The weights of the probes ``numbers``, stepping together from the squares ``open_``.

    Each probe has its own board of open squares, read and written through flat indices: one
    gather and one scatter per square set the new queen excludes. A probe that meets a row with
    no open square multiplies its weight by 0 and walks on harmlessly (it places a queen on
    column 0 of that row) until the dead fill half the batch, which then drops them."""
    n = len(open_)
    size = len(numbers)
    weights = np.zeros(size)
    index = np.arange(size)
    keys = probe_keys(seed, numbers)
    weight = np.ones(size)
    board = np.tile(open_, (size, 1, 1))
    free = np.where(free_rows, board.sum(axis=2), TAKEN)
    rows = np.arange(n)
    steps = [
        (int(shape[geometry.HEAD + 2 * g]), bool(shape[geometry.HEAD + 2 * g + 1])) for g in range(shape[0])
    ]
    leaps = geometry.leaps(shape)
    for step in range(int(free_rows.sum())):
        live = len(index)
        best = free.argmin(axis=1)
        least = free[np.arange(live), best]
        weight *= least
        dead = least == 0
        if 2 * int(dead.sum()) > live:
            living = ~dead
            index, keys, weight, best, least = (a[living] for a in (index, keys, weight, best, least))
            free, board = free[living], board[living]
            live = len(index)
            if not live:
                return weights
        value = mix(keys + np.full(1, step + 1, np.uint64) * GAMMA)
        k = value % np.maximum(least, 1).astype(np.uint64)
        at = np.arange(live)[:, None]
        flat = board.reshape(-1)
        chosen = board.reshape(live * n, n)[at[:, 0] * n + best]
        c = (chosen.cumsum(axis=1) > k.astype(np.int64)[:, None]).argmax(axis=1)[:, None]
        square = at * (n * n) + rows * n
        shift = rows - best[:, None]
        lost = np.zeros((live, n), dtype=np.int64)
        targets = []
        for drift_step, wraps in steps:
            c2 = c + drift_step * shift
            targets.append((c2 % n, np.ones_like(c2, dtype=bool)) if wraps else (c2, (c2 >= 0) & (c2 < n)))
        for down, across in leaps:
            near = np.abs(shift) == down
            for side in (across, -across):
                c2 = c + side
                targets.append((c2, near & (c2 >= 0) & (c2 < n)))
        for c2, inside in targets:
            on_line = np.where(inside, square + c2, 0)
            lost += flat[on_line] & inside
            flat[on_line[inside]] = False
        free -= lost
        free[at[:, 0], best] = TAKEN
    weights[index] = weight
    return weights


def for_family(shape: tuple[int, ...]) -> dict[str, Callable[..., int]]:
    """The functions bound to a family's geometry, as ``estimate_kernels.for_family`` gives them."""
    array = np.array(shape, dtype=np.int64)
    return {"probes": partial(probes, shape=array)}
