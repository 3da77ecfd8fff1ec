"""The SAT engine's inner loops, compiled by numba: witnesses for open squares, and the search
that counts or completes a board.

A square is open iff some solution under the decisions has a queen there, so every solution
found proves its queens open. ``cover`` finds solutions for the squares not yet proven: from a
kept solution with the wanted queen moved in, min-conflicts repair (with a few random moves, so
it leaves plateaus); where that fails, a depth-first search with forward checking, which either
finds a solution or, by running out of squares, proves the square closed. Every solution also
proves open the squares a swap of two of its rows' queens reaches (``mark_swaps``, O(N²)): one
solution of a 100×100 board proves a few hundred squares at once.

Boards are arrays: ``cols[r]`` the queen's column in row r; ``fixed[r]`` the column of a queen
every solution has (placed or forced), −1 for a free row; ``usable[r, c]`` False for squares
proven closed; ``possible[r, c]`` True for squares proven open. Every solution is checked
(``valid``) before it proves anything.

This module is imported only through ``jit`` (which sets numba's cache folder first); the
signatures make numba compile everything at import, or load it from that folder.
``witness_numpy`` answers the same calls without a compiler.
"""

from __future__ import annotations

import numpy as np
from numba import njit

WALK_PER_MILLE = 30
"""Min-conflicts moves (per thousand) that go to a random usable square instead of the best."""

_BOARD = "int64[::1]"
_GRID = "boolean[:, ::1]"
_ROWS = "int64[:, ::1]"
_COUNTS = "int64[:, ::1]"
_STOP = "int64[::1]"

STOP_EVERY = 1024
"""Search nodes between two looks at the stop flag (set from another thread to cancel)."""


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


@njit(f"void({_COUNTS}, int64[::1], {_GRID}, {_BOARD}, int64, int64, int64)", cache=True, nogil=True)
def _attack(attacks, free, usable, placed, r, c, delta):  # pragma: no cover - compiled
    """Add (delta 1) or take back (−1) the attacks of a queen on (r, c) on the free rows,
    keeping each free row's count of usable unattacked squares."""
    n = placed.shape[0]
    for r2 in range(n):
        if placed[r2] >= 0 or r2 == r:
            continue
        d = r2 - r
        for k in range(3):
            c2 = c if k == 0 else (c + d if k == 1 else c - d)
            if c2 < 0 or c2 >= n:
                continue
            if delta > 0:
                if attacks[r2, c2] == 0 and usable[r2, c2]:
                    free[r2] -= 1
                attacks[r2, c2] += 1
            else:
                attacks[r2, c2] -= 1
                if attacks[r2, c2] == 0 and usable[r2, c2]:
                    free[r2] += 1


@njit(
    f"UniTuple(int64, 3)({_GRID}, {_BOARD}, int64, boolean, {_GRID}, {_COUNTS}, {_BOARD}, {_STOP})",
    cache=True,
    nogil=True,
)
def search(usable, fixed, budget, first, possible, counts, out, stop):  # pragma: no cover - compiled
    """Depth-first search with forward checking over the free rows, always the row with the
    fewest usable unattacked squares next (the lowest row on a tie), columns in ascending order
    (from a random column when ``first``). Stops after ``budget`` nodes.

    With ``first`` False it enumerates: every solution marks its queens in ``possible`` and
    adds one to their ``counts``. With ``first`` True it stops at the first solution, which it
    writes to ``out``. Returns (finished, solutions, nodes); ``finished`` is 1 when the search
    ran to its end (or stopped at its first solution), 0 when the budget ran out or ``stop[0]``
    was set (looked at every ``STOP_EVERY`` nodes). ``witness_numpy.search`` walks the same
    tree node for node."""
    n = fixed.shape[0]
    attacks = np.zeros((n, n), np.int64)
    free = np.zeros(n, np.int64)
    placed = fixed.copy()
    for r in range(n):
        for c in range(n):
            if usable[r, c]:
                free[r] += 1
    free_rows = 0
    for r in range(n):
        if fixed[r] >= 0:
            _attack(attacks, free, usable, placed, r, fixed[r], 1)
        else:
            free_rows += 1
    row_at = np.full(n + 1, -1, np.int64)
    next_at = np.zeros(n + 1, np.int64)
    offset = np.zeros(n + 1, np.int64)
    depth = 0
    nodes = 0
    solutions = 0
    mode = 0  # 0: enter a node, 1: go back up one level, 2: try the next column at this level
    while True:
        if mode == 0:
            nodes += 1
            if nodes > budget or (nodes % STOP_EVERY == 0 and stop[0] != 0):
                return 0, solutions, nodes - 1
            if depth == free_rows:
                solutions += 1
                if first:
                    out[:] = placed
                    return 1, solutions, nodes
                for r in range(n):
                    possible[r, placed[r]] = True
                    counts[r, placed[r]] += 1
                mode = 1
                continue
            best = -1
            best_free = n + 1
            for r in range(n):
                if placed[r] < 0 and free[r] < best_free:
                    best_free = free[r]
                    best = r
            if best_free == 0:
                mode = 1
                continue
            row_at[depth] = best
            next_at[depth] = 0
            offset[depth] = np.random.randint(n) if first else 0
            mode = 2
        elif mode == 1:
            if depth == 0:
                return 1, solutions, nodes
            depth -= 1
            r = row_at[depth]
            c = placed[r]
            placed[r] = -1
            _attack(attacks, free, usable, placed, r, c, -1)
            mode = 2
        else:
            r = row_at[depth]
            k = next_at[depth]
            c = (k + offset[depth]) % n
            while k < n and not (usable[r, c] and attacks[r, c] == 0):
                k += 1
                c = (k + offset[depth]) % n
            if k >= n:
                mode = 1
                continue
            next_at[depth] = k + 1
            _attack(attacks, free, usable, placed, r, c, 1)
            placed[r] = c
            depth += 1
            mode = 0


@njit(
    f"int64({_ROWS}, {_BOARD}, {_GRID}, {_GRID}, int64[::1], int64, int64, int64, {_ROWS}, {_GRID}, {_STOP})",
    cache=True,
    nogil=True,
)
def cover(
    starts, fixed, usable, possible, targets, seed, max_steps, search_budget, found, gave_up, stop
):  # pragma: no cover - compiled
    """Prove as many ``targets`` (flat indices r·N + c) open as possible, in their order.

    Each target not yet open, closed or given up gets a solution with a queen on it: repair
    from a random start (a kept solution or one found here), else a search of at most
    ``search_budget`` nodes. A search that runs out of squares proves the target closed: it is
    taken out of ``usable``. A target neither proven open nor closed is marked in ``gave_up``
    (the solver decides it). Found solutions go to ``found`` while it has room; returns how
    many it holds. ``stop[0]`` set from another thread ends it before the next target."""
    np.random.seed(seed)
    n = fixed.shape[0]
    held = 0
    cols = np.empty(n, np.int64)
    pinned = fixed.copy()
    no_counts = np.zeros((1, 1), np.int64)
    for t in targets:
        if stop[0] != 0:
            break
        r = t // n
        c = t % n
        if possible[r, c] or not usable[r, c] or gave_up[r, c]:
            continue
        if held > 0 and np.random.randint(2) == 0:
            cols[:] = found[np.random.randint(held)]
        elif starts.shape[0] > 0:
            cols[:] = starts[np.random.randint(starts.shape[0])]
        else:
            cols[:] = np.random.permutation(n)
        for k in range(n):
            if fixed[k] >= 0:
                cols[k] = fixed[k]
        cols[r] = c
        solved = repair(cols, fixed, r, usable, possible, max_steps) and valid(cols, fixed, usable)
        if not solved and search_budget > 0:
            pinned[r] = c
            finished, solutions, _ = search(
                usable, pinned, search_budget, True, possible, no_counts, cols, stop
            )
            pinned[r] = -1
            if solutions > 0:
                solved = valid(cols, fixed, usable)
            elif finished == 1:
                usable[r, c] = False
                continue
        if solved:
            mark_swaps(cols, fixed, usable, possible)
            if held < found.shape[0]:
                found[held] = cols
                held += 1
        else:
            gave_up[r, c] = True
    return held
