"""The SAT engine as an engine of the registry: any family's board to 100×100, answered at once in the
engine worker process (CaDiCaL holds the GIL for a whole call; a large board's memory must not take the window
down)."""

from __future__ import annotations

from bdd_model.engine import Engine
from bdd_model.engines.engine_kind import EngineKind, Warn, _quiet, family_board
from bdd_model.progress import ProgressCallback, no_progress
from bdd_model.puzzles import FamilyPuzzle, Puzzle
from bdd_model.sat.engine import SAT_ENGINE_MAX_N, SatEngine, check_sat_engine_size
from bdd_model.sat.kept_proofs import load_solutions, save_solutions
from bdd_model.sat.kernels.sat_kernels import sat_kernels


class SolverEngine(EngineKind):
    """The SAT engine: every size at once, counts estimated past what can be counted."""

    name = "sat"
    title = SatEngine.title
    short_title = "SAT"
    choice_label = "&SAT Engine Only"
    choice_words = (
        f"Always the SAT engine: any size to {SAT_ENGINE_MAX_N}×{SAT_ENGINE_MAX_N} at once, "
        "large counts estimated"
    )
    in_worker = True

    def largest(self, puzzle: Puzzle) -> int:
        return SAT_ENGINE_MAX_N if isinstance(puzzle, FamilyPuzzle) else 0

    def prepare(self) -> bool:
        return sat_kernels().prepare()

    def recall(self, board: Engine, warn: Warn = _quiet) -> None:
        """The solutions kept in the cache folder (``kept_proofs``): a reopened game's decisions
        are proven at once when one of them holds every queen."""
        assert isinstance(board, SatEngine)
        load_solutions(board, warn)

    def keep(self, board: Engine, warn: Warn = _quiet) -> None:
        """The board's solutions into the cache folder, for the next process."""
        assert isinstance(board, SatEngine)
        save_solutions(board, warn)

    def check_size(self, puzzle: Puzzle) -> None:
        check_sat_engine_size(family_board(self.title, puzzle).n)

    def open(
        self,
        puzzle: Puzzle,
        backend: str = "auto",
        construction: str = "search",
        progress: ProgressCallback = no_progress,
        warn: Warn = _quiet,
    ) -> SatEngine:
        board = family_board(self.title, puzzle)
        return SatEngine(board.n, rules=board.rules)


SOLVER = SolverEngine()
