"""The witness kernels without a compiler: ``witness_kernels``'s calls in numpy (min-conflicts on a batch of
boards at once, swap neighbourhoods in one vectorised pass), for while numba compiles (or where it cannot)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from bdd_model.sat.kernels import completion_python, geometry

WALK = 0.03
"""The share of min-conflicts moves that go to a random usable square (as ``WALK_PER_MILLE``)."""
BATCH = 32
"""Boards repaired together."""
CLOSED = 1 << 20
"""The penalty of a closed square in a repair's scores: never chosen while another is usable."""


def valid(cols: np.ndarray, fixed: np.ndarray, usable: np.ndarray, shape: np.ndarray) -> bool:
    """True when ``cols`` is a solution on usable squares that keeps every fixed queen."""
    n = len(cols)
    rows = np.arange(n)
    if cols.min(initial=0) < 0 or cols.max(initial=0) >= n:
        return False
    pinned = fixed >= 0
    table = geometry.line_table(shape, n)
    if not (usable[rows, cols].all() and (cols[pinned] == fixed[pinned]).all()):
        return False
    if any(len(np.unique(ids[rows, cols])) < n for ids in table):
        return False
    return not any(
        (np.abs(cols[down:] - cols[: n - down]) == across).any() for down, across in geometry.leaps(shape)
    )


def mark_swaps(
    cols: np.ndarray, fixed: np.ndarray, usable: np.ndarray, possible: np.ndarray, shape: np.ndarray
) -> int:
    """Mark open the queens of the solution ``cols`` and every square one swap of two free rows'
    queens reaches (see ``witness_kernels.mark_swaps``); how many squares became open."""
    n = len(cols)
    rows = np.arange(n)
    before = int(possible.sum())
    possible[rows, cols] = True
    i, j = rows[:, None], rows[None, :]
    ci, cj = cols[:, None], cols[None, :]

    def free_for(owner: np.ndarray) -> np.ndarray:
        return (owner < 0) | (owner == i) | (owner == j)

    swap = np.ones((n, n), dtype=bool)
    for ids in geometry.line_table(shape, n):
        owner = np.full(ids.max(initial=0) + 1, -1)
        owner[ids[rows, cols]] = rows
        swap &= free_for(owner[ids[i, cj]]) & free_for(owner[ids[j, ci]])
    for down, across in geometry.leaps(shape):
        for step in (-down, down):
            for a, b, other in ((i, cj, j), (j.T, ci.T, i.T)):
                near = a + step
                inside = (near >= 0) & (near < n)
                partner = cols[np.clip(near, 0, n - 1)]
                hit = inside & (near != other) & (np.abs(partner - b) == across)
                swap &= ~(hit if a is i else hit.T)
    movable = fixed < 0
    swap &= movable[:, None] & movable[None, :] & (i != j)
    swap &= usable[i, cj] & usable[j, ci]
    reached = np.zeros_like(possible)
    reached[:, cols] = swap
    possible |= reached
    return int(possible.sum()) - before


def _leap_load(boards: np.ndarray, shape: np.ndarray) -> np.ndarray:
    """For every board and row, how many queens stand a leap away from the row's queen."""
    k, n = boards.shape
    load = np.zeros((k, n), dtype=np.int64)
    for down, across in geometry.leaps(shape):
        if down < n:
            hit = np.abs(boards[:, down:] - boards[:, : n - down]) == across
            load[:, down:] += hit
            load[:, : n - down] += hit
    return load


def _leap_score(boards: np.ndarray, pick: np.ndarray, shape: np.ndarray) -> np.ndarray:
    """For each board's picked row, how many queens of other rows stand a leap away from each of
    its squares."""
    k, n = boards.shape
    score = np.zeros((k, n), dtype=np.int64)
    index = np.arange(k)
    for down, across in geometry.leaps(shape):
        for step in (-down, down):
            near = pick + step
            inside = (near >= 0) & (near < n)
            partner = boards[index, np.clip(near, 0, n - 1)]
            for side in (across, -across):
                col = partner + side
                ok = inside & (col >= 0) & (col < n)
                np.add.at(score, (index[ok], col[ok]), 1)
    return score


def _repair_batch(
    boards: np.ndarray,
    movable: np.ndarray,
    usable: np.ndarray,
    possible: np.ndarray,
    rng: np.random.Generator,
    max_steps: int,
    shape: np.ndarray,
) -> np.ndarray:
    """Min-conflicts on every board at once (in place); which boards became solutions."""
    k, n = boards.shape
    rows = np.arange(n)
    table = geometry.line_table(shape, n)
    drifts, width = len(table), 2 * n
    board = np.arange(k)[:, None]
    counts = np.stack(
        [
            np.bincount((board * width + ids[rows, boards]).ravel(), minlength=k * width).reshape(k, width)
            for ids in table
        ]
    )
    penalty = np.where(usable, 0, CLOSED)
    proven = possible.astype(np.int64)
    active = np.ones(k, dtype=bool)
    done = np.zeros(k, dtype=bool)
    leaping = bool(geometry.leaps(shape))
    for _ in range(max_steps):
        a = np.flatnonzero(active)
        if not len(a):
            break
        current = boards[a]
        at = a[:, None]
        load = sum(counts[g][at, table[g][rows, current]] for g in range(drifts)) - drifts
        if leaping:
            load = load + _leap_load(current, shape)
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
        for g in range(drifts):
            counts[g][a, table[g][pick, old]] -= 1
        boards[a, pick] = -n - 1
        hits = sum(counts[g][at, table[g][pick]] for g in range(drifts))
        if leaping:
            hits = hits + _leap_score(boards[a], pick, shape)
        score = 2.0 * hits + proven[pick] + penalty[pick] + rng.random(hits.shape) * 0.5
        walk = rng.random(len(a)) < WALK
        score[walk] = penalty[pick[walk]] + rng.random((int(walk.sum()), n))
        new = score.argmin(axis=1)
        boards[a, pick] = new
        for g in range(drifts):
            counts[g][a, table[g][pick, new]] += 1
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
    spared: np.ndarray,
    shape: np.ndarray,
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
        done = _repair_batch(boards, movable, usable, possible, rng, max_steps, shape)
        repairs[0] += len(batch) if max_steps > 0 else 0
        for index in np.flatnonzero(~done).tolist():
            r, c = batch[index]
            if not completion_python.begin(
                search_boards, ints, regs, n, spared, usable, fixed, r, c, 0, np.full(n, -1)
            ):
                usable[r, c] = False
        for index in np.flatnonzero(done).tolist():
            if valid(boards[index], fixed, usable, shape):
                repairs[1] += 1
                mark_swaps(boards[index], fixed, usable, possible, shape)
                if held < len(found):
                    found[held] = boards[index]
                    held += 1
    return held


def for_family(shape: tuple[int, ...]) -> dict[str, Callable[..., int]]:
    """The functions bound to a family's geometry, as ``witness_kernels.for_family`` gives them."""
    array = np.array(shape, dtype=np.int64)
    return {
        "valid": partial(valid, shape=array),
        "mark_swaps": partial(mark_swaps, shape=array),
        "cover": partial(cover, shape=array),
    }
