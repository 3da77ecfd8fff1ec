"""The complete search without a compiler: ``completion_kernels.begin`` and ``advance`` in plain Python on the
same arrays, walking the same tree node for node, so that it answers while numba compiles (or where it cannot)
and any slice can go on in the compiled kernels."""

from __future__ import annotations

import numpy as np

from bdd_model.sat.kernels.completion import (
    DEPTH,
    EXHAUSTED,
    FOUND,
    LOW,
    NODES,
    NOISE,
    QUEENS,
    RANDOM,
    RUNNING,
    SHIFT,
    SOLUTIONS,
    STATE,
    STOP_EVERY,
    WORDS,
)

_WORD = (1 << 64) - 1
_SIZE = 64 * WORDS
_SPARED: dict[int, tuple[np.ndarray, tuple[list[list[int]], list[list[int]]]]] = {}
"""Tables already turned into Python ints, by the identity of the array (kept with it)."""
_KEPT = 8


class _Board:
    """One depth's board: each row's bitset of columns, each column's bitset of rows, and the
    bitsets of the rows and columns that hold a queen."""

    __slots__ = ("cols", "rows", "taken_cols", "taken_rows")

    def __init__(self, rows: list[int], cols: list[int], taken_rows: int, taken_cols: int) -> None:
        self.rows, self.cols, self.taken_rows, self.taken_cols = rows, cols, taken_rows, taken_cols

    def copy(self) -> _Board:
        return _Board(self.rows.copy(), self.cols.copy(), self.taken_rows, self.taken_cols)


class _Run:
    """A search's arrays as Python objects, and the kernels' steps on them."""

    def __init__(
        self, boards: np.ndarray, ints: np.ndarray, regs: np.ndarray, n: int, spared: np.ndarray
    ) -> None:
        self.n = n
        self.spared = _spared_lines(spared)
        self.ints = ints.tolist()
        self.regs = regs.tolist()
        words = boards.reshape(n + 1, 2 * n + 2, WORDS).tolist()
        self.boards = [_Board(*_unpack(level, n)) for level in words[: self.regs[DEPTH] + 1]]

    def store(self, boards: np.ndarray, ints: np.ndarray, regs: np.ndarray) -> None:
        n = self.n
        levels = boards.reshape(n + 1, 2 * n + 2, WORDS)
        for depth, board in enumerate(self.boards):
            lines = [*board.rows, *board.cols, board.taken_rows, board.taken_cols]
            levels[depth] = [[line & _WORD, line >> 64] for line in lines]
        ints[:] = self.ints
        regs[:] = self.regs

    @property
    def board(self) -> _Board:
        return self.boards[self.regs[DEPTH]]

    def place(self, r: int, c: int) -> None:
        n, board, ints, regs = self.n, self.board, self.ints, self.regs
        queens = regs[QUEENS]
        ints[queens] = r
        ints[n + queens] = c
        regs[QUEENS] = queens + 1
        board.taken_rows |= 1 << r
        board.taken_cols |= 1 << c
        board.rows[r] = 0
        board.cols[c] = 0
        rows, cols = self.spared
        for k in range(n):
            if board.rows[k]:
                board.rows[k] &= rows[c][k - r + _SIZE]
            if board.cols[k]:
                board.cols[k] &= cols[r][k - c + _SIZE]

    def remove(self, r: int, c: int) -> None:
        board = self.board
        board.rows[r] &= ~(1 << c)
        board.cols[c] &= ~(1 << r)

    def propagate(self) -> bool:
        n, ints = self.n, self.ints
        changed = True
        while changed:
            changed = False
            for line in range(2 * n):
                board = self.board
                taken, bits = (
                    (board.taken_rows, board.rows[line])
                    if line < n
                    else (board.taken_cols, board.cols[line - n])
                )
                index = line if line < n else line - n
                if taken >> index & 1:
                    continue
                left = bits.bit_count()
                if left == 0:
                    ints[4 * n + 2 + line] += 1
                    return False
                if left == 1:
                    k = bits.bit_length() - 1
                    if line < n:
                        self.place(line, k)
                    else:
                        self.place(k, line - n)
                    changed = True
        return True

    def branch(self) -> int:
        n, ints, regs, board = self.n, self.ints, self.regs, self.board
        line, best_count, best_weight = -1, 1, 0
        for k in range(2 * n):
            taken, bits = (
                (board.taken_rows, board.rows[k]) if k < n else (board.taken_cols, board.cols[k - n])
            )
            if taken >> (k if k < n else k - n) & 1:
                continue
            count = bits.bit_count()
            if count == 0:
                return -2
            weight = ints[4 * n + 2 + k] + 1
            if line < 0 or count * best_weight < best_count * weight:
                line, best_count, best_weight = k, count, weight
        if line < 0:
            return -1
        bits = board.rows[line] if line < n else board.cols[line - n]
        squares = [(line, k) if line < n else (k, line - n) for k in range(n) if bits >> k & 1]
        for r, c in squares:
            if ints[6 * n + 2 + r] == c:
                return (r << SHIFT) | c
        best, cost = -1, 1 << 30
        for r, c in squares:
            here = board.cols[c].bit_count() if line < n else board.rows[r].bit_count()
            if regs[RANDOM] != 0:
                regs[RANDOM] = (regs[RANDOM] * 1103515245 + 12345) & 0x7FFFFFFF
                here = here * NOISE + (regs[RANDOM] >> 8) % NOISE
            if here < cost:
                cost, best = here, (r << SHIFT) | c
        return best

    def ban(self, banned: np.ndarray) -> bool:
        top = self.boards[0]
        for r, c in np.argwhere(banned).tolist():
            if not top.rows[r] >> c & 1:
                continue  # missing at depth 0, so at every depth
            for board in self.boards:
                board.rows[r] &= ~(1 << c)
                board.cols[c] &= ~(1 << r)
        return self.propagate()

    def backtrack(self) -> bool:
        n, ints, regs = self.n, self.ints, self.regs
        while True:
            depth = regs[DEPTH]
            if depth == 0:
                regs[STATE] = EXHAUSTED
                return False
            depth -= 1
            regs[DEPTH] = depth
            del self.boards[depth + 1 :]
            regs[QUEENS] = ints[2 * n + depth]
            square = ints[3 * n + 1 + depth]
            self.remove(square >> SHIFT, square & LOW)
            if self.propagate():
                return True


def _spared_lines(spared: np.ndarray) -> tuple[list[list[int]], list[list[int]]]:
    """``geometry.spared_table`` as Python ints, one a line (kept while the table lives)."""
    known = _SPARED.get(id(spared))
    if known is None or known[0] is not spared:
        words = spared.astype(object)
        lines = words[..., 0] | (words[..., 1] << 64)
        known = _SPARED[id(spared)] = (spared, (lines[0].tolist(), lines[1].tolist()))
        while len(_SPARED) > _KEPT:
            del _SPARED[next(iter(_SPARED))]
    return known[1]


def _unpack(level: list[list[int]], n: int) -> tuple[list[int], list[int], int, int]:
    lines = [low | high << 64 for low, high in level]
    return lines[:n], lines[n : 2 * n], lines[2 * n], lines[2 * n + 1]


def begin(
    boards: np.ndarray,
    ints: np.ndarray,
    regs: np.ndarray,
    n: int,
    spared: np.ndarray,
    usable: np.ndarray,
    fixed: np.ndarray,
    target_row: int,
    target_col: int,
    seed: int,
    guide: np.ndarray,
) -> bool:
    """``completion_kernels.begin``."""
    regs[:] = 0
    regs[RANDOM] = seed & 0x7FFFFFFF
    ints[:] = 0
    ints[6 * n + 2 : 7 * n + 2] = guide
    boards[:] = 0
    run = _Run(boards, ints, regs, n, spared)
    board = run.board
    for r, c in np.argwhere(usable).tolist():
        board.rows[r] |= 1 << c
        board.cols[c] |= 1 << r
    ok = True
    for r, c in enumerate(fixed.tolist()):
        if c >= 0 and ok:
            if board.rows[r] >> c & 1:
                run.place(r, c)
            else:
                ok = False
    if ok and target_row >= 0 and fixed[target_row] != target_col:
        if board.rows[target_row] >> target_col & 1:
            run.place(target_row, target_col)
        else:
            ok = False
    if ok:
        ok = run.propagate()
    run.regs[STATE] = RUNNING if ok else EXHAUSTED
    run.store(boards, ints, regs)
    return ok


def advance(
    boards: np.ndarray,
    ints: np.ndarray,
    regs: np.ndarray,
    n: int,
    spared: np.ndarray,
    banned: np.ndarray,
    budget: int,
    count: bool,
    out: np.ndarray,
    seen: np.ndarray,
    stop: np.ndarray,
) -> int:
    """``completion_kernels.advance``."""
    run = _Run(boards, ints, regs, n, spared)
    try:
        return _advance(run, banned, budget, count, out, seen, stop)
    finally:
        run.store(boards, ints, regs)


def _advance(
    run: _Run,
    banned: np.ndarray,
    budget: int,
    count: bool,
    out: np.ndarray,
    seen: np.ndarray,
    stop: np.ndarray,
) -> int:
    n, ints, regs = run.n, run.ints, run.regs
    if regs[STATE] == FOUND:
        regs[STATE] = RUNNING
        if not run.backtrack():
            return EXHAUSTED
    if regs[STATE] != RUNNING:
        return int(regs[STATE])
    if not run.ban(banned) and not run.backtrack():
        return EXHAUSTED
    spent = 0
    while True:
        square = run.branch()
        if square == -1:
            regs[SOLUTIONS] += 1
            for q in range(n):
                out[ints[q]] = ints[n + q]
                seen[ints[q], ints[n + q]] = True
            if not count:
                regs[STATE] = FOUND
                return FOUND
            if not run.backtrack():
                return EXHAUSTED
            continue
        if square == -2:
            if not run.backtrack():
                return EXHAUSTED
            continue
        if spent >= budget or (spent % STOP_EVERY == 0 and stop[0] != 0):
            return RUNNING
        spent += 1
        regs[NODES] += 1
        depth = regs[DEPTH]
        ints[2 * n + depth] = regs[QUEENS]
        ints[3 * n + 1 + depth] = square
        run.boards.append(run.board.copy())
        regs[DEPTH] = depth + 1
        run.place(square >> SHIFT, square & LOW)
        if not run.propagate() and not run.backtrack():
            return EXHAUSTED
