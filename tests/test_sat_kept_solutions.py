"""Solutions the SAT engine keeps between processes, and the witness a swap proved: a kept solution is checked
before it is used (the file is untrusted), the folder is held to its size, and a click on a square a swap
proved open keeps a solution through it."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bdd_model import Cell
from bdd_model.board import STATE_ORDER, CellState
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.sat import kept_proofs
from bdd_model.sat.engine import SatEngine
from bdd_model.sat.kept_proofs import load_solutions, proofs_path, save_solutions
from tests import oracle


def is_solution(n: int, columns: np.ndarray) -> bool:
    """Independent of the engine: one queen per row and column, no two on a diagonal."""
    cells = list(enumerate(int(c) for c in columns))
    return len({c for _, c in cells}) == n and not any(
        oracle.attacks(a, b, n) for i, a in enumerate(cells) for b in cells[i + 1 :]
    )


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_solutions_kept_by_one_process_prove_the_next_ones_decisions(cache) -> None:
    first = SatEngine(24)
    first.restore([Decision(Cell(0, 5), DecisionKind.QUEEN), Decision(Cell(1, 9), DecisionKind.QUEEN)])
    first.settle()
    said: list[str] = []
    save_solutions(first, said.append)
    assert said == [] and proofs_path(first).is_file()
    second = SatEngine(24)
    assert load_solutions(second, said.append) == len(first.kept_solutions()) > 0
    assert said == []
    assert all(is_solution(24, row) for row in second.kept_solutions())


def test_a_damaged_or_foreign_file_is_one_line_and_ignored(cache) -> None:
    engine = SatEngine(12)
    path = proofs_path(engine)
    path.parent.mkdir(parents=True)
    said: list[str] = []
    for content in (b"", b"PK\x03\x04 not a zip", b"\x00" * 100):
        path.write_bytes(content)
        assert load_solutions(engine, said.append) == 0
    assert len(said) == 3 and all("\n" not in line and "ignoring them" in line for line in said)
    with path.open("wb") as stream:
        np.savez(stream, solutions=np.zeros((3, 11), dtype=np.int16))
    assert load_solutions(engine, said.append) == 0 and "not for this board" in said[-1]


def test_rows_that_are_not_solutions_are_dropped(cache) -> None:
    engine = SatEngine(8)
    good = next(iter(oracle.all_solutions(8)))
    rows = np.array([good, [0] * 8, [0, 1, 2, 3, 4, 5, 6, 7], [9] * 8, [-1] * 8], dtype=np.int16)
    path = proofs_path(engine)
    path.parent.mkdir(parents=True)
    with path.open("wb") as stream:
        np.savez(stream, solutions=rows)
    fresh = SatEngine(8)
    assert load_solutions(fresh, lambda _: None) == 1
    assert all(is_solution(8, row) for row in fresh.kept_solutions())


def test_the_folder_is_held_to_its_size_oldest_first(cache, monkeypatch) -> None:
    engines = [SatEngine(n) for n in (20, 21, 22)]
    for engine in engines:
        engine.settle()
    sizes = []
    for engine in engines:
        save_solutions(engine, lambda _: None)
        sizes.append(proofs_path(engine).stat().st_size)
    monkeypatch.setattr(kept_proofs, "MOST_BYTES", sizes[1] + sizes[2])
    save_solutions(engines[2], lambda _: None)
    assert not proofs_path(engines[0]).exists()
    assert proofs_path(engines[1]).exists() and proofs_path(engines[2]).exists()


def test_a_cache_folder_that_is_a_file_is_one_line(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "cache"
    blocker.write_text("not a folder")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(blocker))
    said: list[str] = []
    engine = SatEngine(10)
    save_solutions(engine, said.append)
    assert len(said) == 1 and "could not keep the solutions" in said[0]
    assert load_solutions(engine, said.append) == 0
    assert len(said) == 2 and "cannot be used" in said[1]


@settings(max_examples=25, deadline=None)
@given(n=st.integers(8, 10), seed=st.integers(0, 10**6))
def test_a_square_a_swap_proved_open_keeps_a_solution_through_it(n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    solutions = oracle.all_solutions(n)
    kept = np.array(solutions[int(rng.integers(len(solutions)))], dtype=np.int16)
    engine = SatEngine(n, seed=seed)
    engine.keep_solutions(kept[None, :])
    kept_squares = {(r, int(c)) for r, c in enumerate(kept)}
    others = [
        (r, c)
        for r in range(n)
        for c in range(n)
        if (r, c) not in kept_squares and any(s[r] == c for s in solutions)
    ]
    if not others:
        return
    r, c = others[int(rng.integers(len(others)))]
    engine.restore([Decision(Cell(r, c), DecisionKind.QUEEN)])
    through = [row for row in engine.kept_solutions() if row[r] == c]
    assert through and all(is_solution(n, row) for row in through)


def expected_focus(engine: SatEngine, anchors: list[Cell]) -> np.ndarray:
    """The two free rows and two free columns nearest each anchor (lower first on a tie), their
    squares not proven yet."""
    codes = engine.known_codes()
    taken = np.isin(codes, [STATE_ORDER.index(CellState.QUEEN), STATE_ORDER.index(CellState.FORCED)])
    free_rows = [r for r in range(engine.n) if not taken[r].any()]
    free_cols = [c for c in range(engine.n) if not taken[:, c].any()]
    lines = np.zeros_like(taken)
    for anchor in anchors:
        for r in sorted(free_rows, key=lambda r: (abs(r - anchor.row), r))[:2]:
            lines[r] = True
        for c in sorted(free_cols, key=lambda c: (abs(c - anchor.col), c))[:2]:
            lines[:, c] = True
    return lines & (codes == len(STATE_ORDER))


def test_the_focus_is_the_free_lines_nearest_the_last_decision_and_the_pointer() -> None:
    """The focus holds the squares of those lines whose proof is still to come: a square that a
    kept solution already proved to hold a queen somewhere is left out too."""
    engine = SatEngine(20)
    engine.restore([Decision(Cell(r, (2 * r + 1) % 20), DecisionKind.QUEEN) for r in range(6)])
    last = engine.focus()
    assert last.any() and not (last & ~expected_focus(engine, [Cell(5, 11)])).any()
    engine.point_at(Cell(19, 0))
    both = engine.focus()
    assert not (both & ~expected_focus(engine, [Cell(5, 11), Cell(19, 0)])).any()
    assert (both & ~last).any() and not (last & ~both).any(), "the pointer adds its lines"
    engine.point_at(None)
    assert (engine.focus() == last).all()
