"""The SAT engine: the configurator's answers from one incremental python-sat solver, N ≤ 100.

One solver per board holds the rules (``rules.py``); decisions are assumptions, so it is never
rebuilt. A square is possible iff some solution under the decisions has a queen there, and
every solution found proves all its queens possible (witness covering). So the engine:

1. closes without a call the squares in line with a placed queen and the marked ones;
2. proves possible every queen of a kept solution that agrees with the decisions (solutions
   are kept across clicks, ``models.py``);
3. finds witnesses for the squares still unproven by local search (``local_search.py``);
4. asks the solver only about the rest, all at once: "a queen on one of these squares". A
   model proves some of them possible; "unsatisfiable" proves all of them closed;
5. propagates forced queens: a row with one square left holds its queen there in every
   solution (the rules put a queen in every row), so that square is FORCED and its lines close.

Knowledge carries over between decisions where it stays true: a new decision keeps every
closed square closed, a retraction keeps every possible square possible.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np
from pysat.solvers import Solver

from bdd_model.board import Cell, CellState, Decision, DecisionKind, check_cell, check_whole_size, in_line
from bdd_model.engine import (
    CellCallback,
    board_states,
    checked_decisions,
    line_mask,
    no_solution_error,
    refuse_forbid,
    refuse_place,
    why_not_open,
)
from bdd_model.errors import DecisionError
from bdd_model.progress import CancelToken
from bdd_model.sat.counting import count_solutions
from bdd_model.sat.encoding import variable
from bdd_model.sat.explain import fewest_retractions
from bdd_model.sat.local_search import IndexedSolution, min_conflicts
from bdd_model.sat.models import ModelStore
from bdd_model.sat.rules import engine_rules
from bdd_model.sat.solving import DEFAULT_SOLVER
from bdd_model.sweeps import Restriction

SAT_ENGINE_MAX_N = 100
"""The largest board the SAT engine answers."""

CLICK_COUNT_NODES = 10_000
"""Search nodes an exact count may take within one click (about 15 ms); more gives a bound."""

CLICK_COUNT_ROWS = 20
"""A click tries the exact count only when at most this many rows hold no queen yet."""

ROTATION_TRIES = 8
"""Newest kept solutions tried with a three-row rotation (O(N) each) before local search."""

POOL_START = 256
"""Kept models that agree with new decisions and serve as starting points for new witnesses."""

SOLVER_SLICE = 5_000
"""Conflicts per solver call between two looks at a cancel token (CaDiCaL cannot be interrupted)."""


def check_sat_engine_size(n: object) -> int:
    """N for the SAT engine: a whole number from 1 to SAT_ENGINE_MAX_N."""
    return check_whole_size(
        n, SAT_ENGINE_MAX_N, "N={n} is above {maximum}, the largest board the SAT engine answers"
    )


def search_steps(n: int) -> int:
    """Moves local search may take before the solver decides the square instead."""
    return 3 * n + 30


class _Cancelled(Exception):
    pass


@dataclass(eq=False)
class _Knowledge:
    """What is proven under one set of decisions."""

    restriction: Restriction
    possible: np.ndarray
    closed: np.ndarray
    queens: np.ndarray
    gave_up: np.ndarray
    pool: list[list[int]]
    kept_agreeing: int
    indexed: list[IndexedSolution] = field(default_factory=list, repr=False)
    exact: int | None = None
    count_nodes: int = 0
    found: int = 0
    listed: list[tuple[int, ...]] | None = None
    listing_literal: int = 0
    listing_done: bool = False
    allowed: list[list[int]] | None = field(default=None, repr=False)


class SatEngine:
    """Decisions on one board and everything they imply, answered by SAT calls; 0-based cells.

    Squares are decided lazily: ``known_states`` shows what is proven, ``settle`` proves the
    rest, and the other queries settle what they need. Counts are exact when a bounded count
    finishes (``count_within``), otherwise ``count`` is None and ``count_at_least`` a true
    lower bound. ``seed`` fixes local search's choices; the answers never depend on it.
    """

    engine = "sat"

    def __init__(self, n: int, solver: str = DEFAULT_SOLVER, seed: int = 1) -> None:
        self._n = check_sat_engine_size(n)
        rules = engine_rules(n)
        self._solver = Solver(name=solver, bootstrap_with=rules.clauses)
        self._top = rules.top
        self._models = ModelStore(n)
        self._rng = random.Random(seed)
        self._decisions: dict[Cell, DecisionKind] = {}
        self._ever = np.zeros((n, n), dtype=bool)
        self._never = np.zeros((n, n), dtype=bool)
        self.solver_calls = 0
        self.local_searches = 0
        self._k = self._knowledge(Restriction.empty(n))
        self._has_solutions = self._solve([]) is not None
        if not self._has_solutions:
            self._k.closed[:] = True

    # ----- the Engine interface: decisions ------------------------------------------------

    @property
    def n(self) -> int:
        return self._n

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """The decisions in the order they were taken."""
        return tuple(Decision(cell, kind) for cell, kind in self._decisions.items())

    def place(self, row: int, col: int) -> None:
        """A queen on an OPEN or FORCED square: needs one witness (often a kept one)."""
        cell = check_cell(self.n, row, col)
        self._check_has_solutions()
        if cell in self._decisions or not self._possible(cell):
            raise refuse_place(self, cell)
        self._switch({**self._decisions, cell: DecisionKind.QUEEN})

    def forbid(self, row: int, col: int) -> None:
        """No queen on (row, col): refused where a queen is placed, forced or it is marked."""
        cell = check_cell(self.n, row, col)
        self._check_has_solutions()
        kind = self._decisions.get(cell)
        if kind is not None:
            state = CellState.QUEEN if kind is DecisionKind.QUEEN else CellState.MARKED
            raise refuse_forbid(cell, state)  # type: ignore[misc]
        if not self._can_be_empty(cell):
            raise refuse_forbid(cell, CellState.FORCED)  # type: ignore[misc]
        self._switch({**self._decisions, cell: DecisionKind.MARK})

    def retract(self, row: int, col: int) -> Decision:
        """Take back the decision on (row, col), whenever it was taken; return it."""
        cell = check_cell(self.n, row, col)
        if cell not in self._decisions:
            raise DecisionError(f"there is no decision on {cell.label()} to retract")
        kind = self._decisions[cell]
        self._switch({c: k for c, k in self._decisions.items() if c != cell})
        return Decision(cell, kind)

    def restore(self, decisions: Sequence[Decision]) -> None:
        """Take exactly these decisions at once: all or nothing (one solver call at most)."""
        chosen = checked_decisions(self.n, decisions)
        if not chosen:
            self.clear()
            return
        self._check_has_solutions()
        restriction = Restriction.of(self.n, chosen)
        if not len(self._models.agreeing(restriction)) and self._solve(self._assumptions(chosen)) is None:
            raise DecisionError("that decision would leave no solution")
        self._switch(chosen)

    def clear(self) -> None:
        """Retract every decision."""
        self._switch({})

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
        return [list(row) for row in board_states(self.n, self._decisions, self._k.possible, self._k.queens)]

    def queens(self) -> list[Cell]:
        """Placed and forced queens, row-major."""
        self.settle()
        return [Cell(int(r), int(c)) for r, c in zip(*np.nonzero(self._k.queens), strict=True)]

    def attackers(self, row: int, col: int) -> list[Cell]:
        """The placed and forced queens in line with (row, col)."""
        target = check_cell(self.n, row, col)
        return [queen for queen in self.queens() if in_line(queen, target)]

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
        """The exact number of solutions left if a count within one click's budget finishes
        (or an earlier, larger one did), else None."""
        if not self._has_solutions:
            return 0
        k = self._k
        few_rows_left = (~k.queens.any(axis=1)).sum() <= CLICK_COUNT_ROWS
        if k.exact is None and k.count_nodes < CLICK_COUNT_NODES and few_rows_left:
            self.count_within(CLICK_COUNT_NODES)
        return self._k.exact

    @property
    def count_at_least(self) -> int:
        """A true lower bound: the exact count, else the most distinct solutions seen at once
        (kept models that agree with the decisions, listed ones, those the count reached)."""
        k = self._k
        if not self._has_solutions:
            return 0
        if k.exact is not None:
            return k.exact
        return max(1, k.kept_agreeing, len(k.listed or ()), k.found)

    def count_within(self, nodes: int, cancel: CancelToken | None = None) -> int | None:
        """Try to count the solutions left exactly within ``nodes`` search nodes; the exact count
        or None (the command line gives it more than a click does)."""
        k = self._k
        if not self._has_solutions:
            return 0
        if k.exact is None and nodes > k.count_nodes:
            result = count_solutions(~k.closed, nodes, cancel)
            if cancel is None or not cancel.cancelled:
                k.count_nodes = nodes
            k.found = max(k.found, result.found)
            k.exact = result.exact
        return k.exact

    def cell_counts(self) -> None:
        """None: the SAT engine does not count per square (the heat map is a BDD feature)."""
        return None

    def explain(self, row: int, col: int) -> list[Cell] | None:
        """A smallest set of decision squares to retract so that a queen fits on (row, col):
        an implicit hitting set over the solver's cores (``explain.py``)."""
        cell = check_cell(self.n, row, col)
        if not self._has_solutions:
            return None
        if self._possible(cell):
            return []
        target = variable(self.n, *cell)
        if not self._ever[cell] and not self._never[cell] and self._solve([target]) is None:
            self._never[cell] = True
        if self._never[cell]:
            return None
        literals = {self._literal(c, kind): c for c, kind in self._decisions.items()}
        return fewest_retractions(
            target, literals, lambda a: self._solve(a) is not None, self._solver.get_core
        )

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

    def witness(self, row: int, col: int) -> tuple[int, ...] | None:
        """A remaining solution with a queen on (row, col): a kept one, else one solver call;
        None when the square is in no remaining solution. For checks and the solution preview."""
        cell = check_cell(self.n, row, col)
        for columns in reversed(self._k.pool):
            if columns[row] == col:
                return tuple(columns)
        found = self._solve([*self._assumptions(), variable(self.n, *cell)]) if self._has_solutions else None
        return None if found is None else tuple(found)

    # ----- progressive answers -------------------------------------------------------------

    def known_states(self) -> list[list[CellState | None]]:
        """Each square's final state where it is proven already (None: not yet), no solver call."""
        return self._known()

    def unknown_cells(self) -> list[Cell]:
        """The squares ``known_states`` leaves undecided, row-major."""
        return [
            Cell(r, c) for r, row in enumerate(self._known()) for c, state in enumerate(row) if state is None
        ]

    def settle(self, cancel: CancelToken | None = None, on_cell: CellCallback | None = None) -> bool:
        """Decide every square: witnesses by local search, then one solver call for the rest
        at a time. ``on_cell`` hears each square once, when its final state is known; the cancel
        token is looked at between two searches or solver calls (and within long calls). False
        when cancelled: what was proven stays proven. Squares known before the call are not
        reported again (``known_states`` has them)."""
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
                targets = np.argwhere(unknown & ~k.gave_up)
                if len(targets):
                    cell = Cell(int(targets[0][0]), int(targets[0][1]))
                    if not self._witness(cell):
                        k.gave_up[cell] = True
                else:
                    self._close_or_witness(unknown, cancel)
        except _Cancelled:
            return False
        finally:
            self._report(on_cell, reported)

    # ----- internals ------------------------------------------------------------------------

    def _check_has_solutions(self) -> None:
        if not self._has_solutions:
            raise no_solution_error(self.n)

    def _literal(self, cell: Cell, kind: DecisionKind) -> int:
        var = variable(self.n, *cell)
        return var if kind is DecisionKind.QUEEN else -var

    def _assumptions(self, decisions: dict[Cell, DecisionKind] | None = None) -> list[int]:
        chosen = self._decisions if decisions is None else decisions
        return [self._literal(cell, kind) for cell, kind in chosen.items()]

    def _fresh_variable(self) -> int:
        self._top += 1
        return self._top

    def _solve(self, assumptions: list[int], cancel: CancelToken | None = None) -> list[int] | None:
        """A solution under the assumptions (queen's column per row), learned; None if none."""
        self.solver_calls += 1
        if cancel is None:
            satisfiable = self._solver.solve(assumptions)
        else:
            while True:
                self._solver.conf_budget(SOLVER_SLICE)
                satisfiable = self._solver.solve_limited(assumptions)
                if satisfiable is not None:
                    break
                if cancel.cancelled:
                    raise _Cancelled
        if not satisfiable:
            return None
        columns = [0] * self.n
        for literal in self._solver.get_model()[: self.n * self.n]:
            if literal > 0:
                columns[(literal - 1) // self.n] = (literal - 1) % self.n
        self._learn(columns)
        return columns

    def _learn(self, columns: list[int]) -> None:
        """Keep a solution; if it agrees with the decisions, its queens are possible."""
        rows = np.arange(self.n)
        new = self._models.add(columns) is not None
        self._ever[rows, columns] = True
        k = self._k
        if k.restriction.allows_all(columns):
            k.possible[rows, columns] = True
            k.pool.append(columns)
            k.kept_agreeing += new

    def _knowledge(self, restriction: Restriction) -> _Knowledge:
        n = self.n
        placed = np.zeros((n, n), dtype=bool)
        rows = np.flatnonzero(restriction.queen_col >= 0)
        placed[rows, restriction.queen_col[rows]] = True
        agreeing = self._models.agreeing(restriction)
        if self._models.full:
            agreeing = self._models.keep_only(agreeing)
        return _Knowledge(
            restriction=restriction,
            possible=placed | (self._models.queens(agreeing) > 0),
            closed=restriction.marked | line_mask(n, placed),
            queens=placed,
            gave_up=np.zeros((n, n), dtype=bool),
            pool=self._models.rows(agreeing[-POOL_START:]),
            kept_agreeing=len(agreeing),
        )

    def _switch(self, decisions: dict[Cell, DecisionKind]) -> None:
        """Take exactly these (checked) decisions, keeping what stays proven."""
        old, knowledge = self._k, self._knowledge(Restriction.of(self.n, decisions))
        if self._decisions.items() <= decisions.items():
            knowledge.closed |= old.closed
        if decisions.items() <= self._decisions.items():
            knowledge.possible |= old.possible
        if old.listing_literal:
            self._solver.add_clause([-old.listing_literal])
        added = [
            cell
            for cell, kind in decisions.items()
            if kind is DecisionKind.QUEEN and cell not in self._decisions
        ]
        self._decisions, self._k = decisions, knowledge
        if len(added) == 1 and len(knowledge.pool) < POOL_START:
            self._transport(old, added[0])

    def _transport(self, old: _Knowledge, queen: Cell) -> None:
        """Carry the previous decisions' witnesses over to a new queen: swap it into each of
        them (O(1) a try); every success is a solution of the new decisions much like the old."""
        k = self._k
        fixed = (k.restriction.queen_col >= 0).tolist()
        fixed[queen.row] = False
        usable = (~k.closed).tolist()
        for columns in old.pool[-POOL_START:]:
            swapped = IndexedSolution(columns).swapped_onto(queen.row, queen.col, fixed, usable)
            if swapped is not None:
                self._learn(swapped)

    def _propagate(self) -> None:
        """A row with one square left that is not closed holds its queen there in every solution."""
        k = self._k
        while True:
            left = (~k.closed).sum(axis=1)
            rows = [r for r in np.flatnonzero(left == 1) if not k.queens[r].any()]
            if not rows:
                return
            for r in rows:
                k.queens[r, int(np.argmin(k.closed[r]))] = True
            k.possible |= k.queens
            k.closed |= line_mask(self.n, k.queens)
            k.allowed = None

    def _possible(self, cell: Cell) -> bool:
        """Does some remaining solution have a queen on the square? Proven either way."""
        k = self._k
        proven = k.possible[cell] or k.closed[cell] or self._witness(cell)
        if not proven and self._solve([*self._assumptions(), variable(self.n, *cell)]) is None:
            k.closed[cell] = True
            k.allowed = None
        return bool(k.possible[cell])

    def _can_be_empty(self, cell: Cell) -> bool:
        """Does some remaining solution leave the square empty (it is not forced)?"""
        k = self._k
        if k.possible[cell.row].sum() - k.possible[cell] > 0 or k.closed[cell]:
            return True
        if k.queens[cell]:
            return False
        if self._solve([*self._assumptions(), -variable(self.n, *cell)]) is not None:
            return True
        k.closed[cell.row] = True
        k.closed[cell] = False
        k.allowed = None
        self._propagate()
        return False

    def _witness(self, cell: Cell) -> bool:
        """A solution with a queen on the (unproven) square, learned if found: first by swapping
        two rows of a kept solution that agrees with the decisions (O(1) a try), then by
        rotating three rows of one of the newest (O(N)), then by local search from one."""
        k = self._k
        if k.allowed is None:
            k.allowed = [np.flatnonzero(~k.closed[r]).tolist() for r in range(self.n)]
        fixed = (k.restriction.queen_col >= 0).tolist()
        usable = (~k.closed).tolist()
        while len(k.indexed) < len(k.pool):
            k.indexed.append(IndexedSolution(k.pool[len(k.indexed)]))
        for solution in reversed(k.indexed):
            swapped = solution.swapped_onto(cell.row, cell.col, fixed, usable)
            if swapped is not None:
                self._learn(swapped)
                return True
        for solution in k.indexed[: -ROTATION_TRIES - 1 : -1]:
            rotated = solution.cycled_onto(cell.row, cell.col, fixed, usable)
            if rotated is not None:
                self._learn(rotated)
                return True
        self.local_searches += 1
        if k.pool:
            start: Sequence[int] = self._rng.choice(k.pool)
        elif len(self._models):
            start = self._models.columns(len(self._models) - 1)
        else:
            start = self._rng.sample(range(self.n), self.n)
        queens = k.restriction.queen_col
        placed = {int(r): int(queens[r]) for r in np.flatnonzero(queens >= 0)}
        placed[cell.row] = cell.col
        wanted = (~(k.possible | k.closed)).tolist()
        found = min_conflicts(start, placed, k.allowed, wanted, self._rng, search_steps(self.n))
        if found is None:
            return False
        self._learn(found)
        return True

    def _close_or_witness(self, unknown: np.ndarray, cancel: CancelToken | None) -> None:
        """One solver call for all the unknown squares: a model with a queen on one of them,
        or the proof that none of them can hold one."""
        selector = self._fresh_variable()
        cells = np.argwhere(unknown)
        wanted = unknown.ravel().tolist()
        self._solver.set_phases([var if want else -var for var, want in enumerate(wanted, start=1)])
        self._solver.add_clause([-selector, *(variable(self.n, int(r), int(c)) for r, c in cells)])
        try:
            if self._solve([*self._assumptions(), selector], cancel) is None:
                self._k.closed |= unknown
                self._k.allowed = None
        finally:
            self._solver.add_clause([-selector])

    def _list_one_more(self) -> None:
        """Enumerate one more solution not listed yet; when there is none, the count is exact."""
        k = self._k
        assert k.listed is not None
        if not k.listing_literal:
            k.listing_literal = self._fresh_variable()
            for columns in k.listed:
                self._block(columns)
        columns = self._solve([*self._assumptions(), k.listing_literal])
        if columns is None:
            k.listing_done = True
            k.exact = len(k.listed)
            return
        k.listed.append(tuple(columns))
        self._block(columns)

    def _block(self, columns: Sequence[int]) -> None:
        literal = self._k.listing_literal
        self._solver.add_clause([-literal, *(-variable(self.n, r, c) for r, c in enumerate(columns))])

    def _known(self) -> list[list[CellState | None]]:
        """The final states proven so far: see ``known_states``."""
        masks = self._final_masks()
        grid: list[list[CellState | None]] = [[None] * self.n for _ in range(self.n)]
        for state, mask in masks.items():
            for r, c in np.argwhere(mask):
                grid[r][c] = state
        return grid

    def _final_masks(self) -> dict[CellState, np.ndarray]:
        """For each state, the squares proven to be in it now."""
        k = self._k
        placed = k.restriction.queen_col
        user = np.zeros_like(k.queens)
        rows = np.flatnonzero(placed >= 0)
        user[rows, placed[rows]] = True
        closed = k.closed & ~k.restriction.marked
        attacked = closed & line_mask(self.n, k.queens)
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
