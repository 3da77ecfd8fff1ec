"""The solution browser: step through the remaining solutions, shown on the board without committing, and
complete the board to one of them (Solve), on either engine."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from app.gui.workers.engine_board import EngineBoard
from bdd_model import Cell, Decision, DecisionKind
from bdd_model.questions import Answer, SolutionAt, SolutionFound, cells_of


def dead_end_words(then: str) -> str:
    """What a request says on decisions that leave no solution (kept under an assist)."""
    return f"No solution keeps your decisions: Check (Ctrl+K) first, then {then}."


class Changes(Protocol):
    """What the browser needs of the session: the board, and a way to change its decisions."""

    @property
    def configurator(self) -> EngineBoard | None: ...

    def change(self, after: Sequence[Decision], text: str) -> None: ...


class SolutionBrowser(QObject):
    """Which remaining solution is shown, and the solutions fetched for the current decisions."""

    browsed = Signal()
    """Another solution is shown, or none."""
    said = Signal(str)
    """Why nothing is shown: the player's decisions leave no solution (kept by an assist)."""

    def __init__(self, session: Changes, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._index: int | None = None
        self._solutions: dict[int, frozenset[Cell]] = {}

    @property
    def preview(self) -> frozenset[Cell] | None:
        """The squares of the solution being shown, if it is at hand."""
        if self._session.configurator is None or self._index is None:
            return None
        return self._solutions.get(self._index)

    @property
    def index(self) -> int | None:
        return self._index

    def clear(self) -> None:
        """The decisions changed: what was fetched no longer holds (nothing is shown)."""
        self._index = None
        self._solutions.clear()

    def browse(self, step: int) -> None:
        """Show the next (step 1) or previous (step −1) remaining solution, wrapping around
        where the number of solutions is known."""
        cfg = self._session.configurator
        if cfg is None or self._at_dead_end(cfg, "browse the solutions") or cfg.count == 0:
            return
        if self._index is None:
            index = 0 if step > 0 else (cfg.count - 1 if cfg.count is not None else 0)
        else:
            index = self._index + step
        if cfg.count is not None:
            index %= cfg.count
        self.browse_to(max(index, 0))

    def browse_to(self, index: int) -> None:
        """Show the index-th remaining solution (0-based, clamped to the remaining ones)."""
        cfg = self._session.configurator
        if cfg is None or cfg.count == 0:
            return
        if cfg.count is not None:
            index = min(max(index, 0), cfg.count - 1)
        self._with_solution(index, lambda shown, _: self._show(shown))

    def stop(self) -> None:
        """Hide the solution shown."""
        if self._index is not None:
            self._index = None
            self.browsed.emit()

    def solve(self) -> None:
        """Complete the board to the solution shown (or the first one): one undo step."""
        cfg = self._session.configurator
        if cfg is None or self._at_dead_end(cfg, "Solve") or cfg.is_solved or cfg.count == 0:
            return
        index = self._index if self._index is not None else 0
        self._with_solution(index, lambda _, squares: self._complete(cfg, squares))

    def _at_dead_end(self, cfg: EngineBoard, then: str) -> bool:
        """True, and said, when the player's decisions (kept by an assist) leave no solution."""
        if cfg.count == 0 and cfg.decisions and not cfg.strict:
            self.said.emit(dead_end_words(then))
            return True
        return False

    def _show(self, index: int) -> None:
        self._index = index
        self.browsed.emit()

    def _with_solution(self, index: int, then: Callable[[int, frozenset[Cell]], None]) -> None:
        """Run ``then(index, solution)`` with the index-th remaining solution when it is known (at
        once on the diagram, when it arrives on the SAT engine); past the last one, with the first."""
        cfg = self._session.configurator
        assert cfg is not None
        if index in self._solutions:
            then(index, self._solutions[index])
            return

        def arrived(found: Answer) -> None:
            if not isinstance(found, SolutionFound):
                if index > 0:
                    self._with_solution(0, then)
                return
            self._solutions[index] = frozenset(cells_of(found.squares))
            then(index, self._solutions[index])

        cfg.ask(SolutionAt(index), arrived)

    def _complete(self, cfg: EngineBoard, squares: frozenset[Cell]) -> None:
        if cfg is not self._session.configurator:
            return
        placed = {d.cell for d in cfg.decisions}
        queens = [Decision(cell, DecisionKind.QUEEN) for cell in sorted(squares - placed)]
        self._session.change((*cfg.decisions, *queens), "Solve")
