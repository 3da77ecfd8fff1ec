"""What a compile costs on this machine: the reference scaled by a calibration compile, a size
compiled before estimated from its own measurement, and the log of measurements read as
untrusted. The logic is checked with made-up timings; the one measured check is slow."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bdd_model import SolutionSpace
from bdd_model.build_cost import machine_speed
from bdd_model.build_cost.compile_log import KEPT, LOG_NAME, MAX_BYTES, PastCompile, past_compiles, remember
from bdd_model.build_cost.costs import (
    REFERENCE_CALIBRATION,
    CompileCost,
    compile_cost,
    estimated_cost,
    predict,
    remember_compile,
)
from bdd_model.families import CLASSIC
from bdd_model.puzzles import FamilyPuzzle


def figures(cost: CompileCost | None) -> tuple[float, int] | None:
    """Seconds (to the microsecond) and megabytes, to compare without float noise."""
    return None if cost is None else (round(cost.seconds, 6), cost.peak_mb)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of this test's own."""
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_without_history_the_reference_is_scaled_by_the_calibration() -> None:
    assert REFERENCE_CALIBRATION == {"cudd": 0.058, "autoref": 0.032}
    assert figures(predict(13, "cudd", 0.116, [])) == (14.8, 329)
    assert figures(predict(15, "cudd", 0.029, [])) == (153.0, 6000)
    assert figures(predict(12, "autoref", 0.064, [])) == (14.4, 289)
    assert predict(10, "cudd", 0.16, []) is None
    assert compile_cost(10, "cudd") is None and compile_cost(14, "cudd") == CompileCost(45.0, 1170)


def test_a_size_compiled_before_is_estimated_from_its_own_measurements() -> None:
    history = [
        PastCompile(FamilyPuzzle(13), "cudd", 20.0, 330.0, 0.2),
        PastCompile(FamilyPuzzle(13), "cudd", 45.0, 332.0, 0.3),
        PastCompile(FamilyPuzzle(13), "cudd", 33.0, 331.0, 0.15),
        PastCompile(FamilyPuzzle(13), "autoref", 200.0, 1100.0, 0.2),
        PastCompile(FamilyPuzzle(12), "cudd", 1.0, 120.0, 0.2),
    ]
    # paces 100, 150, 220 seconds per calibration second: the median, at today's calibration
    assert figures(predict(13, "cudd", 0.1, history)) == (15.0, 331)
    assert figures(predict(13, "autoref", 0.1, history)) == (100.0, 1100)
    assert figures(predict(14, "cudd", 0.1, history)) == (77.586207, 1170)


def test_estimated_cost_calibrates_and_reads_the_log(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        "bdd_model.build_cost.costs.calibration_seconds", lambda backend: {"cudd": 0.029}[backend]
    )
    assert figures(estimated_cost(13, "auto")) == (3.7, 329)
    remember(PastCompile(FamilyPuzzle(13), "cudd", 30.0, 400.0, 0.2))
    assert figures(estimated_cost(13, "cudd")) == (4.35, 400)
    assert estimated_cost(9, "cudd") is None


def test_a_fresh_compile_is_remembered_with_its_peak_memory(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(CLASSIC.compile_costs["cudd"], 6, (60.0, 500))  # type: ignore[index]
    space = SolutionSpace.compile(6, "cudd")
    remember_compile(space, calibration=0.1, seconds=2.5)
    remember_compile(SolutionSpace.compile(5, "cudd"), calibration=0.1)
    (entry,) = past_compiles()
    assert (entry.n, entry.backend, entry.seconds, entry.calibration) == (6, "cudd", 2.5, 0.1)
    assert 10 < entry.peak_mb < 100_000
    space.origin = "cache"
    remember_compile(space, calibration=0.1)
    assert len(past_compiles()) == 1


def test_the_log_keeps_the_newest_entries_of_each_size(cache: Path) -> None:
    for seconds in range(1, 9):
        remember(PastCompile(FamilyPuzzle(13), "cudd", float(seconds), 330.0, 0.2))
    remember(PastCompile(FamilyPuzzle(12), "cudd", 3.0, 120.0, 0.2))
    kept = past_compiles()
    assert [e.seconds for e in kept if e.n == 13] == [4.0, 5.0, 6.0, 7.0, 8.0] and KEPT == 5
    assert [e.n for e in kept] == [13] * 5 + [12]
    assert json.loads((cache / LOG_NAME).read_text())["version"] == 1


GOOD = {"n": 13, "backend": "cudd", "seconds": 20.0, "peak_mb": 330, "calibration": 0.2}
"""An entry as written before puzzles (N, and no family: the classic queens)."""
GOOD_ENTRY = PastCompile(FamilyPuzzle(13), "cudd", 20.0, 330, 0.2)
"""The same entry as read."""


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        '{"version": 1, "compiles": [',
        "[" * 100_000 + "]" * 100_000,
        '{"version": 2, "compiles": []}',
        '{"version": 1, "compiles": {}}',
        '{"version": 1, "compiles": [{"n": 13, "backend": "cudd", "seconds": NaN}]}',
        '{"version": 1, "compiles": [], "n": 1' + "0" * 5000 + "}",
        b"\xff\xfe{}",
        b" " * (MAX_BYTES + 1),
    ],
)
def test_a_damaged_log_is_ignored(cache: Path, text: str | bytes) -> None:
    path = cache / LOG_NAME
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    assert past_compiles() == []
    remember(GOOD_ENTRY)
    assert past_compiles() == [GOOD_ENTRY]


@pytest.mark.parametrize(
    "change",
    [
        {"n": 16},
        {"n": 0},
        {"n": True},
        {"n": 13.0},
        {"backend": "sylvan"},
        {"backend": ["cudd"]},
        {"seconds": -1.0},
        {"seconds": 0},
        {"seconds": 1e300},
        {"seconds": "20"},
        {"peak_mb": None},
        {"calibration": 1e-400},
        {"calibration": 5e-324},
        {"calibration": False},
        {"extra": 1},
    ],
)
def test_an_entry_out_of_bounds_is_skipped(cache: Path, change: dict[str, object]) -> None:
    entries = [{**GOOD, **change}, GOOD]
    (cache / LOG_NAME).write_text(json.dumps({"version": 1, "compiles": entries}))
    assert past_compiles() == [GOOD_ENTRY]


def test_a_log_that_is_not_a_regular_file_is_never_read(cache: Path) -> None:
    path = cache / LOG_NAME
    os.mkfifo(path)
    assert past_compiles() == []
    remember(GOOD_ENTRY)
    assert path.is_file() and past_compiles() == [GOOD_ENTRY]
    path.unlink()
    path.symlink_to("/dev/zero")
    assert past_compiles() == []


def test_a_folder_that_cannot_be_written_loses_the_entry_quietly(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(blocker / "cache"))
    remember(GOOD_ENTRY)
    assert past_compiles() == []


def test_a_calibration_is_reused_for_a_minute(monkeypatch: pytest.MonkeyPatch) -> None:
    timed: list[str] = []
    results = iter([0.1, 0.2, 0.3])
    clock = [1000.0]

    def measure(backend: str) -> float:
        timed.append(backend)
        return next(results)

    monkeypatch.setattr(machine_speed, "_measured", {})
    monkeypatch.setattr(machine_speed, "measure", measure)
    monkeypatch.setattr(machine_speed.time, "monotonic", lambda: clock[0])
    assert machine_speed.calibration_seconds("cudd") == 0.1
    clock[0] += machine_speed.LIFETIME - 1
    assert machine_speed.calibration_seconds("cudd") == 0.1
    assert machine_speed.calibration_seconds("autoref") == 0.2
    clock[0] += 1
    assert machine_speed.calibration_seconds("cudd") == 0.3
    assert timed == ["cudd", "autoref", "cudd"]


def test_the_calibration_compiles_the_small_board_of_its_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[tuple[int, str]] = []
    monkeypatch.setattr(
        machine_speed.SolutionSpace, "compile", lambda n, backend: compiled.append((n, backend))
    )
    assert machine_speed.measure("autoref") >= 0
    assert compiled == [(4, "autoref")] + [(8, "autoref")] * machine_speed.RUNS


@pytest.mark.slow
@pytest.mark.parametrize(("n", "count"), [(12, 14200), (13, 73712)])
def test_the_estimate_lands_within_half_of_the_real_time_on_a_loaded_machine(
    tmp_path: Path, n: int, count: int
) -> None:
    """With a busy loop beside, as in the issue: ``nqueens count`` (through a pipe, in a process
    of its own, as a user runs it) calibrates, compiles and logs both; the estimate made from its
    calibration lands within ±50% of its compile's real time."""
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        env = {**os.environ, "NQUEENS_CACHE_DIR": str(tmp_path)}
        result = subprocess.run(
            [sys.executable, "-m", "app.cli", "count", str(n)], capture_output=True, text=True, env=env
        )
    finally:
        busy.kill()
        busy.wait()
    assert (result.returncode, result.stdout, result.stderr) == (0, f"{count}\n", "")
    (run,) = past_compiles(tmp_path / LOG_NAME)
    expected = predict(n, "cudd", run.calibration, [])
    assert expected is not None
    figures = f"calibration {run.calibration:.3f} s, estimate {expected.seconds:.1f} s"
    print(f"N={n}: {figures}, real {run.seconds:.1f} s")
    assert 0.5 * run.seconds <= expected.seconds <= 1.5 * run.seconds
