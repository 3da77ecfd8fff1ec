"""Compilation reports progress row by row and stops promptly when cancelled."""

from __future__ import annotations

import pytest

from bdd_model import CancelToken, CompileCancelled, Progress, SolutionSpace
from bdd_model.progress import PHASES


@pytest.mark.parametrize("backend", ["cudd", "autoref"])
@pytest.mark.parametrize("construction", ["search", "rules"])
def test_progress_runs_through_every_row_of_every_phase(backend: str, construction: str) -> None:
    seen: list[Progress] = []
    SolutionSpace.compile(7, backend, construction, progress=seen.append)
    phases = [p.phase for p in seen]
    assert phases == sorted(phases, key=PHASES.index)
    for phase in set(phases):
        steps = [p for p in seen if p.phase == phase]
        assert [p.done for p in steps] == list(range(1, steps[0].total + 1))
    assert seen[-1] == Progress("freeze", 7, 7)
    assert {"build", "freeze"} <= set(phases)


@pytest.mark.parametrize("backend", ["cudd", "autoref"])
@pytest.mark.parametrize(
    ("construction", "phase"),
    [("search", "search"), ("search", "build"), ("search", "freeze"), ("rules", "build")],
)
def test_cancel_stops_at_the_next_row(backend: str, construction: str, phase: str) -> None:
    token = CancelToken()
    seen: list[Progress] = []

    def report(progress: Progress) -> None:
        seen.append(progress)
        if progress.phase == phase and progress.done == 2:
            token.cancel()

    with pytest.raises(CompileCancelled):
        SolutionSpace.compile(8, backend, construction, progress=report, cancel=token)
    assert seen[-1] == Progress(phase, 2, seen[-1].total)


def test_a_token_set_before_the_start_compiles_nothing() -> None:
    token = CancelToken()
    token.cancel()
    seen: list[Progress] = []
    with pytest.raises(CompileCancelled, match="cancelled"):
        SolutionSpace.compile(9, progress=seen.append, cancel=token)
    assert seen == []
