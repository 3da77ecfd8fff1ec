"""The witness kernels without a compiler: ``witness_kernels``'s calls in numpy (min-conflicts on a batch of
boards at once, swap neighbourhoods in one vectorised pass), for while numba compiles (or where it cannot)."""

from __future__ import annotations

import numpy as np

from bdd_model.sat.kernels import completion_python

WALK = 0.03
"""The share of min-conflicts moves that go to a random usable square (as ``WALK_PER_MILLE``)."""
BATCH = 32
"""Boards repaired together."""
CLOSED = 1 << 20
"""The penalty of a closed square in a repair's scores: never chosen while another is usable."""


def valid(cols: np.ndarray, fixed: np.ndarray, usable: np.ndarray) -> bool:
    """True when ``cols`` is a solution on usable squares that keeps every fixed queen."""
    n = len(cols)
    rows = np.arange(n)
    if cols.min(initial=0) < 0 or cols.max(initial=0) >= n:
        return False
    pinned = fixed >= 0
    return bool(
        usable[rows, cols].all()
        and (cols[pinned] == fixed[pinned]).all()
        and len(np.unique(cols)) == n
        and len(np.unique(rows - cols)) == n
        and len(np.unique(rows + cols)) == n
    )


def mark_swaps(cols: np.ndarray, fixed: np.ndarray, usable: np.ndarray, possible: np.ndarray) -> int:
    """Mark open the queens of the solution ``cols`` and every square one swap of two free rows'
    queens reaches (see ``witness_kernels.mark_swaps``); how many squares became open."""
    n = len(cols)
    rows = np.arange(n)
    before = int(possible.sum())
    possible[rows, cols] = True
    down_row = np.full(2 * n - 1, -1)
    up_row = np.full(2 * n - 1, -1)
    down_row[rows - cols + n - 1] = rows
    up_row[rows + cols] = rows
    i, j = rows[:, None], rows[None, :]
    ci, cj = cols[:, None], cols[None, :]

    def free_for(owner: np.ndarray) -> np.ndarray:
        return (owner < 0) | (owner == i) | (owner == j)

    swap = free_for(down_row[i - cj + n - 1]) & free_for(up_row[i + cj])
    swap &= free_for(down_row[j - ci + n - 1]) & free_for(up_row[j + ci])
    movable = fixed < 0
    swap &= movable[:, None] & movable[None, :] & (i != j)
    swap &= usable[i, cj] & usable[j, ci]
    reached = np.zeros_like(possible)
    reached[:, cols] = swap
    possible |= reached
    return int(possible.sum()) - before


def _repair_batch(
    boards: np.ndarray,
    movable: np.ndarray,
    usable: np.ndarray,
    possible: np.ndarray,
    rng: np.random.Generator,
    max_steps: int,
) -> np.ndarray:
    """Min-conflicts on every board at once (in place); which boards became solutions."""
    k, n = boards.shape
    rows = np.arange(n)
    columns = np.arange(n)
    board = np.arange(k)[:, None]
    in_col = np.bincount((board * n + boards).ravel(), minlength=k * n).reshape(k, n)
    width = 2 * n - 1
    down = np.bincount((board * width + rows - boards + n - 1).ravel(), minlength=k * width).reshape(k, width)
    up = np.bincount((board * width + rows + boards).ravel(), minlength=k * width).reshape(k, width)
    penalty = np.where(usable, 0, CLOSED)
    proven = possible.astype(np.int64)
    active = np.ones(k, dtype=bool)
    done = np.zeros(k, dtype=bool)
    for _ in range(max_steps):
        a = np.flatnonzero(active)
        if not len(a):
            break
        current = boards[a]
        at = a[:, None]
        load = in_col[at, current] + down[at, rows - current + n - 1] + up[at, rows + current] - 3
        conflicted = ((load > 0) | (penalty[rows, current] > 0)) & movable[a]
        settled = ~conflicted.any(axis=1)
        done[a[settled]] = True
        active[a[settled]] = False
        a, conflicted = a[~settled], conflicted[~settled]
        if not len(a):
            break
        at = a[:, None]
        pick = np.where(conflicted, rng.random(conflicted.shape), -1.0).argmax(axis=1)
        old = boards[a, pick]
        in_col[a, old] -= 1
        down[a, pick - old + n - 1] -= 1
        up[a, pick + old] -= 1
        score = 2.0 * (
            in_col[a] + down[at, pick[:, None] - columns + n - 1] + up[at, pick[:, None] + columns]
        )
        score += proven[pick] + penalty[pick] + rng.random(score.shape) * 0.5
        walk = rng.random(len(a)) < WALK
        score[walk] = penalty[pick[walk]] + rng.random((int(walk.sum()), n))
        new = score.argmin(axis=1)
        boards[a, pick] = new
        in_col[a, new] += 1
        down[a, pick - new + n - 1] += 1
        up[a, pick + new] += 1
    return done


def cover(
    starts: np.ndarray,
    fixed: np.ndarray,
    usable: np.ndarray,
    possible: np.ndarray,
    targets: np.ndarray,
    seed: int,
    max_steps: int,
    found: np.ndarray,
    tried: np.ndarray,
    stop: np.ndarray,
    search_boards: np.ndarray,
    ints: np.ndarray,
    regs: np.ndarray,
    repairs: np.ndarray,
) -> int:
    """``witness_kernels.cover`` in batches of repairs; a target whose repair fails gets the
    same look at its lines (``completion_python.begin``), not the short searches (in Python
    they cost more than the engine's own)."""
    rng = np.random.default_rng(seed)
    n = len(fixed)
    pinned = fixed >= 0
    held = 0
    queue = [int(t) for t in targets]
    while queue and not stop[0]:
        batch: list[tuple[int, int]] = []
        while queue and len(batch) < BATCH:
            r, c = divmod(queue.pop(0), n)
            if not (possible[r, c] or not usable[r, c] or tried[r, c]):
                tried[r, c] = True
                batch.append((r, c))
        if not batch:
            break
        pool = found[:held] if held else starts
        if len(pool):
            boards = pool[rng.integers(len(pool), size=len(batch))].copy()
        else:
            boards = np.argsort(rng.random((len(batch), n)), axis=1)
        boards[:, pinned] = fixed[pinned]
        movable = np.tile(~pinned, (len(batch), 1))
        for index, (r, c) in enumerate(batch):
            boards[index, r] = c
            movable[index, r] = False
        done = _repair_batch(boards, movable, usable, possible, rng, max_steps)
        repairs[0] += len(batch) if max_steps > 0 else 0
        for index in np.flatnonzero(~done).tolist():
            r, c = batch[index]
            if not completion_python.begin(
                search_boards, ints, regs, n, usable, fixed, r, c, 0, np.full(n, -1)
            ):
                usable[r, c] = False
        for index in np.flatnonzero(done).tolist():
            if valid(boards[index], fixed, usable):
                repairs[1] += 1
                mark_swaps(boards[index], fixed, usable, possible)
                if held < len(found):
                    found[held] = boards[index]
                    held += 1
    return held
