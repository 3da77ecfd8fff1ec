"""The levels' exact search without a compiler, on Python's integers as bitsets: ``level_kernels``'s
twin (the same functions on the same arrays, the same answers), which answers while numba compiles or
where it cannot; plainer (no confinement, no boards kept between calls), it keeps each board's count
within a count, so a board reached again by other moves costs nothing."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np

Start = tuple[int, list[int], int]
"""Open squares, each group's need, the pieces placed."""
MEMO_LIMIT = 1 << 21
"""Boards whose count a count keeps at once (about 400 MB at 30×30); past it they are forgotten."""


STOPPED = -2
"""What a count and a proof return once the stop flag ends them (as ``level_kernels``)."""
NO_STOP = np.zeros(1, dtype=np.int64)
"""The stop flag of a search nobody stops."""


class _Stopped(Exception):
    """The stop flag was set: the search ends where it is."""


class _Beyond(Exception):
    """A board's count passed the count's bound: the whole passes it too."""


@dataclass(frozen=True)
class Board:
    """A level's groups (rows, columns, regions), each square's touching squares and groups, and
    the stop flag its searches look at before each branch."""

    groups: tuple[int, ...]
    touch: tuple[int, ...]
    groups_of: tuple[tuple[int, ...], ...]
    stop: np.ndarray = field(default_factory=lambda: NO_STOP)

    @classmethod
    def of(
        cls, groups: np.ndarray, touch: np.ndarray, groups_of: np.ndarray, stop: np.ndarray = NO_STOP
    ) -> Board:
        return cls(
            _integers(groups), _integers(touch), tuple(tuple(int(g) for g in row) for row in groups_of), stop
        )


def count(
    groups: np.ndarray,
    touch: np.ndarray,
    groups_of: np.ndarray,
    queens: np.ndarray,
    empties: np.ndarray,
    stars: int,
    limit: int,
    first: np.ndarray,
    dead: np.ndarray,
    dead_marks: np.ndarray,
    stop: np.ndarray,
) -> int:
    """As ``level_kernels.count``: the solutions with pieces on ``queens`` and none on
    ``empties``, at most ``limit`` (0: all), the first one's squares written to ``first``
    (``dead`` and ``dead_marks`` unused: each count keeps its own boards); ``STOPPED`` once
    ``stop[0]`` is set."""
    try:
        return _count(Board.of(groups, touch, groups_of, stop), queens, empties, stars, limit, first)
    except _Stopped:
        return STOPPED


def _count(
    board: Board, queens: np.ndarray, empties: np.ndarray, stars: int, limit: int, first: np.ndarray
) -> int:
    start = started(board, queens, empties, stars)
    if start is None:
        return 0
    avail, need, placed = start
    solution = next(solutions(board, avail, need, placed), None)
    if solution is None:
        return 0
    first[:] = [(solution >> (64 * w)) & 0xFFFFFFFFFFFFFFFF for w in range(len(first))]
    if limit <= 2 and limit:
        return sum(1 for _, _ in zip(range(limit), solutions(board, avail, need), strict=False))
    try:
        return _Counter(board, limit - 1 if limit else 0).count(avail, need)
    except _Beyond:
        return limit


def started(board: Board, queens: Iterable[int], empties: Iterable[int], stars: int) -> Start | None:
    """The open squares, each group's need and the pieces after the decisions (pieces on
    ``queens``, ``empties`` closed); None when a piece lands on a closed square."""
    avail = (1 << len(board.touch)) - 1
    for x in empties:
        avail &= ~(1 << int(x))
    need = [stars] * len(board.groups)
    placed = 0
    for x in queens:
        if not avail >> int(x) & 1:
            return None
        avail = place(board, int(x), avail, need)
        placed |= 1 << int(x)
    return avail, need, placed


def solutions(board: Board, avail: int, need: list[int], placed: int = 0) -> Iterator[int]:
    """Each solution from these open squares and needs, as the mask of its squares."""
    best = branch(board, avail, need)
    if best == -2:
        return
    if best == -1:
        yield placed
        return
    bit = avail & board.groups[best] & -(avail & board.groups[best])
    child = need.copy()
    yield from solutions(board, place(board, bit.bit_length() - 1, avail, child), child, placed | bit)
    yield from solutions(board, avail & ~bit, need, placed)


def place(board: Board, x: int, avail: int, need: list[int]) -> int:
    """Put a piece on square x (``need`` lowered in place); the squares left open."""
    avail &= ~board.touch[x]
    for g in board.groups_of[x]:
        need[g] -= 1
        if need[g] == 0:
            avail &= ~board.groups[g]
    return avail


def branch(board: Board, avail: int, need: list[int]) -> int:
    """The group to branch on (the fewest squares to spare), −1 when every group holds its
    pieces, −2 when one cannot; _Stopped once the board's stop flag is set."""
    if board.stop[0]:
        raise _Stopped
    best, best_spare = -1, 1 << 30
    for g, k in enumerate(need):
        if k:
            left = (avail & board.groups[g]).bit_count()
            if left < k:
                return -2
            if left - k < best_spare:
                best, best_spare = g, left - k
    return best


class _Counter:
    """A count that keeps each board's count; _Beyond once one passes ``beyond`` (0: no bound)."""

    def __init__(self, board: Board, beyond: int = 0) -> None:
        self._board = board
        self._beyond = beyond
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def count(self, avail: int, need: list[int]) -> int:
        key = (avail, tuple(need))
        known = self._memo.get(key)
        if known is not None:
            return known
        board = self._board
        best = branch(board, avail, need)
        total = int(best == -1)
        if best >= 0:
            bit = avail & board.groups[best] & -(avail & board.groups[best])
            child = need.copy()
            total = self.count(place(board, bit.bit_length() - 1, avail, child), child)
            total += self.count(avail & ~bit, need)
        if self._beyond and total > self._beyond:
            raise _Beyond
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        self._memo[key] = total
        return total


def integer(words: np.ndarray) -> int:
    """64-bit words as one integer, word 0 lowest."""
    return int.from_bytes(words.astype("<u8").tobytes(), "little")


def _integers(rows: np.ndarray) -> tuple[int, ...]:
    return tuple(integer(row) for row in rows)


def states(
    groups: np.ndarray,
    touch: np.ndarray,
    groups_of: np.ndarray,
    queens: np.ndarray,
    empties: np.ndarray,
    stars: int,
    state: np.ndarray,
    dead: np.ndarray,
    dead_marks: np.ndarray,
    stop: np.ndarray,
) -> int:
    """As ``level_kernels.states``: each square left open by the decisions proven (1 open, 2
    in every solution, 0 in none); the number of solutions found (``dead`` and ``dead_marks``
    unused), or ``STOPPED`` once ``stop[0]`` is set (``state`` then unchanged)."""
    proven = state.copy()
    try:
        found = _states(Board.of(groups, touch, groups_of, stop), queens, empties, stars, proven)
    except _Stopped:
        return STOPPED
    state[:] = proven
    return found


def _states(board: Board, queens: np.ndarray, empties: np.ndarray, stars: int, state: np.ndarray) -> int:
    start = started(board, queens, empties, stars)
    if start is None:
        return 0
    avail, need, placed = start
    every, found = 0, 0
    for x in range(len(state)):
        if not avail >> x & 1 or state[x] == 1:
            continue
        child = need.copy()
        solution = next(solutions(board, place(board, x, avail, child), child, placed | 1 << x), None)
        if solution is None:
            state[x] = 0
            continue
        every = (solution if found == 0 else every & solution) & avail
        found += 1
        for y in range(len(state)):
            if (solution & avail) >> y & 1:
                state[y] = 1
    if found == 0:
        return 0
    for y in range(len(state)):
        if every >> y & 1:
            other = next(solutions(board, avail & ~(1 << y), need), None)
            if other is None:
                state[y] = 2
            else:
                found += 1
                every &= other
    return found
