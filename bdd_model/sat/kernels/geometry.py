"""A rule family as the SAT engine's kernels take it: one int64 array (its lines' steps and its
leaps), the functions that read it, and the table of what a piece leaves of each other line."""

from __future__ import annotations

from typing import Any

import numpy as np

from bdd_model.families import RuleFamily
from bdd_model.sat.kernels.completion import WORDS

HEAD = 2
"""``geometry[0]``: the number of drifts (the columns first); ``geometry[1]``: of leaps; then
(step, wraps) per drift, then (rows down, columns across) per leap."""


def of(rules: RuleFamily) -> np.ndarray:
    """The family's geometry array."""
    parts = [len(rules.drifts), len(rules.leaps)]
    for drift in rules.drifts:
        parts += [drift.step, int(drift.wraps)]
    for down, across in rules.leaps:
        parts += [down, across]
    return np.array(parts, dtype=np.int64)


def key(rules: RuleFamily) -> tuple[int, ...]:
    """The family's geometry as a tuple, which numba compiles into a kernel as constants."""
    return tuple(int(value) for value in of(rules))


def line(geometry: np.ndarray, g: int, n: int, r: Any, c: Any) -> Any:
    """The number of drift ``g``'s line through (r, c), from 0 (as ``Drift.line``; ints, or
    numpy arrays of rows and columns)."""
    step = geometry[HEAD + 2 * g]
    if step == 0:
        return c
    if geometry[HEAD + 2 * g + 1] != 0:
        return (c - step * r) % n
    return (step * r - c) * step + (n - 1 if step > 0 else 0)


def crossing(geometry: np.ndarray, g: int, n: int, r: int, c: int, r2: int) -> int:
    """The column where drift ``g``'s line through (r, c) meets row ``r2``, or −1 (off the board)."""
    step = geometry[HEAD + 2 * g]
    col = c + step * (r2 - r)
    if geometry[HEAD + 2 * g + 1] != 0:
        return col % n
    return col if 0 <= col < n else -1


def leap(geometry: np.ndarray, k: int) -> tuple[int, int]:
    """Leap ``k``: (rows down, columns across)."""
    at = HEAD + 2 * geometry[0] + 2 * k
    return int(geometry[at]), int(geometry[at + 1])


def spared_table(geometry: np.ndarray, n: int) -> np.ndarray:
    """``table[half, at, d + 64·WORDS]``: a line's bitset words with the squares a piece on square
    ``at`` of a line ``d`` lines away excludes cleared (half 0: rows, half 1: columns), what the
    piece leaves of that line (one AND a word in the complete search)."""
    size = 64 * WORDS
    at = np.arange(size)[:, None]
    d = np.arange(-size, size)[None, :]
    hit = np.zeros((2, size, 2 * size, size), dtype=bool)
    k = np.arange(size)
    for half in range(2):
        hit[half, :, :, :] |= k[None, None, :] == at[:, :, None]
        for g in range(int(geometry[0])):
            step, wraps = int(geometry[HEAD + 2 * g]), bool(geometry[HEAD + 2 * g + 1])
            if step == 0:
                continue
            target = at + step * d
            if wraps:
                target = target % n
            hit[half] |= k[None, None, :] == target[:, :, None]
        for j in range(int(geometry[1])):
            down, across = leap(geometry, j)
            if half == 1:
                down, across = across, down
            near = np.abs(d) == down
            for side in (across, -across):
                hit[half] |= (k[None, None, :] == (at + side)[:, :, None]) & near[:, :, None]
    return ~np.packbits(hit, axis=3, bitorder="little").view("<u8").astype(np.uint64)


def line_table(geometry: np.ndarray, n: int) -> np.ndarray:
    """Every square's line of every drift (drifts × n × n), for the kernels without a compiler."""
    r, c = np.indices((n, n))
    return np.stack([line(geometry, g, n, r, c) for g in range(int(geometry[0]))]).astype(np.int64)


def leaps(geometry: np.ndarray) -> list[tuple[int, int]]:
    """Every leap: (rows down, columns across)."""
    return [leap(geometry, k) for k in range(int(geometry[1]))]
