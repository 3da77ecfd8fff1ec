"""Resumable complete searches on the SAT engine's board behind one object (``Search``), run by
``completion_kernels`` or ``completion_python``: one question (a square, any solution, or how many) answered
in as many slices as it takes, squares proven closed elsewhere banned between slices."""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

STOP_EVERY = 256
"""Nodes between two looks at the stop flag (set from another thread to cancel)."""
SHIFT = 7
"""Bits of a column in a square's number: (r << SHIFT) | c, so N ≤ 100 needs no division."""
LOW = (1 << SHIFT) - 1

DEPTH, NODES, SOLUTIONS, STATE, QUEENS, RANDOM = range(6)
"""The registers of a search, in its ``regs`` array (QUEENS: queens on the board now;
RANDOM: the state of its random draws, 0 for none)."""
REGISTERS = 6
WORDS = 2
"""64-bit words of a line's bitset (N ≤ 128)."""
NOISE = 4
"""With a seed, a square's count of other squares is scaled by this and a random number below
it is added: ties are drawn at random, never the order of the counts."""
RUNNING, FOUND, EXHAUSTED = 0, 1, 2
"""What a search has come to (``regs[STATE]``)."""


def int_count(n: int) -> int:
    """The length of a search's ``ints`` on an n×n board (its layout: ``completion_kernels``)."""
    return 7 * n + 2


def board_count(n: int) -> int:
    """The length of a search's ``boards``: a board for each depth, N + 1 of them, each the
    rows' and the columns' bitsets and the bitsets of the lines that hold a queen."""
    return (n + 1) * (2 * n + 2) * WORDS


class SearchKernels(Protocol):
    """What a search calls: the complete search's kernels on one family's board."""

    def begin(self, boards: np.ndarray, ints: np.ndarray, regs: np.ndarray, n: int, *rest: Any) -> bool: ...

    def advance(self, boards: np.ndarray, ints: np.ndarray, regs: np.ndarray, n: int, *rest: Any) -> int: ...


class Search:
    """A depth-first search over the free rows and columns, stopped and resumed at will."""

    @staticmethod
    def arrays(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The arrays a search on an n×n board runs in: ``boards``, ``ints``, ``regs``."""
        return (
            np.zeros(board_count(n), dtype=np.uint64),
            np.zeros(int_count(n), dtype=np.int32),
            np.zeros(REGISTERS, dtype=np.int64),
        )

    def __init__(
        self,
        kernels: SearchKernels,
        usable: np.ndarray,
        fixed: np.ndarray,
        target: tuple[int, int] | None = None,
        seed: int = 0,
        guide: np.ndarray | None = None,
    ) -> None:
        n = len(fixed)
        self.n = n
        self._kernels = kernels
        self.target = target
        self._boards, self._ints, self._regs = self.arrays(n)
        self.solution = np.full(n, -1, dtype=np.int64)
        """The last solution found (the queen's column per row)."""
        self.seen = np.zeros((n, n), dtype=bool)
        """Every square of a solution found so far."""
        row, col = (int(target[0]), int(target[1])) if target is not None else (-1, -1)
        ok = kernels.begin(
            self._boards,
            self._ints,
            self._regs,
            n,
            np.ascontiguousarray(usable, dtype=np.bool_),
            np.ascontiguousarray(fixed, dtype=np.int64),
            row,
            col,
            seed,
            np.full(n, -1, dtype=np.int64) if guide is None else np.ascontiguousarray(guide, dtype=np.int64),
        )
        self.state = RUNNING if ok else EXHAUSTED

    def use(self, kernels: SearchKernels) -> None:
        """Go on with other kernels (the compiled ones, once the background compile is done):
        both keep the whole state in these arrays and walk the same tree."""
        self._kernels = kernels

    def learn_from(self, other: Search) -> None:
        """Start from another search's failure weights on the same board: the lines that ran
        out there are branched on first here too (dom/wdeg keeps its weights across restarts)."""
        weights = slice(4 * self.n + 2, 6 * self.n + 2)
        self._ints[weights] = other._ints[weights]

    @property
    def nodes(self) -> int:
        """Branches taken so far."""
        return int(self._regs[NODES])

    @property
    def solutions(self) -> int:
        """Solutions found so far."""
        return int(self._regs[SOLUTIONS])

    @property
    def running(self) -> bool:
        return self.state == RUNNING

    def advance(self, banned: np.ndarray, budget: int, stop: np.ndarray, count: bool = False) -> int:
        """Go on for at most ``budget`` nodes with the ``banned`` squares taken out: until the
        next solution (FOUND; the next call goes on past it) or, with ``count``, until every
        solution is counted (EXHAUSTED); RUNNING when the budget ran out or ``stop[0]`` was set."""
        self.state = int(
            self._kernels.advance(
                self._boards,
                self._ints,
                self._regs,
                self.n,
                np.ascontiguousarray(banned, dtype=np.bool_),
                budget,
                count,
                self.solution,
                self.seen,
                stop,
            )
        )
        return self.state
