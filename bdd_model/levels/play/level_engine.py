"""A region level answered by the levels' exact search: every square's state, the count, why a square is
closed and the k-th solution, each proven by searches (a solution through a square proves it open, and every
square of that solution with it; a search that finds none closes it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations, islice

import numpy as np

from bdd_model.board import Cell, CellState
from bdd_model.decisions import DecisionKind
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.level_search_kernels import LevelKernels
from bdd_model.levels.play.level_board import LevelBoard, smallest_meeting, split
from bdd_model.levels.play.search_insight import SearchInsight
from bdd_model.progress import CancelToken
from bdd_model.puzzles import LevelPuzzle

SEARCH_TITLE = "level search"
"""The engine as people name it."""


class LevelEngine(LevelBoard):
    """A level's board answered by the levels' exact search."""

    engine = "search"
    title = SEARCH_TITLE

    def __init__(
        self, puzzle: LevelPuzzle, kernel_choice: LevelKernels | None = None, strict: bool = True
    ) -> None:
        super().__init__(puzzle, strict)
        self._search = LevelSearch(puzzle.level, kernel_choice)

    def solution_squares(self, index: int) -> list[Cell]:
        """The squares of the index-th remaining solution in the search's order, row-major;
        IndexError past the end."""
        if index < 0:
            raise IndexError(f"there is no solution number {index + 1}")
        found = next(islice(self._search.solutions(*split(self._decisions)), index, None), None)
        if found is None:
            raise IndexError(f"there is no solution number {index + 1}")
        return self._search.cells(found)

    def _count_of(self, decisions: Mapping[Cell, DecisionKind], cancel: CancelToken | None = None) -> int:
        return self._search.count(*split(decisions), cancel=cancel)

    def _proven(self, decisions: Mapping[Cell, DecisionKind], cancel: CancelToken | None) -> np.ndarray:
        return self._search.proven(*split(decisions), cancel=cancel)

    def _first(
        self,
        decisions: Mapping[Cell, DecisionKind],
        targets: Iterable[Cell] = (),
        cancel: CancelToken | None = None,
    ) -> list[Cell] | None:
        queens, marks = split(decisions)
        return self._search.counted([*queens, *targets], marks, limit=1, cancel=cancel).first

    def _counts_through(self, cancel: CancelToken | None) -> np.ndarray:
        """A count through each open square, the total on forced ones."""
        self.settle(cancel)
        counts = np.zeros((self.n, self.n), dtype=np.int64)
        queens, marks = split(self._decisions)
        view = self.view()
        for row, col in zip(*np.nonzero(view.codes <= 3), strict=True):
            cell = Cell(int(row), int(col))
            state = view.state(*cell)
            if state is CellState.OPEN:
                counts[cell] = self._search.count([*queens, cell], marks, cancel=cancel)
            elif state in (CellState.QUEEN, CellState.FORCED):
                counts[cell] = self.count
        return counts

    def _fewest_to_take_back(
        self, targets: list[Cell], cancel: CancelToken | None = None
    ) -> list[Cell] | None:
        """The smallest set meeting every conflicting set of decisions (each one found by taking
        decisions out one by one while the rest still conflict), so that the rest and pieces on
        the targets keep a solution."""
        if not self._solvable({}, targets, cancel):
            return None
        conflicts = self._clashes()
        while True:
            taken_back = smallest_meeting(conflicts)
            kept = {c: k for c, k in self._decisions.items() if c not in taken_back}
            if self._solvable(kept, targets, cancel):
                return taken_back
            core = dict(kept)
            for cell in list(core):
                without = {c: k for c, k in core.items() if c != cell}
                if not self._solvable(without, targets, cancel):
                    core = without
            conflicts.append(frozenset(core))

    def _clashes(self) -> list[frozenset[Cell]]:
        """The sets of pieces that break the rules between them, found without a search: two
        that touch, and K + 1 in one row, column or region."""
        pieces = sorted(cell for cell, kind in self._decisions.items() if kind is DecisionKind.QUEEN)
        clashes = [
            frozenset(pair)
            for pair in combinations(pieces, 2)
            if abs(pair[0].row - pair[1].row) <= 1 and abs(pair[0].col - pair[1].col) <= 1
        ]
        region = self.puzzle.region_of
        for line in (lambda c: c.row, lambda c: c.col, lambda c: int(region[c.row, c.col])):
            groups: dict[int, list[Cell]] = {}
            for cell in pieces:
                groups.setdefault(line(cell), []).append(cell)
            for members in groups.values():
                clashes.extend(frozenset(many) for many in combinations(members, self.puzzle.stars + 1))
        return list(dict.fromkeys(clashes))

    def _insight(self) -> SearchInsight:
        return SearchInsight(self._search.searches, self._search.kept)
