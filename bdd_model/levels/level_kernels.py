"""The levels' exact search compiled by numba: the exact cover of ``level_search`` on arrays of 64-bit
words, one piece placed or one square taken out per step of a depth-first walk over an explicit stack
(state per depth: the open squares, the pieces each group still needs, the pieces placed)."""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from bdd_model.sat.kernels.bits import popcount

_MASKS = "uint64[:, ::1]"
_NEEDS = "int64[:, ::1]"
_ONE = np.uint64(1)


@njit(f"int64({_MASKS}, {_NEEDS}, int64, {_MASKS})", cache=True, nogil=True)
def _branch(avail, need, depth, groups):  # pragma: no cover - compiled
    """The group to branch on at ``depth`` (the fewest squares to spare), −1 when every group
    holds its pieces, −2 when one cannot."""
    best = -1
    best_spare = 1 << 30
    words = avail.shape[1]
    for g in range(groups.shape[0]):
        k = need[depth, g]
        if k == 0:
            continue
        left = 0
        for w in range(words):
            left += popcount(avail[depth, w] & groups[g, w])
        if left < k:
            return -2
        if left - k < best_spare:
            best = g
            best_spare = left - k
    return best


@njit(
    f"int64({_MASKS}, {_MASKS}, int64[:, ::1], uint64[::1], int64[::1], int64, uint64[::1])",
    cache=True,
    nogil=True,
)
def count(groups, touch, groups_of, start, need_start, limit, first):  # pragma: no cover - compiled
    """The solutions from the ``start`` squares with ``need_start`` pieces per group still to
    place (groups: row masks, column masks, region masks; ``touch``: each square's square and
    neighbours; ``groups_of``: each square's three groups), at most ``limit`` of them (0: all);
    the first one's squares go to ``first``."""
    words = start.shape[0]
    cells = touch.shape[0]
    levels = cells + 2
    avail = np.zeros((levels, words), dtype=np.uint64)
    placed = np.zeros((levels, words), dtype=np.uint64)
    need = np.zeros((levels, groups.shape[0]), dtype=np.int64)
    square = np.zeros(levels, dtype=np.int64)
    stage = np.zeros(levels, dtype=np.int64)
    avail[0] = start
    need[0] = need_start
    found = 0
    depth = 0
    while depth >= 0:
        if stage[depth] == 0:
            g = _branch(avail, need, depth, groups)
            if g == -2:
                depth -= 1
                continue
            if g == -1:
                found += 1
                if found == 1:
                    first[:] = placed[depth]
                if found == limit:
                    return found
                depth -= 1
                continue
            x = -1
            for w in range(words):
                bits = avail[depth, w] & groups[g, w]
                if bits:
                    x = 64 * w + trailing_zeros(bits)
                    break
            square[depth] = x
            stage[depth] = 1
            child = depth + 1
            avail[child] = avail[depth]
            placed[child] = placed[depth]
            need[child] = need[depth]
            for w in range(words):
                avail[child, w] &= ~touch[x, w]
            placed[child, x >> 6] |= _ONE << np.uint64(x & 63)
            for j in range(3):
                h = groups_of[x, j]
                need[child, h] -= 1
                if need[child, h] == 0:
                    for w in range(words):
                        avail[child, w] &= ~groups[h, w]
            stage[child] = 0
            depth = child
        elif stage[depth] == 1:
            stage[depth] = 2
            x = square[depth]
            child = depth + 1
            avail[child] = avail[depth]
            placed[child] = placed[depth]
            need[child] = need[depth]
            avail[child, x >> 6] &= ~(_ONE << np.uint64(x & 63))
            stage[child] = 0
            depth = child
        else:
            depth -= 1
    return found
