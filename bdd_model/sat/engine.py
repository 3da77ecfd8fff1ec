"""The SAT engine: the configurator's answers on boards up to 100×100, each square closed by the decisions'
lines, proven open by a solution through it (kept, or found by local search), or decided by its own complete
search, and what stays proven kept across clicks; one incremental python-sat solver gives the explanations'
cores and the list of solutions."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from types import ModuleType

import numpy as np

from bdd_model.board import (
    FITS,
    STATE_OF_CODE,
    STATE_ORDER,
    UNDECIDED,
    Cell,
    CellState,
    check_cell,
    check_whole_size,
)
from bdd_model.board_view import BoardView
from bdd_model.cnf.encoding import variable
from bdd_model.cnf.solving import DEFAULT_SOLVER
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.diagram.layer_sweeps import Restriction
from bdd_model.errors import DecisionError, QueryCancelled
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.progress import CancelToken
from bdd_model.puzzles import FamilyPuzzle
from bdd_model.puzzles.family_answers import column_squares, most_solutions_advice
from bdd_model.questions import Advice
from bdd_model.sat.estimate import DEFAULT_PROBES, ceiling, decision_seed, summarize
from bdd_model.sat.explain import fewest_retractions
from bdd_model.sat.kernels.completion import EXHAUSTED, FOUND, Search
from bdd_model.sat.kernels.family_kernels import FamilyKernels
from bdd_model.sat.kernels.sat_kernels import SatKernels, sat_kernels
from bdd_model.sat.memory import Memory
from bdd_model.sat.models import ModelStore
from bdd_model.sat.proofs import THREADS, Ended, Prover, Question, threads
from bdd_model.sat.rules import IncrementalSolver
from bdd_model.sat.solver_insight import SolverInsight
from bdd_model.solution_count import Estimate, SolutionCount
from bdd_model.states import (
    CellCallback,
    board_states,
    checked_decisions,
    no_solution_error,
    refuse_mark,
    refuse_place,
    why_not_open,
)

SAT_ENGINE_MAX_N = 100
"""The largest board the SAT engine answers."""

COUNT_ROWS = 24
"""A click tries an exact count only when at most this many rows hold no queen."""

COUNT_NODES = 5_000
"""Nodes of the census (``proofs``) a click may spend counting; a count that needs more is
estimated, and counted in the background when the estimate says it can be."""

NODES_PER_SOLUTION = 10
"""Nodes the census visits per solution, at least: an estimate above ``COUNT_NODES`` divided by
this is not worth counting at the click."""

QUICK_WORK = 1_300_000
"""Probes of the estimate a click shows first, times N² (a probe takes about N² steps): 256
probes up to N = 71, 130 at N = 100. The rest of ``DEFAULT_PROBES`` follow in the background
and refine it."""

EXACT_REACH = 50_000
"""An estimate whose 95% interval stays below this many solutions is replaced by an exact count
of at most ``FULL_COUNT_NODES`` nodes."""

FULL_COUNT_NODES = 3_000_000
"""Nodes of that exact count, in the worker's idle time (a few seconds at most)."""

COVER_CHUNK = 64
"""Squares given to one ``cover`` call (one per thread at a time): a cancel or a progress report
comes between two calls."""

NO_STOP = np.zeros(1, dtype=np.int64)
"""The stop flag of a search nobody cancels."""

GUIDES = 32
"""Solutions the witness searches are guided by (the newest found under the decisions)."""

KEPT_STARTS = 128
"""The newest kept solutions repairs start from (agreeing with the decisions or not)."""

MARKED_POOL = 64
"""The newest agreeing kept solutions whose swaps are marked when the decisions change."""

NEAR_LINES = 2
"""Free rows, and free columns, nearest the last decision and the square pointed at that the
engine decides first: the lines the person is about to fill."""

REPAIRS_JUDGED = 32
"""Repairs after which local search is judged on this board's decisions."""
REPAIRS_KEPT = 0.125
"""The share of those repairs that must find a solution for local search to go on; below it,
the squares go straight to their complete searches (docs/measurements.md)."""


def check_sat_engine_size(n: object) -> int:
    """N for the SAT engine: a whole number from 1 to SAT_ENGINE_MAX_N."""
    return check_whole_size(
        n, SAT_ENGINE_MAX_N, "N={n} is above {maximum}, the largest board the SAT engine answers"
    )


def quick_probes(n: int) -> int:
    """The probes of the first estimate on an n×n board (see ``QUICK_WORK``)."""
    return min(256, QUICK_WORK // (n * n))


def repair_steps(n: int) -> int:
    """Moves a min-conflicts repair may take before the search decides the square instead."""
    return 30 * n


@dataclass(eq=False)
class _Knowledge:
    """What is proven under one set of decisions."""

    restriction: Restriction
    possible: np.ndarray
    closed: np.ndarray
    queens: np.ndarray
    tried: np.ndarray
    prover: Prover
    pool: list[list[int]]
    kept_agreeing: int
    repairs: np.ndarray = field(default_factory=lambda: np.zeros(2, dtype=np.int64))
    """Repairs tried, and those that found a solution."""
    exact: int | None = None
    counted: bool = False
    found: int = 0
    listed: list[tuple[int, ...]] | None = None
    listing_literal: int = 0
    listing_done: bool = False
    full_count: int | None = None
    weights: np.ndarray = field(default_factory=lambda: np.empty(0))
    ceiling: float = 0.0


class SatEngine:
    """Decisions on one board and everything they imply; 0-based cells.

    Squares are decided lazily: ``view`` shows what is proven, ``settle`` proves the
    rest, and the other queries settle what they need. ``count`` is exact when the remaining
    solutions can be searched within ``COUNT_NODES``, otherwise None, and then ``count_at_least``
    is a true lower bound. ``seed`` fixes the witnesses' random choices; the answers never
    depend on it.
    """

    engine = "sat"
    strict = True
    """Always: a decision that leaves no solution is refused."""
    title = "SAT engine"

    def __init__(
        self,
        n: int,
        solver: str = DEFAULT_SOLVER,
        seed: int = 1,
        kernel_choice: SatKernels | None = None,
        rules: RuleFamily = CLASSIC,
    ) -> None:
        self._n = check_sat_engine_size(n)
        self.rules = rules
        """The rules the board is played by."""
        self.puzzle = FamilyPuzzle.of(rules, n)
        """The board played: the family at this size."""
        self._solver = IncrementalSolver(n, solver, rules=rules)
        self._kernels = kernel_choice or sat_kernels()
        self._family_kernels: dict[int, FamilyKernels] = {}
        self._models = ModelStore(n)
        self._rng = np.random.default_rng(seed)
        self._decisions: dict[Cell, DecisionKind] = {}
        self._ever = np.zeros((n, n), dtype=bool)
        self._never = np.zeros((n, n), dtype=bool)
        self._memory = Memory()
        self._pointed: Cell | None = None
        self._scratch = [Search.arrays(n) for _ in range(THREADS)]
        self._has_solutions = not rules.has_no_solution(n)
        self._k = self._knowledge(Restriction.empty(n))
        if not self._has_solutions:
            self._k.closed[:] = True
        else:
            self._learn_built()

    def _bound(self, module: ModuleType) -> FamilyKernels:
        """``module``'s kernels on this board's family and size (one object a module, so that a
        search told to go on with the same kernels sees they are the same)."""
        bound = self._family_kernels.get(id(module))
        if bound is None or bound.module is not module:
            bound = self._family_kernels[id(module)] = FamilyKernels(module, self.rules, self.n)
        return bound

    # ----- the Engine interface: decisions ------------------------------------------------

    @property
    def n(self) -> int:
        return self._n

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """The decisions in the order they were taken."""
        return tuple(Decision(cell, kind) for cell, kind in self._decisions.items())

    @property
    def compiled(self) -> bool:
        """True when the compiled kernels answer (else numpy does, while they compile)."""
        return self._kernels.compiled

    def place(self, row: int, col: int) -> None:
        """A queen on an OPEN or FORCED square."""
        cell = check_cell(self.n, row, col)
        self._check_has_solutions()
        if cell in self._decisions or not self._possible(cell):
            raise refuse_place(self, cell)
        decisions = {**self._decisions, cell: DecisionKind.QUEEN}
        self._witnessed(Restriction.of(self.n, decisions))
        self._switch(decisions)

    def mark(self, row: int, col: int) -> None:
        """No queen on (row, col): refused where a queen is placed, forced or it is marked."""
        cell = check_cell(self.n, row, col)
        self._check_has_solutions()
        kind = self._decisions.get(cell)
        if kind is not None:
            state = CellState.QUEEN if kind is DecisionKind.QUEEN else CellState.MARKED
            raise refuse_mark(cell, state, self.rules.piece)  # type: ignore[misc]
        if not self._can_be_empty(cell):
            raise refuse_mark(cell, CellState.FORCED, self.rules.piece)  # type: ignore[misc]
        self._switch({**self._decisions, cell: DecisionKind.MARK})

    def retract(self, row: int, col: int) -> Decision:
        """Take back the decision on (row, col), whenever it was taken; return it."""
        cell = check_cell(self.n, row, col)
        if cell not in self._decisions:
            raise DecisionError(f"there is no decision on {cell.label()} to retract")
        kind = self._decisions[cell]
        self._switch({c: k for c, k in self._decisions.items() if c != cell})
        return Decision(cell, kind)

    def restore(self, decisions: Sequence[Decision], cancel: CancelToken | None = None) -> None:
        """Take exactly these decisions at once: all or nothing. QueryCancelled when the token
        is set before a solution keeping them all is found or proven not to exist."""
        chosen = checked_decisions(self.n, decisions)
        if not chosen:
            self.clear()
            return
        self._check_has_solutions()
        witnessed = self._witnessed(Restriction.of(self.n, chosen))
        if not witnessed and not self._holds(self._assumptions(chosen), cancel):
            raise DecisionError("these decisions leave no solution")
        self._switch(chosen)

    def kept_solutions(self) -> np.ndarray:
        """The solutions kept so far, oldest first, one per row (int16): what ``keep_solutions``
        takes back in another process."""
        return self._models.newest(len(self._models)).copy()

    def keep_solutions(self, solutions: np.ndarray) -> int:
        """Keep the rows of ``solutions`` that are solutions of this board (each is checked:
        they may come from a damaged file); how many were."""
        fixed, usable = np.full(self.n, -1, dtype=np.int64), np.ones((self.n, self.n), dtype=bool)
        valid = self._bound(self._kernels.witness).valid
        kept = 0
        for columns in np.asarray(solutions, dtype=np.int64).reshape(-1, self.n):
            if valid(columns, fixed, usable):
                self._learn(columns)
                kept += 1
        return kept

    def known_count(self) -> SolutionCount:
        """What is known of the count now, without searching: exact, else the lower bound with
        the estimate computed so far."""
        k = self._k
        if k.exact is not None:
            return SolutionCount.of(k.exact, known=not self._decisions)
        if not len(k.weights):
            return SolutionCount(None, self.count_at_least)
        figure = self._estimated(len(k.weights), None)
        assert figure is not None
        return figure

    def clear(self) -> None:
        """Retract every decision."""
        self._switch({})

    def point_at(self, cell: Cell | None) -> None:
        """The square the person points at (None: none): the lines nearest it, and the last
        decision's, are proven first. May be called from another thread while ``settle`` runs."""
        self._pointed = cell

    def focus(self) -> np.ndarray:
        """The undecided squares of the ``NEAR_LINES`` free rows and columns nearest the last
        decision and the square pointed at (N×N, bool)."""
        k, n = self._k, self.n
        last = next(reversed(self._decisions), None)
        anchors = [cell for cell in (last, self._pointed) if cell is not None]
        near = np.zeros((n, n), dtype=bool)
        free_rows = np.flatnonzero(~k.queens.any(axis=1))
        free_cols = np.flatnonzero(~k.queens.any(axis=0))
        for anchor in anchors:
            rows = free_rows[np.argsort(np.abs(free_rows - anchor.row), kind="stable")[:NEAR_LINES]]
            cols = free_cols[np.argsort(np.abs(free_cols - anchor.col), kind="stable")[:NEAR_LINES]]
            near[rows] = True
            near[:, cols] = True
        return near & ~(k.possible | k.closed)

    # ----- the Engine interface: answers --------------------------------------------------

    def cell(self, row: int, col: int) -> CellState:
        """The square's state, settling only what it needs where that is enough."""
        cell = check_cell(self.n, row, col)
        unknown = self._known()[cell.row][cell.col] is None and cell not in self._decisions
        if unknown and self._possible(cell):
            self._can_be_empty(cell)
        state = self._known()[cell.row][cell.col]
        if state is None:
            self.settle()
            state = self._known()[cell.row][cell.col]
        assert state is not None
        return state

    def states(self) -> list[list[CellState]]:
        """The whole board, settled."""
        self.settle()
        states = board_states(self.puzzle, self._decisions, self._k.possible, self._k.queens)
        return [list(row) for row in states]

    def queens(self) -> list[Cell]:
        """Placed and forced queens, row-major."""
        self.settle()
        return [Cell(int(r), int(c)) for r, c in zip(*np.nonzero(self._k.queens), strict=True)]

    def attackers(self, row: int, col: int) -> list[Cell]:
        """The placed and forced queens attacking (row, col) under the family's rules."""
        target = check_cell(self.n, row, col)
        return [queen for queen in self.queens() if self.rules.excludes(self.n, queen, target)]

    def why_not_open(self, row: int, col: int) -> str:
        """Why a queen cannot be placed on (row, col) now, as a clause ("" when it can)."""
        return why_not_open(self, row, col)

    @property
    def is_solved(self) -> bool:
        """Every row holds a queen (placed or forced): one solution remains."""
        self.settle()
        return self._has_solutions and bool(self._k.queens.any(axis=1).all())

    @property
    def count(self) -> int | None:
        """The exact number of solutions left when a search of ``COUNT_NODES`` counts them all,
        else None (then ``estimate`` and ``count_at_least`` say what is known)."""
        if not self._has_solutions:
            return 0
        k = self._k
        if not k.counted:
            self.settle()
            k.counted = True
            free_rows = int((~k.queens.any(axis=1)).sum())
            if free_rows <= COUNT_ROWS:
                self._count_all(COUNT_NODES)
        return k.exact

    @property
    def count_at_least(self) -> int:
        """A true lower bound: the exact count, else the most distinct solutions seen at once
        (kept models that agree with the decisions, listed ones, those a count reached)."""
        k = self._k
        if not self._has_solutions:
            return 0
        if k.exact is not None:
            return k.exact
        return max(1, k.kept_agreeing, len(k.listed or ()), k.found)

    def quick_count(self, cancel: CancelToken | None = None) -> SolutionCount | None:
        """The figure a click shows: the exact count within ``COUNT_NODES``, else an estimate
        from the first ``quick_probes`` probes. The estimate comes first: when it says a search
        of ``COUNT_NODES`` would not reach every solution (``NODES_PER_SOLUTION``), the click
        does not pay for a search that fails (the final figure still counts exactly what
        ``EXACT_REACH`` allows). None when cancelled."""
        if not self.settle(cancel):
            return None
        if self._k.exact is not None:
            known = not self._decisions and self._k.exact == self.rules.known_count(self.n)
            return SolutionCount.of(self._k.exact, known=known)
        quick = self._estimated(quick_probes(self.n), cancel)
        if quick is None:
            return None
        beyond = quick.estimate is not None and quick.estimate.value * NODES_PER_SOLUTION > COUNT_NODES
        if not beyond and self.count is not None:
            return SolutionCount.of(self.count)
        return quick

    def solution_count(self, cancel: CancelToken | None = None) -> SolutionCount | None:
        """The final figure, the same for the same decisions wherever it is asked: exact when
        ``COUNT_NODES`` count it, or when the 95% interval of ``DEFAULT_PROBES`` probes stays below
        ``EXACT_REACH`` (with no probe reaching a solution, its Clopper–Pearson bound: a rigid
        family's probes rarely reach one, and a census then costs seconds in vain) and
        ``FULL_COUNT_NODES`` count it; else that estimate, never below the solutions seen; else
        (no probe reached a solution) the solutions seen, as a lower bound. None when cancelled."""
        quick = self.quick_count(cancel)
        if quick is None or quick.exact is not None:
            return quick
        figure = self._estimated(DEFAULT_PROBES, cancel)
        if figure is None:
            return None
        k = self._k
        interval = figure.estimate or summarize(k.weights[:DEFAULT_PROBES], k.ceiling)
        small = interval.high <= EXACT_REACH
        if small and k.full_count is None:
            k.full_count = self._search_count(FULL_COUNT_NODES, cancel)
            if cancel is not None and cancel.cancelled:
                k.full_count = None
                return None
        if k.full_count is not None:
            return SolutionCount.of(k.full_count)
        return figure

    def cell_counts(self, cancel: CancelToken | None = None) -> None:
        """None: the SAT engine does not count per square (the heat map is a BDD feature)."""
        return None

    def explain(self, row: int, col: int, cancel: CancelToken | None = None) -> list[Cell] | None:
        """A smallest set of decision squares to retract so that a queen fits on (row, col):
        an implicit hitting set over the solver's cores (``explain.py``). Raises QueryCancelled
        when the token is set during a solver call (the cores found so far are learned)."""
        cell = check_cell(self.n, row, col)
        if not self._has_solutions:
            return None
        if self._possible(cell):
            return []
        target = variable(self.n, *cell)
        if not self._ever[cell] and not self._never[cell] and not self._holds([target], cancel):
            self._never[cell] = True
        if self._never[cell]:
            return None
        literals = {self._literal(c, kind): c for c, kind in self._decisions.items()}
        direct = [
            [lit]
            for lit, c in literals.items()
            if (lit > 0 and self.rules.excludes(self.n, c, cell)) or c == cell
        ]

        def holds(assumptions: list[int]) -> bool:
            """Satisfiable? The search says; after False the solver finds the core."""
            if self._holds(assumptions, cancel):
                return True
            if self._solve(assumptions, cancel) is not None:
                raise AssertionError("the search and the solver disagree")
            return False

        return fewest_retractions(target, literals, holds, lambda: self._solver.solver.get_core(), direct)

    def solution(self, index: int) -> tuple[int, ...]:
        """The index-th remaining solution, in the order found (the kept ones first, then
        enumerated with blocking clauses on demand); IndexError past the last one."""
        k = self._k
        if k.listed is None:
            k.listed = [tuple(columns) for columns in k.pool]
        while index >= len(k.listed) and not k.listing_done and self._has_solutions:
            self._list_one_more()
        if not 0 <= index < len(k.listed):
            raise IndexError(f"solution {index + 1} does not exist ({len(k.listed)} found so far)")
        return k.listed[index]

    def solutions(self) -> Iterator[tuple[int, ...]]:
        """Every remaining solution, in the order of ``solution``."""
        index = 0
        while True:
            try:
                yield self.solution(index)
            except IndexError:
                return
            index += 1

    def hint(self) -> Cell | None:
        """The open square that the most kept solutions agreeing with the decisions use (a
        sampled stand-in for the BDD's "most solutions"), the first in row-major order on a tie;
        None when no square is open."""
        states = self.states()
        use = self._models.queens(self._models.agreeing(self._k.restriction))
        open_cells = [
            Cell(r, c) for r in range(self.n) for c in range(self.n) if states[r][c] is CellState.OPEN
        ]
        return max(open_cells, key=lambda cell: use[cell.row, cell.col], default=None)

    def solution_squares(self, index: int) -> list[Cell]:
        """The squares of ``solution(index)``."""
        return column_squares(self.solution(index))

    def advice(self) -> Advice | None:
        """A piece on ``hint``, the square that keeps the most solutions open."""
        return most_solutions_advice(self)

    def take_back(self) -> list[Cell]:
        """Nothing: a decision that leaves no solution is refused, never kept."""
        return []

    def witness(self, row: int, col: int) -> tuple[int, ...] | None:
        """A remaining solution with a queen on (row, col): a kept one, else one found now; None
        when the square is in no remaining solution. For checks and the solution preview."""
        cell = check_cell(self.n, row, col)
        for columns in reversed(self._k.pool):
            if columns[row] == col:
                return tuple(columns)
        if not self._has_solutions or not self._possible(cell):
            return None
        for columns in reversed(self._k.pool):
            if columns[row] == col:
                return tuple(columns)
        fixed = self._fixed()
        question = Question.ask(self._bound(self._kernels.completion), ~self._k.closed, fixed, (row, col))
        ended = self._answer(question, self._k.closed, fixed, None)
        assert ended.solution is not None
        return tuple(int(c) for c in ended.solution)

    # ----- progressive answers -------------------------------------------------------------

    def settle(self, cancel: CancelToken | None = None, on_cell: CellCallback | None = None) -> bool:
        """Decide every square: one try at a witness each first, then a complete search each.
        ``on_cell`` hears each square once, when its final state is known; the cancel token is
        looked at between two kernel calls or search slices (and within them). False when
        cancelled: what was proven stays proven. Squares known before the call are not reported
        again (``view`` has them)."""
        reported = np.logical_or.reduce(list(self._final_masks().values()))
        try:
            while True:
                self._propagate()
                self._report(on_cell, reported)
                k = self._k
                unknown = ~(k.possible | k.closed)
                if not unknown.any():
                    return True
                if cancel is not None and cancel.cancelled:
                    return False
                untried = unknown & ~k.tried
                near = self.focus() & untried
                targets = np.flatnonzero((near if near.any() else untried).ravel())
                if len(targets):
                    self._rng.shuffle(targets)
                    self._cover(targets[: COVER_CHUNK * THREADS], cancel)
                else:
                    self._prove(unknown, cancel)
        except QueryCancelled:
            return False
        finally:
            self._k.prover.halt()
            self._report(on_cell, reported)

    def prepare_solver(self, cancel: CancelToken | None = None) -> bool:
        """Build the incremental solver now rather than at its first need (N = 100: about
        0.5 s, most of it spent encoding the rules): a slice at a time, False when the token was
        set between two slices (what was built stays for the next call)."""
        return self._solver.build(cancel)

    @property
    def solver_calls(self) -> int:
        """Calls to the incremental solver so far."""
        return self._solver.calls

    # ----- internals ------------------------------------------------------------------------

    def _check_has_solutions(self) -> None:
        if not self._has_solutions:
            raise no_solution_error(self.n, self.rules)

    def _literal(self, cell: Cell, kind: DecisionKind) -> int:
        var = variable(self.n, *cell)
        return var if kind is DecisionKind.QUEEN else -var

    def _assumptions(self, decisions: dict[Cell, DecisionKind] | None = None) -> list[int]:
        chosen = self._decisions if decisions is None else decisions
        return [self._literal(cell, kind) for cell, kind in chosen.items()]

    def _solve(self, assumptions: list[int], cancel: CancelToken | None = None) -> list[int] | None:
        """A solution under the assumptions (queen's column per row), learned; None if none."""
        columns = self._solver.solve(assumptions, cancel)
        if columns is not None:
            self._learn(columns)
        return columns

    def _fixed(self) -> np.ndarray:
        """The column of each row's placed or forced queen, −1 for a free row."""
        queens = self._k.queens
        return np.where(queens.any(axis=1), queens.argmax(axis=1), -1).astype(np.int64)

    def _learn(self, columns: Sequence[int] | np.ndarray) -> None:
        """Keep a solution; if it agrees with the decisions, its queens and swaps are open."""
        row = np.asarray(columns, dtype=np.int64)
        k = self._k
        if k.restriction.allows_all(row.tolist()):
            self._bound(self._kernels.witness).mark_swaps(row, self._fixed(), ~k.closed, k.possible)
            self._keep_agreeing_all(row[None, :])
        else:
            self._models.add(row)
            self._ever[np.arange(self.n), row] = True

    def _learn_built(self) -> None:
        """Keep the family's formula-built solutions that agree with the decisions."""
        queens = tuple(cell for cell, kind in self._decisions.items() if kind is DecisionKind.QUEEN)
        for columns in self.rules.built(self.n, queens):
            if self._k.restriction.allows_all(list(columns)):
                self._learn(columns)

    def _witnessed(self, restriction: Restriction) -> bool:
        """Whether a kept solution agrees with these decisions, or one swap of a kept solution
        does (then it is kept): a click on a square a swap proved open keeps its witness, so
        the next free rows show open squares at once."""
        if len(self._models.agreeing(restriction)):
            return True
        fixed = restriction.queen_col.astype(np.int64)
        usable = ~restriction.marked
        valid = self._bound(self._kernels.witness).valid
        for columns in self._models.one_swap_away(restriction):
            if valid(columns, fixed, usable):
                self._learn(columns)
                return True
        return False

    def _knowledge(self, restriction: Restriction) -> _Knowledge:
        n = self.n
        placed = _placed(restriction)
        agreeing = self._models.agreeing(restriction)
        empty = not placed.any() and not restriction.marked.any()
        return _Knowledge(
            restriction=restriction,
            possible=placed.copy(),
            closed=restriction.marked | self.rules.attacked(n, placed),
            queens=placed,
            tried=np.zeros((n, n), dtype=bool),
            prover=Prover(self._bound(self._kernels.completion)),
            pool=self._models.rows(agreeing[-MARKED_POOL:]),
            kept_agreeing=len(agreeing),
            exact=self.rules.known_count(n) if empty else None,
        )

    def _switch(self, decisions: dict[Cell, DecisionKind]) -> None:
        """Take exactly these (checked) decisions, keeping what stays proven: everything when
        they leave the same solutions (marks put on closed squares, or taken off attacked
        ones)."""
        old = self._k
        if self._same_solutions(decisions):
            restriction = Restriction.of(self.n, decisions)
            seed = self._seed(decisions)
            self._k = dataclasses.replace(
                old, restriction=restriction, closed=old.closed | restriction.marked
            )
            if seed != self._seed(self._decisions):
                self._k.weights = np.empty(0)
            self._decisions = decisions
            return
        knowledge = self._knowledge(Restriction.of(self.n, decisions))
        self._memory.remember(self._decisions, old.possible, old.closed)
        self._memory.recall(decisions, knowledge.possible, knowledge.closed)
        if old.listing_literal:
            self._solver.solver.add_clause([-old.listing_literal])
        self._decisions, self._k = decisions, knowledge
        if self._has_solutions:
            fixed, usable = self._fixed(), ~knowledge.closed
            for columns in knowledge.pool:
                self._bound(self._kernels.witness).mark_swaps(
                    np.asarray(columns, dtype=np.int64), fixed, usable, knowledge.possible
                )
            self._learn_built()
            self._propagate()

    def _same_solutions(self, decisions: dict[Cell, DecisionKind]) -> bool:
        """Whether these decisions leave exactly the solutions the current ones leave: the same
        queens, and the marks that differ on squares closed either way."""
        old = self._decisions
        added = [cell for cell, kind in decisions.items() if old.get(cell) is not kind]
        removed = [cell for cell, kind in old.items() if decisions.get(cell) is not kind]
        if any(
            kind is DecisionKind.QUEEN
            for cell in added + removed
            for kind in (decisions.get(cell), old.get(cell))
        ):
            return False
        if added and removed:
            return False
        if added:
            return bool(self._k.closed[tuple(np.transpose(added))].all())
        attacked = self.rules.attacked(self.n, _placed(self._k.restriction))
        return bool(attacked[tuple(np.transpose(removed))].all()) if removed else True

    def _seed(self, decisions: dict[Cell, DecisionKind]) -> int:
        """The estimate's seed: from the queens and the marks no queen attacks (a mark on an
        attacked square changes no solution, so it changes no figure)."""
        queens = [cell for cell, kind in decisions.items() if kind is DecisionKind.QUEEN]
        marks = [
            cell
            for cell, kind in decisions.items()
            if kind is DecisionKind.MARK and not any(self.rules.excludes(self.n, q, cell) for q in queens)
        ]
        return decision_seed(self.n, queens, marks)

    def _propagate(self) -> None:
        """A row or column with one usable square and no queen holds its queen there in every
        solution: it is forced, and its lines close."""
        k = self._k
        while True:
            usable = ~k.closed
            rows = np.flatnonzero((usable.sum(axis=1) == 1) & ~k.queens.any(axis=1))
            cols = np.flatnonzero((usable.sum(axis=0) == 1) & ~k.queens.any(axis=0))
            forced = np.zeros_like(k.queens)
            forced[rows, usable[rows].argmax(axis=1)] = True
            forced[usable[:, cols].argmax(axis=0), cols] = True
            if not forced.any():
                return
            k.queens |= forced
            k.possible |= k.queens
            k.closed |= self.rules.attacked(self.n, k.queens)

    def _cover(self, targets: np.ndarray, cancel: CancelToken | None) -> None:
        """Witnesses for these squares (flat indices), or proofs they are closed: a kernel call
        for each share of them, side by side on the worker threads, each on its own copy of
        what the board has proven (so that what a call finds does not hang on the other's
        timing: the same decisions give the same answers), joined when both are done."""
        k, n = self._k, self.n
        starts = np.ascontiguousarray(self._models.newest(KEPT_STARTS), dtype=np.int64)
        stop = cancel.flag if cancel is not None else np.zeros(1, dtype=np.int64)
        fixed = self._fixed()
        tried, repaired = k.repairs
        steps = repair_steps(n) if tried < REPAIRS_JUDGED or repaired >= REPAIRS_KEPT * tried else 0
        cover = self._bound(self._kernels.witness).cover

        def look(share: np.ndarray, scratch: tuple[np.ndarray, ...], seed: int) -> tuple[np.ndarray, ...]:
            usable, possible, looked = ~k.closed, k.possible.copy(), k.tried.copy()
            found = np.empty((len(share), n), dtype=np.int64)
            repairs = np.zeros(2, dtype=np.int64)
            held = cover(
                starts, fixed, usable, possible, share, seed, steps, found, looked, stop, *scratch, repairs
            )
            return found[:held], repairs, usable, possible, looked

        shares = [share for share in np.array_split(targets.astype(np.int64), THREADS) if len(share)]
        seeds = [int(self._rng.integers(1 << 62)) for _ in shares]
        first, *rest = zip(shares, self._scratch, seeds, strict=False)
        others = [threads().submit(look, *job) for job in rest]
        looks = [look(*first), *(other.result() for other in others)]
        for found, repairs, usable, possible, looked in looks:
            k.closed |= ~usable
            k.possible |= possible
            k.tried |= looked
            k.repairs += repairs
            self._keep_agreeing_all(found)
        if cancel is not None and cancel.cancelled:
            raise QueryCancelled

    def _keep_agreeing_all(self, solutions: np.ndarray) -> None:
        """Keep solutions found under the decisions, one per row."""
        if not len(solutions):
            return
        k = self._k
        k.kept_agreeing += sum(self._models.add(columns) is not None for columns in solutions)
        self._ever[np.arange(self.n)[None, :], solutions] = True
        k.pool.extend(solutions.tolist())

    def _holds(self, assumptions: list[int], cancel: CancelToken | None = None) -> bool:
        """Whether some solution keeps these literals (a queen's variable, a mark's negation),
        by a complete search; a solution found is kept."""
        n = self.n
        placed = np.zeros(n * n, dtype=bool)
        marked = np.zeros(n * n, dtype=bool)
        placed[[lit - 1 for lit in assumptions if lit > 0]] = True
        marked[[-lit - 1 for lit in assumptions if lit < 0]] = True
        queens, banned = placed.reshape(n, n), marked.reshape(n, n)
        rows, cols = np.nonzero(queens)
        if len(np.unique(rows)) < len(rows) or (queens & banned).any():
            return False
        fixed = np.full(n, -1, dtype=np.int64)
        fixed[rows] = cols
        ended = self._answer(
            Question.ask(self._bound(self._kernels.completion), ~banned, fixed, None), banned, fixed, cancel
        )
        if ended.state != FOUND or ended.solution is None:
            return False
        self._learn(ended.solution)
        return True

    def _answer(
        self, question: Question, banned: np.ndarray, fixed: np.ndarray, cancel: CancelToken | None
    ) -> Ended:
        """Run a question to its end with the ``banned`` squares taken out; QueryCancelled when
        the token is set first."""
        stop = cancel.flag if cancel is not None else NO_STOP
        ended = question.answer(self._bound(self._kernels.completion), banned, fixed, stop, self._guides())
        if ended is None:
            raise QueryCancelled
        return ended

    def _possible(self, cell: Cell) -> bool:
        """Does some remaining solution have a queen on the square? Proven either way: one try
        at a witness, then the square's own complete search to its end."""
        k = self._k
        if not (k.possible[cell] or k.closed[cell]):
            self._cover(np.array([cell.row * self.n + cell.col]), None)
        if not (k.possible[cell] or k.closed[cell]):
            prover = self._prover()
            ended = prover.decide((cell.row, cell.col), k.closed, self._fixed(), NO_STOP, self._guides())
            assert ended is not None
            self._take(ended)
        return bool(k.possible[cell])

    def _can_be_empty(self, cell: Cell) -> bool:
        """Does some remaining solution leave the square empty (it is not forced)?"""
        k = self._k
        if k.possible[cell.row].sum() - k.possible[cell] > 0 or k.closed[cell]:
            return True
        if k.queens[cell]:
            return False
        others = [cell.row * self.n + c for c in range(self.n) if c != cell.col and not k.closed[cell.row, c]]
        if others:
            self._cover(np.array(others), None)
            if k.possible[cell.row].sum() - k.possible[cell] > 0:
                return True
        banned = k.closed.copy()
        banned[cell] = True
        fixed = self._fixed()
        ended = self._answer(
            Question.ask(self._bound(self._kernels.completion), ~banned, fixed, None), banned, fixed, None
        )
        if ended.state == FOUND and ended.solution is not None:
            self._learn(ended.solution)
            return True
        k.closed[cell.row] = True
        k.closed[cell] = False
        self._propagate()
        return False

    def _prove(self, unknown: np.ndarray, cancel: CancelToken | None) -> None:
        """One round of the unknown squares' own searches: each that ends proves its square
        open (and its solution's squares with it) or closed."""
        k = self._k
        stop = cancel.flag if cancel is not None else NO_STOP
        focus = self.focus()
        for ended in self._prover().round(unknown, k.closed, self._fixed(), self._guides(), stop, focus):
            self._take(ended)
        if cancel is not None and cancel.cancelled:
            raise QueryCancelled

    def _prover(self) -> Prover:
        """The prover of these decisions, on the kernels that answer now."""
        prover = self._k.prover
        prover.use(self._bound(self._kernels.completion))
        return prover

    def _guides(self) -> np.ndarray:
        """The newest solutions found under the decisions, one per row: the witness searches
        keep what they can of them."""
        pool = self._k.pool[-GUIDES:]
        return np.array(pool, dtype=np.int64).reshape(len(pool), self.n)

    def _take(self, ended: Ended) -> None:
        """Keep what a job of the prover proved."""
        k = self._k
        if ended.cell is None:
            assert ended.seen is not None
            k.possible |= ended.seen
            k.found = max(k.found, ended.solutions)
            if ended.state == EXHAUSTED:
                k.closed |= ~ended.seen
                k.exact = ended.solutions
        elif ended.state == FOUND:
            assert ended.solution is not None
            self._learn(ended.solution)
        else:
            k.closed[ended.cell] = True

    def _count_all(self, nodes: int, cancel: CancelToken | None = None) -> None:
        """Search every remaining solution within ``nodes`` nodes; on success the count is exact."""
        exact = self._search_count(nodes, cancel)
        if exact is not None:
            self._k.exact = exact

    def _search_count(self, nodes: int, cancel: CancelToken | None) -> int | None:
        """The number of remaining solutions if the counting search, resumed where it stopped,
        ends within ``nodes`` more nodes; None when it needs more (or was cancelled)."""
        k = self._k
        stop = cancel.flag if cancel is not None else NO_STOP
        counted = self._prover().count(k.closed, self._fixed(), nodes, stop)
        self._take(counted)
        return counted.solutions if counted.state == EXHAUSTED else None

    def _estimated(self, probes: int, cancel: CancelToken | None) -> SolutionCount | None:
        """The estimate from the first ``probes`` probes (kept, and extended when more are
        asked); the seed comes from the decisions alone, so every asker gets the same figure."""
        k = self._k
        done = len(k.weights)
        if done < probes:
            fixed = self._fixed()
            seed = self._seed(self._decisions)
            more = np.empty(probes - done)
            stop = cancel.flag if cancel is not None else np.zeros(1, dtype=np.int64)
            usable = np.ascontiguousarray(k.possible)
            if self._bound(self._kernels.estimate).probes(
                usable, fixed, done, probes - done, seed, more, stop
            ) < len(more):
                return None
            k.weights = np.concatenate([k.weights, more])
            k.ceiling = ceiling(usable, fixed, self.rules)
        at_least = self.count_at_least
        estimate = summarize(k.weights[:probes], k.ceiling)
        if estimate.value <= 0:
            return SolutionCount(None, at_least)
        if estimate.low < at_least:
            estimate = Estimate(
                max(estimate.value, at_least), at_least, max(estimate.high, at_least), estimate.probes
            )
        return SolutionCount(None, at_least, estimate)

    def _list_one_more(self) -> None:
        """Enumerate one more solution not listed yet; when there is none, the count is exact."""
        k = self._k
        assert k.listed is not None
        if not k.listing_literal:
            k.listing_literal = self._solver.fresh_variable()
            for listed in k.listed:
                self._block(listed)
        columns = self._solve([*self._assumptions(), k.listing_literal])
        if columns is None:
            k.listing_done = True
            k.exact = len(k.listed)
            return
        k.listed.append(tuple(columns))
        self._block(columns)

    def _block(self, columns: Sequence[int]) -> None:
        literal = self._k.listing_literal
        self._solver.solver.add_clause([-literal, *(-variable(self.n, r, c) for r, c in enumerate(columns))])

    def view(self) -> BoardView:
        """The squares proven so far (see ``known_codes``) and the solver calls that took."""
        insight = SolverInsight(self.solver_calls)
        return BoardView.of(self.puzzle, self.decisions, self.known_codes(), insight=insight)

    def known_codes(self) -> np.ndarray:
        """``view`` as codes: the state's index in ``STATE_ORDER``, ``UNDECIDED`` for a square
        not decided yet, ``FITS`` for one a solution found has a queen on (int8, N×N)."""
        codes = np.full((self.n, self.n), UNDECIDED, dtype=np.int8)
        codes[self._k.possible] = FITS
        for state, mask in self._final_masks().items():
            codes[mask] = STATE_ORDER.index(state)
        return codes

    def _known(self) -> list[list[CellState | None]]:
        """The final states proven so far: see ``view``."""
        return [[STATE_OF_CODE[code] for code in row] for row in self.known_codes().tolist()]

    def _final_masks(self) -> dict[CellState, np.ndarray]:
        """For each state, the squares proven to be in it now."""
        k = self._k
        placed = k.restriction.queen_col
        user = np.zeros_like(k.queens)
        rows = np.flatnonzero(placed >= 0)
        user[rows, placed[rows]] = True
        closed = k.closed & ~k.restriction.marked
        attacked = closed & self.rules.attacked(self.n, k.queens)
        settled = not (~(k.possible | k.closed)).any()
        two_possible = k.possible.sum(axis=1, keepdims=True) >= 2
        return {
            CellState.QUEEN: user,
            CellState.MARKED: k.restriction.marked,
            CellState.FORCED: k.queens & ~user,
            CellState.OPEN: k.possible & ~k.queens & two_possible,
            CellState.ATTACKED: attacked,
            CellState.LOOKAHEAD: closed & ~attacked & settled,
        }

    def _report(self, on_cell: CellCallback | None, reported: np.ndarray) -> None:
        """Tell ``on_cell`` about each square whose final state became known since last time."""
        if on_cell is None:
            return
        for state, mask in self._final_masks().items():
            for r, c in np.argwhere(mask & ~reported):
                reported[r, c] = True
                on_cell(Cell(int(r), int(c)), state)


def _placed(restriction: Restriction) -> np.ndarray:
    """The placed queens as an N×N mask."""
    n = len(restriction.queen_col)
    placed = np.zeros((n, n), dtype=bool)
    rows = np.flatnonzero(restriction.queen_col >= 0)
    placed[rows, restriction.queen_col[rows]] = True
    return placed
