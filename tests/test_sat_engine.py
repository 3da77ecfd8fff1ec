"""The SAT engine against the BDD, the brute-force oracle and an independent solver.

Small boards (N ≤ 10): every answer equals the BDD's (N ≤ 8: also the oracle's), refusals
included. Large boards (N = 20…40): every open square is backed by a legal solution that agrees
with the decisions, every closed one by an unsatisfiable call of a fresh solver on the plain
pairwise CNF, and every exact count by an independent enumeration.
"""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pysat.solvers import Solver

from bdd_model import Cell, CellState, Configurator, Decision, DecisionError, DecisionKind, QueryCancelled
from bdd_model.cnf.answer_file import broken_rules
from bdd_model.cnf.encoding import clauses, variable
from bdd_model.engine import Engine
from bdd_model.families import CLASSIC
from bdd_model.known_counts import A000170 as A000170_UP_TO_27
from bdd_model.progress import CancelToken
from bdd_model.sat.engine import SatEngine
from bdd_model.sat.estimate import estimate_count
from bdd_model.sat.kernels import geometry
from bdd_model.sat.kernels.sat_kernels import SatKernels, sat_kernels
from tests import oracle
from tests.properties import examples
from tests.spaces import space

SIZES = st.sampled_from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
OPS = st.lists(
    st.tuples(st.sampled_from(["place", "place", "mark", "retract"]), st.integers(0, 9), st.integers(0, 9)),
    max_size=14,
)
PROPERTY = examples(4 / 3)


def outcome(engine: Engine, op: str, cell: Cell) -> str | None:
    """Apply op; the refusal message, or None when it was taken."""
    try:
        getattr(engine, op)(*cell)
    except DecisionError as error:
        return str(error)
    return None


def assert_same_answers(sat: SatEngine, bdd: Configurator, target: Cell) -> None:
    assert sat.decisions == bdd.decisions
    assert sat.states() == bdd.states()
    assert sat.queens() == bdd.queens()
    assert sat.is_solved == bdd.is_solved
    assert sat.count in (None, bdd.count)
    assert sat.count_at_least <= bdd.count
    assert (sat.count_at_least > 0) == (bdd.count > 0)
    ours, theirs = sat.explain(*target), bdd.explain(*target)
    assert (ours is None) == (theirs is None)
    if ours is not None and theirs is not None:
        assert len(ours) == len(theirs)
        assert set(ours) <= {d.cell for d in sat.decisions}


def assert_known_states_are_final(sat: SatEngine) -> None:
    """What the engine knows before settling (the window shows it at once) never changes after."""
    known = sat.view().states()
    final = sat.states()
    changed = [
        (r, c, k, f)
        for r, (krow, frow) in enumerate(zip(known, final, strict=True))
        for c, (k, f) in enumerate(zip(krow, frow, strict=True))
        if k is not None and k is not f
    ]
    assert changed == []


@PROPERTY
@given(n=SIZES, ops=OPS, targets=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=15))
def test_every_answer_equals_the_bdd(n: int, ops: list, targets: list) -> None:
    sat, bdd = SatEngine(n, seed=len(ops)), Configurator(space(n, "cudd"))
    assert_same_answers(sat, bdd, Cell(targets[0][0] % n, targets[0][1] % n))
    for (op, r, c), (tr, tc) in zip(ops, targets[1:], strict=False):
        cell = Cell(r % n, c % n)
        assert outcome(sat, op, cell) == outcome(bdd, op, cell)
        assert_known_states_are_final(sat)
        assert_same_answers(sat, bdd, Cell(tr % n, tc % n))
        if n <= 8:
            decisions = {d.cell: d.kind for d in sat.decisions}
            assert sat.states() == oracle.states(n, decisions)
            assert sat.count in (None, len(oracle.remaining(n, decisions)))


@PROPERTY
@given(n=st.sampled_from([4, 5, 6, 7, 8]), picks=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7))))
def test_explanations_free_the_square(n: int, picks: list) -> None:
    sat = SatEngine(n)
    for r, c in picks[:6]:
        if sat.cell(r % n, c % n) is CellState.OPEN:
            sat.place(r % n, c % n)
    decisions = {d.cell: d.kind for d in sat.decisions}
    for target in (Cell(r % n, c % n) for r, c in picks[6:10]):
        retract = sat.explain(*target)
        assert (None if retract is None else len(retract)) == oracle.minimum_retraction(n, decisions, target)
        if retract:
            freed = SatEngine(n)
            freed.restore([d for d in sat.decisions if d.cell not in retract])
            freed.place(*target)


def test_both_engines_are_engines() -> None:
    assert isinstance(SatEngine(6), Engine)
    assert isinstance(Configurator(space(6, "cudd")), Engine)
    assert SatEngine(6).engine == "sat" and Configurator(space(6, "cudd")).engine == "bdd"


def test_boards_without_solutions_refuse_every_decision() -> None:
    for n in (2, 3):
        sat = SatEngine(n)
        assert sat.count == sat.count_at_least == 0
        assert sat.states() == [[CellState.LOOKAHEAD] * n] * n
        assert sat.explain(0, 0) is None and sat.hint() is None and list(sat.solutions()) == []
        with pytest.raises(DecisionError, match="has no solution"):
            sat.place(0, 0)


def test_restore_is_all_or_nothing() -> None:
    sat = SatEngine(8)
    sat.place(0, 0)
    before = (sat.decisions, sat.states())
    queen = DecisionKind.QUEEN
    with pytest.raises(DecisionError, match="these decisions leave no solution"):
        sat.restore([Decision(Cell(0, 0), queen), Decision(Cell(1, 2), queen), Decision(Cell(2, 4), queen)])
    with pytest.raises(DecisionError, match="two queens in row 1"):
        sat.restore([Decision(Cell(0, 0), queen), Decision(Cell(0, 5), queen)])
    assert (sat.decisions, sat.states()) == before
    sat.restore([Decision(Cell(0, 0), queen), Decision(Cell(1, 4), queen)])
    assert sat.count == len(oracle.remaining(8, {Cell(0, 0): queen, Cell(1, 4): queen})) == 1


def test_solutions_are_distinct_remaining_ones_and_end() -> None:
    sat = SatEngine(8)
    sat.place(0, 0)
    found = list(sat.solutions())
    assert sorted(found) == oracle.remaining(8, {Cell(0, 0): DecisionKind.QUEEN})
    assert sat.count == 4
    with pytest.raises(IndexError):
        sat.solution(4)
    assert sat.solution(2) == found[2]


def test_hints_are_open_squares() -> None:
    bdd = Configurator(space(8, "cudd"))
    counts = bdd.cell_counts()
    best = max(counts[r][c] for r in range(8) for c in range(8))
    hint = bdd.hint()
    assert hint is not None and counts[hint.row][hint.col] == best
    sat = SatEngine(30)
    sat.place(3, 7)
    hint = sat.hint()
    assert hint is not None and sat.cell(*hint) is CellState.OPEN
    solved = Configurator(space(6, "cudd"))
    solved.place(0, 1)
    assert solved.hint() is None


def test_settle_reports_each_square_once_and_cancels() -> None:
    sat = SatEngine(30)
    sat.place(4, 9)
    sat.mark(10, 10)
    unknown = set(unknown_cells(sat))
    assert unknown and Cell(4, 9) not in unknown
    token = CancelToken()
    token.cancel()
    assert sat.settle(cancel=token) is False
    heard: dict[Cell, CellState] = {}
    assert sat.settle(on_cell=lambda cell, state: heard.setdefault(cell, state) and None) is True
    assert set(heard) == unknown
    states = sat.states()
    assert all(states[cell.row][cell.col] is state for cell, state in heard.items())
    assert unknown_cells(sat) == []
    assert sat.view().states() == states


def test_local_search_shares_the_squares_between_both_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    choice = SatKernels("numba")
    witness = choice.witness
    entries = witness.for_family(geometry.key(CLASSIC))
    cover = entries["cover"]
    shares: list[tuple[int, list[int]]] = []
    lock = threading.Lock()

    def spy(*args: np.ndarray) -> int:
        with lock:
            shares.append((threading.get_ident(), args[4].tolist()))
        return cover(*args)

    monkeypatch.setattr(witness, "for_family", lambda key: {**entries, "cover": spy})
    sat = SatEngine(30, kernel_choice=choice)
    sat.place(4, 9)
    sat.mark(10, 10)
    assert sat.settle() is True
    looked = [square for _, share in shares for square in share]
    lookers = {ident for ident, _ in shares}
    assert threading.get_ident() in lookers and len(lookers) > 1, "the caller's thread and a worker's look"
    assert len(looked) == len(set(looked)) > 64, "no square is given to two looks"
    check_large_board(sat)


def test_the_solver_is_built_in_slices_that_a_cancel_stops_between() -> None:
    sat = SatEngine(8)
    token = CancelToken()
    token.cancel()
    assert sat.prepare_solver(token) is False
    assert sat.prepare_solver(token) is False
    assert sat.prepare_solver() is True and sat.prepare_solver(token) is True
    every = set(sat.solutions())
    assert len(every) == 92
    assert all(broken_rules(8, {Cell(r, c) for r, c in enumerate(s)}) == [] for s in every)


def test_a_cancelled_explanation_says_so_and_the_next_one_is_whole() -> None:
    sat, bdd = SatEngine(8), Configurator(space(8, "cudd"))
    for engine in (sat, bdd):
        engine.place(0, 0)
        engine.place(1, 4)
    token = CancelToken()
    token.cancel()
    for target in (Cell(2, 6), Cell(0, 5)):
        with pytest.raises(QueryCancelled):
            sat.explain(*target, cancel=token)
        assert sat.explain(*target) == bdd.explain(*target)


def test_cell_settles_only_what_it_needs() -> None:
    sat = SatEngine(40)
    sat.place(0, 0)
    assert sat.cell(0, 5) is CellState.ATTACKED
    assert sat.cell(5, 7) is CellState.OPEN
    assert unknown_cells(sat)


def pairwise_solver(n: int) -> Solver:
    """A fresh solver on the export's plain pairwise CNF: the independent check."""
    return Solver(name="glucose4", bootstrap_with=clauses(n))


def literal(n: int, cell: Cell, kind: DecisionKind) -> int:
    return variable(n, *cell) if kind is DecisionKind.QUEEN else -variable(n, *cell)


def enumerate_up_to(checker: Solver, n: int, assumptions: list[int], limit: int) -> int | None:
    """Solutions under the assumptions by blocking clauses on a copy, or None past ``limit``."""
    with Solver(name="glucose4", bootstrap_with=clauses(n)) as copy:
        found = 0
        while copy.solve(assumptions):
            found += 1
            if found > limit:
                return None
            copy.add_clause([-lit for lit in copy.get_model()[: n * n] if lit > 0])
    return found


def assert_witnessed(sat: SatEngine, cell: Cell) -> None:
    """The engine's witness of an open square is a legal solution through it that agrees with
    every decision."""
    n = sat.n
    model = sat.witness(*cell)
    assert model is not None and model[cell.row] == cell.col
    assert broken_rules(n, {Cell(i, j) for i, j in enumerate(model)}) == []
    assert all((model[d.cell.row] == d.cell.col) == (d.kind is DecisionKind.QUEEN) for d in sat.decisions)


def check_large_board(sat: SatEngine) -> None:
    n = sat.n
    decisions = {d.cell: d.kind for d in sat.decisions}
    assumptions = [literal(n, cell, kind) for cell, kind in decisions.items()]
    states = sat.states()
    with pairwise_solver(n) as checker:
        for r in range(n):
            for c in range(n):
                state = states[r][c]
                if state in (CellState.OPEN, CellState.FORCED):
                    assert_witnessed(sat, Cell(r, c))
                if state.is_closed:
                    assert not checker.solve([*assumptions, variable(n, r, c)]), (r, c)
                if state is CellState.FORCED:
                    assert not checker.solve([*assumptions, -variable(n, r, c)]), (r, c)
                if state is CellState.OPEN:
                    assert checker.solve([*assumptions, -variable(n, r, c)]), (r, c)
        if sat.count is not None and sat.count <= 500:
            assert enumerate_up_to(checker, n, assumptions, 500) == sat.count
        assert sat.count_at_least >= 1


@pytest.mark.parametrize(
    ("n", "seed"),
    [
        (20, 1),
        (27, 2),
        pytest.param(33, 3, marks=pytest.mark.slow),
        pytest.param(40, 4, marks=pytest.mark.slow),
    ],
)
def test_large_boards_are_backed_by_models_and_refutations(n: int, seed: int) -> None:
    rng = random.Random(seed)
    sat = SatEngine(n, seed=seed)
    for step in range(2 * n):
        states = sat.states()
        opens = [Cell(r, c) for r in range(n) for c in range(n) if states[r][c] is CellState.OPEN]
        closed = [Cell(r, c) for r in range(n) for c in range(n) if states[r][c].is_closed]
        if not opens:
            break
        roll = rng.random()
        if roll < 0.1 and sat.decisions:
            sat.retract(*rng.choice(sat.decisions).cell)
        elif roll < 0.25:
            sat.mark(*rng.choice(opens + closed))
        else:
            sat.place(*rng.choice(opens))
        if step % (n // 3) == 0 or len(opens) < n:
            check_large_board(sat)
    check_large_board(sat)


def test_a_cancelled_count_is_tried_again_with_the_same_budget() -> None:
    sat = SatEngine(11)
    sat.mark(0, 0)
    bdd = Configurator(space(11, "cudd"))
    bdd.mark(0, 0)
    stopped = CancelToken()
    stopped.cancel()
    assert sat.solution_count(stopped) is None
    figure = sat.solution_count()
    assert figure is not None and figure.exact == bdd.count


def test_the_empty_board_count_is_the_known_one_up_to_27() -> None:
    for n in (11, 16, 20, 27):
        assert SatEngine(n).count == A000170_UP_TO_27[n - 1]
    assert SatEngine(28).count is None


def test_estimates_hold_the_exact_count_under_random_decisions() -> None:
    """The estimate the SAT engine would show, from its settled board (the open squares, the
    queens), holds the BDD's count within its 95% interval on at least 90% of boards
    (deterministic: the seed comes from the decisions)."""
    rng = random.Random(7)
    held = total = 0
    for n in (8, 9, 10, 11, 12):
        bdd = Configurator(space(n, "cudd"))
        for _ in range(8):
            bdd.clear()
            for _ in range(rng.randrange(0, 3)):
                opens = [Cell(r, c) for r in range(n) for c in range(n) if bdd.cell(r, c) is CellState.OPEN]
                bdd.place(*rng.choice(opens))
            states = bdd.states()
            usable = np.array([[s is CellState.OPEN or s.has_queen for s in row] for row in states])
            fixed = np.array([next((c for c, s in enumerate(row) if s.has_queen), -1) for row in states])
            estimate = estimate_count(usable, fixed, total + 1, sat_kernels().estimate)
            assert estimate is not None
            total += 1
            held += estimate.low <= bdd.count <= estimate.high
    assert held >= 0.9 * total, f"{held} of {total}"


def unknown_cells(sat: SatEngine) -> list[Cell]:
    """The squares the engine has not decided yet, row-major."""
    return [
        Cell(r, c)
        for r, row in enumerate(sat.view().states())
        for c, state in enumerate(row)
        if state is None
    ]
